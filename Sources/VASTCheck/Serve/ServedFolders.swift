import AdResolution
import FoundationEssentials
import Glibc

/// The folders named on `vastcheck serve`'s command line, resolved once; the only places the page may
/// read files from.
///
/// A path is read only when its real path (symbolic links followed, `..` resolved) lies inside one of the
/// folders' real paths: a link inside a folder that points outside it is refused.
struct ServedFolders: Sendable {
    /// One folder: as named on the command line, and resolved.
    struct Folder: Sendable {
        let name: String
        let realPath: String
    }

    let folders: [Folder]
    /// The most documents a folder listing returns.
    static let maxListed = 10_000

    init(_ paths: [String]) throws(InspectorError) {
        var folders: [Folder] = []
        for path in paths {
            var isDirectory = false
            guard let real = Self.realPath(path),
                FileManager.default.fileExists(atPath: real, isDirectory: &isDirectory), isDirectory
            else { throw .notAFolder(path) }
            folders.append(Folder(name: path, realPath: real))
        }
        self.folders = folders
    }

    /// The `*.xml` documents under each folder, as `(folder index, path relative to it)`, sorted.
    func documents() -> [(folder: Int, path: String)] {
        var found: [(Int, String)] = []
        for (index, folder) in folders.enumerated() {
            let names = SourceLoader.files(under: folder.realPath, suffix: ".xml", limit: Self.maxListed) ?? []
            found += names.sorted().map { (index, $0) }
        }
        return found
    }

    /// The real path of `path` inside folder `index`, or `nil` when it is not a regular file inside it.
    func resolve(folder index: Int, path: String) -> String? {
        guard folders.indices.contains(index), !path.hasPrefix("/"), !path.contains("\0") else { return nil }
        let root = folders[index].realPath
        guard let real = Self.realPath(root + "/" + path), real.hasPrefix(root == "/" ? "/" : root + "/") else {
            return nil
        }
        var isDirectory = false
        guard FileManager.default.fileExists(atPath: real, isDirectory: &isDirectory), !isDirectory else {
            return nil
        }
        return real
    }

    /// `realpath(3)`: symbolic links followed; `nil` when the path does not exist.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
