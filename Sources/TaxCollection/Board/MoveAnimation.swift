import ScreenKit
import TaxCollectionRules

/// One picture of a move being played: the board after an event, the square it happened at, a caption.
public struct AnimationStep: Sendable, Equatable {
    /// The board after the event.
    public var view: BoardView
    /// Where it happened.
    public var focus: Square?
    /// What happened, in words.
    public var caption: String
}

/// Turns a move's events into the steps the screen shows one by one, and into a one-line summary.
public enum MoveAnimation {
    /// The steps of a move: one per event that changes the board or ends the sowing.
    /// - Parameters:
    ///   - start: the board before the move.
    ///   - events: the move's events, in order.
    ///   - names: the players' names.
    /// - Returns: the steps; the last one shows the board after every event.
    public static func steps(from start: BoardView, events: [GameEvent], names: BySeat<String>) -> [AnimationStep] {
        var view = start
        var steps: [AnimationStep] = []
        for event in events {
            view.apply(event)
            let caption: String
            let focus: Square?
            switch event {
            case .pickedUp(let square, let count):
                (focus, caption) = (square, "picked up \(count) from \(square)")
            case .dropped(let square):
                (focus, caption) = (square, "dropped 1 in \(square), \(view.hand) in hand")
            case .relayed(let square, let count):
                (focus, caption) = (square, "relay: picked up \(count) from \(square)")
            case .captured(let seat, let square, let count, let chain):
                let chained = chain > 1 ? " (chain \(chain))" : ""
                (focus, caption) = (square, "\(names[seat]) captured \(count) from \(square)\(chained)")
            case .stopped(let square, let reason):
                (focus, caption) = (square, "stopped at \(square): \(Self.words(for: reason))")
            case .refilled(let seat, _):
                (focus, caption) = (nil, "\(names[seat]) refilled the banks from the collection")
            case .borrowed(let seat, let lender, let count):
                (focus, caption) = (nil, "\(names[seat]) borrowed \(count) from \(names[lender])")
            case .swept(let seat, let count):
                (focus, caption) = (nil, "\(names[seat]) collects the \(count) left in the banks")
            case .turnPassed, .gameOver:
                continue
            }
            steps.append(AnimationStep(view: view, focus: focus, caption: caption))
        }
        return steps
    }

    /// A one-line account of a move, e.g. "Lan: A3 down, 2 relays, captured B4 (6) and top (10): +16",
    /// shortened until it fits: without the name (the square says whose bank it was), then with the
    /// captures counted instead of listed.
    /// - Parameters:
    ///   - move: the move.
    ///   - seat: who played it.
    ///   - events: its events.
    ///   - names: the players' names.
    ///   - width: the most characters it may take.
    public static func summary(
        of move: Move, by seat: Seat, events: [GameEvent], names: BySeat<String>, width: Int = .max
    ) -> String {
        guard case .sow(let bank, let direction) = move else {
            let borrowed = events.compactMap { event -> Int? in
                if case .borrowed(_, _, let count) = event { return count } else { return nil }
            }.reduce(0, +)
            let full = "\(names[seat]) refilled the banks" + (borrowed > 0 ? ", borrowing \(borrowed)" : "")
            return full.count <= width
                ? full : "\(seat) refilled the banks" + (borrowed > 0 ? ", borrowing \(borrowed)" : "")
        }
        var parts = ["\(seat)\(bank) \(direction)"]
        let relays = events.filter { if case .relayed = $0 { true } else { false } }.count
        if relays > 0 { parts.append(relays == 1 ? "1 relay" : "\(relays) relays") }
        let captures = events.compactMap { event -> (Square, Int)? in
            if case .captured(_, let square, let count, _) = event { return (square, count) } else { return nil }
        }
        let total = captures.map(\.1).reduce(0, +)
        var counted = parts
        if captures.isEmpty {
            parts.append("no capture")
            counted.append("no capture")
        } else {
            parts.append("captured \(captures.map { "\($0.0) (\($0.1))" }.joined(separator: " and ")): +\(total)")
            counted.append("captured \(captures.count == 1 ? "1 square" : "\(captures.count) squares"): +\(total)")
        }
        let forms = [
            "\(names[seat]): " + parts.joined(separator: ", "), parts.joined(separator: ", "),
            counted.joined(separator: ", "),
        ]
        return forms.first { $0.count <= width } ?? forms[2]
    }

    static func words(for reason: StopReason) -> String {
        switch reason {
        case .treasury: "a treasury is next"
        case .empty: "two empty squares"
        case .youngTreasury: "the treasury is too young to capture"
        case .captured: "the capture ends the turn"
        case .repeated: "the relay repeats"
        }
    }
}
