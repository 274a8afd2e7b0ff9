import Foundation
import Glibc
import TestSupport
import Testing

/// Generators for hostile VAST inputs: entity bombs, external-entity probes, attribute and
/// nesting floods, truncations, bad encodings and seeded garbage.
///
/// Everything here is built in memory from parameters, so each test states its attack in a
/// line and the sizes are visible where they are asserted on.
enum HostileDocuments {
    /// The XML declaration every generated document starts with, on line 1.
    static let declaration = #"<?xml version="1.0" encoding="UTF-8"?>"#

    /// A minimal valid VAST 4.2 body whose in-line ad's `<AdTitle>` holds `title` verbatim
    /// (already escaped as the caller wants it), and whose `<Impression>` URL holds `url`.
    static func inlineBody(
        title: String = "Hostile", url: String = "https://ads.example.com/imp",
        adID: String = "hostile-1"
    ) -> String {
        """
        <VAST version="4.2">
          <Ad id="\(adID)">
            <InLine>
              <AdSystem>Hostile</AdSystem>
              <Impression><![CDATA[\(url)]]></Impression>
              <AdTitle>\(title)</AdTitle>
              <Creatives/>
            </InLine>
          </Ad>
        </VAST>
        """
    }

    /// An XXE probe: a DOCTYPE on line 2 declaring external entity `x` at `systemID`, then `&x;`
    /// as an `<Impression>` URL.
    static func externalEntity(systemID: String) -> [UInt8] {
        let document =
            declaration + "\n"
            + #"<!DOCTYPE VAST [<!ENTITY x SYSTEM "\#(systemID)">]>"# + "\n"
                + """
                <VAST version="4.2">
                  <Ad id="xxe"><InLine><AdSystem>x</AdSystem><Impression>&x;</Impression><AdTitle>&x;</AdTitle><Creatives/></InLine></Ad>
                </VAST>
                """
        return Array(document.utf8)
    }

    /// An XXE probe through a parameter entity: `<!ENTITY % p SYSTEM ...> %p;` in the internal
    /// subset (DOCTYPE on line 2).
    static func parameterEntity(systemID: String) -> [UInt8] {
        let document =
            declaration + "\n"
            + #"<!DOCTYPE VAST [<!ENTITY % p SYSTEM "\#(systemID)"> %p;]>"# + "\n"
            + inlineBody()
        return Array(document.utf8)
    }

    /// A DOCTYPE naming an external DTD (line 2), with no internal subset.
    static func externalDTD(systemID: String) -> [UInt8] {
        let document = declaration + "\n" + #"<!DOCTYPE VAST SYSTEM "\#(systemID)">"# + "\n" + inlineBody()
        return Array(document.utf8)
    }

    /// The classic billion laughs: ten levels, each entity referencing the previous ten times,
    /// `&lol9;` used in the ad title (DOCTYPE starting on line 2).
    static func billionLaughs() -> [UInt8] {
        var subset = #"<!ENTITY lol "lol">"# + "\n"
        subset += "<!ENTITY lol1 \"" + String(repeating: "&lol;", count: 10) + "\">\n"
        for level in 2...9 {
            subset += "<!ENTITY lol\(level) \"" + String(repeating: "&lol\(level - 1);", count: 10) + "\">\n"
        }
        let document = declaration + "\n<!DOCTYPE VAST [\n" + subset + "]>\n" + inlineBody(title: "&lol9;")
        return Array(document.utf8)
    }

