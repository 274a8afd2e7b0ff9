import Foundation
import TestSupport
import Testing
import VAST

/// The writer's spelling, escaping and refusals, checked by reading its output back with the parser
/// and, for escaping, with Python's expat (a reader we did not write and that is not libxml2).
@Suite struct VASTWriterTests {
    /// An InLine ad with one Linear creative, for tests that vary a field or two.
    static func document(version: String = "4.2", _ change: (inout VASTInLine) -> Void = { _ in }) -> VASTDocument {
        var inLine = VASTInLine()
        inLine.common.adSystem = VASTAdSystem(name: "Writer")
        inLine.common.impressions = [VASTImpression(url: "https://ads.example.com/imp")]
        inLine.adTitle = "Title"
        if let known = VASTVersion(rawValue: version), known >= .v4_1 { inLine.adServingId = "serving" }
        var linear = VASTLinear()
        linear.duration = VASTTime(milliseconds: 15_000)
        var file = VASTMediaFile(url: "https://cdn.example.com/a.mp4")
        file.delivery = "progressive"
        file.type = "video/mp4"
        file.width = 640
        file.height = 360
        linear.mediaFiles = [file]
        var creative = VASTCreative()
        creative.universalAdIds = [VASTUniversalAdId(idRegistry: "Ad-ID", value: "W1")]
        creative.kind = .linear(linear)
        inLine.creatives = [creative]
        change(&inLine)
        return VASTDocument(version: version, ads: [VASTAd(id: "w", content: .inLine(inLine))])
    }

    private func roundTrip(_ document: VASTDocument) throws -> (xml: String, read: VASTParseResult) {
        let xml = try VASTWriter().write(document)
        return (xml, try VASTParser().parse(xml))
    }

