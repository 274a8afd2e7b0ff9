import AdLifecycle
import Foundation
import Testing

/// The shapes a JSON fixture uses for inputs and actions.
@Suite struct CodableTests {
    func json<T: Encodable>(_ value: T) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    @Test func inputsAndActionsHaveStableJSONShapes() throws {
        #expect(
            try json(VideoInput.progressed(positionMs: 2500, durationMs: 10_000))
                == #"{"progressed":{"durationMs":10000,"positionMs":2500}}"#)
        #expect(try json(UnitInput.impressionRendered) == #"{"impressionRendered":{}}"#)
        #expect(
            try json(MRAIDInput.expandRequested(frame: Rect(x: 0, y: 0, width: 320, height: 480)))
                == #"{"expandRequested":{"frame":{"height":480,"width":320,"x":0,"y":0}}}"#)
        #expect(
            try json(VideoAction.callback(.quartileReached(.midpoint)))
                == #"{"callback":{"quartileReached":{"_0":"midpoint"}}}"#)
        #expect(
            try json(UnitAction.beacon(beacon("impression", "https://x", hop: 1)))
                == #"{"beacon":{"adInstanceID":"ad-1","event":"impression","hop":1,"url":"https:\/\/x"}}"#)
    }

    @Test func everyInputAndActionRoundTrips() throws {
        let inputs: [VideoInput] = [
            .durationUpdated(durationMs: 1), .progressed(positionMs: 1, durationMs: nil), .paused,
            .playbackInterrupted(.timedOut),
        ]
        #expect(try JSONDecoder().decode([VideoInput].self, from: JSONEncoder().encode(inputs)) == inputs)
        let actions: [MRAIDAction] = [.callback(.willCollapse(from: .resize)), .callback(.stateChanged(.default))]
        #expect(try JSONDecoder().decode([MRAIDAction].self, from: JSONEncoder().encode(actions)) == actions)
        let errors = [MRAIDError(.tooSmall, action: "resize")]
        #expect(try JSONDecoder().decode([MRAIDError].self, from: JSONEncoder().encode(errors)) == errors)
    }
}
