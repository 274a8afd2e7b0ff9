public import AdLifecycle
import AdPlacement
public import FoundationEssentials
public import VAST

extension Ad {
    /// Makes the session of one play of this ad: the single place the host reports its player, web view,
    /// screen and user, for the creative `getAd` chose (the media file's Linear, or the banner).
    ///
    /// Beacons go, one batch per input, through the engine's bounded buffer to its durable dispatcher;
    /// every event goes to `observer` and to the engine's ``AdEngine/events`` (with this ad's request
    /// context), in firing order; the impression counts toward the placement's caps before the input that
    /// logged it returns. An ad is played once (ORDERING.md `one-play`): a second call, or a call after
    /// ``makeBreak(startsMuted:buffet:clock:observer:)`` or the controllers, is refused.
    /// - Parameters:
    ///   - startsMuted: whether the player starts muted.
    ///   - mraid: the MRAID container, when the banner runs in one.
    ///   - clock: stamps each input; default the engine's clock.
    ///   - observer: receives every session event, synchronously and in order (see `AdSession`).
    /// - Returns: the session.
    /// - Throws: `SessionError` `alreadyPlayed` when the ad has its play already (nothing fires);
    ///   `noSuchCreative` only if the ad's chosen creative is not in its InLine (never for an ad `getAd`
    ///   returned).
    public func makeSession(
        startsMuted: Bool = false, mraid: MRAIDContainer? = nil, clock: (@Sendable () -> Date)? = nil,
        observer: (@Sendable (SessionEvent) -> Void)? = nil
    ) throws(SessionError) -> AdSession {
        try play.session { () throws(SessionError) -> AdSession in
            try newSession(startsMuted: startsMuted, mraid: mraid, clock: clock, observer: observer)
        }
    }

    /// The session of this ad's creative, wired to the engine (not yet recorded as the ad's play).
    func newSession(
        startsMuted: Bool, mraid: MRAIDContainer?, clock: (@Sendable () -> Date)?,
        observer: (@Sendable (SessionEvent) -> Void)?
    ) throws(SessionError) -> AdSession {
        let creative: SessionCreative
        if let banner {
            switch banner.creative {
            case .companion: creative = .companion(creative: banner.creativeIndex, companion: banner.elementIndex)
            case .nonLinear: creative = .nonLinear(creative: banner.creativeIndex, nonLinear: banner.elementIndex)
            }
        } else {
            let index = resolved.inLine.creatives.firstIndex { $0.linear != nil } ?? 0
            creative = .linear(creative: index, assetURI: mediaFile?.url)
        }
        let hooks = self.hooks
        return try AdSession(
            ad: resolved, creative: creative,
            configuration: AdSessionConfiguration(
                adInstanceID: context.requestID, macros: macros, startsMuted: startsMuted, mraid: mraid),
            clock: clock ?? hooks.clock, beaconSink: hooks.send, observer: forward(to: observer),
            impressionLogged: hooks.impressionLogged)
    }

    /// Makes the break that plays ``pod`` ad after ad (a stand-alone ad is a break of one), with the
    /// same delivery, analytics and pacing as ``makeSession(startsMuted:mraid:clock:observer:)``; each ad
    /// is instance `<requestID>-<slot>`. Call `AdBreak/start()` when the break begins.
    ///
    /// Each ad (buffet ads too) plays the media file `getAd` would pick for it: the first supported MIME
    /// type of the engine's `supportedMediaTypes` closest to the request's player size, filling its
    /// `[ASSETURI]` (the first ad's is ``mediaFile``). An ad with no such file fails its slot: 403 goes to
    /// its Error URLs (with its chain's), and the break goes on with a buffet ad, else the next pod ad
    /// (VAST 4.3 section 3.3.1).
    /// - Parameters:
    ///   - startsMuted: whether the player starts muted.
    ///   - buffet: stand-alone ads that fill the slot of an ad that fails.
    ///   - clock: stamps each input; default the engine's clock.
    ///   - observer: receives every event, synchronously and in order.
    /// - Throws: `SessionError` `alreadyPlayed` when the ad has its play already (one ad, one play).
    public func makeBreak(
        startsMuted: Bool = false, buffet: [ResolvedAd] = [], clock: (@Sendable () -> Date)? = nil,
        observer: (@Sendable (SessionEvent) -> Void)? = nil
    ) throws(SessionError) -> AdBreak {
        try play.adBreak()
        let hooks = self.hooks
        let supported = supportedMediaTypes
        let playerSize = self.playerSize
        return AdBreak(
            pod: pod, buffet: buffet,
            configuration: AdSessionConfiguration(
                adInstanceID: context.requestID, macros: macros, startsMuted: startsMuted),
            mediaFile: { MediaFileSelector.choose(from: $0, supported: supported, playerSize: playerSize) },
            clock: clock ?? hooks.clock, beaconSink: hooks.send, observer: forward(to: observer),
            impressionLogged: hooks.impressionLogged)
    }

    private func forward(to observer: (@Sendable (SessionEvent) -> Void)?) -> @Sendable (SessionEvent) -> Void {
        let hooks = self.hooks
        let context = self.context
        return { event in
            if case .callback(let callback) = event, let kind = AdHooks.kind(of: callback) {
                hooks.emit(kind, context: context)
            }
            observer?(event)
        }
    }
}
