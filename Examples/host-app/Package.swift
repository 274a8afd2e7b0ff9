// swift-tools-version: 6.0
import PackageDescription

// An app's package as it would depend on the engine: by the root package's library products only.
// An app outside this repository writes `.package(url: ..., from: ...)` where this says `path: "../.."`.
let package = Package(
    name: "ExampleHost",
    dependencies: [.package(name: "AdEngine", path: "../..")],
    targets: [
        .executableTarget(
            name: "example-host",
            dependencies: [
                .product(name: "AdEngine", package: "AdEngine"),
                .product(name: "AdLifecycle", package: "AdEngine"),
                .product(name: "AdPlacement", package: "AdEngine"),
                .product(name: "AdSimulation", package: "AdEngine"),
                .product(name: "AdTransport", package: "AdEngine"),
            ],
            path: "Sources",
            swiftSettings: [
                .enableUpcomingFeature("ExistentialAny"),
                .enableUpcomingFeature("InternalImportsByDefault"),
            ])
    ],
    swiftLanguageModes: [.v6]
)
