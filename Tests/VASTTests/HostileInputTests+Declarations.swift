import Foundation
import Testing
import VAST

/// The pre-scan's reading of the XML declaration and of NUL characters (issue 9, item 1 parts 2 and 3).
extension HostileInputTests {
    // MARK: The XML declaration

    @Test("A declaration padded with hundreds of spaces cannot hide encoding=\"UTF-7\" from the pre-scan")
    func paddedDeclarationCannotHideUTF7() {
        let bytes = HostileDocuments.paddedUTF7AttributeFlood(padding: 600, targetBytes: 1_400_000)
        #expect(bytes.count > 1_300_000 && bytes.count < VASTParser.Limits.default.maxBytes)
        let error = expectRefused(bytes, as: .malformed, line: .exactly(1))
        #expect(error?.message.contains("utf-7") == true, "\(String(describing: error))")
    }

    @Test("An XML declaration longer than the pre-scan reads is refused, not read in part")
    func overlongDeclarationIsRefused() {
        let padding = String(repeating: " ", count: 5_000)
        let bytes = Array(
            (#"<?xml version="1.0""# + padding + #"encoding="UTF-8"?>"# + "\n" + HostileDocuments.inlineBody()).utf8)
        let error = expectRefused(bytes, as: .malformed, line: .exactly(1))
        #expect(error?.message.contains("XML declaration") == true, "\(String(describing: error))")
    }

    @Test("A declaration that is never closed is refused before libxml2 reads it")
    func unclosedDeclarationIsRefused() {
        expectRefused(Array(#"<?xml version="1.0" encoding="UTF-8""#.utf8), as: .malformed, line: .exactly(1))
    }

    @Test("An encoding written with white space around its = is read as XML writes it, and UTF-8 is accepted")
    func encodingWithWhiteSpaceAroundEqualsIsAccepted() throws {
        let declaration = "<?xml version=\"1.0\"\n   encoding \n=\t'UTF-8' ?>"
        let measured = measureParse(Array((declaration + "\n" + HostileDocuments.inlineBody()).utf8))
        expectWithinBounds(measured)
        let result = try measured.value.get()
        #expect(result.document.ads.first?.inLine?.adTitle == "Hostile")
    }

    @Test("An encoding written with white space around its = is still refused when it is UTF-7")
    func utf7WithWhiteSpaceAroundEqualsIsRefused() {
        let declaration = "<?xml version=\"1.0\" encoding\t=\n\"UTF-7\"?>"
        expectRefused(
            Array((declaration + "\n" + HostileDocuments.inlineBody()).utf8), as: .malformed, line: .exactly(1))
    }

    // MARK: NUL characters

    @Test("A NUL byte after the root element, followed by garbage, is malformed")
    func nulAfterRootIsMalformed() {
        let body = Array((HostileDocuments.declaration + "\n" + HostileDocuments.inlineBody()).utf8)
        let lines = body.filter { $0 == 0x0A }.count + 1
        let bytes = body + [0] + HostileDocuments.garbage(seed: 9, count: 512)
        let error = expectRefused(bytes, as: .malformed, line: .exactly(lines))
        #expect(error?.message.contains("NUL") == true, "\(String(describing: error))")
    }

    @Test("A NUL byte just before the root's end tag is malformed")
    func nulBeforeRootEndTagIsMalformed() {
        let text = HostileDocuments.declaration + "\n" + HostileDocuments.inlineBody()
        let cut = text.range(of: "</VAST>")!.lowerBound
        let bytes = Array(text[..<cut].utf8) + [0] + Array(text[cut...].utf8)
        expectRefused(bytes, as: .malformed, line: .present)
    }

    @Test("A NUL code unit in a UTF-16 document is malformed, while its ASCII's zero bytes are not NULs")
    func nulInUTF16IsMalformed() throws {
        let text = HostileDocuments.inlineBody(title: "a\u{0}b")
        let bytes = HostileDocuments.utf16WithBOM(text, bigEndian: false)
        expectRefused(bytes, as: .malformed, line: .exactly(6))
        let clean = HostileDocuments.utf16WithBOM(HostileDocuments.inlineBody(), bigEndian: true)
        let result = try VASTParser().parse(clean)
        #expect(result.document.ads.first?.inLine?.adTitle == "Hostile")
    }
}
