import Dispatch
import Synchronization
import VAST

/// The incremental parse: libxml2 pulling the document in chunks and stopped from inside its own loops
/// at the attribute cap, the namespace declarations in scope, the element cap, the deadline and the
/// caller's cancellation.
///
/// A 6-byte header, then the payload:
/// - byte 0: flags. Bits 0-1 pick the run: `0` a parse with the header's limits; `1` the same with a
///   deadline already past; `2` inside a task cancelled before it starts; `3` all three. Bit 2 embeds
///   the payload in a generated start tag (below).
/// - byte 1: the attribute cap (0 to 255); byte 2-3: `maxElements` (little-endian, 0 to 65,535).
/// - byte 4: the generated tag's trick: `% 4` none, `<!`, a PI without target, a stray quote in an end tag.
/// - byte 5: the generated tag's size: 64 times this many attributes (or namespace declarations when
///   byte 4 is odd past 3), up to 16,320.
///
/// Invariants: a parse that succeeds had a visible tag within the cap (the generated tag, with no trick,
/// is over the cap whenever its count is); a deadline already past and a cancelled task never let a
/// parse succeed nor end with any error but their own or the pre-scan's; every result is the same when
/// parsed again with the same limits.
enum IncrementalTarget {
    /// The codes a parse can end with before libxml2 reads anything: the byte cap and the pre-scan.
    static let beforeLibxml2: Set<VASTParseError.Code> = [.empty, .tooLarge, .tooManyAttributes, .malformed, .encoding]

    static func run(_ input: [UInt8]) {
        guard input.count >= 6 else { return }
        let flags = input[0]
        var limits = VASTParser.Limits.default
        limits.maxAttributesPerElement = Int(input[1])
        limits.maxElements = Int(input[2]) | Int(input[3]) << 8
        limits.maxBytes = 1 << 20
        let payload = Array(input[6...])
        let trick = Int(input[4])
        let count = Int(input[5]) * 64
        let document = flags & 4 != 0 ? generated(payload, trick: trick, count: count) : payload
        let mode = flags & 3
        if mode == 0 || mode == 3 {
            let first = outcome(document, limits: limits)
            Invariant.check(first == outcome(document, limits: limits), "the same parse gave two outcomes")
            if case .success = first, flags & 4 != 0, trick % 4 == 0, trick < 4, count > limits.maxAttributesPerElement
            {
                Invariant.fail("a start tag of \(count) attributes passed a cap of \(limits.maxAttributesPerElement)")
            }
        }
        if mode == 1 || mode == 3 {
            let late = outcome(document, limits: limits, deadline: .now - .milliseconds(1))
            expectStopped(late, by: .timedOut)
        }
        if mode == 2 || mode == 3 {
            expectStopped(cancelledOutcome(document, limits: limits), by: .cancelled)
        }
    }

    private enum Outcome: Equatable {
        case success(VASTParseResult)
        case failure(VASTParseError.Code, String)
    }

    private static func outcome(
        _ bytes: [UInt8], limits: VASTParser.Limits, deadline: ContinuousClock.Instant? = nil
    ) -> Outcome {
        let parser = VASTParser(limits: limits)
        do throws(VASTParseError) {
            if let deadline { return .success(try parser.parse(bytes, deadline: deadline)) }
            return .success(try parser.parse(bytes))
        } catch {
            Invariant.sink(error.description.utf8.count + error.vastErrorCode.rawValue)
            return .failure(error.code, error.message)
        }
    }

    /// The outcome of a parse run inside a task that is cancelled before the parse starts.
    private static func cancelledOutcome(_ bytes: [UInt8], limits: VASTParser.Limits) -> Outcome {
        let done = DispatchSemaphore(value: 0)
        let box = Mutex<Outcome?>(nil)
        let task = Task.detached {
            withUnsafeCurrentTask { $0?.cancel() }
            let result = outcome(bytes, limits: limits)
            box.withLock { $0 = result }
            done.signal()
        }
        done.wait()
        _ = task
        guard let result = box.withLock({ $0 }) else { Invariant.fail("the cancelled parse left no outcome") }
        return result
    }

    private static func expectStopped(_ outcome: Outcome, by code: VASTParseError.Code) {
        switch outcome {
        case .success:
            Invariant.fail("a parse that had to stop (\(code)) returned a document")
        case .failure(let got, let message):
            Invariant.check(
                got == code || beforeLibxml2.contains(got),
                "a parse that had to stop (\(code)) ended \(got): \(message)")
        }
    }

    /// The payload inside a start tag of `count` generated attributes (or namespace declarations), behind
    /// the trick byte 4 picks.
    private static func generated(_ payload: [UInt8], trick: Int, count: Int) -> [UInt8] {
        let tricks = ["", "<! ", "<? ", "<Ad></Ad '>"]
        var text = "<?xml version=\"1.0\"?>\n<VAST version=\"4.2\">\n" + tricks[trick % 4] + "<Ad"
        let namespaces = trick >= 4 && trick % 2 == 1
        for index in 0..<count {
            text += namespaces ? " xmlns:p\(index)=\"urn:x:\(index)\"" : " a\(index)=\"\""
        }
        return Array(text.utf8) + payload + Array("/>\n</VAST>\n".utf8)
    }
}
