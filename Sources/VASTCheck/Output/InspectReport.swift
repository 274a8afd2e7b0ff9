import AdEngine
import AdResolution
import AdSimulation
import VAST

/// What `vastcheck inspect` shows about one source: the chain as a tree, then each merged ad with its
/// creatives, the chosen media file and every tracking URL by event, macros expanded with the profile.
struct InspectReport {
    let source: String
    let resolution: VASTResolution
    let context: VASTMacroContext

    // MARK: JSON

    /// `{"chain":[...],"ad":{...},"pod"?:[...],"remaining":[...],"failed":[...],"errorCode"?}`.
    var json: JSON {
        var members: [(String, JSON)] = [("chain", .array(resolution.hops.map(\.json)))]
        if let first = resolution.ads.first { members.append(("ad", adJSON(first))) }
        if resolution.ads.count > 1 { members.append(("pod", .array(resolution.ads.map(adJSON)))) }
        members.append(("remaining", .array(resolution.remaining.map(remainingJSON))))
        members.append(("failed", .array(resolution.failedAds.map(Self.failedJSON))))
        if let code = resolution.errorCode { members.append(("errorCode", .int(code.rawValue))) }
        if resolution.ads.isEmpty, let failure = resolution.failure {
            members.append(("failure", .string(failure.message)))
        }
        return .object(members)
    }

    private func adJSON(_ ad: ResolvedAd) -> JSON {
        var members: [(String, JSON)] = []
        if let id = ad.ad.id { members.append(("id", .string(id))) }
        members.append(("hop", .int(ad.hop)))
        if let sequence = ad.sequence { members.append(("sequence", .int(sequence))) }
        members.append(("creatives", .array(ad.inLine.creatives.map(creativeJSON))))
        if let file = Simulation.chosenMediaFile(of: ad) { members.append(("mediaFile", mediaFileJSON(file))) }
        if Simulation.lacksPlayableMediaFile(ad) { members.append(("errorCode", .int(403))) }
        let tracking = InspectTrackingGroups(ad)
        func object(_ groups: [InspectTrackingGroups.Group]) -> JSON {
            .object(
                groups.map { group in
                    (group.name, .array(group.urls.map { trackedJSON($0, usage: group.usage) }))
                })
        }
        members.append(("impressions", .array(tracking.impressions.map { trackedJSON($0, usage: .impression) })))
        members.append(("tracking", object(tracking.linear + tracking.others)))
        if !tracking.nonLinear.isEmpty { members.append(("nonLinearTracking", object(tracking.nonLinear))) }
        if !tracking.companion.isEmpty { members.append(("companionTracking", object(tracking.companion))) }
        members.append(("errors", .array(tracking.errors.map { trackedJSON($0, usage: .error) })))
        if let clickThrough = tracking.clickThrough {
            members.append(("clickThrough", trackedJSON(clickThrough, usage: .clickThrough)))
        }
        return .object(members)
    }

    /// A buffet ad not used: `{"id"?, "hop", "kind"}` (`inline` or `wrapper`).
    private func remainingJSON(_ remaining: VASTRemainingAd) -> JSON {
        var members: [(String, JSON)] = []
        if let id = remaining.ad.id { members.append(("id", .string(id))) }
        members.append(("hop", .int(remaining.hop)))
        members.append(("kind", .string(remaining.ad.wrapper == nil ? "inline" : "wrapper")))
        return .object(members)
    }

    private func trackedJSON(_ tracked: TrackedURL, usage: VASTMacroUsage) -> JSON {
        .object([("url", .string(expand(tracked.url, usage).url)), ("hop", .int(tracked.hop))])
    }

    private func creativeJSON(_ creative: VASTCreative) -> JSON {
        var members: [(String, JSON)] = []
        if let id = creative.id { members.append(("id", .string(id))) }
        members.append(("kind", .string(Self.kind(of: creative))))
        if let linear = creative.linear {
            if let duration = linear.duration { members.append(("duration", .string(duration.description))) }
            if let skip = linear.skipOffset { members.append(("skipOffset", .string(skip.description))) }
            members.append(("mediaFiles", .int(linear.mediaFiles.count)))
        }
        return .object(members)
    }

