/// The controllers of one ``AdSession``, in the style of the mobile SDKs an app migrates from (DT
/// Exchange's unit, video content and MRAID content controllers): method calls and delegates over the
/// session's own inputs and callbacks.
///
/// The controllers are views of the session, not copies of it: every call is the session's input
/// (``UnitController/send(_:)`` is `session.send(.unit(_:))`), so the state, the beacons, the analytics
/// and the counts are the session's whichever API the host uses, and the session's cross-part rules
/// (the impression before start, the player expanding with the fullscreen unit, quartiles from the VAST
/// `<Duration>`, only the shown companion counting) hold on every path.
///
/// `@MainActor`: delegates present views and run on the main thread. An input sent through any controller
/// delivers its callbacks to the delegate of the part that made each one (a unit's fullscreen
/// presentation reaches the video delegate as `didChangePlayerExpanded`), in firing order; a delegate
/// that calls back into a controller waits behind what is being delivered, so the order is the
/// session's. Inputs sent to the session directly (`session.send`) are not delivered to delegates: use one
/// spelling per play. The controllers keep this object alive; it keeps their delegates (weakly), so a
/// delegate set through a controller stays when that controller is released, and a controller asked for
/// again is the same one while it lives.
@MainActor
public final class SessionControllers {
    /// The session every controller is a view of.
    public nonisolated let session: AdSession

    private weak var unitController: UnitController?
    private weak var videoController: VideoContentController?
    private weak var mraidController: MRAIDContentController?
    weak var unitDelegate: (any UnitControllerDelegate)?
    weak var videoDelegate: (any VideoContentControllerDelegate)?
    weak var mraidDelegate: (any MRAIDContentControllerDelegate)?
    private var pending: [SessionCallback] = []
    private var isDelivering = false

    /// Views over `session`.
    public init(session: AdSession) { self.session = session }

    /// The unit controller (impression, clicks, fullscreen, reward, expiry, failure, companions): the one
    /// made earlier while it is alive, else a new one.
    public var unit: UnitController {
        if let unitController { return unitController }
        let controller = UnitController(controllers: self)
        unitController = controller
        return controller
    }

    /// The video controller (duration, progress, pause, mute, expand, skip, close, completion, icons).
    public var video: VideoContentController {
        if let videoController { return videoController }
        let controller = VideoContentController(controllers: self)
        videoController = controller
        return controller
    }

    /// The MRAID controller (the creative's commands and the container's reports).
    public var mraid: MRAIDContentController {
        if let mraidController { return mraidController }
        let controller = MRAIDContentController(controllers: self)
        mraidController = controller
        return controller
    }

    /// Sends one input to the session, then delivers its callbacks to the controllers' delegates.
    /// - Returns: the events it caused, in firing order (the session's).
    /// - Throws: ``SessionError``; nothing changed and nothing was delivered.
    @discardableResult
    public func send(_ input: SessionInput) throws(SessionError) -> [SessionEvent] {
        let events = try session.send(input)
        deliver(events.compactMap(\.callback))
        return events
    }

    private func deliver(_ callbacks: [SessionCallback]) {
        pending += callbacks
        guard !isDelivering else { return }
        isDelivering = true
        defer { isDelivering = false }
        while !pending.isEmpty {
            switch pending.removeFirst() {
            case .unit(let callback): if let unitDelegate { unit.deliver(callback, to: unitDelegate) }
            case .video(let callback): if let videoDelegate { video.deliver(callback, to: videoDelegate) }
            case .mraid(let callback): if let mraidDelegate { mraid.deliver(callback, to: mraidDelegate) }
            // The session's own callbacks (viewability, breaks, the NonLinear) have no controller: they
            // reach the session's observer and event streams.
            default: break
            }
        }
    }
}
