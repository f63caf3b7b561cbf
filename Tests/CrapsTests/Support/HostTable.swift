import CrapsRules
import GameKit
import ScreenKit

@testable import Craps

/// A Craps match played as the host plays it (each move prepared with the host's randomness from a fixed
/// secret, then applied), for showing to a screen as a client sees it.
struct HostTable {
    private(set) var state: CrapsState
    private(set) var seq = 0
    let secret = SHA256.digest(of: Array("tcnet craps screen tests".utf8))

    init(seats: [SeatName] = ["P1"], shooter: SeatName = "P1", decisions: Int = 0) {
        var random = HostRandom(secret: self.secret, step: 0)
        self.state = CrapsState(seats: seats, shooter: shooter, secret: random.secretHex(), decisionLimit: decisions)!
    }

    /// The state as every viewer sees it.
    var viewed: CrapsState { self.state.viewed }

    /// Plays a move; returns it as viewers get it, with its events.
    mutating func play(_ move: CrapsMove, by seat: SeatName) throws -> (move: CrapsMove, events: [CrapsEvent]) {
        var random = HostRandom(secret: self.secret, step: UInt64(self.seq + 1))
        let prepared = CrapsGame.prepare(move, by: .seat(seat), in: self.state, random: &random)
        let events = try CrapsGame.apply(prepared, by: .seat(seat), to: &self.state).get()
        self.seq += 1
        return (prepared.viewed, events)
    }

    /// Plays a move and shows it to a model.
    mutating func play(_ move: CrapsMove, by seat: SeatName, showingTo model: inout TableModel) throws -> [CrapsEvent] {
        let played = try self.play(move, by: seat)
        model.show(self.viewed, after: (.seat(seat), played.move), events: played.events)
        return played.events
    }

    /// The shooter rolls until `done`, showing every roll to the model; at most 500 rolls.
    @discardableResult
    mutating func roll(
        showingTo model: inout TableModel, until done: ([CrapsEvent], CrapsState) -> Bool
    ) throws -> [CrapsEvent] {
        for _ in 0..<500 {
            let events = try self.play(.roll(nil), by: self.state.shooter!, showingTo: &model)
            if done(events, self.state) { return events }
        }
        throw Unreached()
    }

    struct Unreached: Error {}
}

extension Array where Element == CrapsEvent {
    var decided: Bool { self.contains { if case .decided = $0 { true } else { false } } }
}
