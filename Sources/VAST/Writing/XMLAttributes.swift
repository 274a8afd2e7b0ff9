/// The attributes of one start tag, in the order they are set, with absent values skipped.
///
/// Values that VAST cannot write are not refused here but remembered in ``problem``:
/// ``XMLOutput`` throws it with the location of the element when the tag is written.
struct XMLAttributes {
    private(set) var items: [(name: String, value: String)] = []
    /// The first value that cannot be written, with what is wrong.
    private(set) var problem: String?

    mutating func set(_ name: String, _ value: String?) {
        guard let value else { return }
        items.append((name, value))
    }

    mutating func set(_ name: String, _ value: Bool?) {
        guard let value else { return }
        items.append((name, value ? "true" : "false"))
    }

    /// Counts, sizes and positions: the reader takes whole numbers from 0 only.
    mutating func set(_ name: String, _ value: Int?) {
        guard let value else { return }
        if value < 0 { refuse("\(name) is \(value); VAST numbers are whole numbers from 0") }
        items.append((name, String(value)))
    }

    mutating func set(_ name: String, _ value: VASTTime?) {
        guard let value else { return }
        switch VASTValueText.time(value) {
        case .success(let text): items.append((name, text))
        case .failure(let reason): refuse("\(name) \(reason)")
        }
    }

    mutating func set(_ name: String, _ value: VASTTimeOffset?) {
        guard let value else { return }
        switch VASTValueText.offset(value) {
        case .success(let text): items.append((name, text))
        case .failure(let reason): refuse("\(name) \(reason)")
        }
    }

    private mutating func refuse(_ reason: String) {
        if problem == nil { problem = reason }
    }
}
