import GameKit

/// What `tcnet tip AMOUNT PERCENT` prints: lines for people, or one JSON object for scripts.
public enum TipReport {
    /// The lines for people: the check, the tip, the total, and with a split who pays what.
    /// - Parameters:
    ///   - tip: the computed tip.
    ///   - people: how many share the total (1: no split).
    public static func text(_ tip: Tip, split people: Int = 1) -> String {
        let rows = [
            ("Check amount", "\(tip.check)"), ("Tip (\(tip.percentage.short)%)", "\(tip.tip)"),
            ("Total", "\(tip.total)"),
        ]
        let labels = rows.map(\.0.count).max() ?? 0
        let values = rows.map(\.1.count).max() ?? 0
        var lines = rows.map { label, value in
            label + String(repeating: " ", count: labels - label.count + 2 + values - value.count) + value
        }
        if people > 1 {
            lines.append("Split \(people) ways: " + Self.shareSentence(tip.shares(people)))
        }
        return lines.joined(separator: "\n")
    }

    /// "each of 4 pays $12.54", or "persons 1-3 pay $12.54 (one cent more each), person 4 pays $12.53".
    static func shareSentence(_ shares: [Money]) -> String {
        guard let first = shares.first, let last = shares.last, first != last else {
            return "each of \(shares.count) pays \(shares.first ?? .zero)"
        }
        let more = shares.filter { $0 == first }.count
        let who = more == 1 ? "person 1 pays" : "persons 1-\(more) pay"
        let rest = more + 1 == shares.count ? "person \(shares.count) pays" : "persons \(more + 1)-\(shares.count) pay"
        return "\(who) \(first) (one cent more\(more == 1 ? "" : " each")), \(rest) \(last)"
    }

    /// One JSON object, keys in this order: `check`, `percent`, `tip`, `total` as text ("$42.50", "18"),
    /// `checkCents`, `tipCents`, `totalCents`, and with a split `shares`: `[{"person":1,"cents":1254}, ...]`.
    public static func json(_ tip: Tip, split people: Int = 1) -> String {
        var text =
            #"{"check":"\#(tip.check)","percent":"\#(tip.percentage.short)","#
            + #""tip":"\#(tip.tip)","total":"\#(tip.total)","#
            + #""checkCents":\#(tip.check.cents),"tipCents":\#(tip.tip.cents),"totalCents":\#(tip.total.cents)"#
        if people > 1 {
            let shares = tip.shares(people).enumerated().map {
                #"{"person":\#($0.offset + 1),"cents":\#($0.element.cents)}"#
            }
            text += #","shares":[\#(shares.joined(separator: ","))]"#
        }
        return text + "}"
    }
}
