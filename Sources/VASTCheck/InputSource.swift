import Foundation

/// One document to check: a file, standard input, or a tag URL.
struct InputSource: Sendable {
    /// How the source was named, for reports.
    let name: String
    let kind: Kind

    enum Kind: Sendable {
        case file(URL)
        case standardInput
        /// An http(s) tag URL, fetched and followed through its wrappers.
        case tag(String)
    }

    /// Expands the command line's paths: http(s) URLs as tags, files as given, directories walked
    /// recursively for `*.xml` files in name order, `-` for standard input.
    /// - Returns: the sources, and the paths that could not be read.
    static func collect(_ paths: [String]) -> (sources: [InputSource], unreadable: [(String, String)]) {
        var sources: [InputSource] = []
        var unreadable: [(String, String)] = []
        let files = FileManager.default
        for path in paths {
            if path == "-" {
                sources.append(InputSource(name: "-", kind: .standardInput))
                continue
            }
            let lower = path.lowercased()
            if lower.hasPrefix("http://") || lower.hasPrefix("https://") {
                sources.append(InputSource(name: path, kind: .tag(path)))
                continue
            }
            var isDirectory: ObjCBool = false
            guard files.fileExists(atPath: path, isDirectory: &isDirectory) else {
                unreadable.append((path, "no such file or directory"))
                continue
            }
            guard isDirectory.boolValue else {
                sources.append(InputSource(name: path, kind: .file(URL(fileURLWithPath: path))))
                continue
            }
            guard let walker = files.enumerator(atPath: path) else {
                unreadable.append((path, "cannot list the directory"))
                continue
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
        return (sources, unreadable)
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
        }
    }
}
