import Foundation
import Testing
import VASTCheck

/// Every bundled sample against the expected result beside it (`NAME.expected.json`).
@Suite struct SampleCorpusTests {
    static let samples: [String] = {
        let folder = Repository.path("vast-samples")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { $0.hasSuffix(".xml") }.sorted()
    }()

    @Test func theBundledCorpusHasAtLeastThirtySamples() async {
        #expect(Self.samples.count >= 30)
    }

    @Test(arguments: samples)
    func sampleMatchesItsExpectedResult(_ name: String) async throws {
        let path = Repository.path("vast-samples/" + name)
        let expectedData = try Data(contentsOf: URL(fileURLWithPath: String(path.dropLast(4)) + ".expected.json"))
        let expected = try #require(try JSONSerialization.jsonObject(with: expectedData) as? [String: Any])

        let captured = CapturedConsole()
        let code = await captured.run(["validate", "--json", path])
        let documents = try #require(try captured.json()["documents"] as? [[String: Any]])
        let document = try #require(documents.first)
        #expect(documents.count == 1)

        let valid = try #require(expected["valid"] as? Bool)
        #expect(document["valid"] as? Bool == valid)
        #expect(code == (valid ? .success : .invalid))
        #expect(document["vastVersion"] as? String == expected["vastVersion"] as? String)
        #expect(document["errorCode"] as? Int == expected["errorCode"] as? Int)
        #expect(document["counts"] as? [String: Int] == expected["counts"] as? [String: Int])

        let findings = try #require(document["findings"] as? [[String: Any]]).map { finding in
            "\(finding["severity"] ?? "") \(finding["rule"] ?? "") \(finding["location"] ?? "")"
        }
        #expect(findings == expected["findings"] as? [String])
        let rules = Set(findings.map { $0.split(separator: " ")[1] }.map(String.init))
        for exercised in expected["exercises"] as? [String] ?? []
        where !["xml.malformed", "vast.version-unsupported"].contains(exercised) {
            #expect(rules.contains(exercised), "\(name) was written to exercise \(exercised)")
        }
    }
}
