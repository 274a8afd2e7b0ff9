extension ResolvedAd {
    /// The resolved ad as JSON, each part with the hop it came from.
    ///
    /// `{"hop", "sequence"?, "ad": {...the InLine's ad as VASTAd.modelJSON...}, "wrappers"?: [{"hop",
    /// "wrapper": {...}}], "merged": {...}}`. `sequence` is the ad's place in its pod (inherited from a
    /// Wrapper Ad's `sequence` when the Wrapper resolved to this one ad). `merged` holds the chain's merged lists in hop order (the outermost
    /// Wrapper's first): `impressions`, `errors`, `viewable`, `notViewable`, `viewUndetermined`,
    /// `clickTracking`, `customClicks`, `companionClickTracking`, `nonLinearClickTracking`,
    /// `iconViewTracking`, `iconClickTracking` as `[{"url", "hop"}]`; `linearTracking`,
    /// `nonLinearTracking`, `companionTracking` as `[{"event", "offset"?, "url", "hop"}]` (Linear,
    /// NonLinear and Companion events apart); `clickThrough` as `{"url", "hop"}`; `verifications` and
    /// `extensions` as `[{"hop", "verification" | "extension": {...}}]`; `companions` (every Companion of
    /// the chain with a resource, the InLine's first, then the Wrappers' innermost first) as `[{"hop",
    /// "creativeIndex", "required"?, "companion": {...}}]`. Empty lists and empty URLs
    /// are left out, as in ``VASTDocument/modelJSON``.
    public var modelJSON: OrderedJSON {
        var members = JSONMembers()
        members.add("hop", hop)
        members.add("sequence", sequence)
        members.add("ad", ModelJSON.ad(ad))
        members.add(
            "wrappers",
            wrappers.map { layer in
                OrderedJSON.object([("hop", .int(layer.hop)), ("wrapper", ModelJSON.wrapper(layer.wrapper))])
            })
        members.add("merged", mergedJSON)
        return members.json
    }

    private var mergedJSON: OrderedJSON {
        func urls(_ list: [TrackedURL]) -> [OrderedJSON] {
            list.filter { !$0.url.isEmpty }.map { .object([("url", .string($0.url)), ("hop", .int($0.hop))]) }
        }
        func events(_ list: [TrackedEvent]) -> [OrderedJSON] {
            list.filter { !$0.url.isEmpty }.map { event in
                var members = JSONMembers()
                members.add("event", event.event.rawValue)
                members.add("offset", event.offset)
                members.add("url", event.url)
                members.add("hop", event.hop)
                return members.json
            }
        }
        var members = JSONMembers()
        members.add("impressions", urls(impressions))
        members.add("errors", urls(errors))
        members.add("viewable", urls(viewable))
        members.add("notViewable", urls(notViewable))
        members.add("viewUndetermined", urls(viewUndetermined))
        members.add("linearTracking", events(linearTracking))
        members.add("nonLinearTracking", events(nonLinearTracking))
        members.add("companionTracking", events(companionTracking))
        members.add("clickThrough", clickThrough.flatMap { urls([$0]).first })
        members.add("clickTracking", urls(clickTracking))
        members.add("customClicks", urls(customClicks))
        members.add("companionClickTracking", urls(companionClickTracking))
        members.add("nonLinearClickTracking", urls(nonLinearClickTracking))
        members.add("iconViewTracking", urls(iconViewTracking))
        members.add("iconClickTracking", urls(iconClickTracking))
        members.add(
            "verifications",
            verifications.map { item in
                OrderedJSON.object([
                    ("hop", .int(item.hop)), ("verification", ModelJSON.verification(item.verification)),
                ])
            })
        members.add(
            "companions",
            companions.map { item in
                var companion = JSONMembers()
                companion.add("hop", item.hop)
                companion.add("creativeIndex", item.creativeIndex)
                companion.add("required", item.required)
                companion.add("companion", ModelJSON.companion(item.companion))
                return companion.json
            })
        members.add(
            "extensions",
            extensions.map { item in
                OrderedJSON.object([("hop", .int(item.hop)), ("extension", ModelJSON.extensionJSON(item.extension))])
            })
        return members.json
    }
}
