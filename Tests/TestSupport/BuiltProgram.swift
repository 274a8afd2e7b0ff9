import Foundation

/// Finds a program the tests run as a separate process: `vastcheck`, the tests' child programs
/// (`beacon-child`, `creative-child`, `hostile-beacons`, `hostile-media`), the fuzz harness `vast-fuzz` and
/// `example-host`.
///
/// All of them are executable targets of the root package, so whatever builds the tests (`swift test`,
/// `swift build --build-tests`, `Tools/test`) builds them in the same folder as the test bundle, from the same
/// sources: a test never runs yesterday's `beacon-child` against today's store.
public enum BuiltProgram {
    /// Why a program cannot be used.
    public struct Problem: Error, CustomStringConvertible {
        /// What is wrong and the command that fixes it.
        public let description: String
    }

    /// The path of the executable `name` when it is built; nil when it is missing.
    public static func path(_ name: String) -> String? { try? require(name) }

    /// The path of the executable `name`, or a ``Problem`` saying it is missing and how to build it.
    public static func require(_ name: String) throws -> String {
        // The test bundle's own folder first (the build that made these tests made the program beside them),
        // then the package's debug folder, where a program run outside `swift test` finds it.
        let bundleFolder = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        let candidates = [
            bundleFolder.appendingPathComponent(name).path,
            TestServer.repositoryRoot.appendingPathComponent(".build/debug/\(name)").path,
        ]
        if let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) { return found }
        throw Problem(description: "\(name) is not built: run swift build --build-tests")
    }
}
