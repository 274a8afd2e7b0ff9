internal import CLibXML2
import Glibc
import Synchronization

/// One SAX2 parse: the C callbacks, the builder they feed, and the translation of libxml2's
/// outcome into ``VASTParseError``.
///
/// Runs on the caller's thread, synchronously. The builder lives in memory owned by this call
/// and reaches the callbacks through the parser context's `_private` pointer.
enum SAXSession {
    /// The largest attribute cap watched inside libxml2's start-tag loop: the watch reserves five table
    /// entries per attribute up to the cap (about 4 MB at this cap, 5 KB at the default).
    static let maxWatchedAttributes = 100_000

    /// The last number given to a parse for a libxml2 context it may create (`vast_feed.fresh`): one
    /// counter for the process, so no two contexts ever share a serial, and the name caches a serial
    /// keys stay with the dictionary they were filled from (``VASTModelBuilder/useNames(of:)``).
    private static let contextSerials = Atomic<UInt>(0)

    static func run(
        _ buffer: UnsafeBufferPointer<UInt8>, limits: VASTParser.Limits, budget: Duration, budgetIsDeadline: Bool,
        urlValidator: VASTURLValidator?
    ) throws(VASTParseError) -> VASTParseResult {
        guard let base = buffer.baseAddress else { throw VASTParseError(.empty, "the document is empty") }
        var feed = vast_feed()
        feed.bytes = base
        feed.size = buffer.count
        feed.cancelled = { Task.isCancelled || (VASTParser.stop?.isRequested ?? false) ? 1 : 0 }
        feed.fresh = contextSerials.add(1, ordering: .relaxed).newValue
        let cap = max(0, limits.maxAttributesPerElement)
        feed.attributeSlot = cap <= maxWatchedAttributes ? Int32(5 * cap) : -1
        feed.maxNamespaces = Int32(clamping: cap)
        feed.maxElements = max(0, limits.maxElements)
        vast_feed_set_budget(&feed, budget.nanoseconds)
        // On the stack for the call, not on the heap: allocating it and initialising it from a
        // temporary copied the whole builder (retaining each of its fields) once per parse.
        // Its working arrays come from the pool of those earlier parses left (see
        // ``VASTModelBuilder/Scratch``) and go back to it however the parse ends.
        var state = VASTModelBuilder(
            limits: limits, urlValidator: urlValidator, scratch: VASTModelBuilder.Scratch.take())
        defer { VASTModelBuilder.Scratch.giveBack(state.takeScratch()) }
        return try withUnsafeMutablePointer(to: &feed) { (feed) throws(VASTParseError) -> VASTParseResult in
            state.feed = feed
            return try withUnsafeMutablePointer(to: &state) { (builder) throws(VASTParseError) -> VASTParseResult in
                try run(feed, builder: builder, budget: budget, budgetIsDeadline: budgetIsDeadline)
            }
        }
    }

