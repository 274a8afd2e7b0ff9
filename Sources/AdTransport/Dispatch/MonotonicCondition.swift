import FoundationEssentials
import Glibc

/// A lock and a condition whose timed wait runs on the monotonic clock (`CLOCK_MONOTONIC`).
///
/// `NSCondition` waits until a wall-clock date: a change of the system's time stretches or cuts
/// the wait, and cutting it into short slices to notice such a change costs a wake-up per slice
/// (a thousand a second for a thread that waits a minute). This one waits once, for the whole
/// time, and a change of the system's time does not touch it.
final class MonotonicCondition: @unchecked Sendable {
    // `@unchecked Sendable`: pthread objects, used only through their own functions.
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    /// The longest single wait; a longer one is the caller's loop waiting again.
    static let longestWait = Duration.seconds(3600)

    init() {
        pthread_mutex_init(mutex, nil)
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
        pthread_cond_init(condition, &attributes)
        pthread_condattr_destroy(&attributes)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    func lock() { pthread_mutex_lock(mutex) }
    func unlock() { pthread_mutex_unlock(mutex) }
    /// Wakes one waiter (call with the lock held).
    func signal() { pthread_cond_signal(condition) }
    /// Waits, with the lock held, until signalled (or woken spuriously: callers check their state again).
    func wait() { pthread_cond_wait(condition, mutex) }

    /// Waits, with the lock held, until signalled or until `delay` (at most ``longestWait``) has passed on
    /// the monotonic clock, or spuriously earlier: callers check their state and the time again.
    func wait(for delay: Duration) {
        let bounded = min(max(delay, .zero), Self.longestWait).components
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        var nanoseconds = now.tv_nsec + Int(bounded.attoseconds / 1_000_000_000)
        var seconds = now.tv_sec + Int(bounded.seconds)
        if nanoseconds >= 1_000_000_000 {
            seconds += 1
            nanoseconds -= 1_000_000_000
        }
        var deadline = timespec(tv_sec: seconds, tv_nsec: nanoseconds)
        _ = pthread_cond_timedwait(condition, mutex, &deadline)
    }
}
