import AdTransport
import Synchronization
public import VAST

/// libcurl's judgment of the URLs in a VAST document: the parser the fetches use
/// (`AbsoluteURL`, over `curl_url`), so a URL it refuses is one that would fail at
/// fetch time, and one it accepts is one a fetch can use.
///
/// Use it as `VASTParser(limits: limits, urlValidator: CurlURLValidator.validator)`; refused URLs
/// become `url.unparseable` findings.
///
/// URLs are judged as the values they will become: each IAB macro written `[NAME]`, `%5BNAME%5D` or
/// `%%NAME%%` (the 59 of `VASTMacro`, read as `VASTMacroExpander` reads them) is replaced by `0` first,
/// a value that is legal in every part of a URL (host, port, path, query), because players expand those
/// before fetching. libcurl accepts
/// brackets in a path, query or fragment but not in a host or port, so without this `https://[DOMAIN]/tag`
/// would be refused although it works. Brackets that are not an IAB macro (`http://host]`) are left
/// as written and judged as such: nobody will expand them.
///
/// A URL of the plain shape (`https://host.example/path?query`, see `PlainURLShape`) is accepted
/// without `curl_url`: libcurl accepts every URL of that shape. Any other goes to `curl_url`.
///
/// Pure and thread-safe: each call parses into its own `curl_url` handle and touches no network. Where
/// libcurl cannot be loaded (it is opened on first use), URLs of other shapes are not judged.
public enum CurlURLValidator {
    /// The validator to give `VASTParser`.
    public static let validator = VASTURLValidator { url in problem(with: url) }

    /// Why libcurl cannot use `url`, or `nil` when it can.
    /// - Parameter url: a URL as written in a document (trimmed, macros unexpanded).
    /// - Returns: libcurl's reason, for example `Bad hostname`.
    public static func problem(with url: String) -> String? {
        // Most URLs have the plain shape, which libcurl always accepts: no curl_url handle for them.
        PlainURLShape.accepts(url) ? nil : curlProblem(with: url)
    }

    /// libcurl's own verdict on `url`, macros judged as their values (no fast path); `nil` (not judged) where
    /// libcurl cannot be loaded: a missing library is not the document's fault, and every fetch then fails
    /// with `HTTPError` `unavailable` saying so.
    static func curlProblem(with url: String) -> String? {
        guard AbsoluteURL.libcurlUnavailable == nil else {
            unjudgedCount.add(1, ordering: .relaxed)
            return nil
        }
        do {
            _ = try AbsoluteURL(libcurlParsing: expandingMacrosToPlaceholders(url))
            return nil
        } catch {
            let marker = "is not a usable URL: "
            guard let range = error.message.firstRange(of: marker) else { return error.message }
            return String(error.message[range.upperBound...])
        }
    }

    private static let unjudgedCount = Atomic<Int>(0)

    /// How many URLs this process could not judge because libcurl cannot be loaded, and why it cannot; `nil`
    /// while every URL given was judged. Asking does not load libcurl: a caller reports it after its work
    /// (`vastcheck` does, on standard error), so that a document is never called valid in silence.
    public static var unjudged: (count: Int, reason: String)? {
        let count = unjudgedCount.load(ordering: .relaxed)
        guard count > 0 else { return nil }
        return (count, AbsoluteURL.libcurlUnavailable ?? "libcurl cannot be loaded")
    }

    /// `url` with every IAB macro (`[NAME]`, `%5BNAME%5D`, `%%NAME%%`) replaced by `0`; anything else as
    /// written.
    static func expandingMacrosToPlaceholders(_ url: String) -> String {
        VASTMacroExpander.replacingIABMacros(in: url, with: "0")
    }
}
