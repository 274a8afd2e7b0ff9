// Small helpers shared by the benchmark's parts: statistics, formatting, failures, logging.

import BenchSupport
import Foundation

/// Left-aligns `text` in a column of `width`.
func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
}

func fail(_ message: String) -> Never { BenchArguments.fail(tool: "bench-lifecycle", message) }

/// Runs `body` on a new thread whose kernel name (`comm`) is `name` (15 bytes at most), and
/// waits for it. Threads that `body` starts inherit that name, which is how the per-thread CPU
/// lines tell the dispatcher's and the curl loop's threads apart: on Linux, Foundation's
/// `Thread.name` does not reach the kernel for them ("AdTransport.beacons" is over 15 bytes), so
/// they would otherwise carry the name of whichever pool thread made them.
func onNamedThread<T: Sendable>(_ name: String, _ body: @escaping @Sendable () throws -> T) throws -> T {
    let box = ResultBox<T>()
    let thread = Thread {
        setCurrentThreadName(name)
        box.set(Result { try body() })
    }
    thread.start()
    return try box.wait().get()
}

/// Sets the calling thread's kernel name (15 bytes at most) through `/proc/thread-self/comm`
/// (`pthread_setname_np` and `prctl` are not visible to Swift here).
func setCurrentThreadName(_ name: String) {
    let fd = open("/proc/thread-self/comm", O_WRONLY)
    guard fd >= 0 else { return }
    let bytes = Array(name.utf8.prefix(15))
    _ = write(fd, bytes, bytes.count)
    close(fd)
}

private final class ResultBox<T: Sendable>: @unchecked Sendable {
    // `@unchecked`: `result` is written once before `signal()` and read after `wait()`.
    private var result: Result<T, any Error>?
    private let done = DispatchSemaphore(value: 0)

    func set(_ value: Result<T, any Error>) {
        result = value
        done.signal()
    }

    func wait() -> Result<T, any Error> {
        done.wait()
        return result!
    }
}
