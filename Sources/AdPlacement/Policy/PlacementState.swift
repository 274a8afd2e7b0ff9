public import FoundationEssentials

/// The pacing memory of one user's session: the presentations open now, what was viewed and shown in
/// each, and what was shown in the whole session, and when.
///
/// A pure value: it never reads a clock; every time comes in with an input. Per-presentation state
/// (opt-in, items viewed, the pre-roll latch, the cadence counters) lives in a ``PresentationState`` per
/// ``PresentationHandle``; the session caps (ads per session, the minimum interval) count every
/// presentation's ads together.
///
/// Inputs, named for what happened:
/// - ``sessionStarted()`` forgets every count and time; open presentations stay open with their
///   configuration, their items and ads starting over;
/// - ``presentationOpened(_:kind:collectionId:configuration:)`` (legal when the handle is not open),
///   ``itemViewed(in:)``, ``presentationReloaded(_:)``, ``presentationConfigured(_:with:)`` and
///   ``presentationClosed(_:)`` (legal on an open handle, else ``PresentationError/notOpen(_:)``);
/// - ``adShown(placement:in:at:)`` records an ad that was actually shown (not merely allowed or loaded).
///
/// The single-presentation inputs (``presentationStarted()``, ``itemViewed()``,
/// ``adShown(placement:at:)``) act on ``PresentationHandle/default``, which is always open. A fresh value
/// is a session that just started with only the default presentation open.
public struct PlacementState: Sendable, Hashable {
    private var sessionCounts: [Placement: Int] = [:]
    private var lastShown: [Placement: Date] = [:]
    private var presentations: [PresentationHandle: PresentationState] = [
        .default: PresentationState(kind: nil, configuration: nil)
    ]

    /// Creates the state of a session that just started.
    public init() {}

    /// A new session: forget every count and time. Open presentations stay open with their opt-in, their
    /// items and ads starting over.
    public mutating func sessionStarted() {
        sessionCounts = [:]
        lastShown = [:]
        for (handle, presentation) in presentations {
            presentations[handle] = PresentationState(
                kind: presentation.kind, collectionId: presentation.collectionId,
                configuration: presentation.configuration)
        }
    }

    /// How many presentations may be open at once, the default one included: far more players than an app
    /// shows together, so that handles an app forgets to close cannot grow the state without bound.
    public static let maximumOpenPresentations = 64

    /// The longest collection id a presentation keeps, in UTF-8 bytes.
    public static let maximumCollectionIdBytes = 1024

    /// A presentation opened: its items and ads start at zero; the session counts are kept.
    /// - Throws: ``PresentationError/alreadyOpen(_:)`` when `handle` is open,
    ///   ``PresentationError/tooManyOpen(_:)`` when ``maximumOpenPresentations`` are, and
    ///   ``PresentationError/collectionIdTooLong(_:bytes:)`` (nothing changes).
    public mutating func presentationOpened(
        _ handle: PresentationHandle, kind: AdProduct, collectionId: String? = nil,
        configuration: ClipsAdConfiguration?
    ) throws(PresentationError) {
        guard presentations[handle] == nil else { throw .alreadyOpen(handle) }
        guard presentations.count < Self.maximumOpenPresentations else { throw .tooManyOpen(handle) }
        if let bytes = collectionId?.utf8.count, bytes > Self.maximumCollectionIdBytes {
            throw .collectionIdTooLong(handle, bytes: bytes)
        }
        presentations[handle] = PresentationState(kind: kind, collectionId: collectionId, configuration: configuration)
    }

    /// An item (a clip, or a Stories page) of the presentation was viewed.
    /// - Throws: ``PresentationError/notOpen(_:)``.
    public mutating func itemViewed(in handle: PresentationHandle) throws(PresentationError) {
        try update(handle) { $0.itemViewed() }
    }

    /// The presentation's player went back to its initial state. See ``PresentationState/reloaded()``.
    /// - Throws: ``PresentationError/notOpen(_:)``.
    public mutating func presentationReloaded(_ handle: PresentationHandle) throws(PresentationError) {
        try update(handle) { $0.reloaded() }
    }

    /// The presentation's ad configuration changed; the new opt-in applies from the next decision.
    /// - Throws: ``PresentationError/notOpen(_:)``.
    public mutating func presentationConfigured(
        _ handle: PresentationHandle, with configuration: ClipsAdConfiguration?
    ) throws(PresentationError) {
        try update(handle) { $0.configured(with: configuration) }
    }

    /// The presentation closed: its handle is no longer valid. The ads it showed still count for the
    /// session. The default presentation cannot be closed; closing it starts it over, as
    /// ``presentationStarted()`` does.
    /// - Throws: ``PresentationError/notOpen(_:)``.
    public mutating func presentationClosed(_ handle: PresentationHandle) throws(PresentationError) {
        guard presentations[handle] != nil else { throw .notOpen(handle) }
        if handle == .default {
            presentationStarted()
        } else {
            presentations[handle] = nil
        }
    }

    /// The default presentation started again (a Clips feed or a Story was opened through the
    /// single-presentation calls): its items and ads start over, its configuration is kept; session counts
    /// and last-shown times are kept. Other presentations are untouched.
    public mutating func presentationStarted() {
        presentations[.default] = PresentationState(kind: nil, configuration: presentations[.default]?.configuration)
    }

    /// An ad of `placement` was shown at `time` in the presentation `handle`.
    ///
    /// Always legal: an ad that ends after its presentation closed still counts for the session (the
    /// closed presentation's own counts are gone). A time earlier than the placement's last recorded one
    /// (a report arriving late) does not move the interval clock back; the counts still go up.
    /// - Parameters:
    ///   - placement: the placement the ad was shown in.
    ///   - handle: the presentation that asked for it.
    ///   - time: when it was shown, on the same clock as the `now` given to decisions.
    public mutating func adShown(placement: Placement, in handle: PresentationHandle, at time: Date) {
        sessionCounts[placement, default: 0] &+= 1
        lastShown[placement] = max(time, lastShown[placement] ?? time)
        presentations[handle]?.adShown(placement)
    }

    /// The state of the presentation `handle`, or `nil` when it is not open.
    public func presentation(_ handle: PresentationHandle) -> PresentationState? { presentations[handle] }

    /// The handles open now, sorted by id.
    public var openPresentations: [PresentationHandle] { presentations.keys.sorted { $0.id < $1.id } }

    /// Ads of `placement` shown this session, in every presentation.
    public func adsShownThisSession(_ placement: Placement) -> Int { sessionCounts[placement] ?? 0 }

    /// When the last ad of `placement` was shown this session, in any presentation, if one was.
    public func lastAdShown(_ placement: Placement) -> Date? { lastShown[placement] }

    private mutating func update(
        _ handle: PresentationHandle, _ change: (inout PresentationState) -> Void
    ) throws(PresentationError) {
        guard var presentation = presentations[handle] else { throw .notOpen(handle) }
        change(&presentation)
        presentations[handle] = presentation
    }
}
