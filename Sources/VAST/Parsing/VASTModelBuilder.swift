internal import CLibXML2

/// Builds a ``VASTDocument`` straight from SAX events, checking the spec's structural rules
/// as it goes (it alone knows each element's exact location).
///
/// One open object per kind ("slots"): VAST does not nest an element inside itself, so the
/// innermost open Creative, Linear, Companion ... is always the one a child belongs to.
/// Unknown or misplaced elements are skipped with a finding; `<Extension>` contents are
/// re-serialised as raw XML.
struct VASTModelBuilder {
    let limits: VASTParser.Limits
    let urlValidator: VASTURLValidator?
    /// The rule tables the tags are checked against, taken once per parse: each read of a static
    /// `let` calls `swift_once`, at every start and end tag.
    let allowedChildren = VASTSpecRules.allowedChildTable
    let attributeChecks = VASTSpecRules.requiredAttributeChecks
    let attributeSpans = VASTSpecRules.requiredAttributeSpans
    let childChecks = VASTSpecRules.requiredChildChecks
    let childSpans = VASTSpecRules.requiredChildSpans
    let trackingEventRows = VASTSpecRules.trackingEventRows

    /// Creates a builder whose working arrays are `scratch`'s (empty, with their capacity): see
    /// ``Scratch``; ``takeScratch()`` hands them back when the parse is over.
    init(limits: VASTParser.Limits, urlValidator: VASTURLValidator? = nil, scratch: consuming Scratch = Scratch()) {
        self.limits = limits
        self.urlValidator = urlValidator
        frames = scratch.frames
        siblingCounts = scratch.siblingCounts
        text = scratch.text
        attrs = scratch.attrs
        attrValues = scratch.attrValues
        elementCache = scratch.elementCache
        attributeCache = scratch.attributeCache
        cachedContext = scratch.cachedContext
        raw = scratch.raw
    }

    // MARK: Outcome
    /// Set when the document must be refused; the SAX session stops the parse.
    var fatal: VASTParseError? { didSet { stopped = true } }
    /// True once ``fatal`` is set (it is never unset): the check after every start tag reads this
    /// flag, as reading the optional error there copied it.
    var stopped = false
    /// The parse's feed while libxml2 runs (see ``SAXSession``): the bounds checked at each start tag.
    var feed: UnsafeMutablePointer<vast_feed>?
    /// Set when the version is refused; the document is still read to the end for its counts.
    var unsupported: VASTParseError?
    /// Where the current start tag is, set by the SAX session at each one (see ``line`` and ``column``).
    var mark = vast_tag_mark()
    var findings: [VASTFinding] = []
    /// Findings past `limits.maxFindings`, counted instead of kept.
    var suppressedFindings = 0
    var suppressedSeverity: VASTFinding.Severity?
    var counts = VASTElementCounts()

    // MARK: Document state
    var rawVersion = ""
    var version: VASTVersion = .v4_3
    var sawRoot = false
    var rootNamespace: UnsafePointer<xmlChar>?
    var ads: [VASTAd] = []
    /// Each kept ad's location, for document-wide findings.
    /// (A path for each takes about 2,500 instructions; only a duplicate pod sequence reads one.)
    /// An ad directly under the root, where the rules put every ad, is kept as its index among
    /// the root's `<Ad>`s and spelled `/VAST/Ad[n]` when read; any other as its full path.
    var adLocations: [(index: Int, path: String?)] = []
    var rootErrors: [String] = []

    // MARK: Element stack
    struct Frame {
        var element: VASTElement?
        /// For an unknown element, where its name as written is in ``VASTModelBuilder/unknownNames``
        /// (for locations); -1 otherwise. An index, not a `String`, so that a frame is plain data and
        /// reading or copying one costs no reference counting.
        var unknownName = -1
        /// True for an element from another namespace (never indexed as a VAST element).
        var foreign = false
        var index: Int
        var seen = VASTElementSet()
        /// Where its children's counts start in ``VASTModelBuilder/siblingCounts``.
        var countsStart = 0
        var lastOrder = -1
        var orderReported = false
        /// Where its start tag is, for the findings made at its end tag (a missing child, a bad value).
        var mark = vast_tag_mark()
    }
    var frames: [Frame]
    /// The names of the open frames that are unknown elements, innermost last.
    var unknownNames: [String] = []
    /// How many children of each kind the open frames have had, the innermost frame's last: one
    /// array for the whole parse (a frame's part is dropped when it closes), not one per frame.
    var siblingCounts: [(key: Int, count: Int)]
    /// Depth inside a skipped (unknown or misplaced) subtree; 0 when not skipping.
    var skipDepth = 0
    /// Depth inside Extensions or CreativeExtensions, where nothing is counted.
    var uncountedDepth = 0
    var inWrapper = false

