public import AdLifecycle
public import FoundationEssentials
import VAST

/// A session fixture (`"controller": "session"`): one timeline of unit, video, MRAID, exposure, shown-part
/// and clock inputs to an `AdSession`, each step's outputs asserted as one ordered list. The format is in
/// `Tests/Fixtures/lifecycle/README.md`.
///
/// Read as strictly as ``LifecycleFixture``: every field, input and output name, rule id and creative is
/// checked up front, and a mistake is a ``FixtureError`` naming the field.
public struct SessionFixture: Sendable {
    /// The fixture's name: its file name without `.json`, starting with `session-`.
    public var name: String
    /// What the fixture shows, for people.
    public var description: String
    /// The `OrderingContract/rules` ids the fixture demonstrates.
    public var covers: [String]
    /// The InLine sample, relative to the repository root.
    public var ad: String
    /// Wrapper samples in front of ``ad``, outermost first.
    public var wrappers: [String]
    /// The creative played; `nil` plays the first Linear.
    public var creative: SessionCreative?
    /// True for a break: every `<Ad>` of ``ad`` with a `sequence` is the pod (in sequence order), the
    /// others the buffet, played by an `AdBreak` started just before the first step.
    public var pod: Bool
    /// The fixed clock, random values and player state (MRAID's are in ``mraid``).
    public var setup: FixtureSetup
    /// The MRAID container, when the creative runs in one.
    public var mraid: MRAIDContainer?
    /// The steps, in order.
    public var steps: [FixtureStep]
    /// Session state fields after the last step (see ``SessionSnapshot``).
    var expectState: [String: JSONValue]
    /// The file the fixture was read from.
    public var file: String

    /// Reads a session fixture from JSON text.
    /// - Throws: ``FixtureError`` naming the field at fault.
    public init(json: Data, file: String = "") throws(FixtureError) {
        self = try FixtureFile.read(json, file: file) { value throws(FixtureError) in try Self(value, file: file) }
    }

    init(_ value: JSONValue, file: String) throws(FixtureError) {
        var fields = try FieldReader(value, at: "")
        self.file = file
        name = try fields.string("name", "the fixture's name (its file name without .json)")
        description = try fields.string("description", "what the fixture shows")
        guard try fields.string("controller", "\"session\"") == "session" else {
            throw FixtureError(
                .invalidValue, path: "controller", message: "a session fixture's controller is \"session\"")
        }
        let known = OrderingContract.rules.map(\.id)
        covers = try
            (fields.optional("covers").map { value throws(FixtureError) in
                try FieldReader.array(value, at: "covers")
            } ?? []).enumerated().map { index, id throws(FixtureError) in
                try FieldReader.choice(id, at: "covers[\(index)]", known.map { ($0, $0) })
            }
        ad = try fields.string("ad", "the InLine sample's path from the repository root")
        wrappers = try
            (fields.optional("wrappers").map { value throws(FixtureError) in
                try FieldReader.array(value, at: "wrappers")
            } ?? []).enumerated().map { index, value throws(FixtureError) in
                try FieldReader.string(value, at: "wrappers[\(index)]")
            }
        (setup, mraid) = try Self.parseSetup(fields.optional("setup"))
        pod = try fields.bool("pod", default: false)
        let assetURI = setup.assetURI
        creative = try fields.optional("creative").map { value throws(FixtureError) in
            try Self.parseCreative(value, assetURI: assetURI)
        }
        if pod, creative != nil {
            throw FixtureError(
                .invalidValue, path: "creative", message: "a pod plays each ad's first Linear; drop `creative`")
        }
        let list = try FieldReader.array(try fields.required("steps", "the ordered steps"), at: "steps")
        guard !list.isEmpty else {
            throw FixtureError(.invalidValue, path: "steps", message: "expected at least one step")
        }
        let adInstanceID = setup.adInstanceID
        var parsed: [FixtureStep] = []
        for (index, step) in list.enumerated() {
            parsed.append(
                try Self.parseStep(step, at: "steps[\(index)]", after: parsed.last?.at ?? 0, adInstanceID: adInstanceID)
            )
        }
        steps = parsed
        var state: [String: JSONValue] = [:]
        if let value = fields.optional("expectState") {
            var stateFields = try FieldReader(value, at: "expectState")
            for key in SessionSnapshot.keys where stateFields.has(key) {
                state[key] = stateFields.optional(key) ?? .null
            }
            try stateFields.finish()
        }
        expectState = state
        try fields.finish()
    }

