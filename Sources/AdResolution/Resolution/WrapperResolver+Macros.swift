import VAST

extension WrapperResolver {
    /// Expands a chain URL's macros with the resolver's context (and the error code for Error URIs).
    func expand(_ url: String, usage: VASTMacroUsage, code: VASTErrorCode?) -> String {
        guard let code else { return VASTMacroExpander.expand(url, context: macros, usage: usage).url }
        var context = macros
        context.errorCode = code
        return VASTMacroExpander.expand(url, context: context, usage: usage).url
    }
}
