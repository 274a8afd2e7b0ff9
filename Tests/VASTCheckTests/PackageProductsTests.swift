import Foundation
import TestSupport
import Testing

/// What a dependent of the root package gets: the engine's libraries and `vastcheck`, nothing else.
/// The benchmarks live in the Tools package, the example host also in a package of its own; each depends on
/// the root by path, as any app does. The tests' child programs and the fuzz harness are executable targets
/// of the root without a product: built with the tests, invisible to a dependent.
@Suite struct PackageProductsTests {
    private func describe(_ folder: String, _ command: [String] = ["describe", "--type", "json"]) async throws
        -> [String: Any]
    {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("describe-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let run = try await ProgramRun.run(
            "/usr/bin/env", ["swift", "package", "--scratch-path", scratch.path] + command,
            quiet: true, directory: Repository.path(folder))
        let output = run.output
        #expect(run.status == 0)
        return try #require(try JSONSerialization.jsonObject(with: output) as? [String: Any])
    }

    private func products(_ package: [String: Any]) -> [String] {
        ((package["products"] as? [[String: Any]]) ?? []).compactMap { $0["name"] as? String }
    }

    @Test func theRootPackageExportsTheLibrariesAndVastcheckOnly() async throws {
        // The manifest's products: `describe` also lists the products SwiftPM makes for a root package's
        // executable targets, which a package depending on this one never gets.
        let root = try await describe(".", ["dump-package"])
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
                "bench-batch", "bench-chain", "bench-creative", "bench-getad", "bench-lifecycle", "bench-parse",
            ])
        let dependencies = (tools["dependencies"] as? [[String: Any]]) ?? []
        #expect(dependencies.compactMap { $0["type"] as? String } == ["fileSystem"])
        #expect(dependencies.compactMap { $0["path"] as? String } == [Repository.root.standardizedFileURL.path])
    }
}

/// The cap `Tests/TestParallelism` puts on how many tests a plain `swift test` runs at once.
@Suite struct TestParallelismTests {
    /// Set when the test program loads, before Swift Testing reads it: the online CPUs and at least 2,
    /// unless whoever started the tests chose a width (then theirs).
    @Test func theTestProgramCarriesAWidthForSwiftTesting() throws {
        let value = try #require(ProcessInfo.processInfo.environment["SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH"])
        let width = try #require(Int(value))
        #expect(width >= 1)
        if ProcessInfo.processInfo.environment["TEST_PARALLELISM_WIDTH_SET"] == "1" {
            #expect(width == max(2, ProcessInfo.processInfo.activeProcessorCount))
        }
    }
}
