import TestSupport

/// VAST documents for mediation tests: InLines named after their source (the ad `id`), with or
/// without a `<Pricing>`, and Wrappers that carry one.
enum MediationDocuments {
    static let empty = "<VAST version=\"4.2\"/>"
    static let malformed = "<VAST version=\"4.2\"><Ad><InLine>"

    static func pricing(_ amount: String) -> String {
        "<Pricing model=\"cpm\" currency=\"USD\">\(amount)</Pricing>"
    }

    /// An InLine whose ad id is `id`, priced at `price` when given.
    static func inLine(_ id: String, price: String? = nil, hop: Int = 0) -> String {
        var ad = ChainDocuments.inLineAd(hop: hop, id: id)
        if let price { ad = ad.replacingOccurrences(of: "</AdTitle>", with: "</AdTitle>" + pricing(price)) }
        return "<VAST version=\"4.2\" xmlns=\"http://www.iab.com/VAST\">\(ad)</VAST>"
    }

    /// A Wrapper pointing at `next`, priced at `price` when given.
    static func wrapper(next: String, price: String? = nil, hop: Int = 0) -> String {
        let wrapper = ChainDocuments.wrapper(hop: hop, next: next)
        guard let price else { return wrapper }
        return wrapper.replacingOccurrences(of: "</AdSystem>", with: "</AdSystem>" + pricing(price))
    }
}
