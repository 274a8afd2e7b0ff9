import Foundation

/// One document to check: a file, standard input, or a tag URL (or a path that could not be read).
struct InputSource: Sendable {
    /// How the source was named, for reports.
    let name: String
    let kind: Kind

    enum Kind: Sendable {
        case file(URL)
        case standardInput
        /// An http(s) tag URL, fetched and followed through its wrappers.
        case tag(String)
        /// A path that names nothing readable, with the reason (reported as unreadable, exit 2).
        case unreadable(String)
    }

    /// True for an http(s) URL (either case), which is fetched rather than read from disk.
    static func isTagURL(_ text: String) -> Bool {
        let lower = text.prefix(8).lowercased()
        return lower.hasPrefix("http://") || lower.hasPrefix("https://")
    }

    /// Expands paths in order: http(s) URLs as tags, files as given, directories walked
    /// recursively for `*.xml` files in name order, `-` for standard input, and a path that
    /// cannot be read as an `unreadable` entry in its place.
    static func expand(_ paths: [String]) -> [InputSource] {
        var sources: [InputSource] = []
        for path in paths { expand(path, into: &sources) }
        return sources
    }

    /// Expands the command line's paths (see `expand`).
    /// - Returns: the sources, and the paths that could not be read.
    static func collect(_ paths: [String]) -> (sources: [InputSource], unreadable: [(String, String)]) {
        var sources: [InputSource] = []
        var unreadable: [(String, String)] = []
        for source in expand(paths) {
            if case .unreadable(let reason) = source.kind {
                unreadable.append((source.name, reason))
            } else {
                sources.append(source)
            }
        }
        return (sources, unreadable)
    }

    private static func expand(_ path: String, into sources: inout [InputSource]) {
        if path == "-" {
            sources.append(InputSource(name: "-", kind: .standardInput))
            return
        }
        if isTagURL(path) {
            sources.append(InputSource(name: path, kind: .tag(path)))
            return
        }
        let files = FileManager.default
        var isDirectory: ObjCBool = false
        guard files.fileExists(atPath: path, isDirectory: &isDirectory) else {
            sources.append(InputSource(name: path, kind: .unreadable("no such file or directory")))
            return
        }
        guard isDirectory.boolValue else {
            sources.append(InputSource(name: path, kind: .file(URL(fileURLWithPath: path))))
            return
        }
        guard let walker = files.enumerator(atPath: path) else {
            sources.append(InputSource(name: path, kind: .unreadable("cannot list the directory")))
            return
        }
        var found: [String] = []
        while let relative = walker.nextObject() as? String {
            if relative.lowercased().hasSuffix(".xml") { found.append(relative) }
        }
        for relative in found.sorted() {
            let full = path.hasSuffix("/") ? path + relative : path + "/" + relative
            sources.append(InputSource(name: full, kind: .file(URL(fileURLWithPath: full))))
        }
    }

    /// The source's bytes, at most `limit + 1` of them, so that an oversized file is refused
    /// by the parser's cap without being read whole.
    func read(from console: Console, limit: Int) throws -> Data {
        switch kind {
        case .file(let url):
            let handle = try FileHandle(forReadingFrom: url)
            defer { try? handle.close() }
            return try handle.read(upToCount: limit + 1) ?? Data()
        case .standardInput:
            return console.readStandardInput()
        case .tag:
            return Data()
        case .unreadable(let reason):
            throw InputSourceError(message: reason)
        }
    }
}

/// Why a source could not be read.
struct InputSourceError: Error, LocalizedError {
    let message: String
    var errorDescription: String? { message }
}
