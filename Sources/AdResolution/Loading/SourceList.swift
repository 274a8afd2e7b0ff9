import AdErrors
import FoundationEssentials

/// A list of sources, one per line (a tag URL, a file or a folder): blank lines and lines starting
/// with `#` skipped, surrounding whitespace and a byte-order mark trimmed. A `#` only starts a
/// comment at the start of a line: URLs keep their fragments. A line is a name's bytes: a file name that
/// is not UTF-8 is found as it is (see ``FileName``).
///
/// A relative path in a list is relative to the list file's folder, so a list and the documents
/// beside it can be moved together and used from anywhere; in a list read from standard input
/// (`-`) it is relative to the current directory. The source's name in reports is that joined
/// path (`lists/tags.txt` naming `a.xml` reports `lists/a.xml`). `-` in a list is a file named `-`.
///
/// A list file is read twice, a line at a time and never whole: once when it is opened, to count
/// its sources and to see whether any is a tag URL, then while ``makeIterator()`` is iterated, so a
/// long list costs no memory. A list from standard input is held (it can be read only once), at most
/// ``SourceLimits/maxListBytes``.
public struct SourceList: Sendable {
    /// The list as named (`-` for standard input).
    public let path: String
    /// The sources it names (a folder counted by its `*.xml` files, an unusable entry as one).
    public let count: Int
    /// True when one of them is a tag URL (it needs the network).
    public let hasTags: Bool
    private let loader: SourceLoader
    /// The entries of a list read from standard input (a file is read again as the run goes).
    private let entriesFromStandardInput: [String]?

    /// The folder relative paths are taken from.
    var folder: String? { Self.folder(of: path) }

    private static func folder(of path: String) -> String? {
        guard path != "-" else { return nil }
        guard let slash = path.lastIndex(of: "/") else { return nil }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// Opens and counts the list at `path` (`-`: the loader's standard input).
    init(path: String, loader: SourceLoader) throws(SourceError) {
        self.path = path
        self.loader = loader
        var count = 0
        var hasTags = false
        let limits = loader.limits
        if path == "-" {
            let maxBytes = SourceLimits.clamped(limits.maxListBytes)
            let maxLine = SourceLimits.clamped(limits.maxListLineBytes)
            let bytes = try loader.standardInput.read(maxBytes: maxBytes + 1)
            guard bytes.count <= maxBytes else {
                throw BoundedRead.tooLarge(name: "-", limit: maxBytes, purpose: .list)
            }
            var entries: [String] = []
            for line in bytes.split(whereSeparator: { $0 == 0x0A || $0 == 0x0D }) {
                guard line.count <= maxLine else {
                    throw SourceError(
                        .tooLarge, source: "-",
                        "has a line longer than \(maxLine) bytes: a list holds one source per line")
                }
                if let entry = Self.entry(FileName.string(line)) { entries.append(entry) }
            }
            entriesFromStandardInput = entries
        } else {
            entriesFromStandardInput = nil
        }
        let reader = entriesFromStandardInput == nil ? try Self.reader(path, limits: limits) : nil
        var remaining = (entriesFromStandardInput ?? [])[...]
        func nextEntry() throws(SourceError) -> String? {
            guard let reader else { return remaining.popFirst() }
            return try Self.nextEntry(reader)
        }
        let folder = Self.folder(of: path)
        while let entry = try nextEntry() {
            if case .tag = try? loader.classify(entry, inList: true, folder: folder) {
                count += 1
                hasTags = true
            } else {
                count += loader.sources(named: entry, inList: true, folder: folder).count
            }
        }
        guard count > 0 else {
            throw SourceError(.empty, source: FileName.shown(path), "names no source: every line is blank or a comment")
        }
        self.count = count
        self.hasTags = hasTags
    }

    /// The list's entry in one line: `nil` for a blank line or a comment.
    static func entry(_ line: String) -> String? {
        var entry = line.trimmingSpacesAndNewlines()
        if entry.hasPrefix("\u{FEFF}") { entry = entry.dropFirst().trimmingSpacesAndNewlines() }
        return entry.isEmpty || entry.hasPrefix("#") ? nil : entry
    }

    private static func reader(_ path: String, limits: SourceLimits) throws(SourceError) -> LineReader {
        try LineReader(
            path: path, name: FileName.shown(path), maxLineBytes: limits.maxListLineBytes,
            maxTotalBytes: limits.maxListBytes)
    }

    /// The next entry of a list file, skipping blank lines and comments; `nil` at its end.
    private static func nextEntry(_ reader: LineReader) throws(SourceError) -> String? {
        while let line = try reader.next() {
            if let entry = entry(line) { return entry }
        }
        return nil
    }

    /// The list's sources, in order, read as they are asked for. A list file that cannot be read
    /// again, or that grew past a limit since it was counted, ends with one error.
    public func makeIterator() -> Iterator { Iterator(list: self) }

    /// Reads a ``SourceList``'s sources as they are asked for. Used by one task at a time.
    public struct Iterator: IteratorProtocol {
        private let list: SourceList
        private var reader: LineReader?
        private var remaining: ArraySlice<String>
        private var pending: ArraySlice<Result<VASTSource, SourceError>> = []
        private var finished = false

        init(list: SourceList) {
            self.list = list
            remaining = (list.entriesFromStandardInput ?? [])[...]
            guard list.entriesFromStandardInput == nil else { return }
            do {
                reader = try SourceList.reader(list.path, limits: list.loader.limits)
            } catch {
                pending = [.failure(error)]
                finished = true
            }
        }

        /// The next source, or the error that stands in its place; `nil` at the end.
        public mutating func next() -> Result<VASTSource, SourceError>? {
            while true {
                if let source = pending.popFirst() { return source }
                guard !finished else { return nil }
                let entry: String?
                if let reader {
                    do {
                        entry = try SourceList.nextEntry(reader)
                    } catch {
                        finished = true
                        return .failure(error)
                    }
                } else {
                    entry = remaining.popFirst()
                }
                guard let entry else {
                    finished = true
                    return nil
                }
                pending = list.loader.sources(named: entry, inList: true, folder: list.folder)[...]
            }
        }
    }
}
