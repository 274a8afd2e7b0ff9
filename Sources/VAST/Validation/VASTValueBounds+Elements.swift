extension VASTValueBounds {
    /// The attributes of `file` whose values are outside their bounds, in attribute order;
    /// empty when every value is inside its bound or absent.
    ///
    /// A media file with any such value is not one a player should choose: its size or bitrate
    /// is not a real one, and arithmetic on it could overflow.
    /// - Parameter file: a media file as parsed (or built by hand).
    /// - Returns: attribute names such as `width`, `maxBitrate`.
    public static func violations(in file: VASTMediaFile) -> [String] {
        check([
            ("width", file.width, pixels), ("height", file.height, pixels), ("bitrate", file.bitrate, bitrateKbps),
            ("minBitrate", file.minBitrate, bitrateKbps), ("maxBitrate", file.maxBitrate, bitrateKbps),
            ("fileSize", file.fileSize, fileSizeBytes),
        ])
    }

    /// The size attributes of `companion` outside ``pixels``, in attribute order.
    /// - Parameter companion: a companion as parsed (or built by hand).
    /// - Returns: attribute names such as `assetWidth`; empty when every size is inside or absent.
    public static func violations(in companion: VASTCompanion) -> [String] {
        check([
            ("width", companion.width, pixels), ("height", companion.height, pixels),
            ("assetWidth", companion.assetWidth, pixels), ("assetHeight", companion.assetHeight, pixels),
            ("expandedWidth", companion.expandedWidth, pixels), ("expandedHeight", companion.expandedHeight, pixels),
        ])
    }

    /// The size attributes of `nonLinear` outside ``pixels``, and `minSuggestedDuration` outside
    /// ``duration``, in attribute order.
    /// - Parameter nonLinear: a non-linear as parsed (or built by hand).
    /// - Returns: attribute names such as `expandedHeight`; empty when every value is inside or absent.
    public static func violations(in nonLinear: VASTNonLinear) -> [String] {
        var names = check([
            ("width", nonLinear.width, pixels), ("height", nonLinear.height, pixels),
            ("expandedWidth", nonLinear.expandedWidth, pixels),
            ("expandedHeight", nonLinear.expandedHeight, pixels),
        ])
        if let time = nonLinear.minSuggestedDuration, !duration.contains(time) { names.append("minSuggestedDuration") }
        return names
    }

    private static func check(_ values: [(String, Int?, ClosedRange<Int>)]) -> [String] {
        values.compactMap { name, value, bound in value.map { bound.contains($0) } == false ? name : nil }
    }
}
