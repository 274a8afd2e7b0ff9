public import VAST

extension AdRequestInfo {
    /// Copies the request's facts into a macro context, leaving every other value of `context` as it was.
    ///
    /// Pure: the context's clock and random source are the caller's. Only facts the request holds are
    /// written; an absent fact leaves the context's value alone. When ``AdConsent/limitAdTracking`` is
    /// `true`, `[IFA]` is declared withheld (`-2`) rather than sent.
    ///
    /// Mapping: `[APPBUNDLE]` bundle id, `[STOREID]`, `[STOREURL]`, `[IFA]`, `[IFATYPE]`, `[DEVICEUA]` and
    /// `[CLIENTUA]` user agent, `[CONTENTID]` item id, `[CONTENTCAT]` the categories' external ids,
    /// `[PLAYERSIZE]`, `[PLACEMENTTYPE]` (pre-roll in-stream, bottom banner in-banner, between items and
    /// between pages in-feed), `[LIMITADTRACKING]`, `[GDPRCONSENT]`, `[REGULATIONS]` (`gdpr` when
    /// ``AdConsent/gdprApplies`` is `true`), `[GPPSTRING]`, `[GPPSECTIONID]`.
    /// - Parameter context: the context to fill.
    /// - Returns: `context` with the request's facts.
    public func applyingMacroValues(to context: VASTMacroContext) -> VASTMacroContext {
        var result = context
        if let app {
            result.appBundle = app.bundleId ?? result.appBundle
            result.storeID = app.storeId ?? result.storeID
            result.storeURL = app.storeUrl ?? result.storeURL
        }
        if let device {
            result.ifa = device.ifa ?? result.ifa
            result.ifaType = device.ifaType ?? result.ifaType
            result.deviceUA = device.userAgent ?? result.deviceUA
            result.clientUA = device.userAgent ?? result.clientUA
        }
        result.contentID = itemId ?? result.contentID
        let categoryIds = categories.compactMap(\.externalId)
        if !categoryIds.isEmpty { result.contentCategories = categoryIds }
        if let playerSize {
            result.playerSize = VASTMacroContext.PlayerSize(width: playerSize.width, height: playerSize.height)
        }
        result.placementType = placementType ?? result.placementType
        if let limitAdTracking = consent.limitAdTracking {
            result.limitAdTracking = limitAdTracking
            if limitAdTracking { result.withheld.insert(.ifa) }
        }
        result.gdprConsent = consent.gdprConsent ?? result.gdprConsent
        if consent.gdprApplies == true, !(result.regulations ?? []).contains("gdpr") {
            result.regulations = (result.regulations ?? []) + ["gdpr"]
        }
        result.gppString = consent.gppString ?? result.gppString
        result.gppSectionIDs = consent.gppSectionIds ?? result.gppSectionIDs
        return result
    }

    private var placementType: VASTMacroContext.PlacementType? {
        switch placement {
        case .clipsPreRoll: .inStream
        case .clipsBottomBanner: .inBanner
        case .clipsBetweenItems, .storiesBetweenPages: .inFeed
        default: nil
        }
    }
}
