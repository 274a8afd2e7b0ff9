import AdLifecycle
public import FoundationEssentials
import VAST

/// A lifecycle fixture: an ad, a setup, ordered inputs and the exact ordered outputs (or typed error)
/// each must produce. The format is documented, with a full example, in
/// `Tests/Fixtures/lifecycle/README.md`.
///
/// Reading checks the whole file up front: every field, input and output name, rule id and phase. A
/// mistake is a ``FixtureError`` naming the field, never a fixture that quietly checks less.
public struct LifecycleFixture: Sendable {
    /// The fixture's name: its file name without `.json`, starting with the controller (`video-skip-after-offset`).
    public var name: String
    /// What the fixture shows, for people.
    public var description: String
    /// The state machine driven.
    public var controller: FixtureController
    /// The `OrderingContract/rules` ids the fixture demonstrates.
    public var covers: [String]
    /// The InLine sample, relative to the repository root (unit and video).
    public var ad: String?
    /// Wrapper samples in front of ``ad``, outermost first (hop 0); the InLine's hop is their count.
    public var wrappers: [String]
    /// The fixed clock, random values and initial state.
    public var setup: FixtureSetup
    /// The steps, in order.
    public var steps: [FixtureStep]
    /// The phase after the last step, when the fixture says.
    public var expectPhase: String?
    /// State fields after the last step, compared exactly, as the lifecycle's state encodes them.
    var expectState: [String: JSONValue]
    /// The file the fixture was read from (empty when read from memory).
    public var file: String

    /// Reads a fixture file.
    /// - Throws: ``FixtureError`` naming the file and the field at fault.
    public init(contentsOf url: URL) throws(FixtureError) {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw FixtureError(.unreadable, file: url.path, path: "", message: "cannot read the file: \(error)")
        }
        try self.init(json: data, file: url.path)
    }

    /// Reads a fixture from JSON text.
    /// - Parameters:
    ///   - json: the fixture.
    ///   - file: the name errors and results cite.
    /// - Throws: ``FixtureError`` naming the field at fault.
    public init(json: Data, file: String = "") throws(FixtureError) {
        self = try FixtureFile.read(json, file: file) { value throws(FixtureError) in try Self(value, file: file) }
    }

    private init(_ value: JSONValue, file: String) throws(FixtureError) {
        var fields = try FieldReader(value, at: "")
        self.file = file
        name = try fields.string("name", "the fixture's name (its file name without .json)")
        description = try fields.string("description", "what the fixture shows")
        controller = try FieldReader.choice(
            try fields.required("controller", "\"unit\", \"video\" or \"mraid\""), at: "controller",
            FixtureController.allCases.map { ($0.rawValue, $0) })
        covers = try Self.ruleIDs(fields.optional("covers"))
        if controller == .mraid {
            ad = nil
            wrappers = []
        } else {
            ad = try fields.string("ad", "the InLine sample's path from the repository root")
            wrappers = try
                (fields.optional("wrappers").map { value throws(FixtureError) in
                    try FieldReader.array(value, at: "wrappers")
                } ?? []).enumerated().map { index, value throws(FixtureError) in
                    try FieldReader.string(value, at: "wrappers[\(index)]")
                }
        }
        setup = try FixtureSetup.parse(fields.optional("setup"), at: "setup", for: controller)
        let phases = controller.phaseNames.map { ($0, $0) }
        steps = []
        let list = try FieldReader.array(try fields.required("steps", "the ordered steps"), at: "steps")
        guard !list.isEmpty else {
            throw FixtureError(.invalidValue, path: "steps", message: "expected at least one step")
        }
        for (index, step) in list.enumerated() {
            steps.append(
                try Self.parseStep(
                    step, at: "steps[\(index)]", after: steps.last?.at ?? 0, phases: phases, controller: controller,
                    adInstanceID: setup.adInstanceID))
        }
        expectPhase = try fields.optional("expectPhase").map { value throws(FixtureError) in
            try FieldReader.choice(value, at: "expectPhase", phases)
        }
        var state: [String: JSONValue] = [:]
        if let value = fields.optional("expectState") {
            var stateFields = try FieldReader(value, at: "expectState")
            for key in LifecycleState.keys(controller) {
                if stateFields.has(key) { state[key] = stateFields.optional(key) ?? .null }
            }
            try stateFields.finish()
        }
        expectState = state
        try fields.finish()
    }

    private static func parseStep(
        _ value: JSONValue, at path: String, after previous: Int, phases: [(String, String)],
        controller: FixtureController, adInstanceID: String
    ) throws(FixtureError) -> FixtureStep {
        var fields = try FieldReader(value, at: path)
        let at = try fields.optionalInt("at") ?? previous
        guard at >= previous else {
            throw FixtureError(
                .invalidValue, path: fields.path("at"),
                message: "time goes back: \(at) ms is before the previous step's \(previous) ms")
        }
        let input = try FixtureInput.parse(
            try fields.required("input", "the input (\"paused\" or {\"progressed\": {...}})"), at: fields.path("input"),
            for: controller)
        let expectation: FixtureExpectation
        switch (fields.has("expect"), fields.has("expectError")) {
        case (true, false):
            let list = try FieldReader.array(try fields.required("expect", "the outputs"), at: fields.path("expect"))
            expectation = .outputs(
                try list.enumerated().map { index, output throws(FixtureError) in
                    try FixtureOutput.parse(
                        output, at: fields.path("expect") + "[\(index)]", for: controller,
                        adInstanceID: adInstanceID)
                })
        case (false, true):
            expectation = .error(
                try parseError(
                    try fields.required("expectError", "the error"), at: fields.path("expectError"),
                    controller: controller))
        default:
            throw FixtureError(
                .missingField, path: fields.path("expect"),
                message: "a step has exactly one of `expect` (the ordered outputs; [] for none) and `expectError`")
        }
        let phase = try fields.optional("phase").map { value throws(FixtureError) in
            try FieldReader.choice(value, at: fields.path("phase"), phases)
        }
        let note = try fields.optionalString("note")
        try fields.finish()
        return FixtureStep(at: at, input: input, expectation: expectation, phase: phase, note: note)
    }

    private static func parseError(_ value: JSONValue, at path: String, controller: FixtureController)
        throws(FixtureError) -> ExpectedError
    {
        var fields = try FieldReader(value, at: path)
        let error = ExpectedError(
            code: try fields.string("code", "the error code's name"),
            action: controller == .mraid ? try fields.string("action", "the MRAID command refused (`resize`)") : nil,
            message: try fields.optionalString("message"))
        try fields.finish()
        return error
    }

    private static func ruleIDs(_ value: JSONValue?) throws(FixtureError) -> [String] {
        guard let value else { return [] }
        let known = OrderingContract.rules.map(\.id)
        return try FieldReader.array(value, at: "covers").enumerated().map { index, id throws(FixtureError) in
            try FieldReader.choice(id, at: "covers[\(index)]", known.map { ($0, $0) })
        }
    }

}
