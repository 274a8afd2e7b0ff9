import AdLifecycle
import AdSimulation
import Foundation
import VAST

/// How `vastcheck simulate` writes a simulated playback.
enum SimulationOutput {
    /// The JSON form: a list of `{"at","event","url","hop"}` in firing order (`"offset"` added for
    /// `progress`), one entry per line. `at` is the playhead in seconds.
    static func json(_ timeline: [TimelineEntry]) -> String {
        guard !timeline.isEmpty else { return "[]\n" }
        let lines = timeline.map { entry in
            var line =
                "  {\"at\": \(SimulationFormat.seconds(entry.at)), \"event\": \(JSON.string(entry.event).serialized()), "
            line += "\"url\": \(JSON.string(entry.url).serialized()), \"hop\": \(entry.hop)"
            if let offset = entry.offset { line += ", \"offset\": \(JSON.string(offset).serialized())" }
            return line + "}"
        }
        return "[\n" + lines.joined(separator: ",\n") + "\n]\n"
    }

    /// The people-facing timeline: a line per beacon (playhead, event, hop, URL) with the user's
    /// inputs between them, then a summary.
    static func text(_ result: SimulationResult, source: String, ad: ResolvedAd, podSize: Int) -> String {
        var text = "\(source)\n"
        text += "Simulating ad " + (ad.ad.id ?? "(no id)") + " (InLine at hop \(ad.hop))"
        if podSize > 1 { text += ", the first of a pod of \(podSize)" }
        text += ": \(SimulationFormat.seconds(result.duration)) s"
        text += result.mediaFile.map { ", media \($0.url)" } ?? ", no playable media file"
        text += "\n\n  playhead  event                      hop  url\n"
        var notes = result.notes[...]
        func flushNotes(upTo index: Int) {
            while let note = notes.first, note.entryIndex <= index {
                notes.removeFirst()
                text += line(note)
            }
        }
        for (index, entry) in result.timeline.enumerated() {
            flushNotes(upTo: index)
            let event = entry.offset.map { "\(entry.event)@\($0)" } ?? entry.event
            text +=
                "  " + playhead(entry.at) + "  " + pad(event, 25) + "  " + pad(String(entry.hop), 3, left: true)
                + "  " + entry.url + "\n"
        }
        flushNotes(upTo: Int.max)
        text += "\n\(result.timeline.count) beacon\(result.timeline.count == 1 ? "" : "s"); playback ended "
        text += result.finalPhase == .paused ? "paused (never resumed)" : result.finalPhase.rawValue
        let errors = result.errors.count
        if errors > 0 { text += "; \(errors) input\(errors == 1 ? "" : "s") refused" }
        return text + ".\n"
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
        pad(String(format: "%.3f", seconds), 8, left: true)
    }

    private static func pad(_ text: String, _ width: Int, left: Bool = false) -> String {
        let padding = String(repeating: " ", count: max(0, width - text.count))
        return left ? padding + text : text + padding
    }
}
