// creative-child CACHE_DIR URL
//
// The process the creative cache's crash test runs: it opens a CreativeCache in CACHE_DIR and asks
// it for URL (60 s at most). It prints `ASKING` just before, then `DONE <origin> <path>` when the
// file is complete, or `FAILED <code>: <message>`. The test kills it with SIGKILL in the middle of
// the download (the loopback server stalls the body) and then opens the same folder itself.
//
// Every line goes to stdout. Exit codes: 0 done, 1 failed, 2 the cache could not be opened, 64 usage.
import AdTransport
import Creatives
import Foundation

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count == 2 else {
    FileHandle.standardError.write(Data("usage: creative-child CACHE_DIR URL\n".utf8))
    exit(64)
}

func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

let cache: CreativeCache
do {
    let client = try HTTPClient()
    cache = try CreativeCache(configuration: CreativeCacheConfiguration(directory: arguments[0]), client: client)
} catch {
    say("REFUSED \(error)")
    exit(2)
}
say("ASKING")
do {
    let file = try await cache.file(for: arguments[1], deadline: .now + .seconds(60))
    say("DONE \(file.origin.rawValue) \(file.path)")
    exit(0)
} catch {
    say("FAILED \(error.code.description): \(error.message)")
    exit(1)
}
