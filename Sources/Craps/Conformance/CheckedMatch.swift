import Conformance
import CrapsRules
import GameKit
import Protocol

/// The suite's own copy of a Craps match at the host under test, checked as a client checks it: each
/// reported move applied with the rules (which refuse a revealed secret that does not match its
/// commitment, and a roll its secret and the seeds do not give), the state hash and the events compared,
/// no secret shown before its period ends, and every revealed period verified again from the record of
/// the match (``CrapsVerifier``, as `tcnet craps verify` does).
struct CheckedMatch: Sendable {
    /// The match as every viewer sees it.
    private(set) var state: CrapsState
    /// The seq of ``state``.
    private(set) var seq: Int
    /// Periods and rolls verified from their revealed secrets so far.
    private(set) var verified = (periods: 0, rolls: 0)
    private var recorder: CrapsRecorder

    /// Adopts the first state of a match: a Craps state whose hash is its own, committed to its current
    /// period's secret without showing it.
    init(adopting message: WireMessage) throws {
        guard let json = message["state"], let state = try? json.decode(as: CrapsState.self) else {
            throw CaseFailure(
                expected: "a Craps state in state.state (docs/CRAPS.md, \"The state\")", seen: "\(message)")
        }
        try require(
            CrapsGame.hash(of: state) == message.string("hash"), "hash to be the state hash of state (G-2)",
            seen: "hash \(message.string("hash") ?? "none"), computed \(CrapsGame.hash(of: state))")
        try Self.requireHidden(message, over: state.isOver)
        self.state = state
        self.seq = message.int("seq") ?? 0
        self.recorder = CrapsRecorder(start: state)
    }

    /// Seats in the match, in seat order.
    var seats: [SeatName] { self.state.players.map(\.seat) }

    /// Applies the move a `state` message reports and checks the message against the result.
    /// - Returns: the move's events.
    @discardableResult
    mutating func check(_ message: WireMessage) throws -> [CrapsEvent] {
        try require(message.type == "state", "state answering an accepted move (G-5)", seen: "\(message)")
        try require(
            message.int("seq") == self.seq + 1, "seq \(self.seq + 1)",
            seen: message.int("seq").map(String.init) ?? "none")
        guard let last = message.object("last"), let json = last["move"],
            let move = try? json.decode(as: CrapsMove.self)
        else {
            throw CaseFailure(expected: "last {seat, move} with a Craps move (G-5)", seen: "\(message)")
        }
        if case .roll(let prepared?) = move, case .secret? = prepared.next {
            throw CaseFailure(
                expected: "the next period's commitment, never its secret, in the roll every viewer gets "
                    + "(docs/CRAPS.md, \"Moves\")",
                seen: "\(json)")
        }
        let mover = last.string("seat").map(Mover.seat) ?? .host
        var next = self.state
        let events: [CrapsEvent]
        switch CrapsGame.apply(move, by: mover, to: &next) {
        case .failure(let violation):
            throw CaseFailure(
                expected: "a move the client's rules accept (the dice verified from the revealed secret)",
                seen: "\(violation.code): \(violation.message) in \(json)")
        case .success(let applied):
            events = applied
        }
        try require(
            message.string("hash") == CrapsGame.hash(of: next),
            "hash \(CrapsGame.hash(of: next)) after move \(self.seq + 1) (G-5, G-11)",
            seen: message.string("hash") ?? "none")
        let reported = message.array("events") ?? []
        let expected = events.map { JSONValue.encoding($0) }
        try require(
            reported == expected, "the events \(JSONValue.array(expected)) (docs/CRAPS.md, \"Events\")",
            seen: "\(JSONValue.array(reported))")
        try Self.requireHidden(message, over: next.isOver)
        self.recorder.observe(move, by: mover)
        self.state = next
        self.seq += 1
        if case .roll(let prepared?) = move, prepared.reveal != nil {
            try self.verifyRecord()
        }
        return events
    }

    /// The shooter's index among `seats`, when one holds the dice.
    func shooterIndex(in seats: [String]) -> Int? {
        self.state.shooter.flatMap { seats.firstIndex(of: $0) }
    }

    private mutating func verifyRecord() throws {
        switch CrapsVerifier.verify(self.recorder.record) {
        case .verified(let periods, let rolls, _):
            self.verified = (periods, rolls)
        case .failed(let failure):
            throw CaseFailure(
                expected: "every roll given by its period's revealed secret and the seeds (tcnet craps verify)",
                seen: "\(failure.code): \(failure.description)")
        }
    }

    /// A state's period shows no secret while the match goes on.
    private static func requireHidden(_ message: WireMessage, over: Bool) throws {
        let period = message.object("state")?.object("period")
        try require(
            over || period?["secret"] == nil,
            "no secret in the state's period before it is revealed (docs/CRAPS.md, \"The dice\")",
            seen: "\(period.map { "\($0)" } ?? "no period")")
    }
}
