import Foundation
import TestSupport
import Testing
import VAST

/// The model as JSON: complete against an independent reader (Python's ElementTree lists every URL
/// of every corpus document; each must be in the JSON), valid JSON, empty URLs left out, and a
/// resolved ad's parts and merged lists each with their hop.
@Suite struct ModelJSONTests {
    /// VAST's URL elements (VAST 4.3 sections 3.4 to 3.19).
    static let urlElements = [
        "Error", "Impression", "Viewable", "NotViewable", "ViewUndetermined", "JavaScriptResource",
        "ExecutableResource",
        "Tracking", "VASTAdTagURI", "MediaFile", "Mezzanine", "InteractiveCreativeFile", "ClosedCaptionFile",
        "ClickThrough",
        "ClickTracking", "CustomClick", "StaticResource", "IFrameResource", "IconClickThrough", "IconClickTracking",
        "IconViewTracking", "NonLinearClickThrough", "NonLinearClickTracking", "CompanionClickThrough",
        "CompanionClickTracking", "Survey",
    ]

    @Test func everyURLOfEveryCorpusDocumentIsInItsModelJSON() async throws {
        let paths = RoundTripCorpus.paths()
        let independent = try await Self.pythonURLs(paths)
        var checked = 0
        var skipped: [String] = []
        for path in paths {
            let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
            guard let result = try? VASTParser().parse(bytes) else { continue }
            let json = result.document.modelJSON
            // Valid JSON, read back by Foundation's reader.
            #expect((try? JSONSerialization.jsonObject(with: Data(json.serialized().utf8))) != nil, "\(path)")
            // Elements the parser skips (unknown or misplaced, reported) are not in the model.
            if result.findings.contains(where: { $0.rule == "schema.unknown-element" && $0.severity == .warning }) {
                skipped.append(RoundTripCorpus.shortName(path))
                continue
            }
            var available = Self.strings(in: json).reduce(into: [String: Int]()) { $0[$1, default: 0] += 1 }
            var missing: [String] = []
            for url in independent[path] ?? [] where !url.isEmpty {
                if available[url, default: 0] > 0 { available[url, default: 0] -= 1 } else { missing.append(url) }
            }
            #expect(missing == [], "\(RoundTripCorpus.shortName(path))")
            checked += 1
        }
        #expect(checked + skipped.count == 50 + (RoundTripCorpus.hasIAB ? 69 : 0))
        #expect(skipped == ["vast-samples/v42-unknown-element.xml"])
    }

