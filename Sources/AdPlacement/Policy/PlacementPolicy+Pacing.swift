import FoundationEssentials

extension PlacementPolicy {
    /// The first pacing rule that refuses an ad now, in the order documented on
    /// ``PlacementDecision/Reason``.
    func pacingRefusal(
        for placement: Placement, in presentation: PresentationState, caps: PlacementCaps, now: Date
    ) -> (reason: PlacementDecision.Reason, message: String)? {
        let shownInPresentation = presentation.adsShown(placement)
        if placement == .clipsPreRoll && shownInPresentation > 0 {
            return (.preRollAlreadyShown, "the pre-roll was already shown in this presentation")
        }
        let shownInSession = state.adsShownThisSession(placement)
        if let cap = caps.maxPerSession, shownInSession >= cap {
            return (.sessionCapReached, "\(shownInSession) ads shown this session; the cap is \(cap)")
        }
        if let interval = caps.minimumIntervalSeconds, let last = state.lastAdShown(placement) {
            let elapsed = now.timeIntervalSince(last)
            if elapsed >= 0 && elapsed < interval {
                return (
                    .minimumIntervalNotElapsed,
                    "\(Self.seconds(elapsed)) s since the last ad; the minimum interval is \(Self.seconds(interval)) s"
                )
            }
        }
        guard placement != .clipsPreRoll else { return nil }
        if let since = presentation.itemsViewedSinceLastAd(placement) {
            if let every = caps.everyItems, since < every {
                return (.notOnCadence, "\(since) items viewed since the last ad; one comes every \(every)")
            }
        } else if let first = caps.firstAfterItems, presentation.itemsViewed < first {
            return (.tooEarly, "\(presentation.itemsViewed) items viewed; the first ad comes after \(first)")
        }
        return nil
    }

    /// Seconds for a message: whole numbers without a fraction, others to the millisecond.
    ///
    /// Settings built in code are not validated, so `value` may be anything a `Double` holds; only
    /// values that fit an `Int` are converted to one (a huge or non-finite interval is printed as is).
    private static func seconds(_ value: Double) -> String {
        let milliseconds = (value * 1000).rounded()
        guard milliseconds.isFinite, abs(milliseconds) < 1e15 else { return String(value) }
        return milliseconds.truncatingRemainder(dividingBy: 1000) == 0
            ? String(Int(milliseconds / 1000)) : String(milliseconds / 1000)
    }
}
