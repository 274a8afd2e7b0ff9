import Foundation

/// What the machine must offer for some tests to run, each probed once per process. A test that needs
/// one says so with a Swift Testing condition, `.enabled(if: TestConditions.canMountPrivateTmpfs, "why")`,
/// so that where it is missing the test is reported skipped, by name and with its reason (and counted in
/// `Tools/test`'s closing line), never passed without having run.
public enum TestConditions {
    /// True when this process's network namespace has no interface but loopback (`unshare -n`, as
    /// `Tools/test` runs the suite, or any other way): nothing a test does can reach a resolver or another
    /// host. Read from `/proc/self/net/dev`, which lists the interfaces of the reader's own namespace.
    public static let networkIsLoopbackOnly: Bool = {
        guard let table = try? String(contentsOfFile: "/proc/self/net/dev", encoding: .utf8) else { return false }
        let names = table.split(separator: "\n").dropFirst(2).compactMap {
            $0.split(separator: ":").first?.trimmingCharacters(in: .whitespaces)
        }
        return names == ["lo"]
    }()

    /// True when a child can mount a small tmpfs of its own in a private mount namespace (`unshare -m`,
    /// which needs root or user namespaces): the genuinely full file system of the beacon store's tests.
    public static let canMountPrivateTmpfs: Bool = {
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        probe.arguments = [
            "unshare", "-m", "sh", "-c",
            #"d=$(mktemp -d) && mount -t tmpfs -o size=64k tmpfs "$d" && umount "$d" && rmdir "$d""#,
        ]
        probe.standardOutput = FileHandle.nullDevice
        probe.standardError = FileHandle.nullDevice
        do {
            try probe.run()
        } catch {
            return false
        }
        probe.waitUntilExit()
        return probe.terminationReason == .exit && probe.terminationStatus == 0
    }()
}