    private static func run(
        _ feed: UnsafeMutablePointer<vast_feed>, builder: UnsafeMutablePointer<VASTModelBuilder>, budget: Duration,
        budgetIsDeadline: Bool
    ) throws(VASTParseError) -> VASTParseResult {
        var handler = makeHandler()
        var error = vast_xml_error()
        let status = vast_sax_parse(feed, &handler, builder, &error)
        builder.pointee.feed = nil
        if builder.pointee.stopped, let fatal = builder.pointee.fatal { throw fatal }
        if feed.pointee.reason != 0 {
            throw stopped(
                Int(feed.pointee.reason), line: Int(feed.pointee.line), limits: builder.pointee.limits, budget: budget,
                budgetIsDeadline: budgetIsDeadline)
        }
        if status != 0 {
            let message = withUnsafeBytes(of: error.message) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }.trimmingASCIIWhitespace()
            throw VASTParseError(
                .malformed, message.isEmpty ? "the document is not well-formed XML" : message,
                line: Int(error.line), column: Int(error.column))
        }
        return try builder.pointee.finish()
    }

    /// The error for a parse a bound stopped (`reason` is one of the feed's VAST_FEED_* values).
    static func stopped(
        _ reason: Int, line: Int, limits: VASTParser.Limits, budget: Duration, budgetIsDeadline: Bool
    ) -> VASTParseError {
        switch reason {
        case Int(VAST_FEED_DEADLINE):
            let what = budgetIsDeadline ? "its deadline" : "its time budget (maxParseTime)"
            return VASTParseError(
                .timedOut,
                "the parse ran past \(what) of \(budget.wholeMilliseconds) ms and was stopped; the document makes "
                    + "the XML parser work too long (a hostile or broken response)", line: line)
        case Int(VAST_FEED_CANCELLED):
            return VASTParseError(.cancelled, "the parse was cancelled by its caller", line: line)
        case Int(VAST_FEED_ELEMENTS):
            return VASTParseError(
                .tooMuchWork,
                "the document holds more than \(limits.maxElements) elements (maxElements); the parse "
                    + "was stopped", line: line)
        case Int(VAST_FEED_NAMESPACES):
            return VASTParseError(
                .tooManyAttributes,
                "more than \(limits.maxAttributesPerElement) namespace declarations are in scope; the parse was "
                    + "stopped", line: line)
        default:
            return VASTParseError(
                .tooManyAttributes,
                "a start tag has more than \(limits.maxAttributesPerElement) attributes; the parse was stopped",
                line: line)
        }
    }

    private static func state(_ context: UnsafeMutableRawPointer?) -> UnsafeMutablePointer<VASTModelBuilder>? {
        guard let context, let user = vast_sax_user(context) else { return nil }
        return user.assumingMemoryBound(to: VASTModelBuilder.self)
    }

    /// Refuses a declaration: records why and stops libxml2 before it reads any further.
    private static func refuse(_ context: UnsafeMutableRawPointer?, _ what: String) {
        guard let context, let builder = state(context) else { return }
        if !builder.pointee.stopped {
            builder.pointee.fatal = VASTParseError(
                .forbiddenDeclaration,
                "\(what) are not allowed in VAST (they can load files or expand without bound); refused",
                line: Int(vast_sax_line(context)))
        }
        vast_sax_stop(context)
    }

    private static func makeHandler() -> xmlSAXHandler {
        var handler = xmlSAXHandler()
        handler.initialized = UInt32(XML_SAX2_MAGIC)
        handler.startElementNs = {
            context, localname, prefix, uri, namespaceCount, namespaces, attributeCount, _, attributes in
            guard let builder = SAXSession.state(context), let localname else { return }
            vast_sax_tag_mark(context, &builder.pointee.mark)
            if let feed = builder.pointee.feed {
                builder.pointee.useNames(of: feed.pointee.context)
                vast_sax_input_complete(context, feed)
                let reason = vast_feed_tag(feed, attributeCount)
                if reason != 0 {
                    feed.pointee.reason = reason
                    feed.pointee.line = Int32(builder.pointee.line)
                    vast_sax_stop(context)
                    return
                }
            }
            builder.pointee.startElement(
                localname: localname, prefix: prefix, uri: uri,
                namespaces: SAXNamespaces(pointer: namespaces, count: Int(namespaceCount)),
                attributes: SAXAttributes(pointer: attributes, count: Int(attributeCount)))
            if builder.pointee.stopped, let context { vast_sax_stop(context) }
        }
        handler.endElementNs = { context, localname, prefix, _ in
            guard let builder = SAXSession.state(context), let localname else { return }
            builder.pointee.endElement(localname: localname, prefix: prefix)
        }
        handler.characters = { context, bytes, length in
            guard let builder = SAXSession.state(context), let bytes, length > 0 else { return }
            builder.pointee.characters(UnsafeBufferPointer(start: bytes, count: Int(length)), cdata: false)
        }
        handler.cdataBlock = { context, bytes, length in
            guard let builder = SAXSession.state(context), let bytes, length > 0 else { return }
            builder.pointee.characters(UnsafeBufferPointer(start: bytes, count: Int(length)), cdata: true)
        }
        handler.internalSubset = { context, _, _, _ in SAXSession.refuse(context, "DOCTYPE declarations") }
        handler.externalSubset = { context, _, _, _ in SAXSession.refuse(context, "external DTDs") }
        handler.entityDecl = { context, _, _, _, _, _ in SAXSession.refuse(context, "ENTITY declarations") }
        handler.unparsedEntityDecl = { context, _, _, _, _ in SAXSession.refuse(context, "ENTITY declarations") }
        handler.notationDecl = { context, _, _, _ in SAXSession.refuse(context, "NOTATION declarations") }
        handler.getEntity = { _, _ in nil }
        handler.getParameterEntity = { _, _ in nil }
        handler.resolveEntity = { _, _, _ in nil }
        handler.reference = { context, _ in SAXSession.refuse(context, "entity references") }
        // Errors are read from the context after the parse; this keeps libxml2 from printing them.
        handler.serror = { _, _ in }
        return handler
    }
}

