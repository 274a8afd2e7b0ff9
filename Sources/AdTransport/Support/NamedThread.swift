internal import CCurl
import Glibc

/// Starts detached threads with a name the kernel shows (`top -H`, `perf`, `/proc/PID/task/TID/comm`).
///
/// A POSIX thread with the system's default attributes (its stack the size `ulimit -s` gives), so the
/// libraries need only FoundationEssentials, which has no thread type.
package enum NamedThread {
    /// Starts a detached thread that names itself `name` (cut to the kernel's 15 bytes) and runs `body`.
    /// A thread that cannot be started (the process is out of memory or of threads) stops the process.
    package static func start(name: String, _ body: @escaping @Sendable () -> Void) {
        let box = Unmanaged.passRetained(Start(name: name, body: body)).toOpaque()
        var thread = pthread_t()
        let result = pthread_create(
            &thread, nil,
            { argument in
                let start = Unmanaged<Start>.fromOpaque(argument!).takeRetainedValue()
                ad_name_this_thread(start.name)
                start.body()
                return nil
            }, box)
        guard result == 0 else {
            Unmanaged<Start>.fromOpaque(box).release()
            fatalError("pthread_create failed for thread \(name): error \(result)")
        }
        pthread_detach(thread)
    }

    /// What a new thread takes over from the one that started it.
    private final class Start: Sendable {
        let name: String
        let body: @Sendable () -> Void
        init(name: String, body: @escaping @Sendable () -> Void) {
            self.name = name
            self.body = body
        }
    }
}
