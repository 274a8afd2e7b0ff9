import AdTransport
import FoundationEssentials
import Glibc

/// Turns what a person names (a file, a folder, `-`, an http(s) tag URL, a list of those) into VAST
/// sources and reads them, under one set of ``SourceLimits`` and with one error vocabulary
/// (``SourceError``).
///
/// - A name with a URL scheme (`https://...`) is parsed with `AbsoluteURL`: http and
///   https are tags, `file:` names a local file, anything else is `SourceError.Code.notAURL`.
/// - `-` is standard input (only on the command line; in a list it is a file named `-`).
/// - Anything else is a path. A folder stands for every `*.xml` file below it (case-insensitive
///   suffix, subfolders included, hidden files too), in name order of their paths relative to it;
///   symbolic links to files are read, links to folders are not followed (no loops).
/// - Files, standard input and lists are read with POSIX calls and never past their limit plus one
///   byte; a regular file's size is checked before it is read.
/// - Names are bytes: a name that is not UTF-8 (an argument, a folder's entry, a list's line) is carried as
///   ``FileName`` says, opened as the bytes it stands for, and reported with those bytes shown as `\xHH`
///   (``VASTSource/name``, ``SourceError/source``).
///
/// A value; every method blocks on the caller's thread for file I/O and may be called from any
/// thread. The loader reads nothing over the network: ``WrapperResolver/resolve(_:)`` does.
public struct SourceLoader: Sendable {
    /// The limits every read is under.
    public let limits: SourceLimits
    /// Where `-` is read from.
    public let standardInput: StandardInput

    /// Creates a loader.
    /// - Parameters:
    ///   - limits: the byte and file limits; defaults as documented on ``SourceLimits``.
    ///   - standardInput: where `-` is read from; the process's standard input by default.
    public init(limits: SourceLimits = SourceLimits(), standardInput: StandardInput = .process) {
        self.limits = limits
        self.standardInput = standardInput
    }

    /// The sources a name stands for, in order; a name that cannot be used is an error in its place,
    /// so a batch can report it and go on.
    ///
    /// Checks that a path exists (and walks a folder) now; reading waits for ``load(_:)``.
    /// - Parameter name: a path, a folder, `-`, or a URL.
    /// - Returns: one source, a folder's files, or one error (a folder with no `*.xml` file is
    ///   `SourceError.Code.empty`; one with too many, `SourceError.Code.tooManyFiles`).
    public func sources(named name: String) -> [Result<VASTSource, SourceError>] {
        sources(named: name, inList: false, folder: nil)
    }

    /// The one document a name stands for: like ``sources(named:)``, but a folder is an error.
    /// - Parameter name: a file, `-`, or a URL.
    /// - Throws: ``SourceError``: the name is not a usable URL, nothing is at the path, or it is a folder.
    public func source(named name: String) throws(SourceError) -> VASTSource {
        let shown = FileName.shown(name)
        switch try classify(name, inList: false, folder: nil) {
        case .standardInput: return .standardInput
        case .tag(let url): return .tag(url, name: shown)
        case .path(let path):
            if try isDirectory(path, name: shown) {
                throw SourceError(.isDirectory, source: shown, "is a folder, not a file: name one file in it")
            }
            return .file(path, name: shown)
        }
    }

    /// Reads a source's document (a tag URL needs no reading: its bytes are `nil`).
    /// - Parameter source: the source.
    /// - Returns: the bytes, at most ``SourceLimits/maxDocumentBytes``.
    /// - Throws: ``SourceError``: the file is missing, a folder, not readable, or larger than the limit
    ///   (`SourceError.Code.tooLarge`, with VAST code 100).
    public func load(_ source: VASTSource) throws(SourceError) -> LoadedSource {
        switch source.kind {
        case .tag:
            return LoadedSource(source: source, bytes: nil)
        case .file(let path):
            let bytes = try BoundedRead.file(
                path, name: source.name, limit: limits.maxDocumentBytes,
                purpose: .document)
            return LoadedSource(source: source, bytes: bytes)
        case .standardInput:
            return LoadedSource(
                source: source,
                bytes: try standardInputBytes(
                    limit: limits.maxDocumentBytes,
                    purpose: .document))
        }
    }

