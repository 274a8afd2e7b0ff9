public import VAST

extension AdFormat {
    /// The creative of `ad` to show in this format: the one check every candidate ad passes before it
    /// can win a mediation.
    ///
    /// A full-screen video plays the first Linear of the InLine with the media file
    /// ``MediaFileSelector`` picks; a bottom banner is ``BottomBanner``'s choice. Pure: nothing is
    /// fetched or fired.
    /// - Parameter ad: the resolved ad (the first of a pod).
    /// - Returns: the creative and how it is shown.
    /// - Throws: ``AdFitError`` with the VAST code to report when the ad cannot be shown in the format.
    public func fit(_ ad: ResolvedAd) throws(AdFitError) -> AdFit {
        switch self {
        case .fullScreenVideo(let supported, let playerSize):
            guard let index = ad.inLine.creatives.firstIndex(where: { $0.linear != nil }),
                let linear = ad.inLine.creatives[index].linear
            else {
                throw AdFitError(
                    .noLinearCreative, vastErrorCode: .unexpectedLinearity,
                    message: "the ad has no Linear creative to play full screen")
            }
            guard let file = MediaFileSelector.choose(from: linear, supported: supported, playerSize: playerSize)
            else {
                throw AdFitError(
                    .noPlayableMediaFile, vastErrorCode: .noSupportedMediaFile,
                    message: "the ad has no media file of a supported type (\(supported.joined(separator: ", ")))")
            }
            return .video(creativeIndex: index, mediaFile: file)
        case .bottomBanner(let maxHeight, let maxWidth):
            do {
                return .banner(try BottomBanner.choose(from: ad, maxHeight: maxHeight, maxWidth: maxWidth))
            } catch {
                throw AdFitError(.noFittingBanner, vastErrorCode: error.vastErrorCodes.first, message: error.message)
            }
        }
    }
}
