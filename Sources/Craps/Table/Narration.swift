import CrapsRules
import GameKit

/// Puts a move's events into words: one line for everyone at the table ("Lan rolled ⚂ ⚄ 3+5 = 8: the
/// point is 8"), and the seed's won, lost and bankrupt messages for the seats this terminal plays.
public enum Narration {
    /// The line for a move, or `nil` when it says nothing worth a line.
    /// - Parameters:
    ///   - events: the move's events, in order.
    ///   - name: a seat's name for people.
    public static func line(for events: [CrapsEvent], name: (SeatName) -> String) -> String? {
        var parts: [String] = []
        for event in events {
            switch event {
            case .rolled(let shooter, let dice, _, _):
                parts.append("\(name(shooter)) rolled \(DiceFace.words(dice))")
            case .pointSet(let point):
                parts.append("the point is \(point)")
            case .decided(let decision, _):
                parts.append(Self.words(for: decision))
            case .dicePassed(_, let to?):
                parts.append("the dice pass to \(name(to))")
            case .dicePassed(_, nil):
                parts.append("nobody can cover an ante: nobody holds the dice")
            case .reset(let seat, let balance, _):
                parts.append("\(name(seat)) starts again with \(balance)")
            case .anteSet(let seat, let ante):
                parts.append("\(name(seat)) bets \(ante)")
            case .seedSet(let seat, _, let period):
                parts.append("\(name(seat)) gave a seed for the dice (from period \(period))")
            case .seatLeft(let seat, let reason):
                parts.append("\(name(seat)) " + (reason == .resigned ? "left the match" : "did not come back in time"))
            case .pointOff:
                parts.append("nobody's ante rides on the point any more: it is off")
            case .won, .lost, .anteLowered, .bankrupt, .revealed, .periodStarted, .matchOver:
                continue
            }
        }
        guard let first = parts.first else { return nil }
        let rest = parts.dropFirst()
        // NB: what a roll did follows it after a colon: "Lan rolled ⚂ ⚄ 3+5 = 8: the point is 8".
        let joiner = events.first.map(Self.isRoll) == true ? ": " : "; "
        return rest.isEmpty ? first : first + joiner + rest.joined(separator: "; ")
    }

    /// The seed's messages for the seats this terminal plays, from a move's events: "You won $5.00! …"
    /// for one seat; for several (a local table), how many won, lost and went bankrupt (the players'
    /// table shows who).
    /// - Parameters:
    ///   - events: the move's events.
    ///   - seats: the seats this terminal plays.
    /// - Returns: the message and whether it is good news, or `nil` when the move decided nothing for them.
    public static func outcome(of events: [CrapsEvent], for seats: [SeatName]) -> (text: String, good: Bool)? {
        var won: [(Money, Money)] = []
        var lost: [(Money, Money)] = []
        var bankrupt = 0
        for event in events {
            switch event {
            case .won(let seat, let amount, let balance) where seats.contains(seat): won.append((amount, balance))
            case .lost(let seat, let amount, let balance) where seats.contains(seat): lost.append((amount, balance))
            case .bankrupt(let seat) where seats.contains(seat): bankrupt += 1
            default: continue
            }
        }
        guard !won.isEmpty || !lost.isEmpty || bankrupt > 0 else { return nil }
        guard seats.count > 1 else {
            if bankrupt > 0 { return (SeedMessages.bankrupt(), false) }
            if let (amount, balance) = won.first { return (SeedMessages.won(amount, balance: balance), true) }
            let (amount, balance) = lost[0]
            return (SeedMessages.lost(amount, balance: balance), false)
        }
        var parts: [String] = []
        if !won.isEmpty { parts.append("\(won.count) won") }
        if !lost.isEmpty { parts.append("\(lost.count) lost") }
        if bankrupt > 0 { parts.append("\(bankrupt) bankrupt (x resets)") }
        return (parts.joined(separator: ", ") + ": see the players below", lost.isEmpty)
    }

    /// A decision in words.
    public static func words(for decision: Decision) -> String {
        switch decision {
        case .natural: "a natural: every ante wins"
        case .craps: "craps: every ante loses"
        case .pointMade: "point made: every ante wins"
        case .sevenOut: "seven out: every ante loses"
        }
    }

    static func isRoll(_ event: CrapsEvent) -> Bool {
        if case .rolled = event { return true }
        return false
    }
}
