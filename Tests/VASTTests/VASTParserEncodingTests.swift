import Testing
import VAST

/// XML 1.0 section 4.3.3: a byte-order mark or byte pattern that contradicts the declared encoding, and a
/// UTF-16 document that ends inside a character, are fatal errors (code `encoding`, IAB 100).
@Suite struct VASTParserEncodingTests {
    /// One spelling: how the document starts and ends around a small valid body.
    struct Spelling: CustomStringConvertible, Sendable {
        enum Form: Sendable { case utf8, utf16LE, utf16BE }
        let description: String
        let bom: [UInt8]
        let declared: String?
        let form: Form
        var tail: [UInt8] = []

        var text: String {
            (declared.map { #"<?xml version="1.0" encoding="\#($0)"?>"# + "\n" } ?? "") + HostileDocuments.inlineBody()
        }

        /// The line the document ends on.
        var lastLine: Int { 1 + text.utf8.filter { $0 == 0x0A }.count }

        var bytes: [UInt8] {
            let units = Array(text.utf16)
            let body: [UInt8] =
                switch form {
                case .utf8: Array(text.utf8)
                case .utf16LE: units.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
                case .utf16BE: units.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
                }
            return bom + body + tail
        }
    }

    static let utf8BOM: [UInt8] = [0xEF, 0xBB, 0xBF]
    static let leBOM: [UInt8] = [0xFF, 0xFE]
    static let beBOM: [UInt8] = [0xFE, 0xFF]

    static let mismatches: [Spelling] = [
        Spelling(description: "UTF-8 BOM, declared ISO-8859-1", bom: utf8BOM, declared: "ISO-8859-1", form: .utf8),
        Spelling(description: "UTF-8 BOM, declared US-ASCII", bom: utf8BOM, declared: "US-ASCII", form: .utf8),
        Spelling(description: "UTF-8 BOM, declared UTF-16", bom: utf8BOM, declared: "UTF-16", form: .utf8),
        Spelling(description: "UTF-16LE BOM, declared UTF-8", bom: leBOM, declared: "UTF-8", form: .utf16LE),
        Spelling(description: "UTF-16BE BOM, declared ISO-8859-1", bom: beBOM, declared: "ISO-8859-1", form: .utf16BE),
        Spelling(description: "UTF-16LE BOM, declared UTF-16BE", bom: leBOM, declared: "UTF-16BE", form: .utf16LE),
        Spelling(description: "UTF-16BE BOM, declared UTF-16LE", bom: beBOM, declared: "UTF-16LE", form: .utf16BE),
        Spelling(description: "UTF-16LE bytes without BOM, declared UTF-8", bom: [], declared: "UTF-8", form: .utf16LE),
        Spelling(
            description: "UTF-16BE bytes without BOM, declared UTF-16LE", bom: [], declared: "UTF-16LE", form: .utf16BE),
        Spelling(description: "UTF-8 bytes, declared UTF-16", bom: [], declared: "UTF-16", form: .utf8),
        Spelling(description: "UTF-16LE without BOM or declaration", bom: [], declared: nil, form: .utf16LE),
    ]

    static let truncations: [Spelling] = [
        Spelling(
            description: "UTF-16LE, one byte too many", bom: leBOM, declared: "UTF-16", form: .utf16LE, tail: [0x20]),
        Spelling(
            description: "UTF-16BE, one byte too many", bom: beBOM, declared: "UTF-16", form: .utf16BE, tail: [0x00]),
        Spelling(
            description: "UTF-16LE without declaration, one byte too many", bom: leBOM, declared: nil, form: .utf16LE,
            tail: [0x0A]),
        Spelling(
            description: "UTF-16LE ending in a high surrogate", bom: leBOM, declared: "UTF-16", form: .utf16LE,
            tail: [0x3D, 0xD8]),
        Spelling(
            description: "UTF-16BE ending in a high surrogate", bom: beBOM, declared: "UTF-16", form: .utf16BE,
            tail: [0xD8, 0x3D]),
    ]

    static let consistent: [Spelling] = [
        Spelling(description: "UTF-8 BOM, declared UTF-8", bom: utf8BOM, declared: "UTF-8", form: .utf8),
        Spelling(description: "UTF-8 BOM, no declaration", bom: utf8BOM, declared: nil, form: .utf8),
        Spelling(description: "UTF-16LE BOM, declared UTF-16", bom: leBOM, declared: "UTF-16", form: .utf16LE),
        Spelling(description: "UTF-16LE BOM, declared UTF-16LE", bom: leBOM, declared: "UTF-16LE", form: .utf16LE),
        Spelling(description: "UTF-16BE BOM, declared UTF-16BE", bom: beBOM, declared: "UTF-16BE", form: .utf16BE),
        Spelling(description: "UTF-16BE BOM, no declaration", bom: beBOM, declared: nil, form: .utf16BE),
        Spelling(description: "UTF-16LE without BOM, declared UTF-16", bom: [], declared: "UTF-16", form: .utf16LE),
        Spelling(description: "ISO-8859-1 declared, no BOM", bom: [], declared: "ISO-8859-1", form: .utf8),
        Spelling(description: "utf8 declared, no BOM", bom: [], declared: "utf8", form: .utf8),
        Spelling(description: "uTf-8 declared, UTF-8 BOM", bom: utf8BOM, declared: "uTf-8", form: .utf8),
        Spelling(description: "UTF8 declared, UTF-8 BOM", bom: utf8BOM, declared: "UTF8", form: .utf8),
    ]

    /// Names that start or end like UTF-8's but are not it: not supported, whatever the byte-order mark.
    static let nearUTF8Names: [String] = ["utf-88", "utf-", "utf", "utf--8", "xutf-8", "utf-8 ", "utf_8"]
    static let nearUTF8: [Spelling] = nearUTF8Names.flatMap { name -> [Spelling] in
        [
            Spelling(description: "\(name) declared, no BOM", bom: [], declared: name, form: .utf8),
            Spelling(description: "\(name) declared, UTF-8 BOM", bom: utf8BOM, declared: name, form: .utf8),
        ]
    }

    private func error(_ bytes: [UInt8]) -> VASTParseError? {
        do throws(VASTParseError) {
            _ = try VASTParser().parse(bytes)
            return nil
        } catch {
            return error
        }
    }

    @Test("A byte-order mark or byte pattern that contradicts the declaration is fatal", arguments: mismatches)
    func mismatchIsFatal(_ spelling: Spelling) {
        let error = error(spelling.bytes)
        #expect(error?.code == .encoding, "\(String(describing: error))")
        #expect(error?.vastErrorCode == .xmlParsing)
        #expect(error?.message.contains("section 4.3.3") == true)
        #expect(error?.line == 1)
    }

    @Test("A UTF-16 document that ends inside a character is fatal", arguments: truncations)
    func truncatedUTF16IsFatal(_ spelling: Spelling) {
        let error = error(spelling.bytes)
        #expect(error?.code == .encoding, "\(String(describing: error))")
        #expect(error?.message.contains("ends inside a character") == true)
        #expect(error?.line == spelling.lastLine)
    }

    @Test("A name that is almost UTF-8's is refused", arguments: nearUTF8)
    func nearUTF8IsRefused(_ spelling: Spelling) {
        let error = error(spelling.bytes)
        #expect(error != nil, "\(spelling)")
        #expect(error?.line == 1)
        if spelling.bom.isEmpty {
            #expect(error?.message.contains("is not supported") == true, "\(String(describing: error))")
        } else {
            #expect(error?.message.contains("section 4.3.3") == true, "\(String(describing: error))")
        }
    }

    @Test("A byte-order mark and declaration that agree parse", arguments: consistent)
    func consistentSpellingParses(_ spelling: Spelling) throws {
        let result = try VASTParser().parse(spelling.bytes)
        #expect(result.document.ads.first?.inLine?.adTitle == "Hostile")
    }
}