extension Duration {
    /// The duration in nanoseconds, saturated to `Int64` (a negative one is 0 or less).
    fileprivate var nanoseconds: Int64 {
        let (seconds, attoseconds) = components
        let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        guard !overflow else { return seconds < 0 ? Int64.min : Int64.max }
        let (total, overflowAgain) = whole.addingReportingOverflow(attoseconds / 1_000_000_000)
        return overflowAgain ? Int64.max : total
    }

    /// The duration in whole milliseconds, for messages.
    fileprivate var wholeMilliseconds: Int64 { nanoseconds / 1_000_000 }
}

/// libxml2's SAX2 attribute array: five pointers per attribute (localname, prefix, URI,
/// value start, value end); values are not NUL-terminated.
struct SAXAttributes {
    let pointer: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?
    let count: Int

    /// The attribute's local name pointer (interned by the parser's dictionary) at `index`.
    func localname(at index: Int) -> UnsafePointer<xmlChar>? { pointer?[index * 5] }

    /// The attribute's prefix at `index`, if any.
    func prefix(at index: Int) -> UnsafePointer<xmlChar>? { pointer?[index * 5 + 1] }

    /// The attribute's value bytes at `index`, as libxml2 hands them over (see ``string(at:)``).
    func value(at index: Int) -> UnsafeBufferPointer<UInt8> {
        guard let pointer, let start = pointer[index * 5 + 3], let end = pointer[index * 5 + 4] else {
            return UnsafeBufferPointer(start: nil, count: 0)
        }
        return UnsafeBufferPointer(start: start, count: max(0, end - start))
    }

    /// The attribute's value at `index`. With entities not replaced, libxml2 hands an `&` (written
    /// `&amp;` or `&#38;`) over as the five bytes `&#38;`, and no `&` in any other way, so each of
    /// those becomes `&` again; every other reference arrives already decoded.
    func string(at index: Int) -> String {
        var decoded: [UInt8] = []
        var used = 0
        appendValue(at: index, to: &decoded, used: &used)
        return String(decoding: decoded[..<used], as: UTF8.self)
    }

    /// Writes the attribute's value at `index`, decoded as ``string(at:)`` decodes it, into `buffer`
    /// from `used` on (growing it when needed; bytes past `used` are scratch), and advances `used`.
    func appendValue(at index: Int, to buffer: inout [UInt8], used: inout Int) {
        let bytes = value(at: index)
        guard let source = bytes.baseAddress else { return }
        if buffer.count - used < bytes.count {
            buffer.append(contentsOf: repeatElement(0, count: max(bytes.count, buffer.count, 64)))
        }
        guard memchr(source, 0x26, bytes.count) != nil else {
            let start = used
            buffer.withUnsafeMutableBufferPointer { target in
                _ = memcpy(target.baseAddress! + start, source, bytes.count)
            }
            used += bytes.count
            return
        }
        var position = 0
        while position < bytes.count {
            buffer[used] = bytes[position]
            used += 1
            if bytes[position] == 0x26, position + 4 < bytes.count, bytes[position + 1] == 0x23,
                bytes[position + 2] == 0x33, bytes[position + 3] == 0x38, bytes[position + 4] == 0x3B
            {
                position += 5
            } else {
                position += 1
            }
        }
    }
}

/// libxml2's SAX2 namespace declarations of one start tag: (prefix, URI) pointer pairs.
struct SAXNamespaces {
    let pointer: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?
    let count: Int

    func prefix(at index: Int) -> UnsafePointer<xmlChar>? { pointer?[index * 2] }
    func uri(at index: Int) -> UnsafePointer<xmlChar>? { pointer?[index * 2 + 1] }
}
