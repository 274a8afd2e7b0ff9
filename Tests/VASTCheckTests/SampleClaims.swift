import Foundation
import Testing

/// Every sample's verdict, IAB code and first finding, written by hand from the sample (its opening comment
/// says what it was written to show) and the VAST 4.3 text (`../shared/spec/VAST-4.3.md`, cited by section),
/// not from the checker's output. `vast-samples/NAME.expected.json` is regenerated from the output
/// (`Tools/regen-sample-expectations`) and `SampleCorpusTests` holds the output to it; this table holds
/// both to an independent statement, so that an expectation regenerated from a wrong answer fails.
enum SampleClaims {
    /// (sample, valid, IAB code or nil, first finding as "severity rule" or nil, the sections it rests on).
    static let table: [(sample: String, valid: Bool, code: Int?, first: String?, basis: String)] = [
        (
            "v10-video-ad-serving-template", false, 102, nil,
            "VAST 4.3 §3.2 (the root is <VAST> with a version), §2.3.6.3 (102)"
        ),
        ("v20-inline-linear", true, nil, nil, "VAST 4.3 §3.4, §3.8"),
        ("v20-inline-nonlinear-companion", true, nil, nil, "VAST 4.3 §3.12, §3.13"),
        (
            "v20-tracking-event-version", true, nil, "warning tracking.event-version",
            "VAST 4.3 §3.14.1 (skip and closeLinear came with 3.0, playerExpand with 4.0)"
        ),
        ("v20-wrapper-basic", true, nil, nil, "VAST 4.3 §3.19"),
        (
            "v20-wrapper-legacy-tag-url", true, nil, "warning schema.legacy",
            "VAST 4.3 §3.19.1 (the element is VASTAdTagURI)"
        ),
        ("v30-inline-linear-icons", true, nil, nil, "VAST 4.3 §3.8, §3.11"),
        (
            "v30-invalid-duration-format", false, nil, "error time.format",
            "VAST 4.3 §3.8.1 (HH:MM:SS.mmm; minutes 00 to 59)"
        ),
        (
            "v30-invalid-inline-missing-impression", false, nil, "error required-element",
            "VAST 4.3 §3.4.4 (Impression required)"
        ),
        ("v30-malformed-mismatched-tags", false, 100, nil, "VAST 4.3 §2.3.2, §2.3.6.3 (100)"),
        ("v30-messy-time-lenient", true, nil, "warning time.lenient", "VAST 4.3 §3.8.1, §3.14.3 (time formats)"),
        ("v30-pod-three-ads", true, nil, nil, "VAST 4.3 §3.3.1 (play order by sequence)"),
        (
            "v30-version-element", true, nil, "warning version.element",
            "VAST 4.3 §3.4.3 (AdServingId is 4.1's), §3.7.1, §3.9.2"
        ),
        ("v30-wrapper-basic", true, nil, nil, "VAST 4.3 §3.19"),
        ("v30-wrapper-relative-tag-uri", true, nil, "warning url.relative", "VAST 4.3 §3.19.1, §2.3.3"),
        ("v40-inline-linear", true, nil, nil, "VAST 4.3 §3.7.1, §3.9.2, §3.9.3, §3.16"),
        ("v40-messy-adid-case", true, nil, "warning attribute.name-case", "VAST 4.3 §3.7 (adId)"),
        (
            "v40-wrapper-attributes", true, nil, nil,
            "VAST 4.3 §3.19 (followAdditionalWrappers, allowMultipleAds, fallbackOnNoAd)"
        ),
        ("v41-buffet-with-pod", true, nil, nil, "VAST 4.3 §3.3.1 (pods and buffets)"),
        ("v41-inline-linear", true, nil, nil, "VAST 4.3 §3.4.3, §3.4.10, §3.9.1, §3.9.4"),
        (
            "v41-invalid-attribute-values", false, nil, "warning attribute.enumeration",
            "VAST 4.3 §3.4.8 (Pricing model, first in the document), §3.9.1, §3.13"
        ),
        (
            "v41-invalid-linear-missing-duration", false, nil, "error required-element",
            "VAST 4.3 §3.8.1 (Duration required)"
        ),
        ("v41-invalid-pod-duplicate-sequence", false, nil, "error pod.sequence-duplicate", "VAST 4.3 §3.3.1"),
        (
            "v41-invalid-verification-attributes", false, nil, "warning required-attribute",
            "VAST 4.3 §3.17 (vendor; a 4.1 document, so a warning), §3.17.1, §3.17.2"
        ),
        (
            "v41-messy-boolean-lenient", true, nil, "warning boolean.lenient",
            "VAST 4.3 §3.3.2 (conditionalAd is a boolean), §5"
        ),
        ("v41-verification", true, nil, nil, "VAST 4.3 §3.16, §3.17"),
        ("v41-wrapper-blocked-categories", true, nil, nil, "VAST 4.3 §3.19.2"),
        ("v42-companions-all-resources", true, nil, nil, "VAST 4.3 §3.13, §3.15"),
        (
            "v42-empty-root", true, nil, "warning schema.namespace",
            "VAST 4.3 §3.1 (namespace), §3.2 (a root with no Ad)"
        ),
        ("v42-inline-linear-full", true, nil, nil, "VAST 4.3 §3.8, §3.11, §3.14"),
        (
            "v42-invalid-ad-content-missing", false, nil, "error ad.content-missing",
            "VAST 4.3 §3.3.2 (an Ad holds InLine or Wrapper)"
        ),
        (
            "v42-invalid-creative-kind-missing", false, nil, "error creative.kind-missing",
            "VAST 4.3 §3.7 (a Creative holds Linear, NonLinearAds or CompanionAds)"
        ),
        ("v42-invalid-empty-required-values", false, nil, "error element.empty", "VAST 4.3 §3.4.1 to §3.4.4"),
        ("v42-invalid-inline-missing-adsystem", false, nil, "error required-element", "VAST 4.3 §3.4.1"),
        (
            "v42-invalid-mediafile-missing-attributes", false, nil, "error required-attribute",
            "VAST 4.3 §3.9.1 (type, width, height required)"
        ),
        (
            "v42-invalid-missing-resources", false, nil, "error resource.missing",
            "VAST 4.3 §3.15 (one resource required), §3.12.1, §3.13.1"
        ),
        (
            "v42-invalid-out-of-bounds-numbers", false, nil, "warning time.lenient",
            "VAST 4.3 §3.8.1 (a nine-digit hour is lenient, before the range errors)"
        ),
        (
            "v42-invalid-progress-without-offset", false, nil, "error tracking.progress-offset",
            "VAST 4.3 §3.14.3 (progress needs offset)"
        ),
        ("v42-invalid-tracking-event-unknown", false, nil, "error tracking.event-unknown", "VAST 4.3 §3.14.1"),
        ("v42-invalid-url", false, nil, "error url.invalid", "VAST 4.3 §2.3.3"),
        ("v42-malformed-truncated", false, 100, nil, "VAST 4.3 §2.3.2, §2.3.6.3 (100)"),
        ("v42-messy-no-namespace", true, nil, "warning schema.namespace", "VAST 4.3 §3.1"),
        ("v42-messy-offset-ignored", true, nil, "warning tracking.offset-ignored", "VAST 4.3 §3.14.3"),
        ("v42-messy-presentation-order", true, nil, "warning schema.child-order", "VAST 4.3 §5 (the schema's order)"),
        ("v42-messy-unencoded-macros", true, nil, "info url.macro-unencoded", "VAST 4.3 §2.3.3, §6.1"),
        ("v42-messy-url-split-cdata", true, nil, "warning url.split", "VAST 4.3 §2.3.3"),
        ("v42-messy-url-whitespace", true, nil, "info url.whitespace", "VAST 4.3 §2.3.3"),
        ("v42-no-ad-response", true, nil, "info root.no-ad", "VAST 4.3 §2.3.6.4, §3.2.1"),
        ("v42-nonlinear", true, nil, nil, "VAST 4.3 §3.12"),
        (
            "v42-unknown-element", true, nil, "warning schema.unknown-element",
            "VAST 4.3 §3.18 (foreign XML goes in Extensions)"
        ),
        ("v42-wrapper-full", true, nil, nil, "VAST 4.3 §3.19"),
        ("v43-extensions-decoys", true, nil, nil, "VAST 4.3 §3.18"),
        ("v43-inline-linear", true, nil, nil, "VAST 4.3 §3.4, §3.7.1, §3.11"),
        ("v50-unsupported-version", false, 102, nil, "VAST 4.3 §3.2 (version), §2.3.6.3 (102)"),
    ]
}

