import Foundation

/// Finds a program the tests run as a separate process, as `Tools/test` builds them: `vastcheck` in the
/// root package's `.build/debug`, the tools (`beacon-child`, `hostile-beacons`, `hostile-media`, `vast-fuzz`)
/// in the Tools package's `Tools/.build/debug`, and `example-host` in its own package's
/// `Examples/host-app/.build/debug`.
public enum BuiltProgram {
    /// The path of the executable `name`, looked for next to the running test bundle first, then in each
    /// package's debug build folder; nil when none of them has it.
    public static func path(_ name: String) -> String? {
        let root = TestServer.repositoryRoot
        let candidates = [
            URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent(),
            root.appendingPathComponent(".build/debug"),
            root.appendingPathComponent("Tools/.build/debug"),
            root.appendingPathComponent("Examples/host-app/.build/debug"),
        ].map { $0.appendingPathComponent(name).path }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
