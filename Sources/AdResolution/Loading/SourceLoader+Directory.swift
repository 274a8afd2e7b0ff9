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
        func joined(_ base: String, _ relative: String) -> String {
            relative.isEmpty ? base : base.hasSuffix("/") ? base + relative : base + "/" + relative
        }
        var found: [(relative: String, entry: Result<VASTSource, SourceError>)] = []
        var pending = [""]
        while let relative = pending.popLast() {
            guard let directory = FileName.withPlatformPath(joined(folder, relative), { opendir($0) }) else {
                let error = BoundedRead.error(errno, name: joined(name, FileName.shown(relative)))
                if relative.isEmpty { return [.failure(error)] }
                found.append((relative, .failure(error)))
                continue
            }
            defer { closedir(directory) }
            while let entry = readdir(directory) {
                let entryName = Self.name(of: entry)
                guard entryName != "." && entryName != ".." else { continue }
                let child = relative.isEmpty ? entryName : relative + "/" + entryName
                switch Self.kind(of: entry, at: joined(folder, child)) {
                case .folder:
                    pending.append(child)
                case .file where entryName.lowercased().hasSuffix(".xml"):
                    let source = VASTSource.file(joined(folder, child), name: joined(name, FileName.shown(child)))
                    found.append((child, .success(source)))
                    if found.count > limit {
                        return [
                            .failure(
                                SourceError(
                                    .tooManyFiles, source: name,
                                    "holds more than \(limit) *.xml files: check a smaller folder, or name the files in a list"
                                ))
                        ]
                    }
                case .file, .other:
                    continue
                }
            }
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
        let suffix = suffix.lowercased()
        var found: [String] = []
        var pending = [""]
        while let relative = pending.popLast(), found.count < limit {
            let path = relative.isEmpty ? folder : folder.hasSuffix("/") ? folder + relative : folder + "/" + relative
            guard let directory = FileName.withPlatformPath(path, { opendir($0) }) else {
                if relative.isEmpty { return nil }
                continue
            }
            defer { closedir(directory) }
            while found.count < limit, let entry = readdir(directory) {
                let entryName = name(of: entry)
                guard entryName != "." && entryName != ".." else { continue }
                let child = relative.isEmpty ? entryName : relative + "/" + entryName
                switch kind(of: entry, at: path.hasSuffix("/") ? path + entryName : path + "/" + entryName) {
                case .folder: pending.append(child)
                case .file where entryName.lowercased().hasSuffix(suffix): found.append(child)
                case .file, .other: continue
                }
            }
        }
        return found
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