    // MARK: Text of the current leaf element
    var text: [UInt8]
    var cdataChunks = 0
    var cdataPadded = false
    var textTruncated = false
    /// The current element's attributes, in document order: plain data, so that clearing the list
    /// between elements costs nothing; a value becomes a `String` only when a field asks for it.
    var attrs: [AttributeSlot]
    /// The decoded bytes of every value in ``attrs``, back to back (scratch space past the last one).
    var attrValues: [UInt8]

    // MARK: Raw XML capture (Extension, CreativeExtension)
    /// Writes the XML inside the open extension (while ``rawDepth`` is above 0).
    var raw: RawXMLWriter
    var rawDepth = 0
    var pendingExtension: VASTExtension?

    // MARK: Name caches (libxml2 interns names in its context's dictionary, so a pointer identifies a name)
    var elementCache: PointerCache<VASTElement?>
    var attributeCache: PointerCache<String>
    /// The serial of the libxml2 context whose names the caches hold (`vast_feed.context`); 0 for none.
    var cachedContext: UInt

    // MARK: Open objects
    var pendingAd: VASTAd?
    var adContent: VASTAd.Content?
    var common = VASTAdCommon()
    var inLine: VASTInLine?
    var wrapper: VASTWrapper?
    var viewable: VASTViewableImpression?
    var verification: VASTVerification?
    var creative: VASTCreative?
    var linear: VASTLinear?
    var videoClicks: VASTVideoClicks?
    var icon: VASTIcon?
    var iconClicks: VASTIconClicks?
    var fallbackImage: VASTIconClickFallbackImage?
    var nonLinearAds: VASTNonLinearAds?
    var nonLinear: VASTNonLinear?
    var companionAds: VASTCompanionAds?
    var companion: VASTCompanion?

    // MARK: Names

    /// Makes the name caches those of the context with serial `context`: kept when they already
    /// are (a thread's kept context, parse after parse, interns each name at the same address),
    /// emptied otherwise (another thread's context, or a new one, whose dictionary may have been
    /// allocated where a freed one was).
    mutating func useNames(of context: UInt) {
        guard context != cachedContext else { return }
        elementCache.removeAll()
        attributeCache.removeAll()
        cachedContext = context
    }

    mutating func element(for localname: UnsafePointer<xmlChar>) -> VASTElement? {
        let key = UnsafeRawPointer(localname)
        if let cached = elementCache.value(for: key) { return cached }
        let found = VASTElement.named(localname)
        elementCache.insert(found, for: key)
        return found
    }

    mutating func attributeName(_ localname: UnsafePointer<xmlChar>) -> String {
        let key = UnsafeRawPointer(localname)
        if let cached = attributeCache.value(for: key) { return cached }
        let name = String(cString: localname)
        attributeCache.insert(name, for: key)
        return name
    }

    // MARK: Findings

    /// The location of the element being read, or of its `depth`-th ancestor.
    mutating func location(dropping depth: Int = 0) -> String {
        Self.path(of: frames, names: unknownNames, dropping: depth)
    }

