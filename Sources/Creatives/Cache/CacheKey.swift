/// The name a URL's file has in the cache folder: two 64-bit FNV-1a hashes of the URL (with two
/// offsets), as 32 hex digits.
///
/// Not a cryptographic hash: the index keeps each file's URL and a lookup compares it, so two
/// URLs with one key (however they were made) share a slot, one replacing the other; neither is
/// ever served for the other.
struct CacheKey: Hashable, Sendable, CustomStringConvertible {
    let value: String

    init(url: String) {
        var first: UInt64 = 0xcbf2_9ce4_8422_2325
        var second: UInt64 = 0x6c62_272e_07bb_0142
        for byte in url.utf8 {
            first = (first ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
            second = (second ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
            second = second &+ (second >> 29)
        }
        value = Self.hex(first) + Self.hex(second)
    }

    /// A key read back from a file name; `nil` unless it is 32 lower-case hex digits.
    init?(fileStem: Substring) {
        guard fileStem.utf8.count == 32,
            fileStem.utf8.allSatisfy({ ($0 >= 48 && $0 <= 57) || ($0 >= 97 && $0 <= 102) })
        else { return nil }
        value = String(fileStem)
    }

    var description: String { value }

    /// The temporary file a download writes (and resumes) before it is complete.
    var partialName: String { value + ".part" }
    /// The file a complete download is renamed to (`KEY.mp4`: players that judge by extension see one).
    func completeName(extension ext: String) -> String { value + "." + ext }
    /// The sidecar that lets a lost index be rebuilt from the folder.
    var metadataName: String { value + ".meta" }

    private static func hex(_ number: UInt64) -> String {
        let digits = String(number, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// The extension a file of `mediaType` (or, when that says nothing, the URL's path) is stored with.
    static func fileExtension(mediaType: String?, url: String) -> String {
        let byType: [String: String] = [
            "video/mp4": "mp4", "video/webm": "webm", "video/quicktime": "mov", "video/x-flv": "flv",
            "video/ogg": "ogv", "video/3gpp": "3gp", "image/jpeg": "jpg", "image/png": "png", "image/gif": "gif",
            "image/webp": "webp", "image/svg+xml": "svg", "application/x-mpegurl": "m3u8",
        ]
        if let mediaType, let ext = byType[mediaType] { return ext }
        let path = url.split(separator: "?", maxSplits: 1).first.map(String.init) ?? url
        let last = path.split(separator: "/").last.map(String.init) ?? ""
        guard let dot = last.lastIndex(of: ".") else { return "bin" }
        let ext = last[last.index(after: dot)...].lowercased()
        let known = Set(byType.values)
        return known.contains(ext) ? ext : "bin"
    }
}
