import VAST

/// Reads one JSON object of a fixture field by field, remembering which keys it read so that
/// ``finish()`` can refuse the ones it did not (a typo must not silently weaken a fixture).
///
/// Every failure is a ``FixtureError`` whose path names the field.
struct FieldReader {
    /// Where the object sits in the document.
    let path: String
    private let members: [String: JSONValue]
    private var read: Set<String> = []

    init(_ value: JSONValue, at path: String) throws(FixtureError) {
        guard case .object(let members) = value else {
            throw FixtureError(.invalidValue, path: path, message: "expected an object, found \(value.kindName)")
        }
        self.path = path
        self.members = members
    }

    /// The path of a member.
    func path(_ key: String) -> String { Self.join(path, key) }

    static func join(_ path: String, _ key: String) -> String { path.isEmpty ? key : path + "." + key }

    /// The member, or `nil` when it is absent or `null`.
    mutating func optional(_ key: String) -> JSONValue? {
        read.insert(key)
        guard let value = members[key], value != .null else { return nil }
        return value
    }

    /// The member; absent or `null` is an error.
    mutating func required(_ key: String, _ what: String) throws(FixtureError) -> JSONValue {
        guard let value = optional(key) else {
            throw FixtureError(.missingField, path: path(key), message: "missing: \(what)")
        }
        return value
    }

    /// True when the key is present, even as `null`; the key counts as read.
    mutating func has(_ key: String) -> Bool {
        read.insert(key)
        return members[key] != nil
    }

    mutating func string(_ key: String, _ what: String) throws(FixtureError) -> String {
        try Self.string(try required(key, what), at: path(key))
    }

    mutating func optionalString(_ key: String) throws(FixtureError) -> String? {
        guard let value = optional(key) else { return nil }
        return try Self.string(value, at: path(key))
    }

    mutating func int(_ key: String, _ what: String) throws(FixtureError) -> Int {
        try Self.int(try required(key, what), at: path(key))
    }

    mutating func optionalInt(_ key: String) throws(FixtureError) -> Int? {
        guard let value = optional(key) else { return nil }
        return try Self.int(value, at: path(key))
    }

    mutating func double(_ key: String, _ what: String) throws(FixtureError) -> Double {
        try Self.double(try required(key, what), at: path(key))
    }

    mutating func optionalDouble(_ key: String) throws(FixtureError) -> Double? {
        guard let value = optional(key) else { return nil }
        return try Self.double(value, at: path(key))
    }

    mutating func bool(_ key: String, default fallback: Bool) throws(FixtureError) -> Bool {
        guard let value = optional(key) else { return fallback }
        guard case .bool(let flag) = value else {
            throw FixtureError(
                .invalidValue, path: path(key), message: "expected true or false, found \(value.kindName)")
        }
        return flag
    }

    mutating func bool(_ key: String, _ what: String) throws(FixtureError) -> Bool {
        let value = try required(key, what)
        guard case .bool(let flag) = value else {
            throw FixtureError(
                .invalidValue, path: path(key), message: "expected true or false, found \(value.kindName)")
        }
        return flag
    }

    /// Refuses every key that was not read.
    func finish() throws(FixtureError) {
        let unknown = members.keys.filter { !read.contains($0) }.sorted()
        guard let first = unknown.first else { return }
        let known = read.sorted().map { "`\($0)`" }.joined(separator: ", ")
        throw FixtureError(
            .unknownField, path: path(first),
            message: "unknown field"
                + (known.isEmpty ? " (this object takes no fields)" : "; this object takes \(known)"))
    }

    // MARK: Values

    static func string(_ value: JSONValue, at path: String) throws(FixtureError) -> String {
        guard case .string(let text) = value else {
            throw FixtureError(.invalidValue, path: path, message: "expected a string, found \(value.kindName)")
        }
        return text
    }

    static func int(_ value: JSONValue, at path: String) throws(FixtureError) -> Int {
        guard case .number(let number) = value, number.rounded() == number, abs(number) < 9_007_199_254_740_992
        else {
            throw FixtureError(.invalidValue, path: path, message: "expected a whole number, found \(value.rendered)")
        }
        return Int(number)
    }

    static func double(_ value: JSONValue, at path: String) throws(FixtureError) -> Double {
        guard case .number(let number) = value else {
            throw FixtureError(.invalidValue, path: path, message: "expected a number, found \(value.kindName)")
        }
        return number
    }

    static func array(_ value: JSONValue, at path: String) throws(FixtureError) -> [JSONValue] {
        guard case .array(let values) = value else {
            throw FixtureError(.invalidValue, path: path, message: "expected an array, found \(value.kindName)")
        }
        return values
    }

    /// A value that must be one of `allowed` (a name from a closed set).
    static func choice<T>(_ value: JSONValue, at path: String, _ allowed: [(String, T)]) throws(FixtureError) -> T {
        let name = try string(value, at: path)
        guard let match = allowed.first(where: { $0.0 == name }) else {
            throw FixtureError(
                .invalidValue, path: path,
                message: "unknown value \"\(name)\"; expected one of "
                    + allowed.map { "\"\($0.0)\"" }.joined(separator: ", "))
        }
        return match.1
    }
}

extension FieldReader {
    /// Splits a named value, written `"paused"` or `{"progressed": {...}}`, into its name and a reader of
    /// its fields (empty for the bare-name form).
    static func named(_ value: JSONValue, at path: String, _ what: String) throws(FixtureError) -> (String, FieldReader)
    {
        switch value {
        case .string(let name):
            return (name, try FieldReader(.object([:]), at: join(path, name)))
        case .object(let members) where members.count == 1:
            let (name, payload) = members.first!
            return (name, try FieldReader(payload, at: join(path, name)))
        default:
            throw FixtureError(
                .invalidValue, path: path,
                message: "expected \(what): a name (\"paused\") or an object with one key ({\"progressed\": {...}}), "
                    + "found \(value.rendered)")
        }
    }
}
