/// What the targets use to report a broken invariant and to keep computed values alive.
enum Invariant {
    /// Traps with `message` unless `condition` holds: libFuzzer saves the input as a crash.
    static func check(_ condition: Bool, _ message: @autoclosure () -> String) {
        if !condition { fail(message()) }
    }

    static func fail(_ message: String) -> Never {
        print("vast-fuzz invariant failed: \(message)")
        fatalError(message)
    }

    /// Keeps computed values observable so the optimiser cannot drop the reads.
    @inline(never)
    static func sink(_ value: Int) {
        if value == 0x5EED_F00D_5EED { print("") }
    }
}
