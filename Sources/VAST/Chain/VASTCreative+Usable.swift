extension VASTCreative {
    /// True when a player has something to render: a Linear with a MediaFile URL, or a NonLinear or
    /// Companion with a resource.
    ///
    /// A Linear plays its MediaFile (IAB 4.3 section 3.9); a Mezzanine is a source for server-side
    /// transcoding and an InteractiveCreativeFile runs beside a MediaFile, so neither plays alone.
    /// NonLinears and Companions render their Static, IFrame or HTML resource (section 3.15).
    /// Whether the player supports the media type or size is the placement's choice (403, 501,
    /// 601), not this check's.
    public var isUsable: Bool {
        switch kind {
        case .linear(let linear): linear.mediaFiles.contains { !$0.url.isEmpty }
        case .nonLinearAds(let group): group.nonLinears.contains { $0.resources.contains(where: \.hasContent) }
        case .companionAds(let group): group.companions.contains { $0.resources.contains(where: \.hasContent) }
        case nil: false
        }
    }
}

extension VASTResource {
    /// True when the resource names a file or holds markup.
    var hasContent: Bool {
        switch self {
        case .staticResource(_, let url), .iframe(let url): !url.isEmpty
        case .html(let markup): !markup.isEmpty
        }
    }
}
