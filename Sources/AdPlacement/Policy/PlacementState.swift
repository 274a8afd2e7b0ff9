public import Foundation

/// The pacing memory of one user's session: what was viewed and shown, and when.
///
/// A pure value: it never reads a clock; every time comes in with an input. Inputs are named for what
/// happened and are always legal, in any order:
/// - ``sessionStarted()`` forgets everything (a new session starts with no ads shown and no interval
///   running);
/// - ``presentationStarted()`` resets the item count and the per-presentation ad counts (the pre-roll
///   and the first-after-N rule start over); session counts and the interval clock are kept;
/// - ``itemViewed()`` counts a clip (Clips) or a page (Stories) of the current presentation;
/// - ``adShown(placement:at:)`` records an ad that was actually shown (not merely allowed or loaded).
///
/// Counts are per placement: a pre-roll does not start the between-items cadence, and a bottom banner
/// does not delay a between-items ad. A fresh value is a session and a presentation just started.
public struct PlacementState: Sendable, Hashable {
    /// Items viewed in the current presentation.
    public private(set) var itemsViewed = 0
    private var sessionCounts: [Placement: Int] = [:]
    private var presentationCounts: [Placement: Int] = [:]
    private var itemsViewedAtLastAd: [Placement: Int] = [:]
    private var lastShown: [Placement: Date] = [:]

    /// Creates the state of a session and presentation that just started.
    public init() {}

    /// A new session: forget every count and time.
    public mutating func sessionStarted() {
        self = PlacementState()
    }

    /// A new presentation (a Clips feed or a Story was opened): items and per-presentation counts start
    /// over; session counts and last-shown times are kept.
    public mutating func presentationStarted() {
        itemsViewed = 0
        presentationCounts = [:]
        itemsViewedAtLastAd = [:]
    }

    /// An item (a clip, or a Stories page) of the current presentation was viewed.
    public mutating func itemViewed() {
        itemsViewed += 1
    }

    /// An ad of `placement` was shown at `time`.
    ///
    /// A time earlier than the placement's last recorded one (a report arriving late) does not move the
    /// interval clock back; the counts still go up.
    /// - Parameters:
    ///   - placement: the placement the ad was shown in.
    ///   - time: when it was shown, on the same clock as the `now` given to decisions.
    public mutating func adShown(placement: Placement, at time: Date) {
        sessionCounts[placement, default: 0] += 1
        presentationCounts[placement, default: 0] += 1
        itemsViewedAtLastAd[placement] = itemsViewed
        lastShown[placement] = max(time, lastShown[placement] ?? time)
    }

    /// Ads of `placement` shown this session.
    public func adsShownThisSession(_ placement: Placement) -> Int { sessionCounts[placement] ?? 0 }

    /// Ads of `placement` shown in the current presentation.
    public func adsShownThisPresentation(_ placement: Placement) -> Int { presentationCounts[placement] ?? 0 }

    /// When the last ad of `placement` was shown this session, if one was.
    public func lastAdShown(_ placement: Placement) -> Date? { lastShown[placement] }

    /// Items viewed since the last ad of `placement` in the current presentation, or `nil` when it has
    /// shown none in this presentation.
    public func itemsViewedSinceLastAd(_ placement: Placement) -> Int? {
        itemsViewedAtLastAd[placement].map { itemsViewed - $0 }
    }
}
