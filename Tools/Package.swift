// swift-tools-version: 6.0
import PackageDescription

// The project's own tools: benchmarks, the fuzz harness and the child processes the tests drive.
// They use the engine as any dependent does, through the root package's library products, so the root
// package exports only what users link (the libraries and `vastcheck`). Build one with
// `swift build --package-path Tools --product NAME`; each `Tools/*/run` script does that for you.

let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

func engine(_ name: String) -> Target.Dependency { .product(name: name, package: "AdEngine") }

let package = Package(
    name: "AdEngineTools",
    products: [
        .executable(name: "bench-parse", targets: ["BenchParse"]),
        .executable(name: "bench-chain", targets: ["BenchChain"]),
        .executable(name: "bench-lifecycle", targets: ["BenchLifecycle"]),
        .executable(name: "bench-getad", targets: ["BenchGetAd"]),
        .executable(name: "bench-batch", targets: ["BenchBatch"]),
        .executable(name: "vast-fuzz", targets: ["VASTFuzz"]),
        .executable(name: "beacon-child", targets: ["BeaconChild"]),
        .executable(name: "hostile-beacons", targets: ["HostileBeacons"]),
        .executable(name: "hostile-media", targets: ["HostileMedia"]),
        .executable(name: "creative-child", targets: ["CreativeChild"]),
        .executable(name: "bench-creative", targets: ["BenchCreative"]),
    ],
    dependencies: [.package(name: "AdEngine", path: "..")],
    targets: [
        .target(name: "BenchSupport", path: "BenchSupport", swiftSettings: strict),
        // The loopback HTTP server and chain documents the tests use (a link to Tests/TestSupport: one copy
        // of the code, compiled here under its own module name).
        .target(name: "LoopbackSupport", path: "LoopbackSupport", swiftSettings: strict),
        .executableTarget(
            name: "BenchParse", dependencies: [engine("VAST")], path: "bench-parse/Sources", swiftSettings: strict),
        .executableTarget(
            name: "BenchChain",
            dependencies: [
                engine("AdResolution"), engine("AdTransport"), engine("VAST"), "LoopbackSupport", "BenchSupport",
            ],
            path: "bench-chain/Sources", swiftSettings: strict),
        .executableTarget(
            name: "BenchLifecycle",
            dependencies: [
                engine("AdLifecycle"), engine("AdTransport"), engine("VAST"), "LoopbackSupport", "BenchSupport",
            ],
            path: "bench-lifecycle/Sources", swiftSettings: strict),
        .executableTarget(
            name: "BenchGetAd",
            dependencies: [
                engine("AdEngine"), engine("AdResolution"), engine("AdPlacement"), engine("AdTransport"),
                engine("VAST"), "LoopbackSupport", "BenchSupport",
            ],
            path: "bench-getad/Sources", swiftSettings: strict),
        .executableTarget(
            name: "BenchBatch", dependencies: ["LoopbackSupport", "BenchSupport"], path: "bench-batch/Sources",
            swiftSettings: strict),
        .executableTarget(
            name: "VASTFuzz",
            dependencies: [
                engine("VAST"), engine("AdPlacement"), engine("AdLifecycle"), engine("AdSimulation"),
                engine("LifecycleFixtures"), engine("VASTCheck"), engine("MediaProbe"), engine("AdTransport"),
            ],
            path: "fuzz/Sources", swiftSettings: strict),
        .executableTarget(
            name: "BeaconChild", dependencies: [engine("AdTransport")], path: "beacon-child/Sources",
            swiftSettings: strict),
        .executableTarget(
            name: "HostileBeacons", dependencies: [engine("AdTransport")], path: "hostile-beacons/Sources",
            swiftSettings: strict),
        .executableTarget(
            name: "HostileMedia", dependencies: [engine("MediaProbe"), "LoopbackSupport"],
            path: "hostile-media/Sources",
            swiftSettings: strict),
        .executableTarget(
            name: "CreativeChild", dependencies: [engine("Creatives"), engine("AdTransport")],
            path: "creative-child/Sources", swiftSettings: strict),
        .executableTarget(
            name: "BenchCreative",
            dependencies: [
                engine("Creatives"), engine("AdTransport"), engine("AdResolution"), engine("VASTCheck"),
                "LoopbackSupport",
                "BenchSupport",
            ],
            path: "bench-creative/Sources", swiftSettings: strict),
    ],
    swiftLanguageModes: [.v6]
)