    private func mediaFileJSON(_ file: VASTMediaFile) -> JSON {
        var members: [(String, JSON)] = []
        if let id = file.id { members.append(("id", .string(id))) }
        if let type = file.type { members.append(("type", .string(type))) }
        if let width = file.width { members.append(("width", .int(width))) }
        if let height = file.height { members.append(("height", .int(height))) }
        if let bitrate = file.bitrate { members.append(("bitrate", .int(bitrate))) }
        members.append(("url", .string(file.url)))
        return .object(members)
    }

    // MARK: Text

    /// The people-facing report.
    var text: String {
        var text = "\(source)\n\nChain\n"
        text += chainTree()
        if resolution.ads.isEmpty {
            text += "\nNo ad: \(InspectSource.noAdMessage(resolution))\n"
            return text + failedText() + remainingText()
        }
        var leftAsWritten: [String] = []
        for (index, ad) in resolution.ads.enumerated() {
            text += "\n" + adText(ad, index: index, of: resolution.ads.count, leftAsWritten: &leftAsWritten)
        }
        if !leftAsWritten.isEmpty {
            text += "\nMacros left as written (give a value with --macro NAME=VALUE):\n"
            text += leftAsWritten.map { "  \($0)\n" }.joined()
        }
        return text + failedText() + remainingText()
    }

    /// The buffet ads not used, when there are any: what a player could try next.
    private func remainingText() -> String {
        guard !resolution.remaining.isEmpty else { return "" }
        return "\nRemaining stand-alone ads (not resolved):\n"
            + resolution.remaining.map { remaining in
                "  " + (remaining.ad.id ?? "(no id)")
                    + "  \(remaining.ad.wrapper == nil ? "inline" : "wrapper")  hop \(remaining.hop)\n"
            }.joined()
    }

    /// The hops as a tree: each hop under the Wrapper that led to it.
    private func chainTree() -> String {
        let hops = resolution.hops
        var parent: [Int: Int] = [:]
        for ad in resolution.ads {
            let path = ad.wrappers.map(\.hop) + [ad.hop]
            for (child, up) in zip(path.dropFirst(), path) { parent[child] = up }
        }
        var children: [Int: [Int]] = [:]
        var roots: [Int] = []
        for hop in hops {
            // A hop no ad went through (a failed branch) hangs under the hop reached before it.
            let up = parent[hop.index] ?? (hop.index > 0 ? hop.index - 1 : nil)
            if let up, up != hop.index, hops.contains(where: { $0.index == up }) {
                children[up, default: []].append(hop.index)
            } else {
                roots.append(hop.index)
            }
        }
        var text = ""
        func render(_ index: Int, prefix: String, branch: String) {
            guard let hop = hops.first(where: { $0.index == index }) else { return }
            text += "  " + prefix + branch + hopLine(hop) + "\n"
            let kids = children[index] ?? []
            let childPrefix = prefix + (branch.isEmpty ? "" : branch == "└─ " ? "   " : "│  ")
            for (position, kid) in kids.enumerated() {
                render(kid, prefix: childPrefix, branch: position == kids.count - 1 ? "└─ " : "├─ ")
            }
        }
        for root in roots { render(root, prefix: "", branch: "") }
        return text
    }

    private func hopLine(_ hop: VASTHop) -> String {
        var line = "hop \(hop.index)  \(hop.kind.rawValue)  \(hop.status.map(String.init) ?? "-")  "
        line += "\(Int(hop.milliseconds.rounded())) ms  \(hop.bytes) bytes  \(hop.url)"
        if hop.kind == .error || hop.kind == .noAd {
            line += "  (" + (hop.errorCode.map { "\($0.rawValue): " } ?? "") + hop.outcome + ")"
        }
        return line
    }