    /// Where the quadratic blow-up's references go.
    enum BlowUpSite: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case text, attribute
        var testDescription: String { "in \(rawValue)" }
    }

    /// The quadratic blow-up: one entity of `entityBytes` bytes referenced `references` times,
    /// in an element's text or an attribute value (DOCTYPE on line 2).
    static func quadraticBlowUp(entityBytes: Int = 50_000, references: Int = 50_000, site: BlowUpSite) -> [UInt8] {
        let entity = #"<!DOCTYPE VAST [<!ENTITY a ""# + String(repeating: "a", count: entityBytes) + #"">]>"#
        let uses = String(repeating: "&a;", count: references)
        let body =
            switch site {
            case .text: inlineBody(title: uses)
            case .attribute: inlineBody(adID: uses)
            }
        return Array((declaration + "\n" + entity + "\n" + body).utf8)
    }

    /// One `<VAST>` start tag with `count` distinct attributes, all on line 2.
    static func attributeFlood(count: Int) -> [UInt8] {
        var bytes = Array((declaration + "\n<VAST version=\"4.2\"").utf8)
        bytes.reserveCapacity(bytes.count + count * 12 + 16)
        for index in 0..<count {
            bytes.append(contentsOf: Array(" a\(index)=\"x\"".utf8))
        }
        bytes.append(contentsOf: Array("></VAST>".utf8))
        return bytes
    }

    /// `depth` nested unknown elements inside `<VAST>`, one start tag per line from line 3.
    static func deepNesting(depth: Int) -> [UInt8] {
        var bytes = Array((declaration + "\n<VAST version=\"4.2\">\n").utf8)
        bytes.reserveCapacity(bytes.count + depth * 8 + 16)
        let open = Array("<a>\n".utf8)
        let close = Array("</a>".utf8)
        for _ in 0..<depth { bytes.append(contentsOf: open) }
        for _ in 0..<depth { bytes.append(contentsOf: close) }
        bytes.append(contentsOf: Array("</VAST>".utf8))
        return bytes
    }

    /// A valid document whose `<AdTitle>` is one text node of `textBytes` ASCII letters.
    ///
    /// Built in one allocation, so that generating it leaves no freed buffers behind for the
    /// parse to reuse unseen by the peak-memory reading.
    static func hugeTextNode(textBytes: Int) -> [UInt8] {
        let parts = inlineBody(title: "\u{1}").components(separatedBy: "\u{1}")
        let head = Array((declaration + "\n" + parts[0]).utf8)
        let tail = Array(parts[1].utf8)
        return [UInt8](unsafeUninitializedCapacity: head.count + textBytes + tail.count) { buffer, count in
            _ = buffer.initialize(from: head)
            buffer.baseAddress!.advanced(by: head.count).initialize(repeating: UInt8(ascii: "a"), count: textBytes)
            _ = UnsafeMutableBufferPointer(rebasing: buffer[(head.count + textBytes)...]).initialize(from: tail)
            count = buffer.count
        }
    }

    /// A valid document with `byte` inserted in the ad title, which sits on line 7.
    static func withRawByte(_ byte: UInt8) -> [UInt8] {
        let parts = inlineBody(title: "ab\u{1}cd").components(separatedBy: "\u{1}")
        return Array((declaration + "\n" + parts[0]).utf8) + [byte] + Array(parts[1].utf8)
    }

    /// The line of ``withRawByte(_:)``'s title.
    static let rawByteLine = 7

    /// Latin-1 text (`Café`, é as the single byte 0xE9) in a document that declares no
    /// encoding, so it is read as UTF-8; the title is on line 6.
    static func undeclaredLatin1() -> [UInt8] {
        let parts = inlineBody(title: "Caf\u{1}").components(separatedBy: "\u{1}")
        return Array(parts[0].utf8) + [0xE9] + Array(parts[1].utf8)
    }

    /// A document declaring an encoding nobody knows.
    static func unknownEncoding() -> [UInt8] {
        Array((#"<?xml version="1.0" encoding="x-no-such"?>"# + "\n" + inlineBody()).utf8)
    }

    /// Two `<VAST>` roots; the second starts on line 3.
    static func twoRoots() -> [UInt8] {
        Array((declaration + "\n<VAST version=\"4.2\"></VAST>\n<VAST version=\"4.2\"></VAST>\n").utf8)
    }

    /// `count` seeded pseudo-random bytes (SplitMix64), the same for the same seed on every run.
    static func garbage(seed: UInt64, count: Int) -> [UInt8] {
        var generator = SplitMix64(seed: seed)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count)
        while bytes.count < count {
            withUnsafeBytes(of: generator.next().littleEndian) {
                bytes.append(contentsOf: $0.prefix(count - bytes.count))
            }
        }
        return bytes
    }

    /// UTF-16 bytes of `text` with a byte-order mark, little- or big-endian.
    static func utf16WithBOM(_ text: String, bigEndian: Bool) -> [UInt8] {
        var bytes: [UInt8] = bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE]
        for unit in text.utf16 {
            let high = UInt8(unit >> 8)
            let low = UInt8(unit & 0xFF)
            bytes.append(contentsOf: bigEndian ? [high, low] : [low, high])
        }
        return bytes
    }

    /// A UTF-16LE document (with BOM) whose `<VAST>` start tag carries `count` attributes, the
    /// first of which has the value `•` (U+2022, code units written 0x22 0x20: a `"` byte).
    ///
    /// Aimed at a byte-level attribute pre-scan: the stray quote byte puts it out of step with
    /// the real quoting, so it sees every later `=` as inside a value.
    static func utf16AttributeFloodWithQuoteByte(count: Int) -> [UInt8] {
        var text = #"<?xml version="1.0" encoding="UTF-16"?>"# + "\n" + #"<VAST version="4.2" b="•""#
        text.reserveCapacity(text.utf8.count + count * 10)
        for index in 0..<count { text += " \(shortName(index))=\"\"" }
        text += "></VAST>"
        return utf16WithBOM(text, bigEndian: false)
    }

    /// Encodings in which a start tag's `=` and `"` are not the ASCII bytes a byte-level
    /// pre-scan looks for, or in which other characters contain those bytes.
    enum FloodEncoding: String, CaseIterable, Sendable, CustomTestStringConvertible {
        /// UTF-16LE with BOM; one attribute value holds U+2022, whose code unit has a 0x22 byte.
        case utf16QuoteByte
        /// An ASCII declaration `encoding="UTF-16LE"`, the rest UTF-16LE without BOM (libxml2
        /// switches encoding right after the declaration's encoding value), with U+2022 as above.
        case utf16DeclaredAfterASCII
        /// EBCDIC (IBM037) throughout, detected by libxml2 from its first four bytes.
        case ebcdic
        /// An ASCII declaration `encoding="IBM037"`, the rest EBCDIC: `<` `=` `"` are 0x4C 0x7E 0x7F.
        case ebcdicDeclaredAfterASCII
        /// UTF-7, declared: `=` and `"` written as base64 runs (`+AD0-`, `+ACI-`).
        case utf7

        var testDescription: String {
            switch self {
            case .utf16QuoteByte: "UTF-16 with BOM and a quote byte in a code unit"
            case .utf16DeclaredAfterASCII: "UTF-16LE declared in an ASCII declaration"
            case .ebcdic: "EBCDIC"
            case .ebcdicDeclaredAfterASCII: "EBCDIC declared in an ASCII declaration"
            case .utf7: "UTF-7"
            }
        }

        /// A `<VAST>` start tag with `count` attributes (on line 2), in this encoding.
        func attributeFlood(count: Int) -> [UInt8] {
            func tag(_ first: String) -> String {
                var text = #"<VAST version="4.2" "# + first
                text.reserveCapacity(count * 8 + 64)
                for index in 0..<count { text += " \(HostileDocuments.shortName(index))=\"\"" }
                return text + "></VAST>"
            }
            let bullet = #"b="•""#
            switch self {
            case .utf16QuoteByte:
                return HostileDocuments.utf16AttributeFloodWithQuoteByte(count: count)
            case .utf16DeclaredAfterASCII:
                let rest = "?>\n" + tag(bullet)
                return Array(#"<?xml version="1.0" encoding="UTF-16LE""#.utf8)
                    + rest.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
            case .ebcdic:
                let text = #"<?xml version="1.0" encoding="IBM037"?>"# + "\n" + tag(#"b="x""#)
                return HostileDocuments.iconv(text, to: "IBM037") ?? []
            case .ebcdicDeclaredAfterASCII:
                guard let rest = HostileDocuments.iconv("?>\n" + tag(#"b="x""#), to: "IBM037") else { return [] }
                return Array(#"<?xml version="1.0" encoding="IBM037""#.utf8) + rest
            case .utf7:
                var text = #"<?xml version="1.0" encoding="UTF-7"?>"# + "\n" + "<VAST version+AD0AIg-4.2+ACI-"
                for index in 0..<count { text += " \(HostileDocuments.shortName(index))+AD0AIgAi-" }
                text += "></VAST>"
                return Array(text.utf8)
            }
        }
    }

    /// `text` converted by the C library's iconv, or nil when it cannot.
    static func iconv(_ text: String, to encoding: String) -> [UInt8]? {
        let converter = iconv_open(encoding, "UTF-8")
        guard converter != iconv_t(bitPattern: -1) else { return nil }
        defer { iconv_close(converter) }
        var input = Array(text.utf8).map { CChar(bitPattern: $0) }
        var output = [CChar](repeating: 0, count: input.count * 4 + 16)
        let inputCount = input.count
        let outputCount = output.count
        let written: Int? = input.withUnsafeMutableBufferPointer { inBuffer in
            output.withUnsafeMutableBufferPointer { outBuffer in
                var inPointer = inBuffer.baseAddress
                var outPointer = outBuffer.baseAddress
                var inLeft = inputCount
                var outLeft = outputCount
                guard Glibc.iconv(converter, &inPointer, &inLeft, &outPointer, &outLeft) != -1, inLeft == 0 else {
                    return nil
                }
                return outputCount - outLeft
            }
        }
        guard let written else { return nil }
        return output.prefix(written).map { UInt8(bitPattern: $0) }
    }

    /// A distinct, short XML name for `index` (letters only; no name is `b`).
    static func shortName(_ index: Int) -> String {
        let letters = Array("cdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
        var name = ""
        var rest = index
        repeat {
            name.append(letters[rest % letters.count])
            rest /= letters.count
        } while rest > 0
        return name
    }

    /// `count` empty unknown elements under `<VAST>`, each of which costs the parser a finding.
    static func unknownElementFlood(count: Int) -> [UInt8] {
        var bytes = Array((declaration + "\n<VAST version=\"4.2\">").utf8)
        bytes.reserveCapacity(bytes.count + count * 4 + 8)
        let element = Array("<x/>".utf8)
        for _ in 0..<count { bytes.append(contentsOf: element) }
        bytes.append(contentsOf: Array("</VAST>".utf8))
        return bytes
    }
}

/// A TCP listener on 127.0.0.1 at an ephemeral port that nobody is meant to contact: after a
/// parse, a pending connection in its queue means the parser reached for the network.
final class LoopbackCanary {
    private let socketFD: Int32
    /// The port it listens on.
    let port: UInt16

    init?() {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return nil }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
                bind(fd, generic, length) == 0 && listen(fd, 8) == 0 && getsockname(fd, generic, &length) == 0
            }
        }
        guard bound else {
            close(fd)
            return nil
        }
        socketFD = fd
        port = UInt16(bigEndian: address.sin_port)
    }

    deinit { close(socketFD) }

    /// True when a connection is waiting to be accepted.
    var wasContacted: Bool {
        var entry = pollfd(fd: socketFD, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, 0) > 0 && entry.revents & Int16(POLLIN) != 0
    }
}

/// Peak resident set size of this process (`VmHWM`), in bytes, or nil off Linux.
enum PeakMemory {
    static func current() -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            let digits = line.dropFirst("VmHWM:".count).filter(\.isNumber)
            return Int(digits).map { $0 * 1024 }
        }
        return nil
    }

    /// glibc's `mallopt`, which the Swift Glibc module does not export (nil elsewhere).
    private static let mallopt: (@convention(c) (Int32, Int32) -> Int32)? = {
        guard let symbol = dlsym(nil, "mallopt") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (Int32, Int32) -> Int32).self)
    }()

    /// Pins glibc's mmap threshold at its 128 KiB default (`M_MMAP_THRESHOLD`, -3), once.
    ///
    /// By default glibc raises the threshold to the size of each large block freed, so a
    /// 30 MB buffer freed by one test is kept resident in the heap and a later 30 MB copy
    /// reuses it without growing the resident set: the reading would say the copy was free.
    /// Pinned, every large block is mapped fresh and unmapped when freed.
    private static let pinnedMmapThreshold: Bool = mallopt?(-3, 128 << 10) == 1

    /// Resets the peak to the current resident set (Linux `clear_refs` 5), so the next
    /// reading's growth belongs to what ran in between. Returns false when not allowed; the
    /// caller then measures growth of the all-time peak, which can only under-report.
    @discardableResult
    static func resetPeak() -> Bool {
        _ = pinnedMmapThreshold
        let fd = open("/proc/self/clear_refs", O_WRONLY)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        return write(fd, "5", 1) == 1
    }
}
