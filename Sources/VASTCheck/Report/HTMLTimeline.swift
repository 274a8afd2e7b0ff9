/// The beacon timeline drawn as inline SVG: an axis from 0 to the ad's duration, a mark per beacon
/// (one per event and moment; a dot per hop that fired it), labelled with the event, and a hover title
/// with the time, the hops and the URLs. Labels are laid out in rows so that none overlaps.
struct HTMLTimeline {
    let timeline: ReportTimeline
    /// Every value goes through it: private values hidden, then escaped.
    let escape: HTMLEscaper

    static let width = 1120.0
    static let left = 40.0
    static let right = 40.0
    static let axisY = 46.0
    static let rowsTop = 86.0
    static let rowHeight = 19.0

    /// Colours for hops 0, 1, 2, … (cycled).
    static let hopColors = ["#2563eb", "#16a34a", "#d97706", "#9333ea", "#db2777", "#0891b2", "#65a30d", "#dc2626"]

    static func color(hop: Int) -> String { hopColors[((hop % hopColors.count) + hopColors.count) % hopColors.count] }

    /// Beacons of one event at one moment.
    struct Mark {
        var at: Double
        var event: String
        var beacons: [ReportBeacon]
        var hops: [Int] {
            var seen: [Int] = []
            for beacon in beacons where !seen.contains(beacon.hop) { seen.append(beacon.hop) }
            return seen
        }
        var label: String { beacons.count > 1 ? "\(event) ×\(beacons.count)" : event }
    }

    /// The beacons grouped by event and moment (to the millisecond), in time order.
    var marks: [Mark] {
        var marks: [Mark] = []
        var index: [String: Int] = [:]
        for beacon in timeline.beacons {
            let key = "\(Int((beacon.at * 1000).rounded()))|\(beacon.event)"
            if let position = index[key] {
                marks[position].beacons.append(beacon)
            } else {
                index[key] = marks.count
                marks.append(Mark(at: beacon.at, event: beacon.event, beacons: [beacon]))
            }
        }
        return marks.enumerated().sorted { ($0.element.at, $0.offset) < ($1.element.at, $1.offset) }.map(\.element)
    }

    private func x(_ seconds: Double) -> Double {
        let end = timeline.axisEnd
        let fraction = end > 0 ? min(max(seconds / end, 0), 1) : 0
        return Self.left + fraction * (Self.width - Self.left - Self.right)
    }

    /// Tick spacing giving at most about twelve ticks.
    static func tickStep(for end: Double) -> Double {
        let steps = [0.1, 0.25, 0.5, 1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 1800, 3600]
        return steps.first { end / $0 <= 12 } ?? (end / 12).rounded(.up)
    }

    static func timeLabel(_ seconds: Double) -> String {
        if seconds >= 60 {
            let whole = Int(seconds.rounded())
            return "\(whole / 60):" + (whole % 60 < 10 ? "0" : "") + "\(whole % 60)"
        }
        return HTML.number(seconds) + "s"
    }

    static func preciseTime(_ seconds: Double) -> String {
        let milliseconds = Int((seconds * 1000).rounded())
        let fraction = milliseconds % 1000
        return "\(milliseconds / 1000)." + String(repeating: "0", count: 3 - String(fraction).count) + "\(fraction) s"
    }

    var svg: String {
        let marks = self.marks
        // Lay the labels out in rows: each takes the first row where it does not overlap the previous one.
        var rowEnds: [Double] = []
        var placed: [(mark: Mark, x: Double, row: Int, anchorEnd: Bool)] = []
        for mark in marks {
            let x = x(mark.at)
            let width = Double(mark.label.count) * 6.6 + 10
            let anchorEnd = x + width > Self.width - 4
            let start = anchorEnd ? x - width : x - 4
            let end = anchorEnd ? x + 4 : x + width
            let row = rowEnds.firstIndex { $0 + 6 <= start } ?? rowEnds.count
            if row == rowEnds.count { rowEnds.append(end) } else { rowEnds[row] = end }
            placed.append((mark, x, row, anchorEnd))
        }
        let height = Self.rowsTop + Double(max(rowEnds.count, 1)) * Self.rowHeight + 6
        let end = timeline.axisEnd
        var svg = "<svg class=\"timeline\" viewBox=\"0 0 \(HTML.number(Self.width)) "
        svg +=
            "\(HTML.number(height))\" role=\"img\" aria-label=\"\(escape("beacon timeline of \(timeline.title)"))\">\n"
        // Ticks and grid.
        let step = Self.tickStep(for: end)
        var tick = 0.0
        var ticks: [Double] = []
        while tick <= end + step * 0.001 {
            ticks.append(tick)
            tick += step
        }
        if let last = ticks.last, end - last > step * 0.5 { ticks.append(end) }
        for value in ticks {
            let x = HTML.number(x(value))
            svg +=
                "<line class=\"grid\" x1=\"\(x)\" y1=\"\(HTML.number(Self.axisY))\" x2=\"\(x)\" y2=\"\(HTML.number(height - 4))\"/>"
            svg +=
                "<line class=\"tick\" x1=\"\(x)\" y1=\"\(HTML.number(Self.axisY - 5))\" x2=\"\(x)\" y2=\"\(HTML.number(Self.axisY + 5))\"/>"
            svg +=
                "<text class=\"ticklabel\" x=\"\(x)\" y=\"\(HTML.number(Self.axisY - 12))\">\(escape(Self.timeLabel(value)))</text>\n"
        }
        svg += "<line class=\"axis\" x1=\"\(HTML.number(Self.left))\" y1=\"\(HTML.number(Self.axisY))\" "
        svg += "x2=\"\(HTML.number(Self.width - Self.right))\" y2=\"\(HTML.number(Self.axisY))\"/>\n"
        if let duration = timeline.duration {
            svg +=
                "<text class=\"axisnote\" x=\"\(HTML.number(Self.width - Self.right))\" y=\"\(HTML.number(Self.axisY - 28))\" "
            svg += "text-anchor=\"end\">duration \(escape(Self.preciseTime(duration)))</text>\n"
        }
        // Marks: stem, a dot per hop on the axis, the label in its row, and the hover title.
        for (mark, x, row, anchorEnd) in placed {
            let labelY = Self.rowsTop + Double(row) * Self.rowHeight
            var title = "\(mark.event) at \(Self.preciseTime(mark.at))"
            for beacon in mark.beacons { title += "\nhop \(beacon.hop): \(beacon.url)" }
            let hops = mark.hops
            svg += "<g class=\"mark\" data-event=\"\(escape(mark.event))\"><title>\(escape(title))</title>"
            svg +=
                "<line class=\"stem\" x1=\"\(HTML.number(x))\" y1=\"\(HTML.number(Self.axisY))\" x2=\"\(HTML.number(x))\" "
            svg += "y2=\"\(HTML.number(labelY - 12))\"/>"
            for (offset, hop) in hops.enumerated() {
                svg +=
                    "<circle cx=\"\(HTML.number(x))\" cy=\"\(HTML.number(Self.axisY + Double(offset) * 9))\" r=\"5\" "
                svg += "fill=\"\(Self.color(hop: hop))\"/>"
            }
            svg += "<text class=\"label\" x=\"\(HTML.number(anchorEnd ? x + 3 : x - 3))\" y=\"\(HTML.number(labelY))\""
            svg += anchorEnd ? " text-anchor=\"end\"" : ""
            svg += ">\(escape(mark.label))</text></g>\n"
        }
        svg += "</svg>"
        return svg
    }
}
