/// What a banner's image file is, from its first bytes: the formats a banner's web view shows.
enum ImageCheck {
    /// The image format of `prefix` (`png`, `jpeg`, `gif`, `webp`), or `nil` when it is none of them.
    static func format(of prefix: [UInt8]) -> String? {
        if prefix.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return "png" }
        if prefix.starts(with: [0xFF, 0xD8, 0xFF]) { return "jpeg" }
        if prefix.starts(with: Array("GIF87a".utf8)) || prefix.starts(with: Array("GIF89a".utf8)) { return "gif" }
        if prefix.count >= 12, prefix.starts(with: Array("RIFF".utf8)), Array(prefix[8..<12]) == Array("WEBP".utf8) {
            return "webp"
        }
        return nil
    }
}
