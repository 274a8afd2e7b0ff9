// swift-tools-version: 6.0
import PackageDescription

// The project's benchmarks (the fuzz harness and the tests' child programs are targets of the root package).
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
