/// What each golden file of `Golden/` claims, written by hand from its input and the VAST 4.3 text
/// (`../shared/spec/VAST-4.3.md`, cited by section), not from the command's output. The goldens themselves
/// were written from the output and are compared for drift; `GoldenClaimsTests` reads each golden and holds
/// what it says (verdict, IAB code, rule ids, beacon order, chain, decisions) to this table, so that a golden
/// regenerated from a wrong answer fails here even though it matches the output.
///
/// Reviewed row by row: the inputs are the test that writes the golden (named beside each group), the sample
/// or chain it reads, and the flags it passes. Sections are the spec's (2.3.6.3 is the error-code table).
enum GoldenClaims {
    /// One golden's claim.
    enum Claim: Sendable {
        /// `validate`: ✓/✗, the IAB code on the verdict line (nil: none), every finding's rule id in order.
        case verdict(valid: Bool, code: Int?, rules: [String])
        /// `simulate --json`: the beacons' events in the order they fire.
        case events([String])
        /// `simulate`: its closing line.
        case closing(String)
        /// `inspect`: the hops' kinds, the ad that plays, the MediaFile chosen and the impressions fired.
        case chain(kinds: [String], ad: String, media: String, impressions: Int)
        /// `inspect --model`: the hops' kinds and the ads read.
        case model(kinds: [String], ads: Int)
        /// `--help`: the usage of this command (no VAST claim).
        case usage(String)
        /// `getad --scenario`: each request's decision reason in order, then the summary's counts.
        case decisions([String], summary: [String: Int])
    }

