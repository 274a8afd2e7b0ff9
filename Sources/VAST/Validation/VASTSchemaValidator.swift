public import AdErrors
internal import CLibXML2
public import FoundationEssentials
import Glibc

/// Checks documents against an XML Schema (the IAB's VAST XSDs) with libxml2.
///
/// The schema is compiled once from bytes in memory; the deny-all entity loader means an XSD
/// cannot import anything from the network or disk. Documents are read with NONET only, and
/// only after ``VASTParser`` accepted them (so no DOCTYPE reaches this path).
///
/// One validator owns its compiled schema; use it from one thread at a time (it is not `Sendable`).
public final class VASTSchemaValidator {
    private let schema: xmlSchemaPtr

    /// Compiles the XSD at `path`.
    /// - Throws: ``VASTSchemaError`` when the file cannot be read or is not a usable schema.
    public init(contentsOf path: String) throws(VASTSchemaError) {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            // The system's reason (`No such file or directory`), as `open(2)` gives it.
            let descriptor = open(path, O_RDONLY | O_CLOEXEC)
            let reason = descriptor < 0 ? String(cString: strerror(errno)) : "the file cannot be read"
            if descriptor >= 0 { close(descriptor) }
            throw VASTSchemaError(message: "cannot read schema \(path): \(reason)")
        }
        LibXML2.initializeOnce()
        let compiled: xmlSchemaPtr? = data.withUnsafeBytes { raw in
            guard let base = raw.baseAddress?.assumingMemoryBound(to: CChar.self),
                let context = xmlSchemaNewMemParserCtxt(base, Int32(raw.count))
            else { return nil }
            defer { xmlSchemaFreeParserCtxt(context) }
            let saved = vast_xml_silence()
            defer { vast_xml_restore(saved) }
            xmlSchemaSetParserStructuredErrors(context, { _, _ in }, nil)
            return xmlSchemaParse(context)
        }
        guard let compiled else { throw VASTSchemaError(message: "\(path) is not a valid XML Schema") }
        schema = compiled
    }

    deinit {
        xmlSchemaFree(schema)
    }

    /// Validates a document's bytes against the schema.
    /// - Returns: one `schema.xsd` finding (category schema, severity error) per schema error.
    public func validate(_ bytes: Data) -> [VASTFinding] {
        let collector = SchemaErrorCollector()
        let box = Unmanaged.passUnretained(collector).toOpaque()
        let saved = vast_xml_silence()
        defer { vast_xml_restore(saved) }
        bytes.withUnsafeBytes { raw in
            guard let base = raw.baseAddress?.assumingMemoryBound(to: CChar.self),
                let document = xmlReadMemory(base, Int32(raw.count), nil, nil, Int32(XML_PARSE_NONET.rawValue))
            else {
                collector.messages.append((0, "the document could not be read for schema validation"))
                return
            }
            defer { xmlFreeDoc(document) }
            guard let context = xmlSchemaNewValidCtxt(schema) else { return }
            defer { xmlSchemaFreeValidCtxt(context) }
            xmlSchemaSetValidStructuredErrors(
                context,
                { user, error in
                    guard let user, let error else { return }
                    let collector = Unmanaged<SchemaErrorCollector>.fromOpaque(user).takeUnretainedValue()
                    guard collector.messages.count < 200 else { return }
                    let message = error.pointee.message.map { String(cString: $0) } ?? "schema error"
                    collector.messages.append((Int(error.pointee.line), message.trimmingASCIIWhitespace()))
                }, box)
            _ = xmlSchemaValidateDoc(context, document)
        }
        return collector.messages.map { line, message in
            VASTFinding(
                severity: .error, category: .schema, rule: "schema.xsd", message: message,
                location: "line \(line)", line: line > 0 ? line : nil, vastErrorCode: .schemaValidation)
        }
    }
}

/// Gathers libxml2's schema errors during one validation (reached through a user-data pointer).
private final class SchemaErrorCollector {
    var messages: [(Int, String)] = []
}

/// A schema that could not be loaded.
public struct VASTSchemaError: CodedError {
    /// Which reason: one of the static members of `ErrorCode where Domain == VASTSchemaError` below.
    public typealias Code = ErrorCode<VASTSchemaError>

    /// Which reason this is: ``Code`` `unloadable` for every error today.
    public var code: Code { .unloadable }
    /// What went wrong.
    public let message: String

    public var description: String { message }
}

extension ErrorCode where Domain == VASTSchemaError {
    /// The XSD file could not be read or compiled by libxml2.
    public static let unloadable = Self("unloadable")
}
