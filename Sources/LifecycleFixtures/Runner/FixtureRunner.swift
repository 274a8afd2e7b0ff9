public import AdLifecycle
public import FoundationEssentials
import Synchronization
import VAST

/// Runs lifecycle fixtures against the pure state machines, and session fixtures against a real
/// `AdSession`, through one loop: loads the ad (parsed with `VASTParser`,
/// merged with its wrappers by `ResolvedAd`), builds the `TrackingPlan` with the fixture's fixed
/// clock and random values, sends each input at its time, and compares the outputs step by step.
///
/// Pure and synchronous: no network, no clock, no main actor; safe to call from any thread. Stops at the
/// first failing step (the steps after it would run from a state the fixture did not describe).
public struct FixtureRunner: Sendable {
    /// The repository root that fixtures' ad paths are relative to.
    public var root: URL

    /// Creates a runner.
    /// - Parameter root: the directory `ad` and `wrappers` paths are relative to (the repository root).
    public init(root: URL) { self.root = root }

    /// The nearest directory at or above `url` that holds a `Package.swift`: the repository root of a
    /// fixture file.
    public static func root(containing url: URL) -> URL? {
        var directory = url.hasDirectoryPath ? url : url.deletingLastPathComponent()
        while directory.pathComponents.count > 1 {
            if FileManager.default.fileExists(atPath: directory.appendingPathComponent("Package.swift").path) {
                return directory
            }
            directory = directory.deletingLastPathComponent()
        }
        return nil
    }

    /// Reads and runs a fixture file.
    /// - Throws: ``FixtureError`` when the file is malformed or its ad unusable (expectations that do not
    ///   hold are a failing result, not an error).
    public func run(contentsOf url: URL) throws(FixtureError) -> FixtureResult {
        switch try FixtureFile(contentsOf: url) {
        case .lifecycle(let fixture): try run(fixture)
        case .session(let fixture): try run(fixture)
        }
    }

    /// Runs a fixture against its part's pure lifecycle.
    /// - Returns: passed, or the first failing step with a diff; and the trace of the steps run.
    /// - Throws: ``FixtureError`` when its ad is unusable or a step's input is for another controller.
    public func run(_ fixture: LifecycleFixture) throws(FixtureError) -> FixtureResult {
        switch fixture.controller {
        case .unit: return try run(UnitLifecycle(plan: try plan(for: fixture)), fixture)
        case .video:
            return try run(
                VideoLifecycle(
                    plan: try plan(for: fixture), startsMuted: fixture.setup.startsMuted,
                    startsExpanded: fixture.setup.startsExpanded), fixture)
        case .mraid:
            guard let geometry = fixture.setup.geometry else {
                throw FixtureError(
                    .missingField, file: fixture.file, path: "setup.geometry",
                    message: "missing: MRAID needs a geometry")
            }
            return try run(MRAIDLifecycle(placement: fixture.setup.placement, geometry: geometry), fixture)
        }
    }

    private func run<Part: PartSubject>(_ part: Part, _ fixture: LifecycleFixture) throws(FixtureError)
        -> FixtureResult
    {
        var part = part
        var result = try drive(
            &part, steps: fixture.steps, name: fixture.name, file: fixture.file, kind: fixture.controller.rawValue,
            setup: fixture.setup)
        guard result.passed else { return result }
        if let expected = fixture.expectPhase, expected != part.phaseName {
            result.failure = FixtureFailure(
                step: nil, summary: "expectPhase differs", input: "", diff: ["- " + expected, "+ " + part.phaseName])
        } else {
            result.failure = Self.checkState(fixture.expectState, actual: LifecycleState.json(part.snapshot))
        }
        return result
    }

