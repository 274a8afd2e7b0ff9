import Synchronization

/// Outcomes of finished sends, handed from the client's thread to the dispatcher's.
///
/// ``put(_:_:)`` says whether the inbox was empty: only then must the dispatcher be woken, so a
/// burst of sends finishing together costs one wake-up, and none is lost (the check and the
/// append happen under the same lock as ``take()``).
final class SendInbox: Sendable {
    private let outcomes = Mutex<[(row: Int64, result: Result<Int, HTTPError>)]>([])

    /// Adds the outcome of the send of row `row`. Returns true when the inbox was empty.
    func put(_ row: Int64, _ result: Result<Int, HTTPError>) -> Bool {
        outcomes.withLock { outcomes in
            outcomes.append((row, result))
            return outcomes.count == 1
        }
    }

    /// Everything put since the last call, in order.
    func take() -> [(row: Int64, result: Result<Int, HTTPError>)] {
        outcomes.withLock { outcomes in
            let taken = outcomes
            outcomes = []
            return taken
        }
    }
}
