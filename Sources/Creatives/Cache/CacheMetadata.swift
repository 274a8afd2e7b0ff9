import AdTransport
import FoundationEssentials

/// The sidecar (`KEY.meta`, JSON) written beside each complete file, so that an index lost to
/// damage can be rebuilt from the folder alone: the URL (a file is only re-indexed when its name
/// is the URL's key), the file name and size, and what the server said about it.
struct CacheMetadata: Codable, Hashable {
    static let maxBytes = 64 << 10

    var url: String
    var file: String
    var bytes: Int
    var contentType: String?
    var etag: String?
    var lastModified: String?

    init(_ entry: CacheIndexEntry) {
        url = entry.url
        file = entry.file
        bytes = entry.bytes
        contentType = entry.contentType
        etag = entry.etag
        lastModified = entry.lastModified
    }

    func encoded() -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return (try? encoder.encode(self)).map { Array($0) } ?? []
    }

    static func decode(_ bytes: [UInt8]) -> CacheMetadata? {
        try? JSONDecoder().decode(CacheMetadata.self, from: Data(bytes))
    }
}
