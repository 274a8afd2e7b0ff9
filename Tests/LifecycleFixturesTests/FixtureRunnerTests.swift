import Foundation
import LifecycleFixtures
import Testing

/// The runner reports the first failing step with a readable diff, and a malformed fixture is a typed
/// error naming its field.
@Suite struct FixtureRunnerTests {
    static let geometry = """
        {"screen": {"x": 0, "y": 0, "width": 320, "height": 568}, "defaultFrame": {"x": 0, "y": 100, "width": 320, "height": 50}}
        """

    func mraid(_ steps: String, extra: String = "") -> String {
        """
        {"name": "mraid-wrong", "description": "d", "controller": "mraid", "covers": ["mraid-state-change"],
         "setup": {"geometry": \(Self.geometry)}, "steps": [\(steps)]\(extra)}
        """
    }

    func unit(_ steps: String, setup: String = #"{"random": [1, 2]}"#) -> String {
        """
        {"name": "unit-wrong", "description": "d", "controller": "unit",
         "wrappers": ["Tests/Fixtures/lifecycle/ads/wrapper-vast3.xml"],
         "ad": "Tests/Fixtures/lifecycle/ads/inline-every-event.xml", "setup": \(setup), "steps": [\(steps)]}
        """
    }

    func run(_ json: String) throws -> FixtureResult {
        try FixtureFiles.runner.run(try LifecycleFixture(json: Data(json.utf8), file: "wrong.json"))
    }

    func malformed(_ json: String) -> FixtureError? {
        do {
            _ = try LifecycleFixture(json: Data(json.utf8), file: "bad.json")
            return nil
        } catch {
            return error
        }
    }

    // MARK: Failures and their diffs

