import AdTransport
import Testing

/// libcurl's URL API as the engine uses it: absolute URLs, relative references resolved per
/// RFC 3986 section 5 (its examples), and what is refused.
@Suite struct AbsoluteURLTests {
    /// RFC 3986 section 5.4.1's normal examples, against its base `http://a/b/c/d;p?q`.
    @Test(arguments: [
        ("g", "http://a/b/c/g"), ("./g", "http://a/b/c/g"), ("g/", "http://a/b/c/g/"), ("/g", "http://a/g"),
        ("//g", "http://g/"), ("?y", "http://a/b/c/d;p?y"), ("g?y", "http://a/b/c/g?y"),
        ("g;x", "http://a/b/c/g;x"), ("", "http://a/b/c/d;p?q"), (".", "http://a/b/c/"), ("./", "http://a/b/c/"),
        ("..", "http://a/b/"), ("../", "http://a/b/"), ("../g", "http://a/b/g"), ("../..", "http://a/"),
        ("../../", "http://a/"), ("../../g", "http://a/g"),
    ])
    func relativeReferencesResolveAsRFC3986Says(reference: String, expected: String) throws {
        let base = try AbsoluteURL(parsing: "http://a/b/c/d;p?q")
        #expect(try base.resolving(reference).string == expected)
    }

    @Test func aRelativeTagResolvesAgainstItsDocumentsURLAndFolder() throws {
        let page = try AbsoluteURL(parsing: "http://127.0.0.1:8080/chains/a/hop0.xml?x=1")
        #expect(try page.resolving("sample.xml").string == "http://127.0.0.1:8080/chains/a/sample.xml")
        let file = try AbsoluteURL(parsing: "file:///tmp/tags/wrapper-a.xml")
        #expect(try file.resolving("wrapper-b.xml").string == "file:///tmp/tags/wrapper-b.xml")
        #expect(try file.resolving("wrapper-b.xml").scheme == "file")
    }

    @Test(arguments: [
        "sample.xml", "ads.example.com/tag", "http://host]", "http://", "", "ht tp://x/", "javascript:alert(1)",
    ])
    func nonURLsAreRefusedWithoutGuessingAScheme(text: String) {
        #expect(throws: URLParseError.self) { try AbsoluteURL(parsing: text) }
    }

    @Test func partsAndKeysAreNormalised() throws {
        let url = try AbsoluteURL(parsing: "HTTPS://Ads.Example.COM:443/v/../tag?id=[CACHEBUSTING]#frag")
        #expect(url.scheme == "https")
        #expect(url.host == "ads.example.com")
        #expect(url.port == nil)
        #expect(url.path == "/tag")
        #expect(url.query == "id=[CACHEBUSTING]")
        #expect(url.comparisonKey == "https://ads.example.com/tag?id=[CACHEBUSTING]")
        #expect(try AbsoluteURL(parsing: "http://h:8080/x").origin == "http://h:8080")
        #expect(try AbsoluteURL(parsing: "http://h:8080/x?q=1").comparisonKey == "http://h:8080/x?q=1")
        #expect(try AbsoluteURL(parsing: "https://h/x").comparisonKey == "https://h/x")
        #expect(try AbsoluteURL(parsing: "https://h/x").origin == "https://h")
        #expect(try AbsoluteURL(parsing: "file:///tmp/a.xml").origin == "file://")
        #expect(try AbsoluteURL(parsing: "file:///tmp/a.xml").comparisonKey == "file:///tmp/a.xml")
    }

    /// A reference with a scheme is the target whole (RFC 3986 5.2.2), whatever the base: the same URL
    /// as parsed alone, and as libcurl resolves it.
    @Test(arguments: [
        "https://other.example/x?y=1", "http://127.0.0.1:9/doc", "HTTP://Other.Example:80/a/../b?c#d",
        "file:///tmp/t.xml",
    ])
    func anAbsoluteReferenceIsItsOwnTarget(reference: String) throws {
        for base in ["http://a/b/c/d;p?q", "https://ads.example:8443/v/tag.xml?cb=1", "file:///tmp/tags/w.xml"] {
            let resolved = try AbsoluteURL(parsing: base).resolving(reference)
            #expect(resolved == (try AbsoluteURL(parsing: reference)), "\(reference) against \(base)")
            #expect(resolved == (try AbsoluteURL(parsing: base).libcurlResolving(reference)))
        }
    }

    @Test func overlongURLsAreRefused() {
        let long = "http://h/" + String(repeating: "a", count: AbsoluteURL.maxLength)
        #expect(throws: URLParseError.self) { try AbsoluteURL(parsing: long) }
    }
}