    /// Reads a data file (tenant settings, a request, a presentation), or standard input for `-`.
    /// - Parameter name: the file's path, or `-`.
    /// - Returns: its bytes, at most ``SourceLimits/maxDataBytes``.
    /// - Throws: ``SourceError``: missing, a folder, not readable, over the limit, or
    ///   `SourceError.Code.empty`.
    public func data(named name: String) throws(SourceError) -> [UInt8] {
        let shown = FileName.shown(name)
        let bytes =
            name == "-"
            ? try standardInputBytes(limit: limits.maxDataBytes, purpose: .data)
            : try BoundedRead.file(name, name: shown, limit: limits.maxDataBytes, purpose: .data)
        guard !bytes.isEmpty else {
            throw SourceError(.empty, source: shown, "is empty: it should hold a JSON document")
        }
        return bytes
    }

    /// Opens a list of sources, one per line (see ``SourceList``); `-` reads it from standard input.
    /// - Parameter path: the list file, or `-`.
    /// - Returns: the list, counted.
    /// - Throws: ``SourceError``: the list cannot be read, is over ``SourceLimits/maxListBytes`` or
    ///   has a line over ``SourceLimits/maxListLineBytes``, or names no source (`SourceError.Code.empty`).
    public func list(atPath path: String) throws(SourceError) -> SourceList {
        try SourceList(path: path, loader: self)
    }

    // MARK: Names

    /// What a name is, before the file system is asked.
    enum Named {
        case standardInput
        case tag(AbsoluteURL)
        case path(String)
    }

    /// Sorts a name into standard input, a tag URL or a path (joined to `folder` when relative).
    func classify(_ name: String, inList: Bool, folder: String?) throws(SourceError) -> Named {
        if name == "-" && !inList { return .standardInput }
        if Self.hasURLScheme(name) {
            let shown = FileName.shown(name)
            let url: AbsoluteURL
            do {
                url = try AbsoluteURL(parsing: name)
            } catch {
                throw SourceError(.notAURL, source: shown, "\(error.message); give an http(s) tag URL or a file path")
            }
            if url.isHTTP { return .tag(url) }
            guard url.scheme == "file" else {
                throw SourceError(
                    .notAURL, source: shown,
                    "\(url.scheme): URLs are not fetched: give an http(s) tag URL or a file path")
            }
            guard url.host.isEmpty || url.host == "localhost", let path = FileName.percentDecoded(url.path) else {
                throw SourceError(
                    .notAURL, source: shown, "a file: URL must name a file on this machine (file:///path)")
            }
            return .path(path)
        }
        guard let folder, !folder.isEmpty, folder != ".", !name.hasPrefix("/") else { return .path(name) }
        return .path(folder.hasSuffix("/") ? folder + name : folder + "/" + name)
    }

    /// True when `text` starts with an RFC 3986 scheme and `://` (`https://`, `FILE:///`): a path
    /// such as `notes:v2.xml` stays a path.
    static func hasURLScheme(_ text: String) -> Bool {
        var bytes = text.utf8.makeIterator()
        guard let first = bytes.next(), first.isASCIILetter else { return false }
        while let byte = bytes.next() {
            if byte == UInt8(ascii: ":") {
                return bytes.next() == UInt8(ascii: "/") && bytes.next() == UInt8(ascii: "/")
            }
            guard
                byte.isASCIILetter || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                    || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
            else { return false }
        }
        return false
    }

    func sources(named name: String, inList: Bool, folder: String?) -> [Result<VASTSource, SourceError>] {
        do {
            switch try classify(name, inList: inList, folder: folder) {
            case .standardInput: return [.success(.standardInput)]
            case .tag(let url): return [.success(.tag(url, name: FileName.shown(name)))]
            case .path(let path):
                let shown = FileName.shown(inList ? path : name)
                guard try isDirectory(path, name: shown) else { return [.success(.file(path, name: shown))] }
                return walk(path, name: shown)
            }
        } catch {
            return [.failure(error)]
        }
    }

    /// Whether `path` is a folder (following symbolic links).
    private func isDirectory(_ path: String, name: String) throws(SourceError) -> Bool {
        var status = stat()
        guard FileName.withPlatformPath(path, { stat($0, &status) }) == 0 else {
            throw BoundedRead.error(errno, name: name)
        }
        return status.st_mode & S_IFMT == S_IFDIR
    }

    private func standardInputBytes(limit: Int, purpose: BoundedRead.Purpose) throws(SourceError) -> [UInt8] {
        let limit = SourceLimits.clamped(limit)
        let bytes = try standardInput.read(maxBytes: limit + 1)
        guard bytes.count <= limit else { throw BoundedRead.tooLarge(name: "-", limit: limit, purpose: purpose) }
        return bytes
    }
}

extension UInt8 {
    fileprivate var isASCIILetter: Bool {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(self) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(self)
    }
}
