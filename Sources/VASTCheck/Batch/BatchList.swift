import Foundation

/// A `--list FILE`: one source per line (a tag URL, a file or a directory), blank lines and
/// lines starting with `#` skipped, surrounding whitespace trimmed.
///
/// A relative path in a list is relative to the list file's folder, so a list and the
/// documents beside it can be moved together and run from anywhere; in a list read from
/// standard input (`--list -`) it is relative to the current directory. The source's name in
/// reports is that joined path (`lists/tags.txt` naming `a.xml` reports `lists/a.xml`).
/// A `#` only starts a comment at the start of a line: URLs keep their fragments.
///
/// A list file is read twice, a line at a time and never whole: once before the run to count
/// its sources (for the progress line) and to see whether any is a tag URL, then while the run
/// goes, so a list of any length costs no memory. A list from standard input is read whole.
struct BatchList {
    /// The list as named on the command line (`-` for standard input).
    let path: String
    /// Sources it names (directories counted by their `*.xml` files).
    let count: Int
    /// True when one of them is a tag URL.
    let hasTags: Bool
    /// The entries of a list read from standard input (a file is read again as the run goes).
    private let entriesFromStandardInput: [String]?

    /// The list's entry in one line: `nil` for a blank line or a comment.
    static func entry(_ line: some StringProtocol) -> String? {
        var entry = line.trimmingCharacters(in: .whitespacesAndNewlines)
        if entry.hasPrefix("\u{FEFF}") { entry = entry.dropFirst().trimmingCharacters(in: .whitespacesAndNewlines) }
        return entry.isEmpty || entry.hasPrefix("#") ? nil : entry
    }

    /// The entries of a list's text, in order.
    static func entries(in text: String) -> [String] {
        text.split(omittingEmptySubsequences: true, whereSeparator: \.isNewline).compactMap { entry($0) }
    }

    /// Where a list entry points: URLs and absolute paths as written, relative paths joined to `folder`.
    static func resolve(_ entry: String, relativeTo folder: String?) -> String {
        if InputSource.isTagURL(entry) || entry.hasPrefix("/") { return entry }
        guard let folder, !folder.isEmpty, folder != "." else { return entry }
        return folder.hasSuffix("/") ? folder + entry : folder + "/" + entry
    }

    /// The sources one entry names (a directory walked, an unreadable path kept as unreadable).
    static func sources(_ entry: String, relativeTo folder: String?) -> [InputSource] {
        // `-` would be standard input on the command line; in a list it is just a (missing) file.
        InputSource.expand([entry == "-" ? "./-" : resolve(entry, relativeTo: folder)])
    }

    /// The folder relative paths are taken from.
    var folder: String? { path == "-" ? nil : (path as NSString).deletingLastPathComponent }

    /// Opens and counts the list at `path` (`-`: standard input, read whole).
    init(_ path: String, console: Console) throws(BatchListError) {
        self.path = path
        var count = 0
        var hasTags = false
        let folder = path == "-" ? nil : (path as NSString).deletingLastPathComponent
        func tally(_ entry: String) {
            if InputSource.isTagURL(entry) {
                count += 1
                hasTags = true
            } else {
                count += Self.sources(entry, relativeTo: folder).count
            }
        }
        if path == "-" {
            let entries = Self.entries(in: String(decoding: console.readStandardInput(), as: UTF8.self))
            entries.forEach(tally)
            entriesFromStandardInput = entries
        } else {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw BatchListError(path: path, reason: "no such file")
            }
            guard !isDirectory.boolValue else { throw BatchListError(path: path, reason: "is a directory") }
            let reader: LineReader
            do {
                reader = try LineReader(path: path)
            } catch {
                throw BatchListError(path: path, reason: error.localizedDescription)
            }
            while let line = reader.next() {
                if let entry = Self.entry(line) { tally(entry) }
            }
            entriesFromStandardInput = nil
        }
        self.count = count
        self.hasTags = hasTags
    }

    /// The list's sources, read as they are asked for.
    func makeIterator() -> Iterator { Iterator(list: self) }

    struct Iterator: IteratorProtocol {
        private let folder: String?
        private var reader: LineReader?
        private var remaining: ArraySlice<String>
        private var pending: ArraySlice<InputSource> = []

        init(list: BatchList) {
            folder = list.folder
            remaining = (list.entriesFromStandardInput ?? [])[...]
            if list.entriesFromStandardInput == nil {
                do {
                    reader = try LineReader(path: list.path)
                } catch {
                    pending = [InputSource(name: list.path, kind: .unreadable("cannot read the list again: \(error.localizedDescription)"))]
                }
            }
        }

        mutating func next() -> InputSource? {
            while true {
                if let source = pending.popFirst() { return source }
                let entry: String?
                if let reader {
                    guard let line = reader.next() else { return nil }
                    entry = BatchList.entry(line)
                } else {
                    guard let next = remaining.popFirst() else { return nil }
                    entry = next
                }
                guard let entry else { continue }
                if InputSource.isTagURL(entry) { return InputSource(name: entry, kind: .tag(entry)) }
                pending = BatchList.sources(entry, relativeTo: folder)[...]
            }
        }
    }
}

/// A list file that cannot be read (exit 2).
struct BatchListError: Error {
    let path: String
    let reason: String

    var message: String { "cannot read the list \(path): \(reason)" }
}

/// Reads a file a line at a time (`\n`, `\r\n` or `\r` ends a line) through a 64 KiB buffer.
final class LineReader {
    private let handle: FileHandle
    private var buffer: [UInt8] = []
    private var start = 0
    private var atEnd = false

    init(path: String) throws {
        handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
    }

    deinit { try? handle.close() }

    /// The next line without its terminator, or `nil` at the end of the file.
    func next() -> String? {
        while true {
            if let end = buffer[start...].firstIndex(where: { $0 == 0x0A || $0 == 0x0D }) {
                // A `\r` at the end of the buffer may be the first half of `\r\n`: read more first.
                if buffer[end] == 0x0D, end == buffer.count - 1, !atEnd, refill() { continue }
                let line = String(decoding: buffer[start..<end], as: UTF8.self)
                start = end + 1
                if buffer[end] == 0x0D, start < buffer.count, buffer[start] == 0x0A { start += 1 }
                return line
            }
            if !atEnd, refill() { continue }
            guard start < buffer.count else { return nil }
            let line = String(decoding: buffer[start...], as: UTF8.self)
            start = buffer.count
            return line
        }
    }

    /// Drops what was consumed and appends the next chunk; false at the end of the file.
    private func refill() -> Bool {
        let chunk = (try? handle.read(upToCount: 64 << 10)) ?? nil
        guard let chunk, !chunk.isEmpty else {
            atEnd = true
            return false
        }
        buffer.removeSubrange(0..<start)
        start = 0
        buffer.append(contentsOf: chunk)
        return true
    }
}
