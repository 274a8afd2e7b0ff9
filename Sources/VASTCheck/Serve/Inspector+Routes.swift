import AdErrors
import FoundationEssentials
import VAST
import VASTServe

extension Inspector {
    /// Answers one request that the server let through (its Host and Origin are this server's, its body
    /// within the cap): the access token first, then the CSRF token of a POST, then the route.
    func handle(_ request: ServerRequest) async -> ServerResponse {
        if let refusal = accessRefusal(request) { return refusal }
        if request.method == "POST" {
            guard let sent = request.header("x-csrf-token"), Self.sameToken(sent, csrfToken) else {
                return .refused(403, "forbidden: a POST needs the page's X-CSRF-Token header")
            }
        } else if request.method != "GET" {
            return .refused(405, "method not allowed")
        }
        var response = await route(request)
        if let token = configuration.token, request.query["token"] == token {
            response.headers.append(("Set-Cookie", "vastcheck-token=\(token); Path=/; HttpOnly; SameSite=Strict"))
        }
        return response
    }

    private func route(_ request: ServerRequest) async -> ServerResponse {
        switch (request.method, request.path) {
        case ("GET", "/"): return .text(InspectorPage.inspector(csrfToken: csrfToken), contentType: Self.html)
        case ("GET", "/batch"): return .text(InspectorPage.batch(csrfToken: csrfToken), contentType: Self.html)
        case ("GET", "/app.js"): return .text(InspectorAssets.script, contentType: "text/javascript; charset=utf-8")
        case ("GET", "/app.css"): return .text(InspectorAssets.style, contentType: "text/css; charset=utf-8")
        case ("GET", let path) where path.hasPrefix("/rules/"):
            return RulePage.response(id: String(path.dropFirst("/rules/".count)))
        case ("POST", "/api/validate"): return await runCommand(request, ["validate", "--json"])
        case ("POST", "/api/inspect"): return await runCommand(request, ["inspect", "--json"], media: true)
        case ("GET", "/api/files"): return filesResponse()
        case ("GET", "/api/file"): return fileResponse(request)
        case ("POST", "/api/session"): return await sessions.start(request, limiter: limiter)
        case ("POST", "/api/session/event"): return await sessions.event(request)
        case ("GET", "/api/events"): return await sessions.events(request)
        case ("GET", "/api/collector"): return await sessions.collectorResponse(request)
        case ("POST", "/api/batch"): return await batches.start(request, folders: folders)
        case ("GET", "/api/batch/events"): return await batches.events(request)
        case ("GET", "/api/batch/result"): return await batches.result(request)
        default: return .refused(404, "not found")
        }
    }

    /// 401 unless the request carries the `--token` (as a bearer token, the cookie, or `?token=`).
    private func accessRefusal(_ request: ServerRequest) -> ServerResponse? {
        guard let token = configuration.token else { return nil }
        if let authorization = request.header("authorization"), authorization.hasPrefix("Bearer "),
            Self.sameToken(String(authorization.dropFirst(7)), token)
        {
            return nil
        }
        let cookies = (request.header("cookie") ?? "").split(separator: ";").map {
            $0.trimmingSpaces()
        }
        if cookies.contains(where: { Self.sameToken($0, "vastcheck-token=" + token) }) { return nil }
        if let query = request.query["token"], Self.sameToken(query, token) { return nil }
        return .refused(401, "unauthorized: this server needs its --token")
    }

    /// Runs a CLI command on the request's source and answers with its standard output, unchanged.
    private func runCommand(_ request: ServerRequest, _ command: [String], media: Bool = false) async -> ServerResponse
    {
        guard let source = InspectorSource(json: request.body) else {
            return .refused(
                400, "bad request: send {\"source\": \"<a tag URL (http or https) or the XML>\"} as JSON")
        }
        let (name, input) = source.argument
        let arguments = command + (media && source.isURL ? ["--media"] : []) + [name]
        guard let (output, code) = await limiter.run({ await CapturedRun.run(arguments, input: input) }) else {
            return .refused(503, "busy: too many documents are being checked; try again")
        }
        return ServerResponse(
            status: 200,
            headers: [("Content-Type", "application/json; charset=utf-8"), ("X-Vastcheck-Exit", "\(code.rawValue)")],
            body: .bytes(Array(output.utf8)))
    }

    /// `{"files":[{"folder","path","name"}]}`: the documents of the served folders.
    private func filesResponse() -> ServerResponse {
        let files = folders.documents().map { document in
            JSON.object([
                ("folder", .int(document.folder)), ("path", .string(document.path)),
                ("name", .string(folders.folders[document.folder].name + "/" + document.path)),
            ])
        }
        return .text(JSON.object([("files", .array(files))]).pretty() + "\n", contentType: Self.json)
    }

    /// A served folder's document (`?folder=N&path=REL`), as text; 404 for anything outside the folders.
    private func fileResponse(_ request: ServerRequest) -> ServerResponse {
        guard let index = request.query["folder"].flatMap({ Int($0) }), let path = request.query["path"],
            let real = folders.resolve(folder: index, path: path),
            let data = FileManager.default.contents(atPath: real), data.count <= configuration.maxBodyBytes
        else { return .refused(404, "not found: no such document in the served folders") }
        return ServerResponse(
            status: 200, headers: [("Content-Type", "text/plain; charset=utf-8")], body: .bytes(Array(data)))
    }

    static let html = "text/html; charset=utf-8"
    static let json = "application/json; charset=utf-8"

    /// Compares two tokens in time that does not depend on where they differ.
    static func sameToken(_ lhs: String, _ rhs: String) -> Bool {
        let (left, right) = (Array(lhs.utf8), Array(rhs.utf8))
        guard left.count == right.count else { return false }
        return zip(left, right).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }
}
