// vast-fuzz — the libFuzzer harness: one executable, seven targets (see FuzzTarget and Tools/fuzz/README.md).
//
// The target comes from `--target=NAME` (first argument, removed before libFuzzer reads the rest) or
// from the environment's FUZZ_TARGET (so libFuzzer's -fork/-jobs children, which inherit the
// environment, run the same target); `parser` when neither is given.
//
// Built with `-DFUZZING` and `-sanitize=fuzzer,address` it is a libFuzzer binary. A normal build
// (`swift build`) makes a replayer instead: `vast-fuzz --target=NAME FILE...` runs each file once
// through the target, so an artifact can be reproduced without the instrumented build.

import Foundation

var arguments = CommandLine.arguments
if arguments.count > 1, arguments[1].hasPrefix("--target=") {
    setenv("FUZZ_TARGET", String(arguments[1].dropFirst("--target=".count)), 1)
    arguments.remove(at: 1)
}
let targetName = ProcessInfo.processInfo.environment["FUZZ_TARGET"] ?? FuzzTarget.parser.rawValue
guard let target = FuzzTarget(rawValue: targetName) else {
    let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")
    FileHandle.standardError.write(Data("vast-fuzz: unknown target \"\(targetName)\"; one of \(names)\n".utf8))
    exit(64)
}
let selectedTarget = target

#if FUZZING

    // swift-format-ignore: AlwaysUseLowerCamelCase
    // libFuzzer's C name, which the symbol must have.
    /// libFuzzer's driver, for targets that bring their own `main` (libclang_rt.fuzzer's own
    /// `main` is then not linked: ours satisfies the symbol).
    @_silgen_name("LLVMFuzzerRunDriver")
    func LLVMFuzzerRunDriver(
        _ argc: UnsafeMutablePointer<Int32>,
        _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
        _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
    ) -> Int32

    /// One input. Always returns 0 (libFuzzer reserves other values); a failed invariant traps.
    @_cdecl("LLVMFuzzerTestOneInput")
    func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
        guard let data else { return 0 }
        selectedTarget.run(Array(UnsafeBufferPointer(start: data, count: size)))
        return 0
    }

    var cArguments = arguments.map { strdup($0) } + [nil]
    var argc = Int32(arguments.count)
    let status = cArguments.withUnsafeMutableBufferPointer { buffer in
        var argv = buffer.baseAddress!
        return LLVMFuzzerRunDriver(&argc, &argv, fuzzTestOneInput)
    }
    exit(status)

#else

    let files = arguments.dropFirst()
    guard !files.isEmpty else {
        print(
            """
            vast-fuzz: this build has no fuzzer. Build and run it with Tools/fuzz/run TARGET [SECONDS], or:
              swift build -c release --scratch-path .build/fuzz --product vast-fuzz \\
                -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING
            Without the fuzzer it replays inputs: vast-fuzz --target=NAME FILE...
            """)
        exit(2)
    }
    for file in files {
        guard let data = FileManager.default.contents(atPath: file) else {
            FileHandle.standardError.write(Data("vast-fuzz: cannot read \(file)\n".utf8))
            exit(2)
        }
        selectedTarget.run(Array(data))
        print("ran \(file) through \(selectedTarget.rawValue)")
    }
    exit(0)

#endif
