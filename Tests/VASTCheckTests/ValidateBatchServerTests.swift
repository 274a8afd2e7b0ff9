import Foundation
import TestSupport
import Testing
import VASTCheck

/// `validate --list` over tag URLs served by the loopback server: the job bound, streaming,
/// and a summary that does not depend on the order documents finish in.
@Suite(.serialized) final class ValidateBatchServerTests {
    let server: TestServer
    let folder: URL

    init() throws {
        server = try TestServer()
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("vastcheck-batch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    /// Writes `lines` as a list file and returns its path.
    private func list(_ lines: [String], name: String = "tags.txt") throws -> String {
        let file = folder.appendingPathComponent(name)
        try (lines.joined(separator: "\n") + "\n").write(to: file, atomically: true, encoding: .utf8)
        return file.path
    }

    private func jsonLines(_ captured: CapturedConsole) throws -> [[String: Any]] {
        try captured.out.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
    }

    @Test func atMostJobsDocumentsAreInFlight() async throws {
        let tag = try server.registerChain("slow", hops: 1, query: "")
        let tags = (0..<12).map { "\(tag)?delay_ms=150&i=\($0)" }
        let path = try list(tags)
        for jobs in [1, 3] {
            try server.resetStats()
            let captured = CapturedConsole()
            let started = ContinuousClock.now
            #expect(await captured.run(["validate", "--jsonl", "--jobs", String(jobs), "--list", path]) == .success)
            let elapsed = ContinuousClock.now - started
            let stats = try server.stats()
            #expect(stats.requests == 12)
            // A connection is opened only when every open one is busy, so the connections the
            // server accepted are the most requests that were ever in flight at once.
            #expect(stats.connections == jobs, "jobs \(jobs): \(stats.connections) connections")
            // 12 requests of 150 ms, `jobs` at a time, cannot take less than 12 / jobs rounds.
            #expect(elapsed >= .milliseconds(150 * 12 / jobs), "jobs \(jobs): \(elapsed)")
        }
    }

    @Test func theDefaultIsEightJobsOverOneSharedClientWithEnoughConnectionsPerHost() async throws {
        let tag = try server.registerChain("eight", hops: 2, query: "?delay_ms=100")
        let path = try list((0..<16).map { "\(tag)&i=\($0)" })
        try server.resetStats()
        let captured = CapturedConsole()
        #expect(await captured.run(["validate", "--jsonl", "--list", path]) == .success)
        let stats = try server.stats()
        #expect(stats.requests == 32)
        // Eight jobs on one host: more than the client's default of six connections per host.
        #expect(stats.connections == 8)
    }

    @Test func jsonlStreamsEachDocumentAsItFinishes() async throws {
        let tag = try server.registerChain("stream", hops: 1, query: "")
        // The first tag is the slowest: it is written last, after the summary of the others' order.
        let tags = ["\(tag)?delay_ms=600", "\(tag)?delay_ms=0&i=1", "\(tag)?delay_ms=0&i=2"]
        let captured = CapturedConsole()
        #expect(await captured.run(["validate", "--jsonl", "--jobs", "3", "--list", try list(tags)]) == .success)
        let lines = try jsonLines(captured)
        #expect(lines.count == 4)
        #expect(lines[2]["source"] as? String == tags[0], "the slow tag finishes last")
        #expect(Set(lines[0..<2].compactMap { $0["source"] as? String }) == Set(tags[1...]))
        #expect(lines[3]["summary"] as? [String: Int] == ["documents": 3, "valid": 3, "invalid": 0, "unreadable": 0])
        // The same fields as --json, for a tag URL too.
        let chain = try #require(lines[0]["chain"] as? [[String: Any]])
        #expect(
            chain.first.map { Set($0.keys) } == ["url", "status", "ms", "bytes", "kind", "outcome", "connectionReused"])
    }

    @Test func humanOutputStaysInInputOrderWhateverFinishesFirst() async throws {
        let tag = try server.registerChain("order", hops: 1, query: "")
        let tags = ["\(tag)?delay_ms=400", "\(tag)?delay_ms=0&i=1", "\(tag)?delay_ms=200", "\(tag)?delay_ms=0&i=3"]
        let captured = CapturedConsole()
        #expect(await captured.run(["validate", "--jobs", "4", "--list", try list(tags)]) == .success)
        let documentLines = captured.out.split(separator: "\n").filter { $0.hasPrefix("✓") || $0.hasPrefix("✗") }
        #expect(documentLines.map { String($0.split(separator: " ")[1]) } == tags)
        #expect(captured.out.contains("slowest hops:\n"))
        #expect(captured.out.hasSuffix("4 documents: 4 valid, 0 invalid\n"))
    }

    /// A mixed batch: valid, no ad, a 404 hop (301), a malformed hop (100), an invalid InLine
    /// (101), and an unreadable file; with delays that make the slowest hops known.
    private func mixedBatch() throws -> [String] {
        let good = try server.registerChain("good", hops: 2, query: "")
        let noAd = try server.registerChain("noad", hops: 2, query: "", last: ChainDocuments.noAd(hop: 1))
        try server.register("broken-0", body: ChainDocuments.wrapper(hop: 0, next: server.docURL("gone")))
        try server.register("malformed-0", body: ChainDocuments.wrapper(hop: 0, next: server.docURL("malformed-1")))
        try server.register("malformed-1", body: "<VAST version=\"4.2\"><Ad>")
        try server.register(
            "rules-0",
            body: ChainDocuments.inLine(hop: 0).replacingOccurrences(
                of: "<AdSystem>hop0</AdSystem>", with: ""))
        return [
            "# a mixed batch",
            good + "?delay_ms=300", good + "?delay_ms=250", good + "?delay_ms=200", good + "?delay_ms=150",
            good + "?delay_ms=100", good + "?delay_ms=60",
            good, noAd, server.docURL("broken-0"), server.docURL("malformed-0"), server.docURL("rules-0"),
            "",
            folder.appendingPathComponent("not-there.xml").path,
        ]
    }

    @Test func theSummaryCountsOutcomesErrorCodesAndTheSlowestHops() async throws {
        let lines = try mixedBatch()
        let captured = CapturedConsole()
        #expect(await captured.run(["validate", "--json", "--list", try list(lines)]) == .unreadable)
        let json = try captured.json()
        #expect(json["summary"] as? [String: Int] == ["documents": 12, "valid": 7, "invalid": 5, "unreadable": 1])
        let breakdown = try #require(json["breakdown"] as? [String: Any])
        #expect(
            breakdown["outcomes"] as? [String: Int] == [
                "valid": 7, "rulesFailed": 1, "noAd": 1, "chainError": 2, "adFailed": 0, "parseError": 0,
                "unreadable": 1,
            ])
        #expect(breakdown["errorCodes"] as? [String: Int] == ["100": 1, "101": 1, "301": 1, "303": 1])
        let slowest = try #require(breakdown["slowestHops"] as? [[String: Any]])
        #expect(slowest.count == 5)
        let ms = slowest.compactMap { $0["ms"] as? Int }
        #expect(ms == ms.sorted(by: >), "slowest first")
        // They are the five slowest of every chain's hops (the documents say how long each took),
        // each with the document it belongs to.
        let documents = try #require(json["documents"] as? [[String: Any]])
        let hops = documents.flatMap { document in
            (document["chain"] as? [[String: Any]] ?? []).map { hop in
                "\(hop["ms"] as? Int ?? -1) \(hop["url"] as? String ?? "") \(document["source"] as? String ?? "")"
            }
        }
        let reported = slowest.map {
            "\($0["ms"] as? Int ?? -2) \($0["url"] as? String ?? "") \($0["source"] as? String ?? "")"
        }
        #expect(Set(reported).isSubset(of: Set(hops)))
        let fastestReported = ms.last ?? 0
        let others = documents.flatMap { ($0["chain"] as? [[String: Any]] ?? []).compactMap { $0["ms"] as? Int } }
        #expect(others.sorted(by: >).dropFirst(5).allSatisfy { $0 <= fastestReported })
        // With 300 ms of delay, the first tag's first hop is among them.
        #expect(
            reported.contains {
                $0.hasSuffix(" \(server.docURL("good-0"))?delay_ms=300 \(server.docURL("good-0"))?delay_ms=300")
            })
    }

    @Test func theSummaryDoesNotDependOnTheOrderDocumentsFinishIn() async throws {
        let lines = try mixedBatch()
        var results: [String] = []
        for (name, entries, jobs) in [
            ("forward", lines, "1"), ("reversed", Array(lines.reversed()), "8"), ("forward8", lines, "8"),
        ] {
            let captured = CapturedConsole()
            _ = await captured.run(["validate", "--jsonl", "--jobs", jobs, "--list", try list(entries, name: name)])
            let last = try #require(try jsonLines(captured).last)
            var breakdown = try #require(last["breakdown"] as? [String: Any])
            // Times differ from run to run; which hops are slowest, and in what order, does not.
            breakdown["slowestHops"] = (breakdown["slowestHops"] as? [[String: Any]])?.map {
                [$0["url"], $0["source"]]
            }
            let data = try JSONSerialization.data(
                withJSONObject: ["summary": last["summary"] ?? [:], "breakdown": breakdown],
                options: [.sortedKeys])
            results.append(String(decoding: data, as: UTF8.self))
        }
        #expect(Set(results).count == 1, "\(results)")
    }

    @Test func junitFromAListCountsFailuresAndErrors() async throws {
        let lines = try mixedBatch()
        let output = folder.appendingPathComponent("junit.xml")
        let captured = CapturedConsole()
        #expect(
            await captured.run(["validate", "--format", "junit", "--output", output.path, "--list", try list(lines)])
                == .unreadable)
        let xml = try JUnitDocument(String(contentsOf: output, encoding: .utf8))
        #expect(xml.root["tests"] == "12" && xml.root["failures"] == "4" && xml.root["errors"] == "1")
        #expect(xml.testCases.map(\.name) == lines.filter { !$0.isEmpty && !$0.hasPrefix("#") })
        let broken = try #require(xml.testCases.first { $0.name == server.docURL("broken-0") })
        #expect(broken.result == "failure" && broken.message.hasPrefix("VAST error 301"))
    }
}
