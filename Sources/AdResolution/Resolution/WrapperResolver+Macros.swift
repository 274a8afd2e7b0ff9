import VAST

extension WrapperResolver {
    /// Expands a chain URL's macros with the resolver's context (and the error code for Error URIs).
    func expand(_ url: String, usage: VASTMacroUsage, code: VASTErrorCode?) -> String {
        var context = macros
        if let code { context.errorCode = code }
        return VASTMacroExpander.expand(url, context: context, usage: usage).url
    }
}
