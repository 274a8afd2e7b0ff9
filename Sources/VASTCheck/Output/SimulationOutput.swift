import AdErrors
import AdLifecycle
import AdSimulation
import FoundationEssentials
import VAST

/// How `vastcheck simulate` writes a simulated playback: one ad (its Linear, or a NonLinear overlay), or a pod
/// played as one break.
enum SimulationOutput {
    /// The JSON form: a list of `{"at","event","url","hop"}` in firing order (`"offset"` added for
    /// `progress`), one entry per line. `at` is the playhead in seconds (an overlay's time on screen).
    static func json(_ timeline: [TimelineEntry]) -> String {
        lines(timeline.map { (entry: $0, position: nil) })
    }

    /// A break's JSON form: the same list, each entry with the `"position"` (1-based) of its ad in the pod;
    /// `at` is that ad's playhead (a skipped ad's Error URLs: the playhead of the ad that ended before it).
    static func json(_ simulation: BreakSimulation) -> String {
        lines(simulation.timeline.map { (entry: $0.entry, position: $0.position) })
    }

    private static func lines(_ entries: [(entry: TimelineEntry, position: Int?)]) -> String {
        guard !entries.isEmpty else { return "[]\n" }
        let lines = entries.map { entry, position in
            var line =
                "  {\"at\": \(SimulationFormat.seconds(entry.at)), \"event\": \(JSON.string(entry.event).serialized()), "
            line += "\"url\": \(JSON.string(entry.url).serialized()), \"hop\": \(entry.hop)"
            if let offset = entry.offset { line += ", \"offset\": \(JSON.string(offset).serialized())" }
            if let position { line += ", \"position\": \(position)" }
            return line + "}"
        }
        return "[\n" + lines.joined(separator: ",\n") + "\n]\n"
    }

    /// The people-facing timeline of one ad: a line per beacon (playhead, event, hop, URL) with the user's
    /// inputs between them, then a summary.
    static func text(_ result: SimulationResult, source: String, ad: ResolvedAd) -> String {
        var text = "\(source)\n"
        text += "Simulating ad " + (ad.ad.id ?? "(no id)") + " (InLine at hop \(ad.hop)): "
        let overlay = result.creative.isLinear ? nil : nonLinear(of: ad, result.creative)
        if let overlay {
            text += "NonLinear overlay" + (overlay.id.map { " \"\($0)\"" } ?? "") + size(overlay)
            text += ", shown \(SimulationFormat.seconds(result.duration)) s\n"
        } else {
            text += "\(SimulationFormat.seconds(result.duration)) s"
            text += result.mediaFile.map { ", media \($0.url)" } ?? ", no playable media file"
            text += "\n"
        }
        text += "\n" + table(result.timeline, notes: result.notes, overlay: overlay != nil)
        text += "\n\(plural(result.timeline.count, "beacon")); "
        if overlay != nil {
            text += closed(result.events) ? "the overlay was closed" : "the overlay was removed"
        } else {
            text += "playback ended " + ended(result.finalPhase)
        }
        let errors = result.errors.count
        if errors > 0 { text += "; \(plural(errors, "input")) refused" }
        return text + ".\n"
    }

