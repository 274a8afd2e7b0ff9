import AdLifecycle
import Foundation
import LifecycleFixtures
import Testing

// TEMPORARY: records actual outcomes of draft fixtures for authoring; deleted before hand-off.
@Test func scratchRecord() throws {
    guard let dir = ProcessInfo.processInfo.environment["DRAFTS"] else { return }
    let root = URL(fileURLWithPath: "/work/main")
    let runner = FixtureRunner(root: root)
    var out: [String: [[String: Any]]] = [:]
    for name in try FileManager.default.contentsOfDirectory(atPath: dir).sorted() where name.hasSuffix(".json") {
        let fixture = try LifecycleFixture(contentsOf: URL(fileURLWithPath: dir + "/" + name))
        var steps: [[String: Any]] = []
        func record(_ outcome: Result<[FixtureOutput], Error>, phase: String) {
            switch outcome {
            case .success(let outputs):
                steps.append(["expect": outputs.map { $0.rendered(adInstanceID: fixture.setup.adInstanceID) }, "phase": phase])
            case .failure(let error as LifecycleError):
                steps.append(["error": ["code": error.code.rawValue], "phase": phase])
            case .failure(let error as MRAIDError):
                steps.append(["error": ["code": error.code.rawValue, "action": error.action], "phase": phase])
            case .failure(let error):
                steps.append(["error": ["code": "\(error)"], "phase": phase])
            }
        }
        switch fixture.controller {
        case .unit:
            var l = UnitLifecycle(plan: try runner.plan(for: fixture))
            for step in fixture.steps {
                guard case .unit(let input) = step.input else { continue }
                record(Result { try l.send(input, at: fixture.setup.date(at: step.at)).map(FixtureOutput.unit) }, phase: l.phase.rawValue)
            }
        case .video:
            var l = VideoLifecycle(plan: try runner.plan(for: fixture), startsMuted: fixture.setup.startsMuted, startsExpanded: fixture.setup.startsExpanded)
            for step in fixture.steps {
                guard case .video(let input) = step.input else { continue }
                record(Result { try l.send(input, at: fixture.setup.date(at: step.at)).map(FixtureOutput.video) }, phase: l.phase.rawValue)
            }
        case .mraid:
            var l = MRAIDLifecycle(placement: fixture.setup.placement, geometry: fixture.setup.geometry!)
            for step in fixture.steps {
                guard case .mraid(let input) = step.input else { continue }
                record(Result { try l.send(input).map(FixtureOutput.mraid) }, phase: l.phase.rawValue)
            }
        }
        out[fixture.name] = steps
    }
    let data = try JSONSerialization.data(withJSONObject: out, options: [.prettyPrinted, .sortedKeys])
    try data.write(to: URL(fileURLWithPath: dir + "/recorded.out"))
}
