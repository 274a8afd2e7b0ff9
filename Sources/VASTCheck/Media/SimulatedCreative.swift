import AdResolution
import AdSimulation
import AdTransport
import Creatives
import MediaProbe
import VAST

/// `simulate --creatives DIR`: the media file the play would use, downloaded into a cache in DIR and
/// probed as `getAd` does before it returns an ad, so the simulation plays what the file holds.
enum SimulatedCreative {
    /// Loads the ad's chosen media file; says on stderr where it is and what it holds.
    /// - Returns: the file's duration in seconds (`nil` when the probe could not tell, or for a stream), or
    ///   why the file will not play, with its IAB code.
    static func load(_ ad: ResolvedAd, cacheFolder: String, client: HTTPClient, console: Console) async -> Result<
        Double?, CreativeRefusal
    > {
        guard let mediaFile = Simulation.chosenMediaFile(of: ad) else { return .success(nil) }
        let loader: CreativeLoader
        do {
            loader = CreativeLoader(
                cache: try CreativeCache(
                    configuration: CreativeCacheConfiguration(directory: cacheFolder), client: client),
                verifier: MediaVerifier())
        } catch {
            return .failure(CreativeRefusal(url: mediaFile.url, vastErrorCode: nil, message: error.message))
        }
        let linear = ad.inLine.creatives.lazy.compactMap(\.linear).first
        let readiness = CreativeReadiness.default
        switch await loader.loadMedia(
            mediaFile, adDuration: linear?.duration, readiness: readiness, deadline: .now + readiness.timeBudget)
        {
        case .success(let creative):
            // "  creative PATH (origin, ...)": said on stderr, so the timeline on stdout stays as it is.
            console.err(Terminal.escapeLines("vastcheck: media " + creative.human.drop { $0 == " " }.dropFirst(9)))
            return .success(creative.description?.durationSeconds)
        case .failure(let refusal):
            return .failure(refusal)
        }
    }
}
