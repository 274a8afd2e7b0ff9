/// Serialises a ``VASTDocument`` back to VAST XML.
///
/// Guarantees:
/// - **Round trip**: for a document ``VASTParser`` produced, parsing the output gives an equal
///   document (`VASTDocument` is `Hashable`), or the writer throws for the one thing such a model
///   can lack: the declaration of a namespace prefix an extension uses but that was declared outside
///   it (the parser keeps none). For any other document the output reads back as the same model or
///   the writer throws, except that leaf text is read back trimmed of surrounding ASCII whitespace
///   (every reader trims it, this one included) and a programmatic extension's XML comes back in the
///   parser's spelling (`<a></a>` for `<a/>`).
/// - **The version's spelling**: the root's `version` as the document holds it, the 4.x namespace
///   `http://www.iab.com/VAST` from 4.0 on, attribute names as the version spells them (`AdID` and
///   `adSlotID` in 2.0 and 3.0, `adId` and `adSlotId` in 4.x), children in the order of the version's
///   IAB schema (4.x's alphabetical order; 3.0's draft schema, which 2.0's order agrees with), times in
///   the strict `HH:MM:SS.mmm` form, percentages without exponents.
/// - **Escaping**: text and attribute values are escaped (`&`, `<`, `>`, quotes, and tab, newline and
///   carriage return in attributes as character references); URIs are written in CDATA so that they
///   read as written, except when they hold `]]>` or a carriage return; HTMLResource, AdParameters and
///   VerificationParameters are CDATA when they hold markup. Extension XML is written exactly as kept.
/// - **Refusals, never silent changes**: a character XML 1.0 cannot hold (U+0000 to U+001F other than
///   tab, newline and carriage return, U+FFFE, U+FFFF), a negative number, a time or percentage that
///   would not read back, an unknown version, or extension XML that would not read back as one element
///   (checked by parsing it with ``VASTParser``) throw ``VASTWriteError`` naming the location.
///
/// What the model does not hold is not written: comments, the XML declaration's encoding (the
/// output is UTF-8), namespace declarations other than VAST's, attributes the parser does not read,
/// and the empty containers it leaves no trace of (`<TrackingEvents/>`, `<Icons/>`, `<MediaFiles/>`).
/// Wrapper defaults are written only when they differ (`followAdditionalWrappers="false"`,
/// `allowMultipleAds="true"`).
///
/// A value; `write` is a pure function of its input and may run on any thread concurrently.
public struct VASTWriter: Sendable {
    /// Creates a writer.
    public init() {}

    /// Writes `document` as one VAST XML document: an XML declaration, then the root, indented
    /// two spaces per level, ending with a newline.
    ///
    /// - Parameter document: the model to write.
    /// - Returns: the XML text (UTF-8 when encoded with `Array(text.utf8)`).
    /// - Throws: ``VASTWriteError`` when a value cannot be written (see the type's guarantees).
    public func write(_ document: VASTDocument) throws(VASTWriteError) -> String {
        let version: VASTVersion
        if document.version.isEmpty {
            version = .v4_3  // what the parser reads a root without a version as
        } else if let known = VASTVersion(rawValue: document.version.trimmingASCIIWhitespace()) {
            version = known
        } else {
            throw VASTWriteError(
                .unsupportedVersion,
                "version \"\(document.version.prefix(20))\" is not one this engine reads; "
                    + "give 2.0, 3.0, 4.0, 4.1, 4.2 or 4.3",
                at: "/VAST")
        }
        var writer = DocumentWriter(version: version)
        try writer.root(document)
        return writer.out.document
    }
}
