import Foundation
import TestSupport
import Testing
import VAST

/// The attribute cap is applied before libxml2 reads a tag (the pre-scan), whatever else in the
/// document holds `=`. The pre-scan skips reading the tags of a document that has no more `=` in all
/// than one tag may have attributes; these documents hold that fast path to the full reading's answers:
/// a tag over the cap is refused before parsing, with `=` in quoted values, text, CDATA, comments and
/// processing instructions around it, and a tag at the cap is never refused, however many `=` those
/// hold.
@Suite struct AttributeCapTests {
    /// The default cap.
    static let cap = VASTParser.Limits.default.maxAttributesPerElement

    /// A valid ad whose `<VAST>` tag has `attributes` attributes, `version` and `attributes - 1` more
    /// (`k=v` as the value of `valued` of those), after `padding` bytes of comment, with `extra` more `=` spread over its text, CDATA,
    /// comments and processing instructions.
    static func document(
        attributes: Int, valued: Int, padding: Int, extra: Int, using generator: inout SplitMix64
    ) -> [UInt8] {
        var root = #"<VAST version="4.2""#
        for index in 0..<(attributes - 1) {
            root += index < valued ? #" a\#(index)="k=v""# : #" a\#(index)="v""#
        }
        root += ">"
        var title = "T"
        for _ in 0..<extra {
            switch Int.random(in: 0..<4, using: &generator) {
            case 0: title += "a=b"
            case 1: title += "<![CDATA[c=d]]>"
            case 2: title += "<!-- e=f -->"
            default: title += "<?p g=h?>"
            }
        }
        // The body's one `<VAST version="4.2">` start tag becomes the root above.
        let body = HostileDocuments.inlineBody(title: title)
            .replacingOccurrences(of: #"<VAST version="4.2">"#, with: root)
        let comment = "<!--" + String(repeating: "-x", count: padding / 2) + "-->\n"
        return Array((HostileDocuments.declaration + "\n" + comment + body).utf8)
    }

    @Test("A tag over the cap is refused before parsing, and one at it never, whatever else holds =")
    func theCapIsTheTagsWhereverTheDocumentsEqualsSignsStand() throws {
        var generator = SplitMix64(seed: 0x5EED_A77E)
        var refused = 0
        var passed = 0
        for attributes in [1, 2, Self.cap - 1, Self.cap, Self.cap + 1, Self.cap + 2] {
            for _ in 0..<24 {
                let valued = Int.random(in: 0...(attributes - 1), using: &generator)
                let padding = Int.random(in: 0..<600, using: &generator)
                let extra = [0, 1, Int.random(in: 0..<300, using: &generator)].randomElement(using: &generator)!
                let bytes = Self.document(
                    attributes: attributes, valued: valued, padding: padding, extra: extra, using: &generator)
                let shape = "attributes=\(attributes) valued=\(valued) padding=\(padding) extra=\(extra)"
                do throws(VASTParseError) {
                    let result = try VASTParser().parse(bytes)
                    #expect(attributes <= Self.cap, "parsed: \(shape)")
                    #expect(result.document.ads.count == 1, "\(shape)")
                    passed += 1
                } catch {
                    #expect(attributes > Self.cap, "\(error): \(shape)")
                    #expect(error.code == .tooManyAttributes, "\(error): \(shape)")
                    #expect(
                        error.message == "a start tag has more than \(Self.cap) attributes; refused before parsing",
                        "\(shape)")
                    refused += 1
                }
            }
        }
        #expect(refused == 48)
        #expect(passed == 96)
    }

    @Test("A tag one over the cap is refused before parsing where it holds every = of the document")
    func aTagOverTheCapIsRefusedWhenItHoldsEveryEqualsSign() throws {
        // No declaration and no ad: the root's own attributes are the document's only `=`, so the
        // count that takes the fast path and the tag's count are the same number.
        func bare(_ attributes: Int) -> [UInt8] {
            var root = #"<VAST version="4.2""#
            for index in 1..<attributes { root += #" a\#(index)="v""# }
            return Array((root + "></VAST>").utf8)
        }
        #expect(bare(Self.cap + 1).filter { $0 == UInt8(ascii: "=") }.count == Self.cap + 1)
        do throws(VASTParseError) {
            _ = try VASTParser().parse(bare(Self.cap + 1))
            Issue.record("a tag of \(Self.cap + 1) attributes parsed")
        } catch {
            #expect(error.code == .tooManyAttributes, "\(error)")
            #expect(error.message == "a start tag has more than \(Self.cap) attributes; refused before parsing")
            #expect(error.line == 1)
        }
        let atTheCap = try VASTParser().parse(bare(Self.cap))
        #expect(atTheCap.document.ads.isEmpty)
    }
}
