import Foundation
import Synchronization
import Testing
import VAST

/// Every parse can be stopped from inside libxml2: at its deadline, when its task is cancelled, at the
/// attribute cap of the start tag being read, at the namespace declarations in scope, and at the element
/// cap; whatever hides the document's work from the pre-scan.
@Suite struct VASTParserBoundsTests {
    /// How long a stopped parse may take in all (generous: the machine may be loaded; unstopped, each of
    /// these documents keeps libxml2 busy for many seconds).
    static let bound: Duration = .seconds(5)

    /// Parses and times; the error, or nil when the document parsed.
    private func refusal(
        _ bytes: [UInt8], limits: VASTParser.Limits = .default, deadline: ContinuousClock.Instant? = nil
    ) -> (error: VASTParseError?, elapsed: Duration) {
        let parser = VASTParser(limits: limits)
        let start = ContinuousClock.now
        do throws(VASTParseError) {
            if let deadline {
                _ = try parser.parse(bytes, deadline: deadline)
            } else {
                _ = try parser.parse(bytes)
            }
            return (nil, start.duration(to: .now))
        } catch {
            return (error, start.duration(to: .now))
        }
    }

    /// A document of slow tags: 40 visible start tags of 10,000 attributes each, under a cap of 10,000.
    static let slow = HiddenStartTags.slowTags(40, attributes: 10_000)
    static let slowLimits = VASTParser.Limits(maxBytes: 8 << 20, maxAttributesPerElement: 10_000)

    // MARK: Attributes and namespaces

    @Test(
        "A start tag of 100,000 attributes hidden from the pre-scan stops at the cap",
        arguments: HiddenStartTags.Trick.allCases)
    func hiddenAttributeFloodStopsAtTheCap(_ trick: HiddenStartTags.Trick) {
        let bytes = HiddenStartTags.document(trick, HiddenStartTags.attributes(100_000))
        let (error, elapsed) = refusal(bytes)
        #expect(error?.code == .tooManyAttributes, "\(String(describing: error))")
        #expect(error?.message == "a start tag has more than 128 attributes; the parse was stopped")
        #expect(error?.line == 3)
        #expect(elapsed < Self.bound, "\(elapsed)")
    }

    @Test(
        "50,000 namespace declarations hidden from the pre-scan stop at the cap",
        arguments: HiddenStartTags.Trick.allCases)
    func hiddenNamespaceFloodStopsAtTheCap(_ trick: HiddenStartTags.Trick) {
        let bytes = HiddenStartTags.document(trick, HiddenStartTags.namespaces(50_000))
        let (error, elapsed) = refusal(bytes)
        #expect(error?.code == .tooManyAttributes, "\(String(describing: error))")
        #expect(error?.message == "more than 128 namespace declarations are in scope; the parse was stopped")
        #expect(elapsed < Self.bound, "\(elapsed)")
    }

    @Test func namespaceDeclarationsInScopeAreBoundedThoughNoTagHasTooMany() {
        // 20 nested elements of 10 declarations each: 200 in scope at the innermost, 10 per tag.
        let (error, _) = refusal(HiddenStartTags.nestedNamespaces(depth: 20, perLevel: 10))
        #expect(error?.code == .tooManyAttributes, "\(String(describing: error))")
        #expect(error?.message == "more than 128 namespace declarations are in scope; the parse was stopped")
        let (fine, _) = refusal(HiddenStartTags.nestedNamespaces(depth: 12, perLevel: 10))
        #expect(fine == nil, "120 in scope are within the cap: \(String(describing: fine))")
    }

    // MARK: Time

    @Test func aParsePastItsDeadlineStopsThere() {
        let (error, elapsed) = refusal(Self.slow, limits: Self.slowLimits, deadline: .now + .milliseconds(200))
        #expect(error?.code == .timedOut, "\(String(describing: error))")
        #expect(error?.message.hasPrefix("the parse ran past its deadline of ") == true, "\(String(describing: error))")
        #expect(error?.vastErrorCode == .xmlParsing)
        #expect(elapsed < .milliseconds(200) + Self.bound, "\(elapsed)")
        print(
            "parse stopped at its deadline: deadline_ms=200 elapsed_ms=\(elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000)"
        )
    }

    @Test func aParsePastItsTimeBudgetStopsThere() {
        var limits = Self.slowLimits
        limits.maxParseTime = .milliseconds(200)
        let (error, elapsed) = refusal(Self.slow, limits: limits)
        #expect(error?.code == .timedOut, "\(String(describing: error))")
        #expect(error?.message.hasPrefix("the parse ran past its time budget (maxParseTime) of ") == true)
        #expect(elapsed < .milliseconds(200) + Self.bound, "\(elapsed)")
    }

    @Test func aDeadlineAlreadyPastStopsTheParseBeforeLibxml2ReadsAnything() {
        let valid = Array(HostileDocuments.inlineBody().utf8)
        #expect(refusal(valid).error == nil)
        let (error, _) = refusal(valid, deadline: .now - .seconds(1))
        #expect(error?.code == .timedOut, "\(String(describing: error))")
    }

    // MARK: Cancellation

    @Test func cancellingTheTaskStopsTheParse() async {
        let start = ContinuousClock.now
        let task = Task { refusal(Self.slow, limits: Self.slowLimits).error }
        // Cancelled 200 ms later from a thread of its own: a sleeping task could wake seconds late on a busy
        // pool (a parallel run), after the parse had finished.
        let canceller = Thread {
            usleep(200_000)
            task.cancel()
        }
        canceller.start()
        let error = await task.value
        let elapsed = start.duration(to: .now)
        #expect(error?.code == .cancelled, "\(String(describing: error))")
        #expect(error?.message == "the parse was cancelled by its caller")
        #expect(elapsed < .milliseconds(200) + Self.bound, "\(elapsed)")
    }

    @Test func aStopRequestedForTheTasksCallStopsTheParseWithoutCancellingTheTask() async {
        // The engine's mediation runs in its caller's task; closing its presentation stops it this way.
        let stop = StopFlag()
        let start = ContinuousClock.now
        let canceller = Thread {
            usleep(200_000)
            stop.set()
        }
        canceller.start()
        let error = VASTParser.$stop.withValue(VASTParser.Stop { stop.isSet }) {
            refusal(Self.slow, limits: Self.slowLimits).error
        }
        let elapsed = start.duration(to: .now)
        #expect(error?.code == .cancelled, "\(String(describing: error))")
        #expect(elapsed < .milliseconds(200) + Self.bound, "\(elapsed)")
        #expect(!Task.isCancelled)
        #expect(refusal(Array(HostileDocuments.inlineBody().utf8)).error == nil)
    }

    /// A flag set from another thread.
    final class StopFlag: Sendable {
        private let flag = Mutex(false)
        func set() { flag.withLock { $0 = true } }
        var isSet: Bool { flag.withLock { $0 } }
    }

    // MARK: Work

    @Test func theElementCapStopsTheParse() {
        var limits = VASTParser.Limits.default
        limits.maxElements = 50
        let document = { (count: Int) in
            Array(("<VAST version=\"4.2\">" + String(repeating: "<X/>", count: count) + "</VAST>").utf8)
        }
        // The root and 49 unknown elements are 50.
        #expect(refusal(document(49), limits: limits).error == nil)
        let error = refusal(document(50), limits: limits).error
        #expect(error?.code == .tooMuchWork, "\(String(describing: error))")
        #expect(error?.message == "the document holds more than 50 elements (maxElements); the parse was stopped")
    }
}