    private static func parseSetup(_ value: JSONValue?) throws(FixtureError) -> (FixtureSetup, MRAIDContainer?) {
        guard case .object(var members) = value else {
            return (try FixtureSetup.parse(value, at: "setup", for: .video), nil)
        }
        let container = members.removeValue(forKey: "mraid")
        let setup = try FixtureSetup.parse(.object(members), at: "setup", for: .video)
        guard !setup.startsExpanded else {
            throw FixtureError(
                .invalidValue, path: "setup.startsExpanded",
                message: "a session's player starts collapsed; present it fullscreen with fullscreenPresented")
        }
        guard let container else { return (setup, nil) }
        let mraid = try FixtureSetup.parse(container, at: "setup.mraid", for: .mraid)
        guard let geometry = mraid.geometry else {
            throw FixtureError(
                .missingField, path: "setup.mraid.geometry", message: "missing: the container's geometry")
        }
        return (setup, MRAIDContainer(placement: mraid.placement, geometry: geometry))
    }

    private static func parseCreative(_ value: JSONValue, assetURI: String?) throws(FixtureError) -> SessionCreative {
        var (kind, fields) = try FieldReader.named(value, at: "creative", "a creative")
        let creative: SessionCreative
        switch kind {
        case "linear":
            creative = .linear(creative: try fields.int("creative", "the creative's index"), assetURI: assetURI)
        case "companion":
            creative = .companion(
                creative: try fields.int("creative", "the creative's index"),
                companion: try fields.int("companion", "the companion's index in the creative"))
        case "nonLinear":
            creative = .nonLinear(
                creative: try fields.int("creative", "the creative's index"),
                nonLinear: try fields.int("nonLinear", "the NonLinear's index in the creative"))
        default:
            throw FixtureError(
                .invalidValue, path: "creative",
                message: "expected {\"linear\"|\"companion\"|\"nonLinear\": {...}}, found \(kind)")
        }
        try fields.finish()
        return creative
    }

    private static func parseStep(_ value: JSONValue, at path: String, after previous: Int, adInstanceID: String)
        throws(FixtureError) -> FixtureStep
    {
        var fields = try FieldReader(value, at: path)
        let at = try fields.optionalInt("at") ?? previous
        guard at >= previous else {
            throw FixtureError(
                .invalidValue, path: fields.path("at"),
                message: "time goes back: \(at) ms is before the previous step's \(previous) ms")
        }
        var (name, inputFields) = try FieldReader.named(
            try fields.required("input", "the input (\"paused\" or {\"progressed\": {...}})"), at: fields.path("input"),
            "an input")
        let input =
            name == FixturePlay.name
            ? FixtureInput.play(try FixturePlay.parse(&inputFields))
            : FixtureInput.session(try SessionCodec.input(name, &inputFields, at: fields.path("input")))
        try inputFields.finish()
        let expectation: FixtureExpectation
        switch (fields.has("expect"), fields.has("expectError")) {
        case (true, false):
            let list = try FieldReader.array(try fields.required("expect", "the outputs"), at: fields.path("expect"))
            expectation = .outputs(
                try list.enumerated().map { index, output throws(FixtureError) in
                    try parseOutput(output, at: fields.path("expect") + "[\(index)]", adInstanceID: adInstanceID)
                })
        case (false, true):
            var error = try FieldReader(try fields.required("expectError", "the error"), at: fields.path("expectError"))
            expectation = .error(
                ExpectedError(
                    code: try error.string("code", "the error code's name"), action: try error.optionalString("action"),
                    message: try error.optionalString("message")))
            try error.finish()
        default:
            throw FixtureError(
                .missingField, path: fields.path("expect"),
                message: "a step has exactly one of `expect` (the ordered outputs; [] for none) and `expectError`")
        }
        let note = try fields.optionalString("note")
        try fields.finish()
        return FixtureStep(at: at, input: input, expectation: expectation, phase: nil, note: note)
    }

    private static func parseOutput(_ value: JSONValue, at path: String, adInstanceID: String) throws(FixtureError)
        -> FixtureOutput
    {
        var fields = try FieldReader(value, at: path)
        let output: FixtureOutput
        switch (fields.has("callback"), fields.has("beacon")) {
        case (true, false):
            output = .session(
                .callback(try SessionCodec.callback(try fields.string("callback", "the callback"), &fields)))
        case (false, true):
            output = .session(.beacon(try FixtureOutput.parseBeacon(&fields, adInstanceID: adInstanceID)))
        default:
            throw FixtureError(
                .invalidValue, path: path,
                message: "an output has exactly one of \"callback\" and \"beacon\", found \(value.rendered)")
        }
        try fields.finish()
        return output
    }
}
