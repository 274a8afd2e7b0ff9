import Foundation
import TestSupport
import Testing

/// The contracts scripts depend on: the first line, the page's CSRF meta tag, `/api/validate` answering
/// with `vastcheck validate --json`'s bytes, and refusals without the token.
@Suite(.serialized, .timeLimit(.minutes(3))) struct ServeContractTests {
    @Test func firstLineIsTheLoopbackURLOnAPortTheSystemChose() throws {
        let server = try ServeProcess([])
        defer { server.stop() }
        let pattern = #/vastcheck serve: http://127\.0\.0\.1:(\d+)/$/#
        let match = try #require(server.firstLine.wholeMatch(of: pattern))
        #expect(Int(match.1).map { $0 > 0 } == true)
        #expect(try Curl.request(server.url).status == 200)
        // SIGTERM (as SIGINT) stops it with exit 0.
        #expect(server.stop() == 0)
    }

    @Test func aPortInUseIsExit2WithTheReason() throws {
        let first = try ServeProcess([])
        defer { first.stop() }
        let port = first.authority.split(separator: ":").last.map(String.init) ?? ""
        let second = try ServeProcess(["--port", port])
        #expect(second.firstLine.isEmpty)
        #expect(second.stop() == 2)
        #expect(second.standardError.hasPrefix("vastcheck serve: cannot listen on 127.0.0.1:\(port): "))
    }

    @Test func anExplicitPortIsUsed() throws {
        // Ask the system for a free port first, then give it to serve.
        let probe = try ServeProcess([])
        let port = probe.authority.split(separator: ":").last.map(String.init) ?? ""
        probe.stop()
        let server = try ServeProcess(["--port", port])
        defer { server.stop() }
        #expect(server.firstLine == "vastcheck serve: http://127.0.0.1:\(port)/")
    }

    @Test func thePageCarriesTheCSRFTokenInItsMetaTag() throws {
        let server = try ServeProcess([])
        defer { server.stop() }
        let page = try Curl.request(server.url)
        #expect(page.headers["content-type"] == "text/html; charset=utf-8")
        let token = try Curl.csrfToken(server.url)
        #expect(token.count == 64)
        #expect(token.allSatisfy { $0.isHexDigit })
        #expect(page.body.contains("<meta name=\"csrf-token\" content=\"\(token)\">"))
    }

    @Test func validateAnswersWithTheBytesOfValidateJSON() throws {
        let server = try ServeProcess([])
        defer { server.stop() }
        let token = try Curl.csrfToken(server.url)
        let body = try JSONSerialization.data(withJSONObject: ["source": ServeFixtures.hostile])
        let answered = try Curl.request(
            server.url + "api/validate",
            [
                "-X", "POST", "-H", "Content-Type: application/json", "-H", "X-CSRF-Token: \(token)", "--data-binary",
                "@-",
            ],
            input: body)
        #expect(answered.status == 200)
        #expect(answered.headers["content-type"] == "application/json; charset=utf-8")
        let cli = Process()
        cli.executableURL = URL(fileURLWithPath: try BuiltProgram.require("vastcheck"))
        cli.arguments = ["validate", "--json", "-"]
        let input = Pipe()
        let output = Pipe()
        cli.standardInput = input
        cli.standardOutput = output
        cli.standardError = FileHandle.nullDevice
        try cli.run()
        input.fileHandleForWriting.write(Data(ServeFixtures.hostile.utf8))
        try input.fileHandleForWriting.close()
        let expected = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        cli.waitUntilExit()
        #expect(!expected.isEmpty)
        #expect(answered.body == expected)
        #expect(answered.headers["x-vastcheck-exit"] == "\(cli.terminationStatus)")
    }

    @Test func validateWithoutOrWithAWrongTokenIsForbidden() throws {
        let server = try ServeProcess([])
        defer { server.stop() }
        let token = try Curl.csrfToken(server.url)
        let json = ["-X", "POST", "-H", "Content-Type: application/json", "--data", #"{"source":"<VAST/>"}"#]
        #expect(try Curl.request(server.url + "api/validate", json).status == 403)
        let wrong = String(token.reversed())
        #expect(try Curl.request(server.url + "api/validate", json + ["-H", "X-CSRF-Token: \(wrong)"]).status == 403)
        #expect(try Curl.request(server.url + "api/validate", json + ["-H", "X-CSRF-Token: "]).status == 403)
        #expect(try Curl.request(server.url + "api/validate", json + ["-H", "X-CSRF-Token: \(token)"]).status == 200)
    }

    @Test func aSourceThatIsNeitherAURLNorXMLIsABadRequestAndNoFileIsRead() throws {
        let server = try ServeProcess([])
        defer { server.stop() }
        let token = try Curl.csrfToken(server.url)
        for source in ["/etc/passwd", "file:///etc/passwd", "../Package.swift", "-"] {
            let body = String(decoding: try JSONSerialization.data(withJSONObject: ["source": source]), as: UTF8.self)
            let answered = try Curl.request(
                server.url + "api/validate", ["-X", "POST", "-H", "X-CSRF-Token: \(token)", "--data", body])
            #expect(answered.status == 400, "\(source)")
            #expect(!answered.body.contains("root:"))
        }
    }

    @Test func helpNamesEveryOption() async throws {
        let cli = Process()
        cli.executableURL = URL(fileURLWithPath: try BuiltProgram.require("vastcheck"))
        cli.arguments = ["serve", "--help"]
        let output = Pipe()
        cli.standardOutput = output
        try cli.run()
        let help = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        cli.waitUntilExit()
        #expect(cli.terminationStatus == 0)
        #expect(help.hasPrefix("USAGE: vastcheck serve [--host H] [--port P] [--token T] [--send]"))
        for option in ["--host H", "--port P", "--token T", "--send", "FOLDER"] { #expect(help.contains(option)) }
    }
}
