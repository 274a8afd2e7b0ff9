// bench-parse — throughput of VASTParser over in-memory documents.
//
// Usage: bench-parse [--reps N] [--warmup W] [--warmup-ms MS] [--latency K] FILE_OR_DIR...
//   Warm-up: at least W rounds (default 2) AND at least MS ms (default 300).
//   --latency K: after the warm-up, parse the first document K times, timing each parse on its
//   own ("sample us=" lines), instead of timing rounds.
//   Directories are searched recursively for *.xml (case-insensitive).
//   Every file is read into memory as [UInt8] before anything is timed.
//   One round = every document parsed once with
//   VASTParser(limits: .init(maxBytes: 64 << 20)).parse(bytes).
//   A document that throws still counts (a rejected document is a result).
//
// Output mirrors Tools/bench-parse/sax_baseline.c so `run` can pool rounds:
//   round <i> time_s=<seconds>
//   swift_docs=.. swift_failed=.. swift_bytes=.. swift_rounds=..
//   swift_best_s=.. swift_median_s=.. swift_best_MBps=..
//   swift_docs_per_s=X swift_MBps=Y          (medians; MB = 1e6 bytes)
//   swift_findings=.. swift_errors=..         (over one pass of every document, untimed)
// With --latency K, instead of the rounds and the lines after swift_docs=:
//   sample us=<microseconds>                  one line per timed parse of the first document
//   swift_latency_samples=K swift_p50_us=.. swift_p99_us=..

import Foundation
import VAST

struct Input {
    let path: String
    let bytes: [UInt8]
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("bench-parse: \(message)\n".utf8))
    exit(2)
}

func isXML(_ path: String) -> Bool {
    path.lowercased().hasSuffix(".xml")
}

func collect(_ arg: String) -> [String] {
    var isDir: ObjCBool = false
    guard FileManager.default.fileExists(atPath: arg, isDirectory: &isDir) else {
        fail("no such file or directory: \(arg)")
    }
    if !isDir.boolValue { return [arg] }
    guard let walker = FileManager.default.enumerator(atPath: arg) else {
        fail("cannot open directory: \(arg)")
    }
    var found: [String] = []
    while let rel = walker.nextObject() as? String {
        let full = arg.hasSuffix("/") ? arg + rel : arg + "/" + rel
        var sub: ObjCBool = false
        if isXML(rel), FileManager.default.fileExists(atPath: full, isDirectory: &sub), !sub.boolValue {
            found.append(full)
        }
    }
    return found.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
}

/// Keeps the optimiser from discarding a parse result.
@inline(never) @_optimize(none)
func blackHole<T>(_ value: T) {}

func seconds(_ d: Duration) -> Double {
    let c = d.components
    return Double(c.seconds) + Double(c.attoseconds) * 1e-18
}

func median(_ xs: [Double]) -> Double {
    let s = xs.sorted()
    let n = s.count
    return n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2
}

func fmt(_ x: Double, _ digits: Int) -> String {
    String(format: "%.\(digits)f", x)
}

// MARK: - arguments

var reps = 15
var warmup = 2
var warmupMs = 300.0
var latency = 0
var paths: [String] = []
var args = CommandLine.arguments.dropFirst()
while let a = args.popFirst() {
    switch a {
    case "--reps":
        guard let v = args.popFirst().flatMap({ Int($0) }), v >= 1 else { fail("--reps needs a positive integer") }
        reps = v
    case "--warmup":
        guard let v = args.popFirst().flatMap({ Int($0) }), v >= 0 else { fail("--warmup needs an integer >= 0") }
        warmup = v
    case "--warmup-ms":
        guard let v = args.popFirst().flatMap({ Double($0) }), v >= 0 else { fail("--warmup-ms needs a number >= 0") }
        warmupMs = v
    case "--latency":
        guard let v = args.popFirst().flatMap({ Int($0) }), (0...10_000_000).contains(v) else {
            fail("--latency needs an integer from 0 to 10,000,000")
        }
        latency = v
    case "-h", "--help":
        print("usage: bench-parse [--reps N] [--warmup W] [--warmup-ms MS] [--latency K] FILE_OR_DIR...")
        exit(0)
    default:
        paths += collect(a)
    }
}
if paths.isEmpty { fail("no input .xml files") }

// MARK: - load everything first

let inputs: [Input] = paths.map { path in
    guard let data = FileManager.default.contents(atPath: path) else { fail("cannot read \(path)") }
    return Input(path: path, bytes: [UInt8](data))
}
let totalBytes = inputs.reduce(0) { $0 + $1.bytes.count }

/// Parses every document once; returns the number that threw.
func round(_ inputs: [Input]) -> Int {
    var failed = 0
    for input in inputs {
        do {
            let result = try VASTParser(limits: .init(maxBytes: 64 << 20)).parse(input.bytes)
            blackHole(result.document)
        } catch {
            failed += 1
        }
    }
    return failed
}

// MARK: - measure

let clock = ContinuousClock()
var warmRounds = 0
let warmStart = clock.now
while warmRounds < warmup || seconds(clock.now - warmStart) * 1e3 < warmupMs {
    blackHole(round(inputs))
    warmRounds += 1
}
var failed = 0
var findings = 0
var errors = 0
for input in inputs {
    do {
        let result = try VASTParser(limits: .init(maxBytes: 64 << 20)).parse(input.bytes)
        findings += result.findings.count
        errors += result.findings.filter { $0.severity == .error }.count
    } catch {
        failed += 1
        FileHandle.standardError.write(Data("bench-parse: rejected: \(input.path): \(error)\n".utf8))
    }
}

func percentile(_ xs: [Double], _ p: Double) -> Double {
    let s = xs.sorted()
    let i = Int((p * Double(s.count - 1)).rounded())
    return s[min(max(i, 0), s.count - 1)]
}

if latency > 0 {
    let first = inputs[0]
    var samples: [Double] = []
    samples.reserveCapacity(latency)
    for _ in 0..<latency {
        let start = clock.now
        let result = try? VASTParser(limits: .init(maxBytes: 64 << 20)).parse(first.bytes)
        let elapsed = clock.now - start
        blackHole(result)
        samples.append(seconds(elapsed) * 1e6)
    }
    for sample in samples { print("sample us=\(fmt(sample, 3))") }
    print(
        "swift_docs=1 swift_failed=\(failed) swift_bytes=\(first.bytes.count) swift_latency_samples=\(latency) swift_warmup_rounds=\(warmRounds)"
    )
    print("swift_p50_us=\(fmt(percentile(samples, 0.50), 2)) swift_p99_us=\(fmt(percentile(samples, 0.99), 2))")
    exit(0)
}

var times: [Double] = []
times.reserveCapacity(reps)
for r in 1...reps {
    var f = 0
    let elapsed = clock.measure { f = round(inputs) }
    blackHole(f)
    let t = seconds(elapsed)
    times.append(t)
    print("round \(r) time_s=\(fmt(t, 6))")
}

let best = times.min()!
let med = median(times)
print(
    "swift_docs=\(inputs.count) swift_failed=\(failed) swift_bytes=\(totalBytes) swift_rounds=\(reps) swift_warmup_rounds=\(warmRounds)"
)
print(
    "swift_best_s=\(fmt(best, 6)) swift_median_s=\(fmt(med, 6)) swift_best_MBps=\(fmt(Double(totalBytes) / best / 1e6, 1))"
)
print("swift_docs_per_s=\(fmt(Double(inputs.count) / med, 1)) swift_MBps=\(fmt(Double(totalBytes) / med / 1e6, 1))")
print("swift_findings=\(findings) swift_errors=\(errors)")
