import Foundation
import Synchronization

/// Finds a program the tests run as a separate process: `vastcheck` in the root package's `.build/debug`
/// (a product of the package under test, built by whatever builds the tests), the tools (`beacon-child`,
/// `creative-child`, `hostile-beacons`, `hostile-media`, `vast-fuzz`) in the Tools package's
/// `Tools/.build/debug`, and `example-host` in its own package's `Examples/host-app/.build/debug`.
///
/// The Tools and host-app packages are not built by `swift build` or `swift test` of the root package, so
/// a program of theirs older than the newest source it is made from (`.swift`, C and package files under
/// `Sources/`, `Tests/TestSupport/` and the program's package) is refused as stale: a test never runs
/// yesterday's `beacon-child` against today's store. `Tools/build-package DIR` (which `Tools/test` runs)
/// leaves a stamp after a whole build, so a program it did not need to relink still counts as current.
public enum BuiltProgram {
    /// Why a program cannot be used.
    public struct Problem: Error, CustomStringConvertible {
        /// What is wrong and the command that fixes it.
        public let description: String
    }

    /// The path of the executable `name` when it is built and current; nil when it is missing or stale.
    public static func path(_ name: String) -> String? { try? require(name) }

    /// The path of the executable `name`, or a ``Problem`` saying it is missing or stale and how to build it.
    public static func require(_ name: String) throws -> String {
        let root = TestServer.repositoryRoot
        let packages = [
            (folder: root, command: "swift build"),
            (folder: root.appendingPathComponent("Tools"), command: "Tools/build-package Tools"),
            (
                folder: root.appendingPathComponent("Examples/host-app"),
                command: "Tools/build-package Examples/host-app"
            ),
        ]
        let bundleFolder = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        if FileManager.default.isExecutableFile(atPath: bundleFolder.appendingPathComponent(name).path) {
            return bundleFolder.appendingPathComponent(name).path
        }
        for package in packages {
            let path = package.folder.appendingPathComponent(".build/debug/\(name)").path
            guard FileManager.default.isExecutableFile(atPath: path) else { continue }
            // The root package's programs are built with its tests; only the other packages can lag.
            guard package.folder != root else { return path }
            let stamp = package.folder.appendingPathComponent(".build/\(stampName)").path
            let built = max(modified(path) ?? .distantPast, modified(stamp) ?? .distantPast)
            if let newest = newestSource(of: package.folder), newest.date > built {
                let source = newest.path.replacingOccurrences(of: root.path + "/", with: "")
                throw Problem(
                    description: "\(name) is stale (\(source) is newer than the build): run \(package.command)")
            }
            return path
        }
        let command =
            switch name {
            case "vastcheck": packages[0].command
            case "example-host": packages[2].command
            default: packages[1].command
            }
        throw Problem(description: "\(name) is not built: run \(command)")
    }

    /// The file `Tools/build-package DIR` touches in `DIR/.build` after building the whole debug package.
    public static let stampName = ".build-package-complete"

    private static func modified(_ path: String) -> Date? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
    }

    /// The newest source file a program of `package` is made from, walked once per package and process.
    private static func newestSource(of package: URL) -> (path: String, date: Date)? {
        newest.withLock { known in
            if let found = known[package.path] { return found }
            let root = TestServer.repositoryRoot
            var found: (path: String, date: Date)?
            func consider(_ file: URL) {
                guard let date = modified(file.path), date > (found?.date ?? .distantPast) else { return }
                found = (file.path, date)
            }
            consider(root.appendingPathComponent("Package.swift"))
            consider(package.appendingPathComponent("Package.swift"))
            let keys: [URLResourceKey] = [.isDirectoryKey]
            for folder in [
                root.appendingPathComponent("Sources"), root.appendingPathComponent("Tests/TestSupport"), package,
            ] {
                guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: keys)
                else { continue }
                for case let file as URL in walker {
                    if file.lastPathComponent == ".build" || file.lastPathComponent == ".git" {
                        walker.skipDescendants()
                    } else if sourceExtensions.contains(file.pathExtension) {
                        consider(file)
                    }
                }
            }
            known[package.path] = found
            return found
        }
    }

    private static let sourceExtensions: Set<String> = ["swift", "c", "h", "modulemap"]
    private static let newest = Mutex<[String: (path: String, date: Date)]>([:])
}
