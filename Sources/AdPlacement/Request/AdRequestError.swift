public import AdErrors

/// Why a request (or presentation) document was refused: a number outside its range, naming the field.
///
/// Thrown from the `Decodable` initialisers of ``AdRequestInfo``'s parts, so `JSONDecoder` passes it
/// through unchanged. Shape problems (a missing field, a string for a number) stay `DecodingError`.
public struct AdRequestError: CodedError, Hashable {
    /// Which reason: one of the static members of `ErrorCode where Domain == AdRequestError` below.
    public typealias Code = ErrorCode<AdRequestError>

    /// Which reason this is: ``Code`` `invalidField` for every error today.
    public var code: Code { .invalidField }
    /// The JSON path of the field, for example `playerSize.width` or `consent.gppSectionIds[2]`.
    public var field: String
    /// What is wrong, phrased to follow the field: `must be a whole number from 0 to 16384`.
    public var problem: String

    /// Creates an error.
    public init(field: String, problem: String) {
        self.field = field
        self.problem = problem
    }

    /// The field and the problem as one sentence.
    public var message: String { "\(field) \(problem)" }

    /// The field and the problem as one sentence.
    public var description: String { message }
}

extension ErrorCode where Domain == AdRequestError {
    /// A field's value is outside its range or not of its kind.
    public static let invalidField = Self("invalidField")
}

extension AdRequestError {
    /// Decodes a whole number inside `bounds`, read as a number first so that a fraction or an
    /// overflowing value is reported against its field (never trapping in the conversion).
    static func decodeBounded<Key: CodingKey>(
        _ container: KeyedDecodingContainer<Key>, _ key: Key, in bounds: ClosedRange<Int>
    ) throws -> Int {
        let number = try container.decode(Double.self, forKey: key)
        return try bounded(number, in: bounds, at: container.codingPath + [key])
    }

    /// `number` as an `Int` when it is a whole number inside `bounds`; otherwise an error at `path`.
    static func bounded(_ number: Double, in bounds: ClosedRange<Int>, at path: [any CodingKey]) throws -> Int {
        guard number.isFinite, number.rounded() == number, number >= Double(bounds.lowerBound),
            number <= Double(bounds.upperBound)
        else {
            throw AdRequestError(
                field: TenantSettingsError.path(path),
                problem: "must be a whole number from \(bounds.lowerBound) to \(bounds.upperBound)")
        }
        return Int(number)
    }
}
