extension TenantSettings {
    /// The longest timeout a source may have: a load that takes a minute to fail is worse than no ad.
    public static let maximumSourceTimeoutMilliseconds = 30_000

    /// Checks every value against its allowed range.
    ///
    /// Rules: an enabled placement has at least one source; source names are non-empty and unique within
    /// their placement; `tier` is at least 0; `timeoutMs` is 1 to 30,000; a tag's `url` is http or https;
    /// a document is not empty; `floor` and `price` are finite and at least 0; caps as documented on
    /// ``PlacementCaps`` (the opening pre-roll takes no item caps).
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
        var names: Set<String> = []
        for (index, source) in sources.enumerated() {
            let at = "sources[\(index)]"
            if source.name.isEmpty {
                issue("\(at).name", "must not be empty")
            } else if !names.insert(source.name).inserted {
                issue("\(at).name", "must be unique in the placement (\"\(source.name)\" is used twice)")
            }
            if source.tier < 0 { issue("\(at).tier", "must be at least 0") }
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
                }
            }
        }
        if placement == .clipsPreRoll {
            if caps.firstAfterItems != nil { issue("caps.firstAfterItems", "does not apply to the opening pre-roll") }
            if caps.everyItems != nil { issue("caps.everyItems", "does not apply to the opening pre-roll") }
        }
        if let value = caps.firstAfterItems, value < 0 { issue("caps.firstAfterItems", "must be at least 0") }
        if let value = caps.everyItems, value < 1 { issue("caps.everyItems", "must be at least 1") }
        if let value = caps.maxPerSession, value < 1 { issue("caps.maxPerSession", "must be at least 1") }
        if let value = caps.minimumIntervalSeconds, !(value.isFinite && value >= 0) {
            issue("caps.minimumIntervalSeconds", "must be a number of at least 0")
        }
    }
}
