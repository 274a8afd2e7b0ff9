// hostile-media [--generate RECIPE] [--prefix BYTES] [--total-unknown] [--max-bytes N] [--budget-ms N] FILE
//
// The media runner of the hostile corpus (Tests/Hostile/media): probes FILE with MediaProbe, as a whole file
// or, with --prefix, as its first BYTES (the file's size given as the total unless --total-unknown), within
// --max-bytes and --budget-ms (MediaProbeLimits' defaults otherwise). With --generate it first writes the
// hostile recipe RECIPE (TestSupport's HostileMedia) to FILE. Standard error is caught while the probe runs,
// so the corpus can assert that libav printed nothing. Prints one JSON line:
//   {"outcome":"described","description":{...MediaDescription...},"stderrBytes":N}
//   {"outcome":"failed","code":"truncated","vastErrorCode":405,"stderrBytes":N}
// Exit codes: 0 described, 1 failed with a MediaProbeError, 2 FILE could not be written or read, 64 usage.
import Foundation
import MediaProbe
import TestSupport

func usage() -> Never {
    FileHandle.standardError.write(
        Data(
            ("usage: hostile-media [--generate RECIPE] [--prefix BYTES] [--total-unknown] [--max-bytes N] "
                + "[--budget-ms N] FILE\n").utf8))
    exit(64)
}

var arguments = Array(CommandLine.arguments.dropFirst())
var recipe: String?
var prefix: Int?
var totalKnown = true
var limits = MediaProbeLimits.default
while arguments.count > 1 {
    let flag = arguments.removeFirst()
    if flag == "--total-unknown" {
        totalKnown = false
        continue
    }
    guard !arguments.isEmpty else { usage() }
    let value = arguments.removeFirst()
    if flag == "--generate" {
        recipe = value
        continue
    }
    guard let number = Int(value), number >= 0 else { usage() }
    switch flag {
    case "--prefix": prefix = number
    case "--max-bytes": limits.maxBytes = number
    case "--budget-ms": limits.timeBudget = .milliseconds(number)
    default: usage()
    }
}
guard arguments.count == 1 else { usage() }
let path = arguments[0]

func say(_ object: [String: Any]) {
    let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
    FileHandle.standardOutput.write(data + Data("\n".utf8))
}

if let recipe {
    guard let make = HostileMedia.recipes[recipe] else {
        FileHandle.standardError.write(Data("hostile-media: no recipe \(recipe)\n".utf8))
        exit(64)
    }
    guard FileManager.default.createFile(atPath: path, contents: Data(make())) else { exit(2) }
}
var prefixBytes: [UInt8]?
var totalSize: Int?
if let prefix {
    guard let handle = FileHandle(forReadingAtPath: path), let size = try? handle.seekToEnd() else { exit(2) }
    try? handle.seek(toOffset: 0)
    prefixBytes = [UInt8]((try? handle.read(upToCount: prefix)) ?? Data())
    totalSize = totalKnown ? Int(size) : nil
}

// Standard error goes to a scratch file while the probe runs, and comes back after.
let caught = FileManager.default.temporaryDirectory.appendingPathComponent("hostile-media-\(getpid()).stderr").path
let saved = dup(2)
let scratch = open(caught, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
guard saved >= 0, scratch >= 0, dup2(scratch, 2) >= 0 else { exit(2) }
let result = Result { () throws(MediaProbeError) -> MediaDescription in
    if let prefixBytes { return try MediaProbe.probe(prefix: prefixBytes, totalSize: totalSize, limits: limits) }
    return try MediaProbe.probe(fileAt: path, limits: limits)
}
dup2(saved, 2)
close(scratch)
let stderrBytes = ((try? FileManager.default.attributesOfItem(atPath: caught))?[.size] as? Int) ?? -1
unlink(caught)

switch result {
case .success(let description):
    let encoded = (try? JSONEncoder().encode(description)).flatMap { try? JSONSerialization.jsonObject(with: $0) }
    say(["outcome": "described", "description": encoded ?? [:], "stderrBytes": stderrBytes])
    exit(0)
case .failure(let error):
    say([
        "outcome": "failed", "code": error.code.description, "vastErrorCode": error.vastErrorCode.rawValue,
        "message": error.message, "stderrBytes": stderrBytes,
    ])
    exit(1)
}
