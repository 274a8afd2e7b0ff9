// swift-tools-version: 6.0
import PackageDescription

let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]
/// The libraries and the CLI: a file sees only the members of the modules it imports, so the Foundation that
/// a few files import (for `CGFloat`) lends none of its API to the rest, which stay on FoundationEssentials
/// (docs/architecture.md, "Decisions").
let library: [SwiftSetting] = strict + [.enableUpcomingFeature("MemberImportVisibility")]

let package = Package(
    name: "AdEngine",
    products: [
        .library(name: "AdErrors", targets: ["AdErrors"]),
        .library(name: "VAST", targets: ["VAST"]),
        .library(name: "AdTransport", targets: ["AdTransport"]),
        .library(name: "AdLifecycle", targets: ["AdLifecycle"]),
        .library(name: "AdPlacement", targets: ["AdPlacement"]),
        .library(name: "AdResolution", targets: ["AdResolution"]),
        .library(name: "LifecycleFixtures", targets: ["LifecycleFixtures"]),
        .library(name: "AdSimulation", targets: ["AdSimulation"]),
        .library(name: "Creatives", targets: ["Creatives"]),
        .library(name: "AdEngine", targets: ["AdEngine"]),
        .library(name: "VASTCheck", targets: ["VASTCheck"]),
        .library(name: "MediaProbe", targets: ["MediaProbe"]),
        .executable(name: "vastcheck", targets: ["vastcheck"]),
    ],
    targets: [
        .systemLibrary(
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"])]
        ),
        // libcurl, opened with dlopen on first use (see Sources/CCurl): the headers from Debian's
        // libcurl4-openssl-dev (or -gnutls-dev); nothing linked at start-up.
        .target(name: "CCurl", dependencies: ["CLibraryLoader"]),
        // SQLite, opened with dlopen on first use (see Sources/CSQLite): the header from Debian's libsqlite3-dev;
        // nothing linked at start-up.
        .target(name: "CSQLite", dependencies: ["CLibraryLoader"]),
        // FFmpeg's libraries, opened with dlopen on the first media probe (see Sources/CAVFormat): the headers
        // from Debian's libavformat-dev, libavcodec-dev and libavutil-dev; nothing linked at start-up.
        .target(name: "CAVFormat", linkerSettings: [.linkedLibrary("dl")]),
        // libmicrohttpd, opened with dlopen when the first server starts (see Sources/CMicroHTTPD): the
        // headers from Debian's libmicrohttpd-dev; nothing linked at start-up.
        .target(name: "CMicroHTTPD", dependencies: ["CLibraryLoader"]),
        // dlopen and dlsym for the two targets above: one library opened, its functions resolved, or why not.
        .target(name: "CLibraryLoader", linkerSettings: [.linkedLibrary("dl")]),
        .target(name: "AdErrors", swiftSettings: library),
        .target(name: "VAST", dependencies: ["AdErrors", "CLibXML2"], swiftSettings: library),
        .target(name: "AdTransport", dependencies: ["AdErrors", "CCurl", "CSQLite"], swiftSettings: library),
        .target(
            name: "AdLifecycle", dependencies: ["AdErrors", "VAST"], exclude: ["ORDERING.md"], swiftSettings: library),
        .target(
            name: "AdPlacement", dependencies: ["AdErrors", "VAST"], exclude: ["README.md"], swiftSettings: library),
        .target(name: "AdResolution", dependencies: ["AdErrors", "VAST", "AdTransport"], swiftSettings: library),
        .target(
            name: "LifecycleFixtures", dependencies: ["AdErrors", "AdLifecycle", "AdSimulation", "VAST"],
            swiftSettings: library),
        .target(
            name: "AdSimulation", dependencies: ["AdErrors", "AdLifecycle", "AdPlacement", "VAST"],
            swiftSettings: library),
        .target(
            name: "Creatives", dependencies: ["AdErrors", "VAST", "AdTransport", "MediaProbe"], swiftSettings: library),
        .target(
            name: "AdEngine",
            dependencies: [
                "AdErrors", "VAST", "AdTransport", "AdResolution", "AdLifecycle", "AdPlacement", "Creatives",
            ],
            swiftSettings: library),
        .target(
            name: "VASTCheck",
            dependencies: [
                "AdEngine", "AdErrors", "AdResolution", "AdTransport", "AdPlacement", "AdLifecycle", "AdSimulation",
                "LifecycleFixtures", "Creatives", "MediaProbe",
                "VAST", "VASTServe",
            ],
            exclude: ["README.md"], swiftSettings: library),
        .target(name: "MediaProbe", dependencies: ["AdErrors", "VAST", "CAVFormat"], swiftSettings: library),
        .target(name: "VASTServe", dependencies: ["CMicroHTTPD"], swiftSettings: library),
        .executableTarget(name: "vastcheck", dependencies: ["VASTCheck"], swiftSettings: library),
        // The programs the tests run as child processes (kill -9, two processes on one store, hostile input
        // measured alone, an app on the public API), and the fuzz harness whose targets the tests replay.
        // Executable targets without a product: `swift build` and `swift test` build them with the tests,
        // so no test runs a stale one, and a package that depends on this one never sees them.
        .executableTarget(
            name: "beacon-child", dependencies: ["AdTransport"], path: "Tools/beacon-child/Sources",
            swiftSettings: strict),
        .executableTarget(
            name: "creative-child", dependencies: ["Creatives", "AdTransport"], path: "Tools/creative-child/Sources",
            swiftSettings: strict),
        .executableTarget(
            name: "hostile-beacons", dependencies: ["AdTransport"], path: "Tools/hostile-beacons/Sources",
            swiftSettings: strict),
        .executableTarget(
            name: "hostile-media", dependencies: ["MediaProbe", "TestSupport"], path: "Tools/hostile-media/Sources",
            swiftSettings: strict),
        .executableTarget(
            name: "vast-fuzz",
            dependencies: [
                "VAST", "AdPlacement", "AdLifecycle", "AdSimulation", "LifecycleFixtures", "VASTCheck", "MediaProbe",
                "AdTransport",
            ],
            path: "Tools/fuzz/Sources", swiftSettings: strict),
        .executableTarget(
            name: "example-host",
            dependencies: ["AdEngine", "AdLifecycle", "AdPlacement", "AdSimulation", "AdTransport"],
            path: "Examples/host-app/Sources", swiftSettings: strict),
        .testTarget(name: "VASTTests", dependencies: ["VAST", "TestSupport"], swiftSettings: strict),
        .target(
            name: "TestSupport", dependencies: ["TestParallelism"], path: "Tests/TestSupport", swiftSettings: strict),
        // Caps how many tests a plain `swift test` runs at once (see its source): linked into the test program
        // through TestSupport.
        .target(name: "TestParallelism", path: "Tests/TestParallelism"),
        .testTarget(
            name: "AdTransportTests", dependencies: ["AdErrors", "AdTransport", "TestSupport"], swiftSettings: strict),
        .testTarget(
            name: "AdLifecycleTests", dependencies: ["AdErrors", "AdLifecycle", "VAST", "TestSupport"],
            swiftSettings: strict),
        .testTarget(name: "AdPlacementTests", dependencies: ["AdPlacement", "VAST"], swiftSettings: strict),
        .testTarget(
            name: "LifecycleFixturesTests", dependencies: ["LifecycleFixtures", "AdLifecycle", "VAST"],
            swiftSettings: strict),
        .testTarget(
            name: "AdResolutionTests", dependencies: ["AdResolution", "AdTransport", "VAST", "TestSupport"],
            swiftSettings: strict),
        .testTarget(
            name: "AdEngineTests",
            dependencies: [
                "AdEngine", "AdLifecycle", "AdPlacement", "AdResolution", "AdTransport", "VAST", "TestSupport",
            ],
            swiftSettings: strict),
        .testTarget(
            name: "VASTCheckTests", dependencies: ["VASTCheck", "AdResolution", "AdSimulation", "VAST", "TestSupport"],
            exclude: ["Golden"],
            swiftSettings: strict),
        .testTarget(
            name: "AdSimulationTests", dependencies: ["AdSimulation", "AdLifecycle", "VAST"], swiftSettings: strict),
        .testTarget(
            name: "CreativesTests",
            dependencies: [
                "Creatives", "MediaProbe", "AdEngine", "AdPlacement", "AdTransport", "VAST", "TestSupport",
            ],
            swiftSettings: strict),
        .testTarget(
            name: "MediaProbeTests", dependencies: ["MediaProbe", "VAST", "TestSupport"], swiftSettings: strict),
        .testTarget(
            name: "ServeTests", dependencies: ["VASTServe", "VASTCheck", "TestSupport"],
            swiftSettings: strict),
        .testTarget(name: "HostileCorpusTests", dependencies: ["TestSupport", "VAST"], swiftSettings: strict),
    ],
    swiftLanguageModes: [.v6]
)
