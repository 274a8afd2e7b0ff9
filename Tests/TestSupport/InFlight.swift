/// Starts `work` in a task of its own whose value is the error it threw, or nil when it returned: a call that a
/// test stops from outside (a close, a cancellation) while it is in flight, and then asks how it ended.
public func inFlight<Value, Failure: Error>(
    _ work: @escaping @Sendable () async throws(Failure) -> Value
) -> Task<Failure?, Never> {
    Task {
        do throws(Failure) {
            _ = try await work()
            return nil
        } catch {
            return error
        }
    }
}