    @Test func aMissingOutputFailsTheStepWithADiff() throws {
        let result = try run(
            mraid(
                """
                {"input": "containerReady", "expect": [{"callback": "stateChanged", "state": "default"}]},
                {"input": {"viewabilityChanged": {"isViewable": true}}, "expect": [
                  {"callback": "viewabilityChanged", "isViewable": true}, {"callback": "stateChanged", "state": "expanded"}]},
                {"input": "unloadRequested", "expect": []}
                """))
        #expect(!result.passed)
        #expect(result.failure?.step == 1)
        #expect(result.trace.count == 2, "the run stops at the failing step")
        #expect(
            result.description == """
                FAIL mraid-wrong (wrong.json)
                step 1: {"viewabilityChanged":{"isViewable":true}}
                outputs differ (- expected, + actual):
                  {"callback":"viewabilityChanged","isViewable":true}
                - {"callback":"stateChanged","state":"expanded"}
                """)
    }

    @Test func aWrongBeaconURLShowsTheExpectedAndTheActualLine() throws {
        let result = try run(
            unit(
                """
                {"at": 250, "input": "impressionRendered", "expect": [
                  {"callback": "impressionWillBeLogged"},
                  {"beacon": "impression", "url": "https://exchange.example.org/impression?cb=10000001", "hop": 0},
                  {"beacon": "impression", "url": "https://inline.example.com/impression?ts=2024-01-01T00%3A00%3A00.250Z&cb=10000009", "hop": 1}]}
                """))
        #expect(
            result.failure?.report == """
                step 0: "impressionRendered"
                outputs differ (- expected, + actual):
                  {"callback":"impressionWillBeLogged"}
                  {"beacon":"impression","url":"https://exchange.example.org/impression?cb=10000001","hop":0}
                - {"beacon":"impression","url":"https://inline.example.com/impression?ts=2024-01-01T00%3A00%3A00.250Z&cb=10000009","hop":1}
                + {"beacon":"impression","url":"https://inline.example.com/impression?ts=2024-01-01T00%3A00%3A00.250Z&cb=10000002","hop":1}
                """)
    }

    @Test func anExpectedErrorThatDoesNotHappenIsAFailure() throws {
        let result = try run(
            mraid(#"{"input": "containerReady", "expectError": {"code": "illegalState", "action": "ready"}}"#))
        #expect(
            result.failure?.report == """
                step 0: "containerReady"
                expected an error, the input was accepted (- expected, + actual):
                - {"error":{"code":"illegalState","action":"ready"}}
                + {"callback":"stateChanged","state":"default"}
                """)
    }

    @Test func aDifferentErrorCodeShowsBothErrors() throws {
        let result = try run(
            mraid(
                """
                {"input": "containerReady", "expect": [{"callback": "stateChanged", "state": "default"}]},
                {"input": {"viewabilityChanged": {"isViewable": true}}, "expect": [{"callback": "viewabilityChanged", "isViewable": true}]},
                {"input": "resizeRequested", "expectError": {"code": "notViewable", "action": "resize"}}
                """))
        #expect(
            result.failure?.report == """
                step 2: "resizeRequested"
                the error differs (- expected, + actual):
                - {"error":{"code":"notViewable","action":"resize"}}
                + {"error":{"code":"noResizeProperties","action":"resize"}}
                """)
    }

    @Test func aPinnedMessageIsCompared() throws {
        let result = try run(
            mraid(
                #"{"input": "resizeFinished", "expectError": {"code": "noPendingTransition", "action": "resizeFinished", "message": "nope"}}"#
            ))
        #expect(
            result.failure?.diff == [
                #"- {"error":{"code":"noPendingTransition","action":"resizeFinished","message":"nope"}}"#,
                #"+ {"error":{"code":"noPendingTransition","action":"resizeFinished","message":"no resize, expand or collapse was started"}}"#,
            ])
    }

    @Test func aRefusedInputWhenOutputsWereExpectedIsAFailure() throws {
        let result = try run(unit(#"{"input": "rewardEarned", "expect": [{"callback": "rewarded"}]}"#))
        #expect(result.failure?.summary == "expected outputs, the input was refused")
        #expect(result.failure?.diff == [#"- {"callback":"rewarded"}"#, #"+ {"error":{"code":"notShown"}}"#])
    }

    @Test func aWrongPhaseAndAWrongFinalStateAreFailures() throws {
        let phase = try run(
            mraid(
                #"{"input": "containerReady", "expect": [{"callback": "stateChanged", "state": "default"}], "phase": "expanded"}"#
            ))
        #expect(
            phase.failure?.report
                == "step 0: \"containerReady\"\nphase differs (- expected, + actual):\n- expanded\n+ default")
        let state = try run(
            mraid(
                #"{"input": "containerReady", "expect": [{"callback": "stateChanged", "state": "default"}]}"#,
                extra: #", "expectPhase": "default", "expectState": {"isViewable": true, "mraidState": "default"}"#))
        #expect(
            state.failure?.report == """
                after the last step
                expectState differs (- expected, + actual):
                - isViewable: true
                + isViewable: false
                """)
    }

    @Test func randomValuesAreHandedOutInOrderAndStartAgainWhenUsedUp() throws {
        let result = try run(
            unit(
                """
                {"input": "impressionRendered", "expect": [
                  {"callback": "impressionWillBeLogged"},
                  {"beacon": "impression", "url": "https://exchange.example.org/impression?cb=10000001", "hop": 0},
                  {"beacon": "impression", "url": "https://inline.example.com/impression?ts=2024-01-01T00%3A00%3A00.000Z&cb=10000002", "hop": 1}]},
                {"input": "companionViewed", "expect": [
                  {"beacon": "creativeView", "url": "https://exchange.example.org/companion-view", "hop": 0},
                  {"beacon": "creativeView", "url": "https://inline.example.com/companion-view?ts=2024-01-01T00%3A00%3A00.000Z", "hop": 1}]},
                {"input": "companionClicked", "expect": [
                  {"callback": "companionClicked", "index": 0, "url": "https://advertiser.example.com/companion"},
                  {"beacon": "companionClickTracking", "url": "https://exchange.example.org/companion-click", "hop": 0},
                  {"beacon": "companionClickTracking", "url": "https://inline.example.com/companion-click?cb=10000001", "hop": 1}]}
                """))
        #expect(result.passed, "\(result)")
    }

    @Test func aBeaconOfAnotherAdInstanceSaysSo() throws {
        let result = try run(
            unit(
                #"{"input": "companionViewed", "expect": [{"beacon": "creativeView", "url": "https://exchange.example.org/companion-view", "hop": 0, "adInstanceID": "other"}]}"#
            ))
        #expect(
            result.failure?.diff.prefix(2) == [
                #"- {"beacon":"creativeView","url":"https://exchange.example.org/companion-view","hop":0,"adInstanceID":"other"}"#,
                #"+ {"beacon":"creativeView","url":"https://exchange.example.org/companion-view","hop":0}"#,
            ])
    }

    // MARK: Malformed fixtures

    @Test func malformedFixturesAreTypedErrorsNamingTheField() {
        let cases: [(json: String, code: FixtureError.Code, path: String)] = [
            ("{", .invalidJSON, ""),
            (
                #"{"name": "x", "description": "d", "controller": "mraid", "setup": {"geometry": \#(Self.geometry)}}"#,
                .missingField, "steps"
            ),
            (#"{"name": "x", "description": "d", "controller": "tv", "steps": []}"#, .invalidValue, "controller"),
            (mraid(#"{"input": "containerReady", "expect": [], "phse": "default"}"#), .unknownField, "steps[0].phse"),
            (mraid(#"{"input": "containerRedy", "expect": []}"#), .invalidValue, "steps[0].input"),
            (
                mraid(#"{"input": "containerReady", "expect": [{"callback": "stateChange", "state": "default"}]}"#),
                .invalidValue, "steps[0].expect[0].callback"
            ),
            (
                mraid(#"{"input": "containerReady", "expect": [{"callback": "stateChanged", "state": "open"}]}"#),
                .invalidValue, "steps[0].expect[0].state"
            ),
            (
                mraid(#"{"input": "containerReady", "expect": [{"beacon": "start", "url": "u", "hop": 0}]}"#),
                .invalidValue, "steps[0].expect[0]"
            ),
            (mraid(#"{"input": "containerReady"}"#), .missingField, "steps[0].expect"),
            (
                mraid(#"{"input": "closeRequested", "expectError": {"code": "illegalState"}}"#), .missingField,
                "steps[0].expectError.action"
            ),
            (
                mraid(#"{"input": {"expandRequested": {"frame": {"x": 0, "y": 0, "width": 320}}}, "expect": []}"#),
                .missingField, "steps[0].input.expandRequested.frame.height"
            ),
            (
                #"{"name": "x", "description": "d", "controller": "mraid", "covers": ["late-input", "typo"], "steps": []}"#,
                .invalidValue, "covers[1]"
            ),
            (
                mraid(#"{"input": "containerReady", "expect": []}"#, extra: #", "expectPhase": "open""#), .invalidValue,
                "expectPhase"
            ),
            (
                mraid(#"{"input": "containerReady", "expect": []}"#, extra: #", "expectState": {"fired": []}"#),
                .unknownField, "expectState.fired"
            ),
            (unit(#"{"at": "10", "input": "expired", "expect": []}"#), .invalidValue, "steps[0].at"),
            (
                unit(#"{"at": 10, "input": "expired", "expect": []}, {"at": 5, "input": "expired", "expect": []}"#),
                .invalidValue, "steps[1].at"
            ),
            (
                unit(#"{"input": {"renderFailed": {"errorCode": 405, "extra": 1}}, "expect": []}"#), .unknownField,
                "steps[0].input.renderFailed.extra"
            ),
            (unit(#"{"input": "progressed", "expect": []}"#), .invalidValue, "steps[0].input"),
            (
                unit(#"{"input": "expired", "expect": []}"#, setup: #"{"startsMuted": true}"#), .unknownField,
                "setup.startsMuted"
            ),
            (
                unit(#"{"input": "expired", "expect": []}"#, setup: #"{"clock": "yesterday"}"#), .invalidValue,
                "setup.clock"
            ),
            (
                // Foundation's ISO 8601 formatter died of SIGFPE inside ICU on this fraction.
                unit(
                    #"{"input": "expired", "expect": []}"#,
                    setup: #"{"clock": "2024-05-01T12:00:00.00999999999999999999999999999990989999999Z"}"#),
                .invalidValue, "setup.clock"
            ),
            (
                unit(#"{"input": "expired", "expect": []}"#, setup: #"{"clock": "2024-05-01T12:00:00+99:99"}"#),
                .invalidValue, "setup.clock"
            ),
            (
                unit(#"{"input": "clicked", "expect": [{"callback": "clicked"}]}"#), .missingField,
                "steps[0].expect[0].url"
            ),
            (
                unit(#"{"input": "expired", "expect": [{"beacon": "error", "url": "u"}]}"#), .missingField,
                "steps[0].expect[0].hop"
            ),
        ]
        for (json, code, path) in cases {
            let error = malformed(json)
            #expect(error?.code == code, "\(json)")
            #expect(error?.path == path, "\(json): \(error.map(String.init(describing:)) ?? "no error")")
            #expect(error?.file == "bad.json")
        }
    }

    @Test func anErrorReadsAsFilePathAndWhatToDo() {
        let error = malformed(mraid(#"{"input": "containerReady", "expect": [], "phse": "default"}"#))
        #expect(
            error?.description
                == "bad.json: steps[0].phse: unknown field; this object takes `at`, `expect`, `expectError`, `input`, `note`, `phase`"
        )
        let input = malformed(mraid(#"{"input": "containerRedy", "expect": []}"#))
        #expect(
            input?.message.hasPrefix(#"unknown mraid input "containerRedy"; expected one of containerReady, "#) == true)
    }

    @Test func anUnusableAdIsATypedErrorNamingTheField() throws {
        let fixture = try LifecycleFixture(
            json: Data(
                #"{"name": "unit-x", "description": "d", "controller": "unit", "ad": "vast-samples/missing.xml", "steps": [{"input": "expired", "expect": []}]}"#
                    .utf8), file: "x.json")
        #expect(throws: FixtureError.self) { try FixtureFiles.runner.run(fixture) }
        do {
            _ = try FixtureFiles.runner.run(fixture)
        } catch {
            #expect(error.code == .unusableAd && error.path == "ad")
        }
        let wrapper = try LifecycleFixture(
            json: Data(
                #"{"name": "unit-x", "description": "d", "controller": "unit", "ad": "vast-samples/v20-wrapper-basic.xml", "steps": [{"input": "expired", "expect": []}]}"#
                    .utf8))
        do {
            _ = try FixtureFiles.runner.run(wrapper)
            Issue.record("a Wrapper is not an InLine")
        } catch {
            #expect(error.code == .unusableAd && error.message.contains("not an InLine"))
        }
    }

    @Test func theRootIsFoundFromAFixtureFile() {
        let root = FixtureRunner.root(containing: FixtureFiles.url("unit-impression-once.json"))
        #expect(root?.standardizedFileURL.path == FixtureFiles.root.standardizedFileURL.path)
    }
}
