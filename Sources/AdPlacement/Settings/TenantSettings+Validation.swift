extension TenantSettings {
    /// The longest timeout a source may have: a load that takes a minute to fail is worse than no ad.
    public static let maximumSourceTimeoutMilliseconds = 30_000
    /// The most sources one placement may list: every one may run, so a list of thousands is a mistake.
    public static let maximumSourcesPerPlacement = 50
    /// The highest tier: tiers run one after the other, so a hundred is already far more than a slot can wait for.
    public static let maximumTier = 100
    /// The largest item count a cap may name (`firstAfterItems`, `everyItems`, `maxPerSession`).
    public static let maximumCapCount = 10_000
    /// The longest minimum interval, in seconds: a day, longer than any session.
    public static let maximumIntervalSeconds: Double = 86_400
    /// The highest `floor` or `price` (CPM).
    public static let maximumPrice: Double = 1_000_000

    /// Checks every value against its allowed range.
    ///
    /// Rules: an enabled placement has 1 to 50 sources; source names are non-empty and unique within
    /// their placement; `tier` is 0 to 100; `timeoutMs` is 1 to 30,000; a tag's `url` is http or https;
    /// a document is not empty; `floor` and `price` are finite, 0 to 1,000,000; caps as documented on
    /// ``PlacementCaps``, each count at most 10,000 and the interval at most 86,400 s (the opening
    /// pre-roll takes no item caps). Every number is bounded so that pacing arithmetic cannot trap.
    /// - Throws: ``TenantSettingsError`` with every issue, placements in name order.
    public func validate() throws(TenantSettingsError) {
        var issues: [TenantSettingsError.Issue] = []
        for (placement, settings) in placements.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            settings.collectIssues(at: "placements.\(placement.rawValue)", placement: placement, into: &issues)
        }
        if !issues.isEmpty { throw TenantSettingsError(issues: issues) }
    }
}

extension PlacementSettings {
    fileprivate func collectIssues(
        at path: String, placement: Placement, into issues: inout [TenantSettingsError.Issue]
    ) {
        func issue(_ field: String, _ problem: String) {
            issues.append(TenantSettingsError.Issue(field: "\(path).\(field)", problem: problem))
        }
        if enabled && sources.isEmpty { issue("sources", "must not be empty when enabled is true") }
        if sources.count > TenantSettings.maximumSourcesPerPlacement {
            issue(
                "sources",
                "must list at most \(TenantSettings.maximumSourcesPerPlacement) sources (\(sources.count) given)")
        }
        var names: Set<String> = []
        for (index, source) in sources.enumerated() {
            let at = "sources[\(index)]"
            if source.name.isEmpty {
                issue("\(at).name", "must not be empty")
            } else if !names.insert(source.name).inserted {
                issue("\(at).name", "must be unique in the placement (\"\(source.name)\" is used twice)")
            }
            if source.tier < 0 { issue("\(at).tier", "must be at least 0") }
            if source.tier > TenantSettings.maximumTier {
                issue("\(at).tier", "must be at most \(TenantSettings.maximumTier)")
            }
            let maximum = TenantSettings.maximumSourceTimeoutMilliseconds
            if source.timeoutMilliseconds < 1 || source.timeoutMilliseconds > maximum {
                issue("\(at).timeoutMs", "must be between 1 and \(maximum)")
            }
            switch source.kind {
            case .tag(let url):
                let lowered = url.lowercased()
                if !lowered.hasPrefix("https://") && !lowered.hasPrefix("http://") {
                    issue("\(at).url", "must be an http or https URL")
                }
            case .document(let text):
                if text.allSatisfy(\.isWhitespace) { issue("\(at).document", "must not be empty") }
            }
            for (name, value) in [("floor", source.floor), ("price", source.price)] {
                if let value, !(value.isFinite && value >= 0) {
                    issue("\(at).\(name)", "must be a number of at least 0")
                } else if let value, value > TenantSettings.maximumPrice {
                    issue("\(at).\(name)", "must be at most \(Int(TenantSettings.maximumPrice))")
                }
            }
        }
        if placement == .clipsPreRoll {
            if caps.firstAfterItems != nil { issue("caps.firstAfterItems", "does not apply to the opening pre-roll") }
            if caps.everyItems != nil { issue("caps.everyItems", "does not apply to the opening pre-roll") }
        }
        let most = TenantSettings.maximumCapCount
        if let value = caps.firstAfterItems, value < 0 || value > most {
            issue("caps.firstAfterItems", value < 0 ? "must be at least 0" : "must be at most \(most)")
        }
        if let value = caps.everyItems, value < 1 || value > most {
            issue("caps.everyItems", value < 1 ? "must be at least 1" : "must be at most \(most)")
        }
        if let value = caps.maxPerSession, value < 1 || value > most {
            issue("caps.maxPerSession", value < 1 ? "must be at least 1" : "must be at most \(most)")
        }
        if let value = caps.minimumIntervalSeconds, !(value.isFinite && value >= 0) {
            issue("caps.minimumIntervalSeconds", "must be a number of at least 0")
        } else if let value = caps.minimumIntervalSeconds, value > TenantSettings.maximumIntervalSeconds {
            issue(
                "caps.minimumIntervalSeconds", "must be at most \(Int(TenantSettings.maximumIntervalSeconds)) (a day)")
        }
    }
}
