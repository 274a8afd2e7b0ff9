import AdResolution
import FoundationEssentials
import VAST
import VASTServe

/// `/rules/ID`: one rule of the catalogue as a page (the findings' rule ids link here), every value escaped.
enum RulePage {
    /// The page of rule `id`, or 404 when the catalogue has no such rule.
    static func response(id: String) -> ServerResponse {
        guard !id.isEmpty else { return index }
        let decoded = FileName.percentDecoded(id) ?? id
        guard let rule = VASTRuleCatalog.rule(id: decoded) else {
            return .refused(404, "not found: no rule with that id (see /rules/)")
        }
        var rows: [(String, String)] = [
            ("Severity", rule.severity.rawValue), ("Category", rule.category.rawValue),
            ("VAST versions", "\(rule.versions.lowerBound.rawValue) to \(rule.versions.upperBound.rawValue)"),
        ]
        if let section = rule.section { rows.append(("IAB section", section)) }
        if let code = rule.vastErrorCode { rows.append(("VAST error code", "\(code.rawValue)")) }
        if let parent = rule.parent { rows.append(("Family", parent)) }
        rows.append(("Origin", rule.origin.rawValue))
        var body = "<h1>\(HTML.escape(rule.id))</h1>\n<p class=\"summary\">\(HTML.escape(rule.summary))</p>\n<table>\n"
        for (name, value) in rows {
            body += "<tr><th>\(HTML.escape(name))</th><td>\(HTML.escape(value))</td></tr>\n"
        }
        body += "</table>\n<h2>Bad</h2>\n<pre>\(HTML.escape(rule.badExample))</pre>\n"
        body += "<h2>Good</h2>\n<pre>\(HTML.escape(rule.goodExample))</pre>\n"
        let checks = VASTRuleCatalog.checks(of: rule.id)
        if !checks.isEmpty {
            body += "<h2>Checks</h2>\n<ul>\n"
            for check in checks {
                body +=
                    "<li><a href=\"/rules/\(link(check.id))\">\(HTML.escape(check.id))</a>: \(HTML.escape(check.summary))</li>\n"
            }
            body += "</ul>\n"
        }
        return .text(
            InspectorPage.document(
                title: "Rule " + rule.id, csrfToken: nil, body: "<main class=\"rule\">\n\(body)</main>"),
            contentType: Inspector.html)
    }

    /// `/rules/`: every rule of the catalogue, each linked to its page.
    static var index: ServerResponse {
        var body = "<main class=\"rule\">\n<h1>Rules</h1>\n<table>\n"
        for rule in VASTRuleCatalog.all {
            body += "<tr><td><a href=\"/rules/\(link(rule.id))\">\(HTML.escape(rule.id))</a></td>"
            body += "<td>\(HTML.escape(rule.severity.rawValue))</td><td>\(HTML.escape(rule.summary))</td></tr>\n"
        }
        body += "</table>\n</main>"
        return .text(InspectorPage.document(title: "Rules", csrfToken: nil, body: body), contentType: Inspector.html)
    }

    /// A rule id as a path segment, escaped for an attribute: every byte outside what a URL path may hold
    /// as it is (RFC 3986's unreserved characters, sub-delimiters, `:`, `@` and `/`) percent-encoded.
    private static func link(_ id: String) -> String {
        let kept = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~!$&'()*+,;=:@/".utf8)
        var path = ""
        for byte in id.utf8 {
            if kept.contains(byte) {
                path.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                path +=
                    "%" + String(byte >> 4, radix: 16, uppercase: true) + String(byte & 15, radix: 16, uppercase: true)
            }
        }
        return HTML.escape(path)
    }
}
