import AdPlacement
import AdTransport
import Creatives
import FoundationEssentials
import VAST

extension AdEngine {
    /// The engine's creative loader (its cache and probe thread), when the configuration has creative settings.
    /// - Throws: `AdEngineError.Code.invalidConfiguration` naming the cache's problem.
    static func creativeLoader(_ settings: CreativeSettings?, client: HTTPClient) throws(AdEngineError)
        -> CreativeLoader?
    {
        guard let settings else { return nil }
        do {
            return CreativeLoader(
                cache: try CreativeCache(configuration: settings.cache, client: client), verifier: MediaVerifier())
        } catch {
            throw AdEngineError(.invalidConfiguration, "creatives.cache: \(error.message)")
        }
    }

    /// The mediator's hook for one request, or `nil` when it must not wait for creatives (no cache,
    /// or a placement whose policy does not wait).
    func creativeCheck(for request: AdRequestInfo, format: AdFormat, pixels: CreativeErrorPixels) -> CreativeCheck? {
        guard let creatives, let readiness = configuration.creatives?.readiness(for: request.placement), readiness.waits
        else { return nil }
        return CreativeCheck(loader: creatives, readiness: readiness, format: format, pixels: pixels)
    }
}
