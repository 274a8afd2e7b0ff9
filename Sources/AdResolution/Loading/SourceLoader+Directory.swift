import FoundationEssentials
import Glibc

extension SourceLoader {
    /// Every `*.xml` file below `folder`, sorted by its path relative to `folder`; a subfolder that
    /// cannot be opened is an error in its place (never skipped in silence).
    ///
    /// Stops as soon as more than ``SourceLimits/maxDirectoryFiles`` files are found, so a huge tree
    /// costs bounded memory. Entries are read as bytes (``FileName``): a file whose name is not UTF-8 is
    /// found, opened and named with those bytes shown as `\xHH`.
    /// - Parameters:
    ///   - folder: the folder's path, as ``FileName`` carries it.
    ///   - name: the folder as reports show it.
    func walk(_ folder: String, name: String) -> [Result<VASTSource, SourceError>] {
        let limit = SourceLimits.clamped(limits.maxDirectoryFiles)
        var found: [(relative: String, entry: Result<VASTSource, SourceError>)] = []
        var tooMany = false
        let unopened = Self.traverse(folder, suffix: ".xml") { entry in
            switch entry {
            case .file(let child):
                let source = VASTSource.file(Self.joined(folder, child), name: Self.joined(name, FileName.shown(child)))
                found.append((child, .success(source)))
            case .unopened(let child, let code):
                found.append((child, .failure(BoundedRead.error(code, name: Self.joined(name, FileName.shown(child))))))
            }
            tooMany = found.count > limit
            return !tooMany
        }
        if let unopened { return [.failure(BoundedRead.error(unopened, name: name))] }
        if tooMany {
            return [
                .failure(
                    SourceError(
                        .tooManyFiles, source: name,
                        "holds more than \(limit) *.xml files: check a smaller folder, or name the files in a list"))
            ]
        }
        guard !found.isEmpty else {
            return [.failure(SourceError(.empty, source: name, "holds no *.xml file (subfolders included)"))]
        }
        return found.sorted { $0.relative < $1.relative }.map(\.entry)
    }

    /// The paths, relative to `folder`, of the files below it whose names end in `suffix` (ASCII letters
    /// compared without case), in no particular order; `nil` when `folder` cannot be opened. A subfolder
    /// that cannot be opened is skipped, a link to a folder is not followed, and the walk stops once
    /// `limit` files are found.
    package static func files(under folder: String, suffix: String, limit: Int = .max) -> [String]? {
        var found: [String] = []
        guard limit > 0 else { return found }
        let unopened = traverse(folder, suffix: suffix) { entry in
            if case .file(let child) = entry { found.append(child) }
            return found.count < limit
        }
        return unopened == nil ? found : nil
    }

    /// What ``traverse(_:suffix:_:)`` meets below its folder, by path relative to it.
    private enum WalkEntry {
        /// A file (or a link to one) whose name ends in the suffix.
        case file(String)
        /// A subfolder `opendir` refused, with its `errno`.
        case unopened(String, Int32)
    }

    /// Walks `folder` and the real folders below it (a link to a folder is not followed), handing
    /// `visit` every file whose name ends in `suffix` (ASCII letters compared without case) and every
    /// subfolder that cannot be opened, until `visit` returns false. The one walk of ``walk(_:name:)``
    /// and ``files(under:suffix:limit:)``.
    /// - Returns: `errno` when `folder` itself cannot be opened (nothing is visited), else `nil`.
    private static func traverse(_ folder: String, suffix: String, _ visit: (WalkEntry) -> Bool) -> Int32? {
        let suffix = suffix.lowercased()
        var pending = [""]
        while let relative = pending.popLast() {
            let path = joined(folder, relative)
            guard let directory = FileName.withPlatformPath(path, { opendir($0) }) else {
                if relative.isEmpty { return errno }
                guard visit(.unopened(relative, errno)) else { return nil }
                continue
            }
            defer { closedir(directory) }
            while let entry = readdir(directory) {
                let entryName = name(of: entry)
                guard entryName != "." && entryName != ".." else { continue }
                let child = relative.isEmpty ? entryName : relative + "/" + entryName
                switch kind(of: entry, at: joined(folder, child)) {
                case .folder:
                    pending.append(child)
                case .file where entryName.lowercased().hasSuffix(suffix):
                    guard visit(.file(child)) else { return nil }
                case .file, .other:
                    continue
                }
            }
        }
        return nil
    }

    /// `relative` below `base` (`base` itself when `relative` is empty).
    private static func joined(_ base: String, _ relative: String) -> String {
        relative.isEmpty ? base : base.hasSuffix("/") ? base + relative : base + "/" + relative
    }

    private enum EntryKind {
        case folder
        case file
        case other
    }

    /// A real folder is walked; a file, or a link to one, is a candidate; a link to a folder is
    /// neither (following it could loop). A dangling link counts as a file, so its read reports it.
    private static func kind(of entry: UnsafeMutablePointer<dirent>, at path: String) -> EntryKind {
        switch Int32(entry.pointee.d_type) {
        case Int32(DT_DIR): return .folder
        case Int32(DT_REG): return .file
        case Int32(DT_LNK):
            var status = stat()
            guard FileName.withPlatformPath(path, { stat($0, &status) }) == 0 else { return .file }
            return status.st_mode & S_IFMT == S_IFDIR ? .other : .file
        default:
            var status = stat()
            guard FileName.withPlatformPath(path, { lstat($0, &status) }) == 0 else { return .other }
            switch status.st_mode & S_IFMT {
            case S_IFDIR: return .folder
            case S_IFREG: return .file
            case S_IFLNK:
                guard FileName.withPlatformPath(path, { stat($0, &status) }) == 0 else { return .file }
                return status.st_mode & S_IFMT == S_IFDIR ? .other : .file
            default: return .other
            }
        }
    }

    private static func name(of entry: UnsafeMutablePointer<dirent>) -> String {
        withUnsafeBytes(of: entry.pointee.d_name) { bytes in FileName.string(bytes.prefix { $0 != 0 }) }
    }
}
