import AdErrors
import FoundationEssentials

/// Where each `<MediaFile>` of a document is: its path, the line and column of its start tag, and the
/// URL it holds, read from the document's bytes.
///
/// The model keeps no positions, so the media findings of `--media` find their `FILE:LINE:COL` here: a
/// small scan of the bytes the parser already accepted (comments, CDATA sections, processing
/// instructions and declarations skipped; the parser refuses DOCTYPEs, so nothing else can hide a tag).
/// Columns count characters, as the parser's findings do.
struct MediaFileLocator {
    /// One `<MediaFile>` start tag.
    struct Place: Equatable {
        /// `/VAST/Ad[1]/InLine/Creatives/Creative[1]/Linear/MediaFiles/MediaFile[2]`.
        var path: String
        var line: Int
        var column: Int
        /// Its text: the URL, CDATA markers and surrounding space removed.
        var url: String
    }

    /// The elements indexed in a path (`Ad[2]`), as the parser writes locations.
    fileprivate static let repeatable: Set<String> = ["Ad", "Creative", "MediaFile"]

    /// Every `<MediaFile>` inside a `<MediaFiles>`, in document order.
    let places: [Place]

    init(_ bytes: [UInt8]) {
        var scanner = Scanner(bytes: bytes)
        places = scanner.run()
    }

    /// The place of the first `<MediaFile>` after `after` (an index into ``places``) whose URL is `url`.
    func place(of url: String, after: Int) -> (index: Int, place: Place)? {
        let start = min(max(after + 1, 0), places.count)
        guard let index = places[start...].firstIndex(where: { $0.url == url }) else { return nil }
        return (index, places[index])
    }

    private struct Frame {
        var name: String
        var index: Int
        var childCounts: [String: Int] = [:]
    }

    private struct Scanner {
        let bytes: [UInt8]
        var position = 0
        var line = 1
        /// Where the current line starts.
        var lineStart = 0
        /// How far ``line`` and ``lineStart`` have been counted.
        var counted = 0
        var frames: [Frame] = [Frame(name: "", index: 1)]
        var places: [Place] = []
        /// The open `<MediaFile>`'s place and where its text starts.
        var open: (place: Place, textStart: Int)?

        init(bytes: [UInt8]) {
            self.bytes = bytes
        }

        mutating func run() -> [Place] {
            while let start = next(UInt8(ascii: "<"), from: position) {
                position = start
                if starts(with: "<!--") {
                    position = skip(past: "-->", from: start + 4)
                } else if starts(with: "<![CDATA[") {
                    position = skip(past: "]]>", from: start + 9)
                } else if starts(with: "<?") {
                    position = skip(past: "?>", from: start + 2)
                } else if starts(with: "<!") {
                    position = skip(past: ">", from: start + 2)
                } else if starts(with: "</") {
                    endTag(at: start)
                } else {
                    startTag(at: start)
                }
            }
            return places
        }

        private mutating func startTag(at start: Int) {
            var end = start + 1
            var quote: UInt8?
            while end < bytes.count {
                let byte = bytes[end]
                if let open = quote {
                    if byte == open { quote = nil }
                } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                    quote = byte
                } else if byte == UInt8(ascii: ">") {
                    break
                }
                end += 1
            }
            let name = Self.localName(bytes[(start + 1)..<min(end, bytes.count)])
            let selfClosing = end > start && end <= bytes.count && bytes[end - 1] == UInt8(ascii: "/")
            position = min(end + 1, bytes.count)
            let parent = frames[frames.count - 1]
            let index = (parent.childCounts[name] ?? 0) + 1
            frames[frames.count - 1].childCounts[name] = index
            let frame = Frame(name: name, index: index)
            if name == "MediaFile" && parent.name == "MediaFiles" {
                let (line, column) = place(of: start)
                let place = Place(path: path(frames + [frame]), line: line, column: column, url: "")
                if selfClosing { places.append(place) } else { open = (place, position) }
            }
            if !selfClosing { frames.append(frame) }
        }

        private mutating func endTag(at start: Int) {
            position = skip(past: ">", from: start + 2)
            guard frames.count > 1 else { return }
            let closed = frames.removeLast()
            if closed.name == "MediaFile", let (opened, textStart) = open {
                var place = opened
                place.url = Self.text(bytes[textStart..<start])
                places.append(place)
                open = nil
            }
        }

        private func path(_ frames: [Frame]) -> String {
            frames.dropFirst().map {
                MediaFileLocator.repeatable.contains($0.name) ? "/\($0.name)[\($0.index)]" : "/\($0.name)"
            }
            .joined()
        }

        /// The line and the column (in characters) of byte `offset`, counting on from the last call.
        private mutating func place(of offset: Int) -> (Int, Int) {
            while counted < offset {
                if bytes[counted] == 0x0A {
                    line += 1
                    lineStart = counted + 1
                }
                counted += 1
            }
            let column = bytes[lineStart..<offset].reduce(1) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
            return (line, column)
        }

        private func next(_ byte: UInt8, from start: Int) -> Int? {
            guard start < bytes.count else { return nil }
            return bytes[start...].firstIndex(of: byte)
        }

        private func starts(with text: String) -> Bool {
            bytes[position...].starts(with: text.utf8)
        }

        /// The index after the next `marker` from `start`, or the end.
        private func skip(past marker: String, from start: Int) -> Int {
            let needle = Array(marker.utf8)
            var index = start
            while index + needle.count <= bytes.count {
                if bytes[index] == needle[0] && bytes[index..<(index + needle.count)].elementsEqual(needle) {
                    return index + needle.count
                }
                index += 1
            }
            return bytes.count
        }

        /// A tag's name without its namespace prefix.
        private static func localName(_ tag: ArraySlice<UInt8>) -> String {
            let name = tag.prefix {
                !($0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D || $0 == 0x2F || $0 == 0x3E)
            }
            let local = name.lastIndex(of: UInt8(ascii: ":")).map { name[($0 + 1)...] } ?? name
            return String(decoding: local, as: UTF8.self)
        }

        /// An element's text as the parser reads it: CDATA sections as they are, the predefined
        /// entities outside them decoded, then leading and trailing white space removed.
        private static func text(_ bytes: ArraySlice<UInt8>) -> String {
            var text = ""
            var rest = Substring(String(decoding: bytes, as: UTF8.self))
            while !rest.isEmpty {
                guard let open = rest.firstRange(of: "<![CDATA[") else {
                    text += decoded(rest)
                    break
                }
                text += decoded(rest[..<open.lowerBound])
                let inside = rest[open.upperBound...]
                let close = inside.firstRange(of: "]]>")
                text += inside[..<(close?.lowerBound ?? inside.endIndex)]
                rest = close.map { inside[$0.upperBound...] } ?? ""
            }
            return text.trimmingSpacesAndNewlines()
        }

        private static func decoded(_ text: Substring) -> String {
            guard text.contains("&") else { return String(text) }
            return String(
                text.replacing("&lt;", with: "<").replacing("&gt;", with: ">")
                    .replacing("&quot;", with: "\"").replacing("&apos;", with: "'")
                    .replacing("&amp;", with: "&"))
        }
    }
}
