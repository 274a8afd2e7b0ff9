import AdLifecycle
import VAST

/// How fixtures write ``MRAIDInput`` and ``MRAIDCallback``.
enum MRAIDCodec {
    static let callbackNames = [
        "stateChanged", "viewabilityChanged", "willResize", "didResize", "willExpand", "didExpand", "willCollapse",
        "didCollapse", "unloaded",
    ]

    static func input(_ name: String, _ fields: inout FieldReader, at path: String) throws(FixtureError) -> MRAIDInput {
        switch name {
        case "containerReady": return .containerReady
        case "viewabilityChanged":
            return .viewabilityChanged(isViewable: try fields.bool("isViewable", "true or false"))
        case "resizePropertiesSet":
            let positions = ClosePosition.allCases.map { ($0.rawValue, $0) }
            return .resizePropertiesSet(
                ResizeProperties(
                    width: try fields.double("width", "the width in points"),
                    height: try fields.double("height", "the height in points"),
                    offsetX: try fields.optionalDouble("offsetX") ?? 0,
                    offsetY: try fields.optionalDouble("offsetY") ?? 0,
                    customClosePosition: try fields.optional("customClosePosition").map { value throws(FixtureError) in
                        try FieldReader.choice(value, at: fields.path("customClosePosition"), positions)
                    } ?? .topRight,
                    allowOffscreen: try fields.bool("allowOffscreen", default: true)))
        case "resizeRequested": return .resizeRequested
        case "resizeFinished": return .resizeFinished
        case "expandRequested":
            return .expandRequested(
                frame: try rect(try fields.required("frame", "the frame"), at: fields.path("frame")))
        case "expandFinished": return .expandFinished
        case "closeRequested": return .closeRequested
        case "collapseFinished": return .collapseFinished
        case "unloadRequested": return .unloadRequested
        case "defaultFrameChanged":
            return .defaultFrameChanged(
                try rect(try fields.required("frame", "the new default frame"), at: fields.path("frame")))
        default: throw FixtureInput.unknown(name, at: path, .mraid)
        }
    }

    static func render(_ input: MRAIDInput) -> JSONValue {
        switch input {
        case .viewabilityChanged(let isViewable):
            return FixtureInput.with("viewabilityChanged", ["isViewable": .bool(isViewable)])
        case .resizePropertiesSet(let properties):
            return FixtureInput.with(
                "resizePropertiesSet",
                [
                    "width": .number(properties.width), "height": .number(properties.height),
                    "offsetX": .number(properties.offsetX), "offsetY": .number(properties.offsetY),
                    "customClosePosition": .string(properties.customClosePosition.rawValue),
                    "allowOffscreen": .bool(properties.allowOffscreen),
                ])
        case .expandRequested(let frame): return FixtureInput.with("expandRequested", ["frame": render(frame)])
        case .defaultFrameChanged(let frame): return FixtureInput.with("defaultFrameChanged", ["frame": render(frame)])
        default: return FixtureInput.bare(input.kind.rawValue)
        }
    }

    static func callback(_ name: String, _ fields: inout FieldReader) throws(FixtureError) -> MRAIDCallback {
        func frame() throws(FixtureError) -> Rect {
            try rect(try fields.required("frame", "the frame {x, y, width, height}"), at: fields.path("frame"))
        }
        func origin() throws(FixtureError) -> CollapseOrigin {
            try FieldReader.choice(
                try fields.required("from", "\"resize\" or \"expand\""), at: fields.path("from"),
                CollapseOrigin.allCases.map { ($0.rawValue, $0) })
        }
        switch name {
        case "stateChanged":
            return .stateChanged(
                try FieldReader.choice(
                    try fields.required("state", "the MRAID state"), at: fields.path("state"),
                    MRAIDState.allCases.map { ($0.rawValue, $0) }))
        case "viewabilityChanged":
            return .viewabilityChanged(isViewable: try fields.bool("isViewable", "true or false"))
        case "willResize": return .willResize(frame: try frame())
        case "didResize": return .didResize(frame: try frame())
        case "willExpand": return .willExpand(frame: try frame())
        case "didExpand": return .didExpand(frame: try frame())
        case "willCollapse": return .willCollapse(from: try origin())
        case "didCollapse": return .didCollapse(from: try origin())
        case "unloaded": return .unloaded
        default: throw FixtureOutput.unknownCallback(name, at: fields.path("callback"), .mraid)
        }
    }

    static func name(_ callback: MRAIDCallback) -> String {
        switch callback {
        case .stateChanged: "stateChanged"
        case .viewabilityChanged: "viewabilityChanged"
        case .willResize: "willResize"
        case .didResize: "didResize"
        case .willExpand: "willExpand"
        case .didExpand: "didExpand"
        case .willCollapse: "willCollapse"
        case .didCollapse: "didCollapse"
        case .unloaded: "unloaded"
        }
    }

    static func render(_ callback: MRAIDCallback) -> JSONValue {
        var members: [String: JSONValue] = ["callback": .string(name(callback))]
        switch callback {
        case .stateChanged(let state): members["state"] = .string(state.rawValue)
        case .viewabilityChanged(let isViewable): members["isViewable"] = .bool(isViewable)
        case .willResize(let frame), .didResize(let frame), .willExpand(let frame), .didExpand(let frame):
            members["frame"] = render(frame)
        case .willCollapse(let origin), .didCollapse(let origin): members["from"] = .string(origin.rawValue)
        case .unloaded: break
        }
        return .object(members)
    }

    static func rect(_ value: JSONValue, at path: String) throws(FixtureError) -> Rect {
        var fields = try FieldReader(value, at: path)
        let rect = Rect(
            x: try fields.double("x", "the left edge"), y: try fields.double("y", "the top edge"),
            width: try fields.double("width", "the width"), height: try fields.double("height", "the height"))
        try fields.finish()
        return rect
    }

    static func render(_ rect: Rect) -> JSONValue {
        .object([
            "x": .number(rect.x), "y": .number(rect.y), "width": .number(rect.width), "height": .number(rect.height),
        ])
    }
}
