/// The end of the engine: ``close()`` stops what is in flight and gives the beacon store up.
import AdTransport
extension AdEngine {
    /// Closes the engine: ends every `getAd` call in flight, refuses every later one, stores what its ads
    /// fired before, and gives up the beacon store at once (its file lock too), so that another engine may
    /// open the same file; what was stored and not yet sent stays in it for the next engine.
    ///
    /// After it, in this order of guarantees:
    /// - a `getAd` or `getBottomBannerAd` call (any of them) fails with `AdEngineError.Code.engineClosed`
    ///   before it asks any source; one in flight ends with the same code, its sources stopped, and nothing
    ///   of it is sent (no error pixel);
    /// - an ``Ad`` returned before still plays (its sessions return their callbacks in order, and its
    ///   analytics events, the impression included, still come: the player did show it), but each beacon
    ///   it fires from the start of `close()` on is neither stored nor sent: it is reported on ``events`` as
    ///   a `beacon` event whose outcome is `rejected`, with the ad's context and the reason, so the app can
    ///   tell that the partners were not told;
    /// - beacons fired before `close()` are stored before it returns.
    ///
    /// Releasing the engine gives the store up too, a little later. Idempotent.
    public func close() async {
        isClosed = true
        let stopped = calls.stop(nil, because: .engineClosed)
        buffer.close()
        for call in stopped { await call.finished() }
        await buffer.drained()
        await dispatcher.close()
    }
}
