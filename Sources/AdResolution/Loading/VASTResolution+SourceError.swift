import VAST

extension VASTResolution {
    /// The resolution of a source the loader refused with a VAST code (a document over the byte cap):
    /// hop 0 failed with that code and the loader's message, as the parser's own size error would
    /// fail it, so every tool reports an oversized file the way it reports an oversized response.
    /// - Parameter error: the loader's error; its ``SourceError/vastErrorCode`` (100 when `nil`).
    public init(refusing error: SourceError) {
        let code = error.vastErrorCode ?? .xmlParsing
        let hop = VASTHop(
            index: 0, url: error.source, status: nil, milliseconds: 0, bytes: 0, kind: .error,
            outcome: "\(error.code): \(error.message)", errorCode: code, connectionReused: false,
            vastVersion: nil, counts: nil)
        let finding = VASTFinding(
            severity: .error, category: .content, rule: "hop.document", message: error.message,
            location: "hop 0: \(error.source)", vastErrorCode: code)
        let failure = VASTResolutionFailure(code: code, message: "hop 0: \(error.message)", hop: 0)
        self.init(hops: [hop], ads: [], failure: failure, findings: [finding])
    }
}