    /// The tracking plan a unit or video fixture runs with: its ad and wrappers merged, stamped with the
    /// setup's ad instance and asset, and macros filled from the setup's clock, zone and random values
    /// (a fresh random sequence per call).
    /// - Throws: ``FixtureError`` (`unusableAd`) when a sample is missing, not VAST, or not the kind of ad
    ///   its field needs.
    public func plan(for fixture: LifecycleFixture) throws(FixtureError) -> TrackingPlan {
        guard let path = fixture.ad else {
            throw FixtureError(.missingField, file: fixture.file, path: "ad", message: "missing: the InLine sample")
        }
        let resolved = try resolvedAd(path, wrappers: fixture.wrappers, file: fixture.file)
        let setup = fixture.setup
        let random = RandomSequence(setup.random)
        let start = setup.clock
        return TrackingPlan(
            ad: resolved, adInstanceID: setup.adInstanceID, assetURI: setup.assetURI,
            macros: VASTMacroContext(now: { start }, timeZone: setup.timeZone, random: { random.next() }))
    }

    /// The InLine at `path` merged with the Wrappers at `wrappers` (outermost first, hop 0).
    /// - Throws: ``FixtureError`` (`unusableAd`) when a sample is missing, not VAST, or not the kind of ad
    ///   its field needs.
    func resolvedAd(_ path: String, wrappers: [String], file: String) throws(FixtureError) -> ResolvedAd {
        let inLine = try loadAd(path, field: "ad", file: file)
        guard inLine.inLine != nil else {
            throw FixtureError(.unusableAd, file: file, path: "ad", message: "\(path): the first ad is not an InLine")
        }
        var chain: [(wrapper: VASTWrapper, hop: Int)] = []
        for (hop, wrapperPath) in wrappers.enumerated() {
            guard let wrapper = try loadAd(wrapperPath, field: "wrappers[\(hop)]", file: file).wrapper else {
                throw FixtureError(
                    .unusableAd, file: file, path: "wrappers[\(hop)]",
                    message: "\(wrapperPath): the first ad is not a Wrapper")
            }
            chain.append((wrapper, hop))
        }
        guard let resolved = ResolvedAd(ad: inLine, hop: chain.count, chain: chain) else {
            throw FixtureError(.unusableAd, file: file, path: "ad", message: "\(path): the ad does not resolve")
        }
        return resolved
    }

    private func loadAd(_ path: String, field: String, file: String) throws(FixtureError) -> VASTAd {
        guard let ad = try loadDocument(path, field: field, file: file).ads.first else {
            throw FixtureError(.unusableAd, file: file, path: field, message: "\(path) holds no ad")
        }
        return ad
    }

    /// The pod and buffet of the document at `path`: its InLine ads with a `sequence` in sequence order,
    /// and those without, each merged with `wrappers`.
    func podAndBuffet(_ path: String, wrappers: [String], file: String) throws(FixtureError)
        -> (pod: [ResolvedAd], buffet: [ResolvedAd])
    {
        var chain: [(wrapper: VASTWrapper, hop: Int)] = []
        for (hop, wrapperPath) in wrappers.enumerated() {
            guard let wrapper = try loadAd(wrapperPath, field: "wrappers[\(hop)]", file: file).wrapper else {
                throw FixtureError(
                    .unusableAd, file: file, path: "wrappers[\(hop)]",
                    message: "\(wrapperPath): the first ad is not a Wrapper")
            }
            chain.append((wrapper, hop))
        }
        let hop = chain.count
        let ads = try loadDocument(path, field: "ad", file: file).ads.compactMap {
            ResolvedAd(ad: $0, hop: hop, chain: chain)
        }
        let pod = ads.filter { $0.ad.sequence != nil }.sorted { ($0.ad.sequence ?? 0) < ($1.ad.sequence ?? 0) }
        guard !pod.isEmpty else {
            throw FixtureError(
                .unusableAd, file: file, path: "ad", message: "\(path) holds no ad with a sequence: no pod")
        }
        return (pod, ads.filter { $0.ad.sequence == nil })
    }

