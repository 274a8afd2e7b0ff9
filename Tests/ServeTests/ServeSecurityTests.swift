import Foundation
import TestSupport
import Testing

/// The safety of `vastcheck serve` against a real client (the `curl` program, real libcurl) on loopback:
/// foreign Host and Origin, the CSRF token, the body cap, the headers, escaping, the served folders, and
/// a non-loopback bind without a token.
@Suite(.serialized, .timeLimit(.minutes(3))) struct ServeSecurityTests {
    @Test func aForeignHostHeaderIsRefused() throws {
        let server = try ServeProcess([])
        defer { server.stop() }
        let port = server.authority.split(separator: ":").last.map(String.init) ?? ""
        #expect(try Curl.request(server.url, ["-H", "Host: attacker.example:\(port)"]).status == 403)
        #expect(try Curl.request(server.url, ["-H", "Host: 127.0.0.1:1"]).status == 403)
        #expect(try Curl.request(server.url, ["-H", "Host: localhost:\(port)"]).status == 200)
        #expect(try Curl.request(server.url + "app.js", ["-H", "Host: rebound.example"]).status == 403)
    }

    @Test func aForeignOriginIsRefusedAndTheSameOriginAccepted() throws {
        let server = try ServeProcess([])
        defer { server.stop() }
        let token = try Curl.csrfToken(server.url)
        let post = [
            "-X", "POST", "-H", "X-CSRF-Token: \(token)", "-H", "Content-Type: application/json",
            "--data", #"{"source":"<VAST version=\"4.2\"/>"}"#,
        ]
        let foreign = try Curl.request(server.url + "api/validate", post + ["-H", "Origin: http://attacker.example"])
        #expect(foreign.status == 403)
        #expect(try Curl.request(server.url + "api/validate", post + ["-H", "Origin: null"]).status == 403)
        let same = try Curl.request(server.url + "api/validate", post + ["-H", "Origin: http://\(server.authority)"])
        #expect(same.status == 200)
    }

    @Test func aHundredMegabyteBodyIsRefusedAtItsCap() throws {
        let server = try ServeProcess([])
        defer { server.stop() }
        let token = try Curl.csrfToken(server.url)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("serve-100mb-\(UUID().uuidString)")
        #expect(FileManager.default.createFile(atPath: file.path, contents: nil))
        defer { try? FileManager.default.removeItem(at: file) }
        let handle = try FileHandle(forWritingTo: file)
        try handle.truncate(atOffset: 100 << 20)
        try handle.close()
        let began = Date()
        let answered = try Curl.request(
            server.url + "api/validate",
            ["-X", "POST", "-H", "X-CSRF-Token: \(token)", "--data-binary", "@" + file.path])
        #expect(answered.status == 413)
        #expect(answered.body.contains("limit is 4194304 bytes"))
        #expect(Date().timeIntervalSince(began) < 10)
        // The server still answers afterwards.
        #expect(try Curl.request(server.url).status == 200)
    }

    @Test func aChunkedBodyPastTheCapIsCutOff() throws {
        let server = try ServeProcess([])
        defer { server.stop() }
        let token = try Curl.csrfToken(server.url)
        let answered = try Curl.request(
            server.url + "api/validate",
            ["-X", "POST", "-H", "X-CSRF-Token: \(token)", "-H", "Transfer-Encoding: chunked", "--data-binary", "@-"],
            input: Data(count: 5 << 20))
        #expect(answered.status != 200)
        #expect(try Curl.request(server.url).status == 200)
    }

    @Test func everyResponseCarriesAStrictContentSecurityPolicy() throws {
        let server = try ServeProcess([])
        defer { server.stop() }
        for path in ["", "batch", "app.js", "app.css", "rules/url.invalid", "api/files", "no-such-page"] {
            let answered = try Curl.request(server.url + path)
            let policy = answered.headers["content-security-policy"] ?? ""
            #expect(policy.hasPrefix("default-src 'self'; script-src 'self'; style-src 'self';"), "\(path)")
            #expect(!policy.contains("unsafe-inline") && !policy.contains("unsafe-eval"))
            #expect(policy.contains("frame-ancestors 'none'"))
            #expect(answered.headers["x-content-type-options"] == "nosniff")
        }
        // No inline script or style, and nothing from another host, in the pages.
        for path in ["", "batch", "rules/url.invalid"] {
            let page = try Curl.request(server.url + path).body
            #expect(!page.contains("<script>") && !page.contains("<style") && !page.contains(" style="))
            #expect(!page.contains("src=\"http") && !page.contains("href=\"http"))
        }
    }

    @Test func aHostileAdTitleIsNeverMarkupInAnyRoute() throws {
        let (folder, root) = try ServeFixtures.folderWithEscape()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let server = try ServeProcess([folder])
        defer { server.stop() }
        let token = try Curl.csrfToken(server.url)
        let body = String(
            decoding: try JSONSerialization.data(withJSONObject: ["source": ServeFixtures.hostile]), as: UTF8.self)
        let post = ["-X", "POST", "-H", "X-CSRF-Token: \(token)", "--data", body]
        for path in ["api/validate", "api/inspect", "api/session"] {
            let answered = try Curl.request(server.url + path, post)
            #expect([200, 422].contains(answered.status), "\(path)")
            #expect(answered.headers["content-type"] == "application/json; charset=utf-8", "\(path)")
        }
        let file = try Curl.request(server.url + "api/file?folder=0&path=inside.xml")
        #expect(file.status == 200)
        #expect(file.headers["content-type"] == "text/plain; charset=utf-8")
        // A rule id that is markup is not echoed as HTML.
        let rule = try Curl.request(server.url + "rules/%3Cscript%3Ealert(1)%3C%2Fscript%3E")
        #expect(rule.status == 404)
        #expect(rule.headers["content-type"] == "text/plain; charset=utf-8")
        #expect(!rule.body.contains("<script>"))
        for path in ["", "batch", "rules/url.invalid", "api/files"] {
            #expect(!(try Curl.request(server.url + path).body.contains("__pwned")), "\(path)")
        }
    }

    @Test func noFileIsReadOutsideTheServedFolders() throws {
        let (folder, root) = try ServeFixtures.folderWithEscape()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let server = try ServeProcess([folder])
        defer { server.stop() }
        let listing = try Curl.request(server.url + "api/files").body
        #expect(listing.contains("\"inside.xml\""))
        #expect(!listing.contains("outside.xml"))
        #expect(try Curl.request(server.url + "api/file?folder=0&path=inside.xml").status == 200)
        for path in ["escape.xml", "../outside.xml", "..%2Foutside.xml", "%2Fetc%2Fpasswd", "/etc/passwd"] {
            let answered = try Curl.request(server.url + "api/file?folder=0&path=\(path)")
            #expect(answered.status == 404, "\(path)")
            #expect(!answered.body.contains("VAST") && !answered.body.contains("root:"))
        }
        #expect(try Curl.request(server.url + "api/file?folder=1&path=inside.xml").status == 404)
    }

    @Test func bindingEveryAddressWithoutATokenIsRefused() throws {
        let cli = Process()
        cli.executableURL = URL(fileURLWithPath: try BuiltProgram.require("vastcheck"))
        cli.arguments = ["serve", "--host", "0.0.0.0"]
        let output = Pipe()
        let errors = Pipe()
        cli.standardOutput = output
        cli.standardError = errors
        try cli.run()
        let error = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        cli.waitUntilExit()
        #expect(cli.terminationStatus == 2)
        #expect(output.fileHandleForReading.readDataToEndOfFile().isEmpty)
        #expect(error.hasPrefix("vastcheck serve: refusing to listen on 0.0.0.0 without --token"))
    }

    @Test func withATokenEveryRequestNeedsIt() throws {
        let token = "s3cret-token-for-tests"
        let server = try ServeProcess(["--host", "0.0.0.0", "--token", token])
        defer { server.stop() }
        let port = server.authority.split(separator: ":").last.map(String.init) ?? ""
        #expect(server.firstLine == "vastcheck serve: http://0.0.0.0:\(port)/")
        let url = "http://127.0.0.1:\(port)/"
        #expect(try Curl.request(url).status == 401)
        #expect(try Curl.request(url, ["-H", "Authorization: Bearer wrong-token-here"]).status == 401)
        #expect(try Curl.request(url, ["-H", "Authorization: Bearer \(token)"]).status == 200)
        let opened = try Curl.request(url + "?token=\(token)")
        #expect(opened.status == 200)
        #expect(
            opened.headers["set-cookie"]?.hasPrefix("vastcheck-token=\(token); Path=/; HttpOnly; SameSite=Strict")
                == true)
        #expect(try Curl.request(url + "app.js", ["-H", "Cookie: vastcheck-token=\(token)"]).status == 200)
        // The token does not replace the CSRF token of a POST.
        let post = ["-X", "POST", "-H", "Authorization: Bearer \(token)", "--data", #"{"source":"<VAST/>"}"#]
        #expect(try Curl.request(url + "api/validate", post).status == 403)
    }

    @Test func aShortTokenIsAUsageError() throws {
        let cli = Process()
        cli.executableURL = URL(fileURLWithPath: try BuiltProgram.require("vastcheck"))
        cli.arguments = ["serve", "--token", "short"]
        cli.standardOutput = FileHandle.nullDevice
        cli.standardError = FileHandle.nullDevice
        try cli.run()
        cli.waitUntilExit()
        #expect(cli.terminationStatus == 64)
    }
}
