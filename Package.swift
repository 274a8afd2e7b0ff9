// swift-tools-version: 6.0
import PackageDescription

let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "AdEngine",
    products: [
        .library(name: "VAST", targets: ["VAST"]),
        .library(name: "AdTransport", targets: ["AdTransport"]),
        .library(name: "AdLifecycle", targets: ["AdLifecycle"]),
        .library(name: "AdPlacement", targets: ["AdPlacement"]),
        .library(name: "AdResolution", targets: ["AdResolution"]),
        .library(name: "LifecycleFixtures", targets: ["LifecycleFixtures"]),
        .library(name: "AdSimulation", targets: ["AdSimulation"]),
        .library(name: "AdEngine", targets: ["AdEngine"]),
        .library(name: "VASTCheck", targets: ["VASTCheck"]),
        .executable(name: "vastcheck", targets: ["vastcheck"]),
        .executable(name: "bench-parse", targets: ["BenchParse"]),
        .executable(name: "vast-fuzz", targets: ["VASTFuzz"]),
        .executable(name: "bench-chain", targets: ["BenchChain"]),
        .executable(name: "beacon-child", targets: ["BeaconChild"]),
        .executable(name: "bench-lifecycle", targets: ["BenchLifecycle"]),
        .executable(name: "bench-getad", targets: ["BenchGetAd"]),
        .executable(name: "bench-batch", targets: ["BenchBatch"]),
        .executable(name: "example-host", targets: ["ExampleHost"]),
        .executable(name: "hostile-beacons", targets: ["HostileBeacons"]),
    ],
    targets: [
        .systemLibrary(
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"])]
        ),
        .systemLibrary(
            name: "CCurl",
            pkgConfig: "libcurl",
            providers: [.apt(["libcurl4-openssl-dev"])]
        ),
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        .target(name: "VAST", dependencies: ["CLibXML2"], swiftSettings: strict),
        .target(name: "AdTransport", dependencies: ["CCurl", "CSQLite"], swiftSettings: strict),
        .target(name: "AdLifecycle", dependencies: ["VAST"], exclude: ["ORDERING.md"], swiftSettings: strict),
        .target(name: "AdPlacement", dependencies: ["VAST"], exclude: ["README.md"], swiftSettings: strict),
        .target(name: "AdResolution", dependencies: ["VAST", "AdTransport"], swiftSettings: strict),
        .target(
            name: "LifecycleFixtures", dependencies: ["AdLifecycle", "AdSimulation", "VAST"], swiftSettings: strict),
        .target(name: "AdSimulation", dependencies: ["AdLifecycle", "AdPlacement", "VAST"], swiftSettings: strict),
        .target(
            name: "AdEngine", dependencies: ["VAST", "AdTransport", "AdResolution", "AdLifecycle", "AdPlacement"],
            swiftSettings: strict),
        .target(
            name: "VASTCheck",
            dependencies: [
                "AdEngine", "AdResolution", "AdTransport", "AdPlacement", "AdLifecycle", "AdSimulation",
                "LifecycleFixtures",
                "VAST",
            ],
            exclude: ["README.md"], swiftSettings: strict),
        .executableTarget(name: "vastcheck", dependencies: ["VASTCheck"], swiftSettings: strict),
        .executableTarget(
            name: "BenchParse", dependencies: ["VAST"], path: "Tools/bench-parse/Sources", swiftSettings: strict),
        .target(name: "BenchSupport", path: "Tools/BenchSupport", swiftSettings: strict),
        .executableTarget(
            name: "BenchChain", dependencies: ["AdResolution", "AdTransport", "VAST", "TestSupport", "BenchSupport"],
            path: "Tools/bench-chain/Sources",
            swiftSettings: strict),
        .executableTarget(
            name: "BenchLifecycle",
            dependencies: ["AdLifecycle", "AdTransport", "VAST", "TestSupport", "BenchSupport"],
            path: "Tools/bench-lifecycle/Sources", swiftSettings: strict),
        .executableTarget(
            name: "BenchGetAd",
            dependencies: [
                "AdEngine", "AdResolution", "AdPlacement", "AdTransport", "VAST", "TestSupport", "BenchSupport",
            ],
            path: "Tools/bench-getad/Sources", swiftSettings: strict),
        .executableTarget(
            name: "BenchBatch", dependencies: ["TestSupport", "BenchSupport"], path: "Tools/bench-batch/Sources",
            swiftSettings: strict),
        .executableTarget(
            name: "ExampleHost",
            dependencies: ["AdEngine", "AdLifecycle", "AdPlacement", "AdSimulation", "AdTransport"],
            path: "Examples/host-app/Sources", swiftSettings: strict),
        .executableTarget(
            name: "BeaconChild", dependencies: ["AdTransport"], path: "Tools/beacon-child/Sources",
            swiftSettings: strict),
        .executableTarget(
            name: "VASTFuzz",
            dependencies: ["VAST", "AdPlacement", "AdLifecycle", "AdSimulation", "LifecycleFixtures", "VASTCheck"],
            path: "Tools/fuzz/Sources", swiftSettings: strict),
        .executableTarget(
            name: "HostileBeacons", dependencies: ["AdTransport"], path: "Tools/hostile-beacons/Sources",
            swiftSettings: strict),
        .testTarget(name: "VASTTests", dependencies: ["VAST", "TestSupport"], swiftSettings: strict),
        .target(name: "TestSupport", path: "Tests/TestSupport", swiftSettings: strict),
        .testTarget(name: "AdTransportTests", dependencies: ["AdTransport", "TestSupport"], swiftSettings: strict),
        .testTarget(
            name: "AdLifecycleTests", dependencies: ["AdLifecycle", "VAST", "TestSupport"], swiftSettings: strict),
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
        .testTarget(name: "HostileCorpusTests", dependencies: ["TestSupport"], swiftSettings: strict),
    ],
    swiftLanguageModes: [.v6]
)
