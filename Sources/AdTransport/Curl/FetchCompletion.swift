/// Who is told how a fetch ended: a task awaiting ``HTTPClient/fetch(_:deadline:)``, or a
/// callback given to ``HTTPClient/start(_:deadline:completion:)``.
///
/// The loop thread calls ``resume(returning:)`` exactly once per fetch.
enum FetchCompletion: Sendable {
    case task(CheckedContinuation<Result<HTTPResponse, HTTPError>, Never>)
    /// Runs on the loop thread: it must return at once (hand the outcome on, never block).
    case callback(@Sendable (Result<HTTPResponse, HTTPError>) -> Void)

    func resume(returning outcome: Result<HTTPResponse, HTTPError>) {
        switch self {
        case .task(let continuation): continuation.resume(returning: outcome)
        case .callback(let callback): callback(outcome)
        }
    }
}