    /// The people-facing timeline of a break: each ad of the pod in turn, the ones the break skipped with their
    /// IAB code and the Error URLs fired for them, then a summary.
    static func text(_ simulation: BreakSimulation, source: String) -> String {
        let count = simulation.slots.count
        let skipped = simulation.slots.filter { $0.skipped != nil }
        var text = "\(source)\nSimulating a pod of \(count) ads as one break"
        text += skipped.isEmpty ? ": every ad plays\n" : ": " + skipped.map(skipText).joined(separator: ", ") + "\n"
        var previous: Int?
        for slot in simulation.slots {
            text +=
                "\nAd \(slot.position) of \(count): " + (slot.ad.ad.id ?? "(no id)")
                + " (InLine at hop \(slot.ad.hop)): "
            if let code = slot.skipped {
                text += "skipped by the break with \(code.named) when "
                text += previous.map { "ad \($0) ended" } ?? "the break started"
                text += slot.beacons.isEmpty ? "; it has no Error URL\n" : "; its Error URLs:\n"
            } else {
                text += "\(SimulationFormat.seconds(slot.duration ?? 0)) s"
                text += slot.mediaFile.map { ", media \($0.url)" } ?? ""
                text += "\n"
                previous = slot.position
            }
            if !slot.beacons.isEmpty || !slot.notes.isEmpty {
                text += "\n" + table(slot.beacons, notes: slot.notes, overlay: false)
            }
            if slot.skipped == nil {
                text += "  (\(plural(slot.beacons.count, "beacon")); playback ended \(ended(slot.finalPhase)))\n"
            }
        }
        let played = count - skipped.count
        text += "\n\(plural(simulation.timeline.count, "beacon")) in the break; \(played) of \(count) ads played"
        if !skipped.isEmpty { text += ", \(skipped.count) skipped" }
        let errors = simulation.errors.count
        if errors > 0 { text += "; \(plural(errors, "input")) refused" }
        return text + ".\n"
    }

    private static func skipText(_ slot: BreakSimulation.Slot) -> String {
        "ad \(slot.position) is skipped (\(slot.skipped.map { "error \($0.rawValue)" } ?? ""))"
    }

    /// The column header and a line per beacon, with the notes of the inputs between them.
    private static func table(_ timeline: [TimelineEntry], notes: [SimulationNote], overlay: Bool) -> String {
        var text = "  \(overlay ? "    time" : "playhead")  event                      hop  url\n"
        var notes = notes[...]
        func flushNotes(upTo index: Int) {
            while let note = notes.first, note.entryIndex <= index {
                notes.removeFirst()
                text += line(note)
            }
        }
        for (index, entry) in timeline.enumerated() {
            flushNotes(upTo: index)
            let event = entry.offset.map { "\(entry.event)@\($0)" } ?? entry.event
            text +=
                "  " + playhead(entry.at) + "  " + pad(event, 25) + "  " + pad(String(entry.hop), 3, left: true)
                + "  " + entry.url + "\n"
        }
        flushNotes(upTo: Int.max)
        return text
    }

    private static func ended(_ phase: VideoPhase) -> String {
        phase == .paused ? "paused (never resumed)" : phase.rawValue
    }

    /// The NonLinear an overlay session showed.
    private static func nonLinear(of ad: ResolvedAd, _ creative: SessionCreative) -> VASTNonLinear? {
        guard case .nonLinear(let index, let element) = creative, ad.inLine.creatives.indices.contains(index),
            let nonLinears = ad.inLine.creatives[index].nonLinearAds?.nonLinears, nonLinears.indices.contains(element)
        else { return nil }
        return nonLinears[element]
    }

    private static func size(_ nonLinear: VASTNonLinear) -> String {
        guard let width = nonLinear.width, let height = nonLinear.height else { return "" }
        return " \(width)x\(height)"
    }

    /// Whether the overlay's session said it was closed.
    private static func closed(_ events: [SessionEvent]) -> Bool {
        events.contains { event in
            if case .callback(.nonLinear(.closed)) = event { return true }
            return false
        }
    }

    private static func line(_ note: SimulationNote) -> String {
        var text = "  " + playhead(note.at) + "  "
        switch note.outcome {
        case .applied: text += "▸ " + note.input
        case .ignored(let reason): text += "▸ " + note.input + " ignored: " + reason
        case .refused(let error): text += "✗ " + note.input + " refused: \(error.code): \(error.message)"
        }
        if note.clock != note.at { text += " (clock \(SimulationFormat.seconds(note.clock)) s)" }
        if let detail = note.detail { text += "; " + detail }
        return text + "\n"
    }

    private static func playhead(_ seconds: Double) -> String {
        pad(seconds.fixed(3), 8, left: true)
    }

    private static func pad(_ text: String, _ width: Int, left: Bool = false) -> String {
        let padding = String(repeating: " ", count: max(0, width - text.count))
        return left ? padding + text : text + padding
    }

    private static func plural(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }
}