    @Test func aCleanDocumentReadsBackEqualAndValid() throws {
        let document = Self.document()
        let (xml, read) = try roundTrip(document)
        #expect(read.document == document)
        #expect(read.findings.map { "\($0.severity.rawValue) \($0.rule)" } == [])
        #expect(
            xml.hasPrefix(
                #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
                    + #"<VAST version="4.2" xmlns="http://www.iab.com/VAST">"#))
        #expect(xml.hasSuffix("</VAST>\n"))
    }

    @Test func urlsAreWrittenInCDATAUnlessTheyHoldTheSectionsEnd() throws {
        let plain = "https://ads.example.com/imp?a=1&b=<2>"
        let awkward = "https://ads.example.com/imp?x=]]>&y=1"
        let document = Self.document {
            $0.common.impressions = [VASTImpression(url: plain), VASTImpression(url: awkward)]
        }
        let (xml, read) = try roundTrip(document)
        #expect(xml.contains("<Impression><![CDATA[\(plain)]]></Impression>"))
        #expect(xml.contains("<Impression>https://ads.example.com/imp?x=]]&gt;&amp;y=1</Impression>"))
        #expect(read.document == document)
        #expect(!read.findings.contains { $0.rule == "url.split" })
    }

    /// Values full of what XML must escape, read back by expat: attributes keep tabs, newlines and
    /// carriage returns (a reader would normalise them to spaces unless they are character references).
    @Test func escapedValuesReadBackExactlyInAnotherXMLReader() async throws {
        let attribute = "a&b<c>d\"e'f\tg\nh\ri]]>j"
        let text = "Title & <co> \"quoted\" 'single' ]]> cr\rend"
        let markup = "<div class=\"x\">a &amp; b</div>"
        let document = Self.document {
            $0.adTitle = text
            $0.common.adSystem = VASTAdSystem(name: "Writer", version: attribute)
            $0.description = markup
        }
        let (xml, read) = try roundTrip(document)
        #expect(read.document == document)
        let readBack = try await Self.expat(
            xml,
            script: """
                sys.stdout.write(json.dumps({
                    "version": root.find(".//v:AdSystem", ns).get("version"),
                    "title": root.find(".//v:AdTitle", ns).text,
                    "description": root.find(".//v:Description", ns).text,
                }))
                """)
        #expect(readBack == ["version": attribute, "title": text, "description": markup])
    }

    @Test(arguments: [
        ("\u{0}", "U+0000"), ("\u{1}", "U+0001"), ("\u{1F}", "U+001F"), ("\u{FFFE}", "U+FFFE"), ("\u{FFFF}", "U+FFFF"),
    ])
    func charactersXMLCannotHoldAreRefusedWithTheirLocation(_ character: String, _ name: String) throws {
        let inText = Self.document { $0.adTitle = "bad\(character)title" }
        let textError = try #require(throws: VASTWriteError.self) { try VASTWriter().write(inText) }
        #expect(textError.code == .unrepresentableCharacter)
        #expect(textError.location == "/VAST/Ad[1]/InLine/AdTitle")
        #expect(textError.message.contains(name))

        let inURL = Self.document { $0.common.errors = ["https://e.example/\(character)"] }
        let urlError = try #require(throws: VASTWriteError.self) { try VASTWriter().write(inURL) }
        #expect(urlError.location == "/VAST/Ad[1]/InLine/Error[1]")

        let inAttribute = Self.document { $0.categories = [VASTCategory(authority: "x\(character)", value: "IAB1")] }
        let attributeError = try #require(throws: VASTWriteError.self) { try VASTWriter().write(inAttribute) }
        #expect(attributeError.location == "/VAST/Ad[1]/InLine/Category[1]")
        #expect(attributeError.message.hasPrefix("attribute authority holds \(name)"))
    }

    @Test func attributeNamesAreSpelledAsTheVersionSpellsThem() throws {
        for (version, adId, adSlot, namespace) in [
            ("2.0", "AdID", "adSlotID", false), ("3.0", "AdID", "adSlotID", false), ("4.0", "adId", "adSlotID", true),
            ("4.1", "adId", "adSlotId", true), ("4.3", "adId", "adSlotId", true),
        ] {
            var companion = VASTCompanion()
            companion.width = 300
            companion.height = 250
            companion.adSlotId = "side"
            companion.resources = [.staticResource(creativeType: "image/png", url: "https://cdn.example.com/c.png")]
            var companions = VASTCompanionAds()
            companions.companions = [companion]
            let isVAST4 = version >= "4.0"
            var second = VASTCreative()
            second.universalAdIds = isVAST4 ? [VASTUniversalAdId(idRegistry: "Ad-ID", value: "W2")] : []
            second.kind = .companionAds(companions)
            let document = Self.document(version: version) {
                $0.creatives[0].adId = "AD-1"
                if !isVAST4 { $0.creatives[0].universalAdIds = [] }
                $0.creatives.append(second)
            }
            let (xml, read) = try roundTrip(document)
            #expect(xml.contains(#"<Creative \#(adId)="AD-1">"#), "\(version)")
            #expect(xml.contains(#" \#(adSlot)="side""#), "\(version)")
            #expect(
                xml.contains(#"xmlns="http://www.iab.com/VAST""#) == namespace && namespace == isVAST4, "\(version)")
            #expect(read.document == document, "\(version)")
            // 4.0's schema also requires UniversalAdId@idValue (a schema warning for each); nothing else is reported.
            let expected = version == "4.0" ? ["required-attribute", "required-attribute"] : []
            #expect(read.findings.filter { $0.severity != .info }.map(\.rule) == expected, "\(version)")
        }
    }

    @Test func timesAndPercentagesAreWrittenStrictlyAndReadBackTheSame() throws {
        let document = Self.document {
            guard var linear = $0.creatives[0].linear else { return }
            linear.duration = VASTTime(milliseconds: 3_723_004)
            linear.skipOffset = .percent(0.00001)
            linear.trackingEvents = [
                VASTTrackingEvent(event: .progress, offset: .percent(12.5), url: "https://t.example/p"),
                VASTTrackingEvent(
                    event: .progress, offset: .time(VASTTime(milliseconds: 82_800_000)), url: "https://t.example/h"),
            ]
            $0.creatives[0].kind = .linear(linear)
        }
        let (xml, read) = try roundTrip(document)
        #expect(xml.contains("<Duration>01:02:03.004</Duration>"))
        #expect(xml.contains(#"skipoffset="0.00001%""#))
        #expect(xml.contains(#"offset="12.5%""#))
        #expect(xml.contains(#"offset="23:00:00.000""#))
        #expect(read.document == document)
    }

    @Test func numbersAndTimesVASTCannotCarryAreRefused() throws {
        let negative = Self.document {
            guard var linear = $0.creatives[0].linear else { return }
            linear.mediaFiles[0].width = -640
            $0.creatives[0].kind = .linear(linear)
        }
        let widthError = try #require(throws: VASTWriteError.self) { try VASTWriter().write(negative) }
        #expect(widthError.code == .valueOutOfRange)
        #expect(widthError.location == "/VAST/Ad[1]/InLine/Creatives/Creative[1]/Linear/MediaFiles/MediaFile[1]")
        #expect(widthError.message == "width is -640; VAST numbers are whole numbers from 0")

        for offset in [VASTTimeOffset.percent(150), .percent(.nan), .percent(-1), .percent(33.333333333333336)] {
            let document = Self.document {
                guard var linear = $0.creatives[0].linear else { return }
                linear.skipOffset = offset
                $0.creatives[0].kind = .linear(linear)
            }
            let error = try #require(throws: VASTWriteError.self) { try VASTWriter().write(document) }
            #expect(
                error.code == .valueOutOfRange && error.location == "/VAST/Ad[1]/InLine/Creatives/Creative[1]/Linear")
        }
        let tooLong = Self.document {
            guard var linear = $0.creatives[0].linear else { return }
            linear.duration = VASTTime(milliseconds: Int.max)
            $0.creatives[0].kind = .linear(linear)
        }
        let durationError = try #require(throws: VASTWriteError.self) { try VASTWriter().write(tooLong) }
        #expect(durationError.location == "/VAST/Ad[1]/InLine/Creatives/Creative[1]/Linear/Duration")
        let expires = Self.document { $0.expires = -1 }
        #expect(throws: VASTWriteError.self) { try VASTWriter().write(expires) }
    }

    @Test func anUnknownVersionIsRefusedAndAMissingOneIsLeftOut() throws {
        let error = try #require(throws: VASTWriteError.self) { try VASTWriter().write(VASTDocument(version: "5.0")) }
        #expect(error.code == .unsupportedVersion && error.location == "/VAST")
        let unversioned = Self.document(version: "")
        let (xml, read) = try roundTrip(unversioned)
        #expect(xml.contains("<VAST xmlns=\"http://www.iab.com/VAST\">"))
        #expect(read.document == unversioned)
        let written = VASTDocument(version: " 3.0 ")
        #expect(try roundTrip(written).read.document == written)
    }

    @Test(arguments: [
        ("</Extension></Extensions><Impression>https://evil.example/</Impression><Extensions><Extension>", "closes"),
        ("</Extension></Extensions></InLine></Ad><Ad><InLine><Extensions><Extension>", "closes"),
        ("<open>", "not well-formed"),
        ("<foo:bar>x</foo:bar>", "not well-formed"),
        ("a & b", "not well-formed"),
        ("<?xml version=\"1.0\"?>", "not well-formed"),
    ])
    func extensionXMLThatWouldNotReadBackIsRefused(_ rawXML: String, _ phrase: String) throws {
        let document = Self.document { $0.common.extensions = [VASTExtension(type: "x", rawXML: rawXML)] }
        let error = try #require(throws: VASTWriteError.self) { try VASTWriter().write(document) }
        #expect(error.code == .invalidExtension)
        #expect(error.location == "/VAST/Ad[1]/InLine/Extensions/Extension[1]")
        #expect(error.message.contains(phrase), "\(error.message)")
    }

    @Test func extensionAttributesMustReadBackAsWritten() throws {
        for attributes in [
            [VASTAttribute(name: "type", value: "a"), VASTAttribute(name: "type", value: "b")],
            [VASTAttribute(name: "bad name", value: "a")],
            [VASTAttribute(name: "x:type", value: "a")],
            [VASTAttribute(name: "type", value: "not the type")],
        ] {
            let document = Self.document {
                $0.common.extensions = [VASTExtension(type: "a", attributes: attributes, rawXML: "")]
            }
            let error = try #require(throws: VASTWriteError.self) { try VASTWriter().write(document) }
            #expect(error.code == .invalidExtension, "\(attributes)")
        }
        let fine = Self.document {
            $0.common.extensions = [
                VASTExtension(
                    type: "t",
                    attributes: [
                        VASTAttribute(name: "type", value: "t"), VASTAttribute(name: "v", value: "\"1\" & <2>"),
                    ],
                    rawXML: #"<x:a xmlns:x="urn:x" q="&amp;">t &lt; <![CDATA[<raw>]]></x:a>"#)
            ]
        }
        let (xml, read) = try roundTrip(fine)
        #expect(xml.contains(#"<Extension type="t" v="&quot;1&quot; &amp; &lt;2&gt;"><x:a xmlns:x="urn:x" q="&amp;">"#))
        #expect(read.document == fine)
    }

    /// The parser keeps no namespace declaration made on `<Extension>` itself (or above it), so such
    /// an extension cannot be written back as it was: the writer refuses instead of writing a
    /// document no reader accepts.
    @Test func anExtensionUsingAPrefixDeclaredOutsideItIsRefusedNotWrittenMalformed() throws {
        let source = """
            <VAST version="4.2" xmlns="http://www.iab.com/VAST"><Ad id="n"><InLine><AdSystem>s</AdSystem>
            <Impression><![CDATA[https://ads.example.com/imp]]></Impression><AdServingId>x</AdServingId><AdTitle>t</AdTitle>
            <Extensions><Extension type="ns" xmlns:foo="urn:foo"><foo:bar>1</foo:bar></Extension></Extensions>
            <Creatives/></InLine></Ad></VAST>
            """
        let parsed = try VASTParser().parse(source).document
        #expect(parsed.ads.first?.inLine?.common.extensions.first?.rawXML == "<foo:bar>1</foo:bar>")
        let error = try #require(throws: VASTWriteError.self) { try VASTWriter().write(parsed) }
        #expect(error.code == .invalidExtension)
        #expect(error.message.contains("namespace prefix must be declared inside the extension"))
    }

    /// Property: seeded models whose strings are drawn from what XML escapes (and from what it cannot
    /// hold, which must be refused) round-trip equal or are refused, never written wrong.
    @Test func generatedModelsWithHostileStringsRoundTripOrAreRefused() throws {
        var random = SplitMix64(seed: 0x5EED_0010)
        let alphabet: [String] = [
            "a", "Z", "0", " ", "&", "<", ">", "\"", "'", "]]>", "]", "\t", "\n", "\r", "é", "😀",
            "&amp;", "<![CDATA[", "%5B", "[ERRORCODE]", "\u{85}", "\u{2028}",
        ]
        let forbidden = ["\u{0}", "\u{8}", "\u{FFFE}"]
        var written = 0
        var refused = 0
        for _ in 0..<300 {
            func string(trimmed: Bool) -> String {
                var value = (0..<Int.random(in: 1...12, using: &random)).map { _ in
                    alphabet.randomElement(using: &random) ?? "a"
                }
                .joined()
                if Int.random(in: 0..<40, using: &random) == 0 {
                    value += forbidden.randomElement(using: &random) ?? ""
                }
                return trimmed ? "x" + value + "x" : value
            }
            let document = Self.document {
                $0.adTitle = string(trimmed: true)
                $0.description = string(trimmed: true)
                $0.common.adSystem = VASTAdSystem(name: string(trimmed: true), version: string(trimmed: false))
                $0.common.errors = [string(trimmed: true), "https://e.example/?" + string(trimmed: true)]
                $0.categories = [VASTCategory(authority: string(trimmed: false), value: string(trimmed: true))]
                $0.common.extensions = [
                    VASTExtension(
                        type: string(trimmed: false), attributes: [VASTAttribute(name: "type", value: "")], rawXML: "")
                ]
                $0.common.extensions[0].attributes[0].value = $0.common.extensions[0].type ?? ""
            }
            do {
                let (_, read) = try roundTrip(document)
                #expect(read.document == document)
                written += 1
            } catch let error as VASTWriteError {
                #expect(error.code == .unrepresentableCharacter, "\(error)")
                refused += 1
            }
        }
        #expect(written > 200 && refused > 0)
    }

    // MARK: Helpers

    /// Runs `script` in Python with `root` bound to the parsed document (expat) and `ns` to the VAST
    /// namespace, and returns the JSON object it prints.
    static func expat(_ xml: String, script: String) async throws -> [String: String] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("writer-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("doc.xml")
        try Data(xml.utf8).write(to: file)
        let output = try await ProgramRun.python([
            "-c",
            """
            import json, sys, xml.etree.ElementTree as ET
            root = ET.parse(sys.argv[1]).getroot()
            ns = {"v": "http://www.iab.com/VAST"}
            \(script)
            """, file.path,
        ]).output
        return try #require(try JSONSerialization.jsonObject(with: output) as? [String: String])
    }
}