    /// The location of `frames` without their last `depth`: static over the frames, so that the
    /// mutating callers do not copy the builder to call it.
    static func path(of frames: [Frame], names: [String], dropping depth: Int) -> String {
        let end = max(0, frames.count - depth)
        guard end > 0 else { return "/" }
        // The bytes of the path, made into one string at the end (appending to a String grows it
        // several times for a deep location).
        var bytes: [UInt8] = []
        bytes.reserveCapacity(128)
        for position in 0..<end {
            let frame = frames[position]
            let unknownName = frame.unknownName >= 0 ? names[frame.unknownName] : nil
            bytes.append(0x2F)
            if let element = frame.element {
                bytes.append(contentsOf: element.name.utf8)
            } else {
                bytes.append(contentsOf: (unknownName ?? "?").utf8)
            }
            let element = frame.element ?? (frame.foreign ? nil : unknownName.flatMap { VASTElement.named($0) })
            if element?.isRepeatable ?? false {
                bytes.append(0x5B)
                bytes.append(contentsOf: String(frame.index).utf8)
                bytes.append(0x5D)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// False once the findings cap is reached: callers on hot paths check it before building a
    /// message, and ``report(_:_:_:_:code:at:)`` only counts what comes after.
    var acceptsFindings: Bool { findings.count < limits.maxFindings - 1 }

    /// Past the findings cap, counts a finding of `severity` and returns true, so that a hot check
    /// can skip building a message nobody will read; under the cap returns false.
    mutating func countedPastCap(_ severity: VASTFinding.Severity) -> Bool {
        guard !acceptsFindings else { return false }
        suppressedFindings += 1
        suppressedSeverity = max(suppressedSeverity ?? severity, severity)
        return true
    }

    /// Records a finding, or past the cap only counts it, keeping the worst severity so that
    /// the document's validity does not change (bounded memory on hostile input).
    mutating func report(
        _ severity: VASTFinding.Severity, _ category: VASTFinding.Category, _ rule: String,
        _ message: String, code: VASTErrorCode? = nil, at location: String? = nil,
        subrule: String? = nil
    ) {
        guard acceptsFindings else {
            suppressedFindings += 1
            suppressedSeverity = max(suppressedSeverity ?? severity, severity)
            return
        }
        findings.append(
            VASTFinding(
                severity: severity, category: category, rule: rule, message: message,
                location: location ?? self.location(), line: line > 0 ? line : nil,
                vastErrorCode: code ?? (severity == .error && category == .content ? .schemaValidation : nil),
                subrule: subrule, column: line > 0 && column > 0 ? column : nil))
    }

    /// The line of the current start tag's `<` (1-based), 0 when unknown; works the tag's place out
    /// from its ``mark`` the first time a finding asks.
    var line: Int {
        mutating get {
            resolveMark()
            return Int(mark.line)
        }
    }

    /// The column of the current start tag's `<` (1-based, in characters), 0 when unknown.
    var column: Int {
        mutating get {
            resolveMark()
            return Int(mark.column)
        }
    }

    private mutating func resolveMark() {
        guard mark.pending != 0 else { return }
        if let feed {
            vast_tag_mark_resolve(&mark, feed.pointee.bytes, feed.pointee.size)
        } else {
            mark = vast_tag_mark()
        }
    }

    // MARK: SAX events

    mutating func startElement(
        localname: UnsafePointer<xmlChar>, prefix: UnsafePointer<xmlChar>?,
        uri: UnsafePointer<xmlChar>?, namespaces: SAXNamespaces, attributes: SAXAttributes
    ) {
        if uncountedDepth > 0 { uncountedDepth += 1 }
        if rawDepth > 0 {
            rawDepth += 1
            raw.start(localname: localname, prefix: prefix, namespaces: namespaces, attributes: attributes)
            return
        }
        let known = element(for: localname)
        if uncountedDepth == 0 {
            count(known)
            if known == .extensions || known == .creativeExtensions { uncountedDepth = 1 }
        }
        if skipDepth > 0 {
            skipDepth += 1
            return
        }
        guard sawRoot else {
            startRoot(known, localname: localname, uri: uri, attributes: attributes)
            return
        }
        let parentIndex = frames.count - 1
        let parent = frames[parentIndex].element
        let foreign = uri != nil && !Self.sameNamespace(uri, rootNamespace)
        let index = nextIndex(inFrame: parentIndex, key: foreign ? -1 : Int(known?.rawValue ?? 255))
        guard let known, !foreign, let parent,
            allowedChildren[Int(parent.rawValue)].contains(known)
        else {
            skip(localname: localname, known: known, foreign: foreign, parent: parent, index: index)
            return
        }
        frames[parentIndex].seen.insert(known)
        checkOrder(of: known, inFrame: parentIndex)
        push(Frame(element: known, index: index, mark: mark))
        if known.introduced > version {
            report(
                .warning, .schema, "version.element",
                "<\(known.name)> is defined from VAST \(known.introduced.rawValue), but the document declares \(rawVersion)"
            )
        }
        readAttributes(attributes)
        checkRequiredAttributes(of: known)
        if known.collectsText {
            beginLeaf()
        } else {
            open(known)
        }
    }

    mutating func endElement(localname: UnsafePointer<xmlChar>, prefix: UnsafePointer<xmlChar>?) {
        if uncountedDepth > 0 { uncountedDepth -= 1 }
        if rawDepth > 0 {
            rawDepth -= 1
            if rawDepth > 0 {
                raw.end(localname: localname, prefix: prefix)
                return
            }
            finishExtension()
            popFrame()
            return
        }
        if skipDepth > 0 {
            skipDepth -= 1
            if skipDepth == 0 { popFrame() }
            return
        }
        guard let frame = frames.last, let element = frame.element else { return }
        // What is found at an end tag is about this element: point at its start tag, not the last one started.
        mark = frame.mark
        checkRequiredChildren(of: element, seen: frame.seen)
        if element.collectsText {
            finishLeaf(element)
        } else {
            close(element)
        }
        popFrame()
    }

    mutating func characters(_ bytes: UnsafeBufferPointer<UInt8>, cdata: Bool) {
        if rawDepth > 0 {
            raw.text(bytes, cdata: cdata)
            return
        }
        guard skipDepth == 0, let element = frames.last?.element, element.collectsText else { return }
        guard text.count + bytes.count <= limits.maxTextBytes else {
            text.append(contentsOf: bytes.prefix(max(0, limits.maxTextBytes - text.count)))
            if !textTruncated {
                textTruncated = true
                report(
                    .error, .content, "value.too-long",
                    "<\(element.name)> holds more than \(limits.maxTextBytes) bytes of text; the rest is dropped")
            }
            return
        }
        text.append(contentsOf: bytes)
        if cdata, bytes.contains(where: { !$0.isASCIIWhitespace }) {
            cdataChunks += 1
            if bytes[0].isASCIIWhitespace || bytes[bytes.count - 1].isASCIIWhitespace { cdataPadded = true }
        }
    }

    // MARK: Helpers for events

    private mutating func count(_ element: VASTElement?) {
        switch element {
        case .ad: counts.ads += 1
        case .creative: counts.creatives += 1
        case .mediaFile: counts.mediaFiles += 1
        case .tracking: counts.trackingEvents += 1
        case .impression: counts.impressions += 1
        default: break
        }
    }

    private static func sameNamespace(_ lhs: UnsafePointer<xmlChar>?, _ rhs: UnsafePointer<xmlChar>?) -> Bool {
        guard let lhs, let rhs else { return lhs == nil && rhs == nil }
        return lhs == rhs || xmlStrEqual(lhs, rhs) != 0
    }

    /// Opens a frame; the counts of its children go at the end of ``siblingCounts``.
    mutating func push(_ frame: Frame) {
        var frame = frame
        frame.countsStart = siblingCounts.count
        frames.append(frame)
    }

    /// Opens the frame of an element that is not read (unknown, misplaced or refused), named as written.
    mutating func pushUnknown(_ name: String, foreign: Bool = false, index: Int) {
        push(
            Frame(
                element: nil, unknownName: unknownNames.count, foreign: foreign, index: index, mark: mark))
        unknownNames.append(name)
    }

    /// Closes the innermost frame, dropping the counts of its children.
    mutating func popFrame() {
        guard let last = frames.popLast() else { return }
        if last.unknownName >= 0 { unknownNames.removeLast() }
        if siblingCounts.count > last.countsStart { siblingCounts.removeSubrange(last.countsStart...) }
    }

    /// The 1-based index of a new child with `key` among its siblings of the same key, in the
    /// innermost frame (the one at `index`), whose counts are the last in ``siblingCounts``.
    private mutating func nextIndex(inFrame index: Int, key: Int) -> Int {
        for position in frames[index].countsStart..<siblingCounts.count where siblingCounts[position].key == key {
            siblingCounts[position].count += 1
            return siblingCounts[position].count
        }
        siblingCounts.append((key, 1))
        return 1
    }

    private mutating func skip(
        localname: UnsafePointer<xmlChar>, known: VASTElement?, foreign: Bool,
        parent: VASTElement?, index: Int
    ) {
        let name = String(cString: localname)
        pushUnknown(name, foreign: foreign, index: index)
        skipDepth = 1
        let parentName = parent?.name ?? "its parent"
        if foreign {
            report(
                .info, .schema, "schema.unknown-element",
                "<\(name)> from another namespace is outside <Extensions>; ignored")
        } else if known != nil {
            report(
                .warning, .schema, "schema.unknown-element",
                "<\(name)> is not allowed inside <\(parentName)>; ignored")
        } else {
            report(.warning, .schema, "schema.unknown-element", "<\(name)> is not a VAST element; ignored")
        }
    }

    private mutating func checkOrder(of element: VASTElement, inFrame index: Int) {
        guard let parent = frames[index].element, parent == .inLine || parent == .wrapper else { return }
        let order = VASTSpecRules.childOrder(of: parent, version: version)
        guard let position = order.firstIndex(of: element) else { return }
        if position < frames[index].lastOrder && !frames[index].orderReported {
            frames[index].orderReported = true
            report(
                .warning, .schema, "schema.child-order",
                "<\(element.name)> comes after an element the VAST \(version.rawValue) schema puts after it "
                    + "(players accept any order)", at: location() + "/" + element.name)
        }
        frames[index].lastOrder = max(frames[index].lastOrder, position)
    }

    private mutating func beginLeaf() {
        text.removeAll(keepingCapacity: true)
        cdataChunks = 0
        cdataPadded = false
        textTruncated = false
    }
}
