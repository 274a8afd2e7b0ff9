public import VAST

/// Chooses the media file a player should play.
public enum MediaFileSelector {
    /// The best playable file of `linear`: a supported MIME type (earlier in `supported` is better),
    /// then the size closest to the player's, then the higher bitrate.
    /// - Returns: `nil` when no file has a supported type and a URL.
    public static func choose(from linear: VASTLinear, supported: [String], playerSize: AdSize?) -> VASTMediaFile? {
        let ranks = Dictionary(supported.enumerated().map { ($1.lowercased(), $0) }, uniquingKeysWith: { first, _ in first })
        let playable = linear.mediaFiles.filter { file in
            !file.url.isEmpty && ranks[(file.type ?? "").lowercased()] != nil
        }
        return playable.min { lhs, rhs in
            let left = key(lhs, ranks: ranks, playerSize: playerSize)
            let right = key(rhs, ranks: ranks, playerSize: playerSize)
            return left.rank != right.rank ? left.rank < right.rank
                : left.distance != right.distance ? left.distance < right.distance : left.bitrate > right.bitrate
        }
    }

    private static func key(_ file: VASTMediaFile, ranks: [String: Int], playerSize: AdSize?)
        -> (rank: Int, distance: Int, bitrate: Int)
    {
        let rank = ranks[(file.type ?? "").lowercased()] ?? Int.max
        var distance = 0
        if let playerSize, let width = file.width, let height = file.height {
            distance = abs(width - playerSize.width) + abs(height - playerSize.height)
        }
        return (rank, distance, file.bitrate ?? file.maxBitrate ?? 0)
    }
}