@Suite struct SampleClaimsTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("vast-samples")

    @Test func everySampleHasExactlyOneClaim() throws {
        let samples = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path)
            .filter { $0.hasSuffix(".xml") }.map { String($0.dropLast(4)) }
        #expect(samples.count == 54)
        #expect(Set(SampleClaims.table.map(\.sample)).count == SampleClaims.table.count)
        #expect(Set(samples) == Set(SampleClaims.table.map(\.sample)))
        print(
            "sample claims: \(SampleClaims.table.count) samples' verdict and first finding checked against a hand-written table"
        )
    }

    @Test(arguments: SampleClaims.table.map(\.sample))
    func theExpectationSaysWhatTheClaimSays(_ sample: String) throws {
        let claim = try #require(SampleClaims.table.first { $0.sample == sample })
        let data = try Data(contentsOf: Self.folder.appendingPathComponent("\(sample).expected.json"))
        let expected = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(expected["valid"] as? Bool == claim.valid)
        #expect(expected["errorCode"] as? Int == claim.code)
        let findings = try #require(expected["findings"] as? [String])
        let first = findings.first.map { $0.split(separator: " ").prefix(2).joined(separator: " ") }
        #expect(first == claim.first, "\(findings.first ?? "no finding")")
        #expect(claim.basis.hasPrefix("VAST 4.3 §"))
    }
}
