import AdErrors
import AdResolution
import AdTransport
import VAST

extension VASTResolutionFailure {
    /// What a person reads for it: the IAB code and its name (`error 301 (Wrapper VASTAdTagURI timed out or
    /// unavailable)`), or, when the IAB table has no code for it, what befell the tag's own request
    /// (`HTTP 404 on the tag's own request (no IAB code)`, `timeout on the tag's own request (no IAB code)`).
    var named: String {
        if let code { return code.named }
        guard let error = requestError else { return "no IAB code" }
        let what = error.code == .badStatus ? error.status.map { "HTTP \($0)" } ?? "badStatus" : error.code.description
        return "\(what) on the tag's own request (no IAB code)"
    }

    /// The code as JSON: its number, or `null` when the IAB table has none.
    var codeJSON: JSON { code.map { .int($0.rawValue) } ?? .null }
}
