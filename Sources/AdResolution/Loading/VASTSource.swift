public import AdTransport
import FoundationEssentials

/// One place a VAST document comes from, as a person named it: a file, standard input, or an
/// http(s) tag URL. Made by ``SourceLoader`` from a name (`tag.xml`, `-`, `https://...`), or directly.
///
/// A value. A file's ``baseURL`` is fixed when the source is made (from the current directory
/// then), so a relative path keeps meaning the same file for the wrapper chain.
public struct VASTSource: Sendable, Hashable {
    /// Where the document is.
    public enum Kind: Sendable, Hashable {
        /// A file, by the path used to open it (relative to the current directory, or absolute).
        case file(path: String)
        /// The `-` source: the loader's ``StandardInput``.
        case standardInput
        /// An http or https tag URL, fetched (and its wrappers followed) by the resolver.
        case tag(AbsoluteURL)
    }

    /// The source as named, for reports: the path or URL as written, `-` for standard input; bytes of a
    /// name that are not UTF-8 are shown as `\xHH` (``FileName/shown(_:)``).
    public let name: String
    /// Where the document is.
    public let kind: Kind
    /// The URL relative references in the document resolve against: `file:///abs/folder/name.xml`
    /// for a file, the tag URL itself for a tag, `nil` for standard input (it has no location).
    public let baseURL: AbsoluteURL?

    /// A file source.
    /// - Parameters:
    ///   - path: the path to open.
    ///   - name: the name for reports; the path by default.
    /// - Returns: the source, with the file's absolute `file:` URL as its base (`nil` only when the
    ///   path cannot be written as a URL curl accepts).
    public static func file(_ path: String, name: String? = nil) -> VASTSource {
        VASTSource(name: name ?? path, kind: .file(path: path), baseURL: fileURL(forPath: path))
    }

    /// The standard-input source, named `-`.
    public static let standardInput = VASTSource(name: "-", kind: .standardInput, baseURL: nil)

    /// A tag URL source.
    /// - Parameters:
    ///   - url: an http or https URL (the resolver refuses other schemes when it fetches).
    ///   - name: the name for reports, usually the URL as written; `url.string` by default.
    /// - Returns: the source.
    public static func tag(_ url: AbsoluteURL, name: String? = nil) -> VASTSource {
        VASTSource(name: name ?? url.string, kind: .tag(url), baseURL: url)
    }

    /// True for a tag URL (fetched rather than read).
    public var isTag: Bool {
        if case .tag = kind { true } else { false }
    }

    /// `file://` and the absolute path, each byte outside RFC 3986's unreserved set and `/`
    /// percent-encoded (a path may hold spaces, `#` or `%`, which a URL cannot hold as they are), its `.` and
    /// `..` segments removed as RFC 3986 section 5.2.4 (and libcurl) removes them from a URL: `./a.xml` is
    /// then split without libcurl, as any plain path is.
    static func fileURL(forPath path: String) -> AbsoluteURL? {
        let absolute = FileName.absolute(path)
        var text = "file://"
        for byte in removingDotSegments(FileName.bytes(of: absolute)) {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"), UInt8(ascii: "/"):
                text.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                text +=
                    "%" + String(byte >> 4, radix: 16, uppercase: true)
                    + String(byte & 0x0F, radix: 16, uppercase: true)
            }
        }
        return try? AbsoluteURL(parsing: text)
    }

    /// `path` (absolute: it starts with `/`) without `.` and `..` segments, by RFC 3986's
    /// remove_dot_segments: `.` goes, `..` takes the segment before it with it (none above the root), empty
    /// segments stay, and a path that ended in one of them ends in `/`.
    static func removingDotSegments(_ path: [UInt8]) -> [UInt8] {
        let slash = UInt8(ascii: "/")
        let segments = path.split(separator: slash, omittingEmptySubsequences: false).dropFirst()
        guard segments.contains(where: { $0.elementsEqual([0x2E]) || $0.elementsEqual([0x2E, 0x2E]) }) else {
            return path
        }
        var kept: [ArraySlice<UInt8>] = []
        var endsInSlash = false
        for segment in segments {
            endsInSlash = false
            if segment.elementsEqual([0x2E]) {
                endsInSlash = true
            } else if segment.elementsEqual([0x2E, 0x2E]) {
                if !kept.isEmpty { kept.removeLast() }
                endsInSlash = true
            } else {
                kept.append(segment)
            }
        }
        var result: [UInt8] = [slash]
        for (index, segment) in kept.enumerated() {
            if index > 0 { result.append(slash) }
            result.append(contentsOf: segment)
        }
        if endsInSlash && !kept.isEmpty { result.append(slash) }
        return result
    }
}
