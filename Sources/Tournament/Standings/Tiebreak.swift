/// A tiebreak of the standings (FIDE Handbook C.07), applied in the order of ``Tiebreak/order(for:)``.
public enum Tiebreak: String, Codable, Sendable, CaseIterable {
    /// Points scored in the games between the tied players, when they have all met.
    case directEncounter = "DE"
    /// Sonneborn-Berger: each win adds the opponent's points, each draw half of them.
    case sonnebornBerger = "SB"
    /// Buchholz with the least significant round cut (an unplayed round is cut first).
    case buchholzCut1 = "BH-C1"
    /// Buchholz: the opponents' points added up (an unplayed round counts the player's own points).
    case buchholz = "BH"
    /// Games won, over the board or by forfeit.
    case wins = "WIN"

    /// The tiebreaks of a format, in order: direct encounter, then Sonneborn-Berger (round robin) or
    /// Buchholz cut-1 and Buchholz (Swiss), then the number of wins.
    public static func order(for format: TournamentFormat) -> [Tiebreak] {
        switch format {
        case .roundRobin: [.directEncounter, .sonnebornBerger, .wins]
        case .swiss: [.directEncounter, .buchholzCut1, .buchholz, .wins]
        case .challenge: []
        }
    }
}

/// A tiebreak's value in hundredths of a point (Sonneborn-Berger halves points that have tenths), or
/// `nil` where it does not apply (a direct encounter among players who have not all met).
public struct TiebreakValue: Sendable, Equatable, Codable, Comparable, CustomStringConvertible {
    public var hundredths: Int?

    /// Creates a value.
    public init(hundredths: Int?) {
        self.hundredths = hundredths
    }

    /// The value for people: "12.5", "6.25", "3", or "-" where it does not apply.
    public var description: String {
        guard let hundredths else { return "-" }
        let sign = hundredths < 0 ? "-" : ""
        let magnitude = abs(hundredths)
        let (whole, cents) = (magnitude / 100, magnitude % 100)
        if cents == 0 { return "\(sign)\(whole)" }
        if cents % 10 == 0 { return "\(sign)\(whole).\(cents / 10)" }
        return "\(sign)\(whole).\(cents < 10 ? "0" : "")\(cents)"
    }

    public static func < (lhs: TiebreakValue, rhs: TiebreakValue) -> Bool {
        (lhs.hundredths ?? Int.min) < (rhs.hundredths ?? Int.min)
    }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        if text == "-" {
            self.hundredths = nil
            return
        }
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard let whole = Int(parts[0]) else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "not a value: \(text)"))
        }
        var cents = 0
        if parts.count == 2 {
            let digits = String(parts[1].prefix(2))
            cents = (Int(digits) ?? 0) * (digits.count == 1 ? 10 : 1)
        }
        self.hundredths = whole * 100 + (text.hasPrefix("-") ? -cents : cents)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(self.description)
    }
}