    /// The table: golden file name, claim, the spec sections (or repository document) the claim rests on.
    static let table: [(file: String, claim: Claim, basis: String)] = [
        // HelpGoldenTests: `vastcheck validate SAMPLE` over six samples.
        (
            "validate-v41-invalid-attribute-values.txt",
            .verdict(
                valid: false, code: 101,
                rules: [
                    "attribute.enumeration.Pricing.model", "attribute.enumeration.MediaFile.delivery",
                    "attribute.value", "attribute.enumeration.CompanionAds.required",
                ]),
            // model CPX outside CPM/CPC/CPE/CPV (3.4.8); delivery download outside progressive/streaming and
            // width "wide" not an integer (3.9.1); required "some" outside all/any/none (3.13); schema error 101.
            "VAST 4.3 §3.4.8, §3.9.1, §3.13, §2.3.6.3 (101)"
        ),
        ("validate-v42-inline-linear-full.txt", .verdict(valid: true, code: nil, rules: []), "VAST 4.3 §3.4, §3.8"),
        (
            "validate-v42-invalid-inline-missing-adsystem.txt",
            .verdict(valid: false, code: 101, rules: ["required-element.InLine.AdSystem"]),
            "VAST 4.3 §3.4.1 (AdSystem required), §2.3.6.3 (101)"
        ),
        (
            "validate-v42-malformed-truncated.txt", .verdict(valid: false, code: 100, rules: ["hop.document"]),
            "VAST 4.3 §2.3.2 (well-formed XML), §2.3.6.3 (100)"
        ),
        (
            "validate-v42-messy-no-namespace.txt", .verdict(valid: true, code: nil, rules: ["schema.namespace"]),
            // A schema deviation players accept: a warning, not an invalid verdict.
            "VAST 4.3 §3.1 (the response declares the VAST namespace)"
        ),
        (
            "validate-v42-no-ad-response.txt", .verdict(valid: true, code: nil, rules: ["root.no-ad"]),
            // Only root Error elements: a no-ad response is a valid answer, its Error fired with 303.
            "VAST 4.3 §3.2.1, §2.3.6.4"
        ),

        // WhyGoldenTests: `validate` on chains served from loopback and on files.
        (
            "why-http-status.txt", .verdict(valid: false, code: 301, rules: []),
            // The Wrapper's VASTAdTagURI answers 404: unavailable.
            "VAST 4.3 §2.3.6.3 (301), §3.19.1"
        ),
        (
            "why-own-request-404.txt", .verdict(valid: false, code: nil, rules: []),
            // 301 is for a Wrapper's URI; the tag's own request has no Wrapper, so no IAB code.
            "VAST 4.3 §2.3.6.3 (301 names the Wrapper's URI)"
        ),
        (
            "why-timeout.txt", .verdict(valid: false, code: 301, rules: []),
            "VAST 4.3 §2.3.6.3 (301: timeout of the Wrapper's VAST URI)"
        ),
        (
            "why-no-ad.txt", .verdict(valid: false, code: 303, rules: []),
            "VAST 4.3 §2.3.6.3 (303: no VAST response after Wrappers), §2.3.6.4"
        ),
        (
            "why-loop.txt", .verdict(valid: false, code: 300, rules: ["wrapper.loop"]),
            "VAST 4.3 §2.3.5.1 (infinite loops), §2.3.6.3 (300)"
        ),
        (
            "why-depth.txt", .verdict(valid: false, code: 302, rules: ["wrapper.chain"]),
            // --max-depth 1 over a chain of four: the second Wrapper is one too many.
            "VAST 4.3 §2.3.5.1, §2.3.6.3 (302: wrapper limit reached)"
        ),
        ("why-two-hops.txt", .verdict(valid: true, code: nil, rules: []), "VAST 4.3 §2.3.5, §3.19"),
        (
            "why-two-hops-verbose.txt",
            .verdict(valid: true, code: nil, rules: ["url.macro-unencoded", "url.macro-unencoded"]),
            // Each hop's Error URL carries [ERRORCODE] as written: information, once per hop.
            "VAST 4.3 §2.3.3 (encoding URIs), §6.1 (macros)"
        ),
        (
            "why-pod-dead-ad.txt", .verdict(valid: false, code: 301, rules: ["ad.failed"]),
            // A pod whose second ad is a Wrapper to a 404: that ad fails with 301, the first still plays.
            "VAST 4.3 §3.3.1 (pods), §2.3.6.3 (301)"
        ),
        (
            "why-file-line-column.txt",
            .verdict(
                valid: false, code: 101,
                rules: [
                    "schema.child-order", "attribute.enumeration.Pricing.model",
                    "attribute.enumeration.MediaFile.delivery",
                ]),
            // Pricing after AdTitle (the 4.2 schema orders it before); model CPX; delivery download.
            "VAST 4.3 §5 (schema order), §3.4.8, §3.9.1, §2.3.6.3 (101)"
        ),
        (
            "why-escaped-name.txt",
            .verdict(valid: false, code: 101, rules: ["attribute.enumeration.MediaFile.delivery"]),
            "VAST 4.3 §3.9.1 (delivery is progressive or streaming)"
        ),

        // SimulateCommandTests: `simulate` of v20-inline-linear (15 s; two Impressions; creativeView, start,
        // quartiles, complete, mute, fullscreen; a ClickTracking) and v42-inline-linear-full (30 s, skipoffset
        // 10%, start, progress at 00:00:05.250 and 75%, complete; a ClickTracking).
        (
            "simulate-v20-inline-linear.json",
            .events([
                "impression", "impression", "creativeView", "start", "firstQuartile", "midpoint", "thirdQuartile",
                "complete",
            ]),
            "VAST 4.3 §3.4.4, §3.14.1 (quartiles at 25, 50, 75 %)"
        ),
        (
            "simulate-v20-inline-linear.txt", .closing("8 beacons; playback ended completed."),
            "VAST 4.3 §3.14.1"
        ),
        (
            "simulate-v20-seek.json",
            // --seek-to 9 at 2 s: the quartiles passed over (25 %, 50 %) fire once, at 9 s.
            .events([
                "impression", "impression", "creativeView", "start", "firstQuartile", "midpoint", "thirdQuartile",
                "complete",
            ]),
            "VAST 4.3 §3.14.1"
        ),
        ("simulate-v20-seek.txt", .closing("8 beacons; playback ended completed."), "VAST 4.3 §3.14.1"),
        (
            "simulate-v20-inputs.json",
            // Skip at 1 s refused (no skipoffset), click at 2, mute at 3, fullscreen at 4, paused 5 to 8 s (no
            // pause or resume Tracking to fire), failure at 14 s of wall time = 11 s of play: the Error URL.
            .events([
                "impression", "impression", "creativeView", "start", "clickTracking", "mute", "firstQuartile",
                "fullscreen", "midpoint", "error",
            ]),
            "VAST 4.3 §3.8 (skipoffset), §3.10.2, §3.14.1, §3.4.11"
        ),
        (
            "simulate-v20-inputs.txt", .closing("10 beacons; playback ended interrupted; 1 input refused."),
            "VAST 4.3 §3.8 (not skippable without skipoffset)"
        ),
        (
            "simulate-v42-inline-linear-full.json",
            .events(["impression", "start", "progress", "progress", "complete"]),
            // No quartile Tracking in the document: only what it lists fires; progress at 5.25 s and 22.5 s.
            "VAST 4.3 §3.14.1 (progress offsets), §3.14.3"
        ),
        (
            "simulate-v42-inline-linear-full.txt", .closing("5 beacons; playback ended completed."),
            "VAST 4.3 §3.14.1"
        ),
        (
            "simulate-v42-skip.json", .events(["impression", "start", "clickTracking"]),
            // Mute at 1 s (no mute Tracking), click at 2.1 s, skip at 5 s, past the 10 % (3 s) skipoffset.
            "VAST 4.3 §3.8 (skipoffset), §3.10.2"
        ),
        ("simulate-v42-skip.txt", .closing("3 beacons; playback ended skipped."), "VAST 4.3 §3.8"),

        // SimulateChainTests: the three-hop chain (InspectChain), pause 3 to 4 s, click at 6 s, failure at 9 s.
        (
            "simulate-chain.json",
            .events([
                "impression", "impression", "impression", "start", "start", "start", "progress", "progress",
                "firstQuartile", "pause", "resume", "midpoint", "clickTracking", "clickTracking", "clickTracking",
                "thirdQuartile", "error", "error", "error",
            ]),
            // Every hop's trackers fire with the InLine's (wrappers add theirs); the failure fires every hop's Error.
            "VAST 4.3 §2.3.5 (wrapper tracking), §3.14.1, §3.4.11"
        ),
        (
            "simulate-chain.txt", .closing("19 beacons; playback ended interrupted."),
            "VAST 4.3 §2.3.5"
        ),

        // SimulateLibraryPlayTests: a pod of three (the second's only MediaFile is video/x-flv) and an overlay.
        (
            "simulate-pod-failing-middle-ad.json",
            .events([
                "impression", "start", "firstQuartile", "midpoint", "thirdQuartile", "complete", "error",
                "impression", "start", "firstQuartile", "midpoint", "thirdQuartile", "complete",
            ]),
            "VAST 4.3 §3.3.1 (pods play in sequence), §2.3.6.3 (403: no supported MediaFile)"
        ),
        (
            "simulate-pod-failing-middle-ad.txt", .closing("13 beacons in the break; 2 of 3 ads played, 1 skipped."),
            "VAST 4.3 §3.3.1, §2.3.6.3 (403)"
        ),
        (
            "simulate-nonlinear.json",
            .events([
                "impression", "creativeView", "viewable", "nonLinearClickTracking", "adExpand", "adCollapse", "close",
            ]),
            // Shown at 0, 100 % exposed (viewable at the click, 2 s in), expand 3 s, collapse 5 s, close 8 s.
            "VAST 4.3 §3.12, §3.5.1, §3.14.1"
        ),
        ("simulate-nonlinear.txt", .closing("7 beacons; the overlay was closed."), "VAST 4.3 §3.12"),

        // InspectCommandTests: the two samples and the three-hop chain.
        (
            "inspect-v20-inline-linear.json",
            // Of two MP4s and a VPAID script, the player profile's choice is the 720p MP4.
            .chain(
                kinds: ["inline"], ad: "v20-linear-001", media: "https://cdn.example.com/acme/sparkling-720.mp4",
                impressions: 2),
            "VAST 4.3 §3.9.1 (the player picks by attributes), §1.8 (VPAID is not a media file)"
        ),
        (
            "inspect-v20-inline-linear.txt",
            .chain(
                kinds: ["inline"], ad: "v20-linear-001", media: "https://cdn.example.com/acme/sparkling-720.mp4",
                impressions: 2), "VAST 4.3 §3.9.1"
        ),
        (
            "inspect-v42-inline-linear-full.json",
            .chain(
                kinds: ["inline"], ad: "v42-linear-040", media: "https://cdn.example.com/soylent/bar-1080.mp4",
                impressions: 1), "VAST 4.3 §3.9.1"
        ),
        (
            "inspect-v42-inline-linear-full.txt",
            .chain(
                kinds: ["inline"], ad: "v42-linear-040", media: "https://cdn.example.com/soylent/bar-1080.mp4",
                impressions: 1), "VAST 4.3 §3.9.1"
        ),
        (
            "inspect-chain.json",
            // Two Wrappers then the InLine: the impressions of all three hops fire (2.3.5).
            .chain(
                kinds: ["wrapper", "wrapper", "inline"], ad: "inline", media: "http://127.0.0.1:PORT/media/inline.mp4",
                impressions: 3), "VAST 4.3 §2.3.5, §3.19"
        ),
        (
            "inspect-chain.txt",
            .chain(
                kinds: ["wrapper", "wrapper", "inline"], ad: "inline", media: "http://127.0.0.1:PORT/media/inline.mp4",
                impressions: 3), "VAST 4.3 §2.3.5, §3.19"
        ),

        // InspectModelTests: `inspect --model`.
        ("inspect-model-chain.json", .model(kinds: ["wrapper", "wrapper", "inline"], ads: 1), "VAST 4.3 §2.3.5"),
        ("inspect-model-v40-inline-linear.json", .model(kinds: ["inline"], ads: 1), "VAST 4.3 §3.3.2, §3.4"),
        ("inspect-model-v41-inline-linear.json", .model(kinds: ["inline"], ads: 1), "VAST 4.3 §3.3.2, §3.4"),
        (
            "inspect-model-v42-companions-all-resources.json", .model(kinds: ["inline"], ads: 1),
            "VAST 4.3 §3.13, §3.15"
        ),
        ("inspect-model-v42-inline-linear-full.json", .model(kinds: ["inline"], ads: 1), "VAST 4.3 §3.3.2, §3.4"),

        // HelpGoldenTests: the usage of each command. No VAST claim: the CLI's own contract (docs/cli.md).
        ("help-main.txt", .usage("vastcheck:"), "docs/cli.md"),
        ("help-validate.txt", .usage("USAGE: vastcheck validate"), "docs/cli.md"),
        ("help-inspect.txt", .usage("USAGE: vastcheck inspect"), "docs/cli.md"),
        ("help-simulate.txt", .usage("USAGE: vastcheck simulate"), "docs/cli.md"),
        ("help-flatten.txt", .usage("USAGE: vastcheck flatten"), "docs/cli.md"),
        ("help-getad.txt", .usage("USAGE: vastcheck getad"), "docs/cli.md"),
        ("help-replay.txt", .usage("USAGE: vastcheck replay"), "docs/cli.md"),
        ("help-report.txt", .usage("USAGE: vastcheck report"), "docs/cli.md"),
        ("help-rules.txt", .usage("USAGE: vastcheck rules"), "docs/cli.md"),

        // GetAdScenarioTests: placement policy, not VAST (docs/presentations.md). A and B are clips presentations
        // (A opts in to the banner, B to the pre-roll), C a stories one; the tenant caps pre-rolls at 2 a session.
        (
            "getad-scenario.txt",
            .decisions(
                [
                    "allowed", "notOptedIn", "allowed", "notOptedIn", "preRollAlreadyShown", "allowed",
                    "minimumIntervalNotElapsed", "allowed", "tenantDisabled", "wrongProduct", "preRollAlreadyShown",
                    "allowed", "sessionCapReached",
                ], summary: [:]), "docs/presentations.md"
        ),
        (
            "getad-scenario.json",
            .decisions(
                [
                    "allowed", "notOptedIn", "allowed", "notOptedIn", "preRollAlreadyShown", "allowed",
                    "minimumIntervalNotElapsed", "allowed", "tenantDisabled", "wrongProduct", "preRollAlreadyShown",
                    "allowed", "sessionCapReached",
                ], summary: ["requests": 14, "ads": 5, "declined": 8, "refusedSteps": 2]), "docs/presentations.md"
        ),
    ]

    /// Files of `Golden/` that are inputs to the commands, not outputs.
    static let inputs: Set<String> = [
        "getad-scenario-input.json", "getad-scenario-settings.json", "simulate-nonlinear-input.xml",
        "simulate-pod-input.xml",
    ]
}
