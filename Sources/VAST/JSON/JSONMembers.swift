/// The members of one JSON object of the model, added in schema order, with the model JSON's
/// rules applied as they are added: absent values and empty lists are left out, and so are
/// empty URLs (a `url` key is omitted when the URL is empty, and a list of URLs keeps only the
/// non-empty ones).
struct JSONMembers {
    private(set) var members: [(String, OrderedJSON)] = []

    var json: OrderedJSON { .object(members) }

    mutating func add(_ key: String, _ value: String?) {
        if let value { members.append((key, .string(value))) }
    }

    mutating func add(_ key: String, _ value: Int?) {
        if let value { members.append((key, .int(value))) }
    }

    mutating func add(_ key: String, _ value: Bool?) {
        if let value { members.append((key, .bool(value))) }
    }

    mutating func add(_ key: String, _ value: OrderedJSON?) {
        if let value { members.append((key, value)) }
    }

    mutating func add(_ key: String, _ items: [OrderedJSON]) {
        if !items.isEmpty { members.append((key, .array(items))) }
    }

    /// A time in the strict VAST spelling, `HH:MM:SS.mmm`.
    mutating func add(_ key: String, _ time: VASTTime?) {
        add(key, time?.description)
    }

    /// A time or a percentage, as VAST writes it (`00:00:05.000`, `25%`).
    mutating func add(_ key: String, _ offset: VASTTimeOffset?) {
        guard let offset else { return }
        switch VASTValueText.offset(offset) {
        case .success(let text): add(key, text)
        case .failure:
            // Only a programmatic value outside what VAST can write gets here; show it as Swift prints it.
            if case .percent(let value) = offset { add(key, "\(value)%") } else { add(key, offset.description) }
        }
    }

    /// A URL, left out when empty.
    mutating func add(_ key: String, url: String?) {
        if let url, !url.isEmpty { members.append((key, .string(url))) }
    }

    /// URLs, the empty ones left out.
    mutating func add(_ key: String, urls: [String]) {
        add(key, urls.filter { !$0.isEmpty }.map { OrderedJSON.string($0) })
    }
}
