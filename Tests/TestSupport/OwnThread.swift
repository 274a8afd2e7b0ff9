public import Foundation

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

/// Waits for `process` to end on a thread of its own (``onOwnThread(_:)``), so that the awaiting test
/// holds no thread of the cooperative pool meanwhile.
public func waitForExit(_ process: Process) async {
    let held = UncheckedProcess(process: process)
    _ = try? await onOwnThread { held.process.waitUntilExit() }
}

/// A `Process` handed to the thread that waits for it; only that thread touches it until it ends.
private struct UncheckedProcess: @unchecked Sendable {
    let process: Process
}
