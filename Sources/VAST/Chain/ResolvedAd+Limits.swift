extension ResolvedAd {
    /// How much tracking one merged ad may carry: the bounds that keep one hostile document from
    /// turning an impression into tens of thousands of beacons.
    ///
    /// The merge keeps URLs in hop order (outermost Wrapper first) and drops the rest once a bound
    /// is reached, with a `limits.*` warning in ``ResolvedAd/findings``. The defaults are well above
    /// what real chains carry: five Wrappers and an InLine with eight impression pixels each is 48
    /// impressions; an ad tracking progress every second for a minute has 60 offsets.
    public struct Limits: Sendable, Hashable {
        /// URLs kept per tracking event (`impression`, `start`, `progress@00:00:05.000`, `clickTracking`,
        /// ...; default 64). A negative value counts as 0.
        public var maxURLsPerEvent: Int
        /// Tracking URLs kept for the whole ad instance, every event together (default 1,024).
        public var maxURLsPerAd: Int
        /// Distinct Linear progress offsets kept (default 64); progress events at further offsets
        /// are dropped.
        public var maxProgressOffsets: Int

        /// Creates limits.
        /// - Parameters:
        ///   - maxURLsPerEvent: URLs kept per tracking event.
        ///   - maxURLsPerAd: tracking URLs kept for the whole ad.
        ///   - maxProgressOffsets: distinct progress offsets kept.
        public init(maxURLsPerEvent: Int = 64, maxURLsPerAd: Int = 1_024, maxProgressOffsets: Int = 64) {
            self.maxURLsPerEvent = maxURLsPerEvent
            self.maxURLsPerAd = maxURLsPerAd
            self.maxProgressOffsets = maxProgressOffsets
        }

        /// 64 URLs per event, 1,024 per ad, 64 progress offsets.
        public static let `default` = Limits()
    }
}
