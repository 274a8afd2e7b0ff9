import Foundation
import TestSupport
import Testing

/// What a dependent of the root package gets: the engine's libraries and `vastcheck`, nothing else.
/// Benchmarks, the fuzz harness and the tests' child programs live in the Tools package, the example host
/// in a package of its own; each depends on the root by path, as any app does.
@Suite struct PackageProductsTests {
    private func describe(_ folder: String) async throws -> [String: Any] {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("describe-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let run = try await ProgramRun.run(
            "/usr/bin/env", ["swift", "package", "--scratch-path", scratch.path, "describe", "--type", "json"],
            quiet: true, directory: Repository.path(folder))
        let output = run.output
        #expect(run.status == 0)
        return try #require(try JSONSerialization.jsonObject(with: output) as? [String: Any])
    }

    private func products(_ package: [String: Any]) -> [String] {
        ((package["products"] as? [[String: Any]]) ?? []).compactMap { $0["name"] as? String }
    }

    @Test func theRootPackageExportsTheLibrariesAndVastcheckOnly() async throws {
        let root = try await describe(".")
        #expect(
            products(root).sorted() == [
                "AdEngine", "AdErrors", "AdLifecycle", "AdPlacement", "AdResolution", "AdSimulation", "AdTransport",
                "Creatives", "LifecycleFixtures", "MediaProbe", "VAST", "VASTCheck", "vastcheck",
            ])
    }

    @Test func theToolsLiveInAPackageThatDependsOnTheRootByPath() async throws {
        let tools = try await describe("Tools")
        #expect(
            products(tools).sorted() == [
                "beacon-child", "bench-batch", "bench-chain", "bench-creative", "bench-getad", "bench-lifecycle",
                "bench-parse", "creative-child", "hostile-beacons", "hostile-media", "vast-fuzz",
            ])
        let dependencies = (tools["dependencies"] as? [[String: Any]]) ?? []
        #expect(dependencies.compactMap { $0["type"] as? String } == ["fileSystem"])
        #expect(dependencies.compactMap { $0["path"] as? String } == [Repository.root.standardizedFileURL.path])
    }
}
