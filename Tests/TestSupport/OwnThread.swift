import Foundation

/// Runs `work` on a thread of its own and returns its result to the awaiting test. A test that spends
/// seconds of CPU (thousands of libcurl parses, every document's full parse) would otherwise hold one of
/// the cooperative pool's threads, two on a two-core machine, while `swift test` runs the suites in
/// parallel, and the other suites' transfers, timers and deadlines would wait for it. `work` computes;
/// the test asserts on what it returns.
public func onOwnThread<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread.detachNewThread { continuation.resume(with: Result { try work() }) }
    }
}
