import Foundation

extension Thread {
    /// Gives the calling thread a name the kernel shows (`top -H`, `/proc/PID/task/TID/comm`),
    /// cut to the kernel's 15 bytes. On Linux, Foundation's `Thread.name` does not always reach
    /// the kernel; without a name of its own a thread shows the name of the thread that started
    /// it. Best effort: a failure leaves the name as it was.
    static func setKernelName(_ name: String) {
        let fd = open("/proc/thread-self/comm", O_WRONLY)
        guard fd >= 0 else { return }
        let bytes = Array(name.utf8.prefix(15))
        _ = write(fd, bytes, bytes.count)
        close(fd)
    }
}