    @Test func emptyURLsAreLeftOutNotListed() throws {
        let xml = """
            <VAST version="4.2" xmlns="http://www.iab.com/VAST"><Ad id="e"><InLine><AdSystem>s</AdSystem>
            <Error></Error><Error><![CDATA[https://e.example/error]]></Error>
            <Impression id="empty"> </Impression><Impression><![CDATA[https://e.example/imp]]></Impression>
            <AdServingId>x</AdServingId><AdTitle>t</AdTitle>
            <Creatives><Creative><Linear><TrackingEvents><Tracking event="start"></Tracking>
            <Tracking event="complete"><![CDATA[https://e.example/complete]]></Tracking></TrackingEvents>
            <Duration>00:00:05</Duration><MediaFiles><MediaFile delivery="progressive" type="video/mp4" width="1" height="1"></MediaFile></MediaFiles>
            <VideoClicks><ClickThrough></ClickThrough><ClickTracking/></VideoClicks>
            </Linear><UniversalAdId idRegistry="Ad-ID">E</UniversalAdId></Creative></Creatives></InLine></Ad></VAST>
            """
        let json = try VASTParser().parse(xml).document.modelJSON
        let text = json.serialized()
        #expect(!text.contains(#""url":"""#))
        #expect(!Self.strings(in: json).contains(""))
        let inLine = try #require(Self.object(json, "ads", 0, "inLine"))
        #expect(Self.value(inLine, "errors") == .array([.string("https://e.example/error")]))
        #expect(Self.value(inLine, "impressions") == .array([.object([("url", .string("https://e.example/imp"))])]))
        let linear = try #require(Self.object(.object(inLine), "creatives", 0, "linear"))
        #expect(
            Self.value(linear, "trackingEvents")
                == .array([
                    .object([("event", .string("complete")), ("url", .string("https://e.example/complete"))])
                ]))
        #expect(
            Self.value(linear, "mediaFiles")
                == .array([
                    .object([
                        ("delivery", .string("progressive")), ("type", .string("video/mp4")), ("width", .int(1)),
                        ("height", .int(1)),
                    ])
                ]))
        #expect(Self.value(linear, "videoClicks") == .object([]), "VideoClicks is there, its URLs are not")
    }

    @Test func aResolvedAdShowsEachPartWithItsHopAndKeepsLinearAndNonLinearTrackingApart() throws {
        let nonLinear = """
            <Creative><NonLinearAds><TrackingEvents><Tracking event="creativeView"><![CDATA[https://w1.example/nl-view]]></Tracking>
            </TrackingEvents></NonLinearAds></Creative>
            <Creative><Linear><TrackingEvents><Tracking event="creativeView"><![CDATA[https://w1.example/view]]></Tracking>
            </TrackingEvents></Linear></Creative>
            """
        let resolved = try VASTWriterFlatteningTests.resolve([
            VASTWriterFlatteningTests.wrapper(0), VASTWriterFlatteningTests.wrapper(1, creatives: nonLinear),
            VASTWriterFlatteningTests.inLine,
        ])
        let json = resolved.modelJSON
        guard case .object(let members) = json else {
            Issue.record("not an object")
            return
        }
        #expect(members.map(\.0) == ["hop", "sequence", "ad", "wrappers", "merged"])
        #expect(Self.value(members, "sequence") == .int(2))
        #expect(Self.value(members, "hop") == .int(2))
        let wrappers = try #require(Self.value(members, "wrappers"))
        guard case .array(let layers) = wrappers else {
            Issue.record("wrappers is not a list")
            return
        }
        #expect(layers.map { Self.object($0).flatMap { Self.value($0, "hop") } } == [.int(0), .int(1)])
        #expect(Self.object(json, "ad", "inLine").flatMap { Self.value($0, "adTitle") } == .string("In"))
        let merged = try #require(Self.object(json, "merged"))
        #expect(
            Self.value(merged, "impressions")
                == .array([
                    .object([("url", .string("https://w0.example/impression")), ("hop", .int(0))]),
                    .object([("url", .string("https://w1.example/impression")), ("hop", .int(1))]),
                    .object([("url", .string("https://in.example/impression")), ("hop", .int(2))]),
                ]))
        #expect(
            Self.value(merged, "nonLinearTracking")
                == .array([
                    .object([
                        ("event", .string("creativeView")), ("url", .string("https://w1.example/nl-view")),
                        ("hop", .int(1)),
                    ])
                ]))
        let linearViews = Self.strings(in: Self.value(merged, "linearTracking") ?? .null).filter {
            $0.hasSuffix("view")
        }
        #expect(linearViews == ["https://w1.example/view"])
        #expect(Self.value(merged, "companionTracking") == nil)
    }

    // MARK: Helpers

    /// Every string value in `json` (keys excluded), depth first.
    static func strings(in json: OrderedJSON) -> [String] {
        switch json {
        case .string(let value): [value]
        case .array(let items): items.flatMap(strings)
        case .object(let members): members.flatMap { strings(in: $0.1) }
        default: []
        }
    }

    static func value(_ members: [(String, OrderedJSON)], _ key: String) -> OrderedJSON? {
        members.first { $0.0 == key }?.1
    }

    static func object(_ json: OrderedJSON) -> [(String, OrderedJSON)]? {
        if case .object(let members) = json { return members }
        return nil
    }

    /// The object at a path of keys and array indexes.
    static func object(_ json: OrderedJSON, _ path: any Sendable...) -> [(String, OrderedJSON)]? {
        var current = json
        for step in path {
            switch (current, step) {
            case (.object(let members), let key as String):
                guard let next = value(members, key) else { return nil }
                current = next
            case (.array(let items), let index as Int) where items.indices.contains(index):
                current = items[index]
            default:
                return nil
            }
        }
        return object(current)
    }

    /// The trimmed text of every URL element of each document, outside Extensions, read by ElementTree.
    static func pythonURLs(_ paths: [String]) async throws -> [String: [String]] {
        let script = """
            import json, sys, xml.etree.ElementTree as ET
            names = set(sys.argv[1].split(","))
            out = {}
            def walk(element, found):
                local = element.tag.rsplit("}", 1)[-1] if isinstance(element.tag, str) else ""
                if local in ("Extensions", "CreativeExtensions"):
                    return
                if local in names and len(element) == 0:
                    found.append((element.text or "").strip(" \\t\\n\\r"))
                for child in element:
                    walk(child, found)
            for path in sys.argv[2:]:
                try:
                    root = ET.parse(path).getroot()
                except ET.ParseError:
                    continue
                found = []
                walk(root, found)
                out[path] = found
            sys.stdout.write(json.dumps(out))
            """
        let python = try await ProgramRun.python(["-c", script, urlElements.joined(separator: ",")] + paths)
        let output = python.output
        #expect(python.status == 0)
        return try #require(try JSONSerialization.jsonObject(with: output) as? [String: [String]])
    }
}