    private func adText(_ ad: ResolvedAd, index: Int, of count: Int, leftAsWritten: inout [String]) -> String {
        var text = count > 1 ? "Ad \(index + 1) of \(count)" : "Ad"
        if let id = ad.ad.id { text += " \(id)" }
        text += " (InLine at hop \(ad.hop)"
        if !ad.wrappers.isEmpty {
            text +=
                ", wrapped by hop" + (ad.wrappers.count > 1 ? "s " : " ")
                + ad.wrappers.map { String($0.hop) }.joined(separator: ", ")
        }
        text += ")\n"
        var about: [String] = []
        if let system = ad.inLine.common.adSystem {
            about.append("AdSystem " + system.name + (system.version.map { " \($0)" } ?? ""))
        }
        if let title = ad.inLine.adTitle { about.append("AdTitle \(title)") }
        if let sequence = ad.sequence { about.append("sequence \(sequence)") }
        if !about.isEmpty { text += "  " + about.joined(separator: " · ") + "\n" }
        text += "  Creatives\n"
        let chosen = Simulation.chosenMediaFile(of: ad)
        var chosenShown = false
        for creative in ad.inLine.creatives {
            text += "    " + (creative.id ?? "(no id)") + "  " + Self.kind(of: creative)
            if let linear = creative.linear {
                text += "  " + (linear.duration?.description ?? "no duration")
                text += linear.skipOffset.map { "  skippable at \($0)" } ?? "  not skippable"
                text += "  \(linear.mediaFiles.count) media file\(linear.mediaFiles.count == 1 ? "" : "s")\n"
                if !chosenShown {
                    chosenShown = true
                    text +=
                        "      chosen: "
                        + (chosen.map(Self.describe)
                            ?? "none of a supported type (\(Simulation.supportedMediaTypes.joined(separator: ", ")))")
                        + "\n"
                }
            } else {
                text += "\n"
            }
        }
        text += "  Tracking (macros expanded)\n"
        let tracking = InspectTrackingGroups(ad)
        for (label, group) in tracking.labelled {
            text += "    \(label)\n"
            for tracked in group.urls {
                let expansion = expand(tracked.url, group.usage)
                note(expansion, into: &leftAsWritten)
                text += "      hop \(tracked.hop)  \(expansion.url)\n"
            }
        }
        if let clickThrough = tracking.clickThrough {
            let expansion = expand(clickThrough.url, .clickThrough)
            note(expansion, into: &leftAsWritten)
            text += "    clickThrough\n      hop \(clickThrough.hop)  \(expansion.url)\n"
        }
        return text
    }

    private func note(_ expansion: VASTMacroExpansion, into list: inout [String]) {
        for finding in expansion.findings where finding.kind.leavesMacroInPlace {
            let line = "\(finding.macro)  \(finding.kind.rawValue)"
            if !list.contains(line) { list.append(line) }
        }
    }

    // MARK: Helpers

    private func expand(_ url: String, _ usage: VASTMacroUsage) -> VASTMacroExpansion {
        VASTMacroExpander.expand(url, context: context, usage: usage)
    }

    /// The kind of URL a `trackingByEvent` group holds, which decides the macros it may carry.
    static func usage(_ event: String) -> VASTMacroUsage {
        switch event {
        case "impression": .impression
        case "error": .error
        case "clickTracking", "companionClickTracking", "nonLinearClickTracking", "iconClickTracking": .clickTracking
        case "customClick", "iconViewTracking", "viewable", "notViewable", "viewUndetermined": .other
        default:
            .tracking(VASTTrackingEventName(rawValue: String(event.prefix { $0 != "@" })))
        }
    }

    static func kind(of creative: VASTCreative) -> String {
        switch creative.kind {
        case .linear: "linear"
        case .nonLinearAds: "nonLinear"
        case .companionAds: "companions"
        case nil: "empty"
        }
    }

    static func describe(_ file: VASTMediaFile) -> String {
        var parts: [String] = []
        if let id = file.id { parts.append(id) }
        parts.append(file.type ?? "no type")
        if let width = file.width, let height = file.height { parts.append("\(width)x\(height)") }
        if let bitrate = file.bitrate { parts.append("\(bitrate) kbps") }
        parts.append(file.url)
        return parts.joined(separator: "  ")
    }
}