    private func loadDocument(_ path: String, field: String, file: String) throws(FixtureError) -> VASTDocument {
        let url = root.appendingPathComponent(path)
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw FixtureError(.unusableAd, file: file, path: field, message: "cannot read \(url.path)")
        }
        do {
            return try VASTParser().parse(data).document
        } catch {
            throw FixtureError(.unusableAd, file: file, path: field, message: "\(path) is not readable VAST: \(error)")
        }
    }

    /// The one loop every fixture runs: each step prepared, its input applied at its time, its outcome
    /// compared with the expectation, a refused input checked to have changed nothing (contract:
    /// refused-input), and the phase checked when the step names one. Stops at the first failing step.
    func drive<Subject: FixtureSubject>(
        _ subject: inout Subject, steps: [FixtureStep], name: String, file: String, kind: String,
        setup: FixtureSetup
    ) throws(FixtureError) -> FixtureResult {
        var result = FixtureResult(name: name, file: file, failure: nil, trace: [])
        for (index, step) in steps.enumerated() {
            if let failure = subject.prepare(step, index: index) {
                result.failure = failure
                return result
            }
            let before = subject.snapshot
            let phaseBefore = subject.phaseName
            guard let outcome = subject.apply(step.input, at: setup.date(at: step.at)) else {
                throw FixtureError(
                    .invalidValue, file: file, path: "steps[\(index)].input",
                    message: "the input is not a \(kind) input")
            }
            result.trace.append(
                StepTrace(
                    index: index, at: step.at, input: step.input, phaseBefore: phaseBefore,
                    phaseAfter: subject.phaseName, outcome: outcome))
            result.failure = Self.check(step, index: index, outcome: outcome, adInstanceID: setup.adInstanceID)
            if result.failure == nil, case .error = outcome, subject.snapshot != before {
                result.failure = FixtureFailure(
                    step: index, summary: "a refused input changed the state (contract: refused-input)",
                    input: step.input.description,
                    diff: LineDiff.render(
                        expected: [JSONValue.object(LifecycleState.json(before)).rendered],
                        actual: [JSONValue.object(LifecycleState.json(subject.snapshot)).rendered]))
            }
            if result.failure == nil, let phase = step.phase, phase != subject.phaseName {
                result.failure = FixtureFailure(
                    step: index, summary: "phase differs", input: step.input.description,
                    diff: ["- " + phase, "+ " + subject.phaseName])
            }
            if result.failure != nil { return result }
        }
        return result
    }

    static func check(_ step: FixtureStep, index: Int, outcome: StepOutcome, adInstanceID: String)
        -> FixtureFailure?
    {
        guard !outcome.satisfies(step.expectation) else { return nil }
        let summary: String
        var showMessage = false
        switch (step.expectation, outcome) {
        case (.outputs, .outputs): summary = "outputs differ"
        case (.error(let expected), .error):
            summary = "the error differs"
            showMessage = expected.message != nil
        case (.outputs, .error): summary = "expected outputs, the input was refused"
        case (.error, .outputs): summary = "expected an error, the input was accepted"
        }
        return FixtureFailure(
            step: index, summary: summary, input: step.input.description,
            diff: LineDiff.render(
                expected: step.expectation.lines(adInstanceID: adInstanceID),
                actual: outcome.lines(adInstanceID: adInstanceID, showingMessage: showMessage)))
    }

    /// The `expectState` check: each pinned key equal to the actual state's (missing: `null`).
    static func checkState(_ expected: [String: JSONValue], actual: [String: JSONValue]) -> FixtureFailure? {
        let mismatched = expected.keys.sorted().filter { expected[$0] != (actual[$0] ?? .null) }
        guard !mismatched.isEmpty else { return nil }
        return FixtureFailure(
            step: nil, summary: "expectState differs", input: "",
            diff: mismatched.flatMap { key in
                ["- \(key): \(expected[key]?.rendered ?? "null")", "+ \(key): \((actual[key] ?? .null).rendered)"]
            })
    }
}

/// The fixture's random values, handed out in order and starting again when used up; one per run.
final class RandomSequence: Sendable {
    private let values: [UInt64]
    private let position = Mutex(0)

    init(_ values: [UInt64]) { self.values = values.isEmpty ? [0] : values }

    func next() -> UInt64 {
        position.withLock { index in
            defer { index = (index + 1) % values.count }
            return values[index]
        }
    }
}
