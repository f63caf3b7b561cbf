import Conformance
import CrapsRules
import GameKit
import Protocol

/// A Craps table at the host under test for one case: its seated players and the suite's checked copy of
/// the match, with the moves a case makes.
struct CrapsTableRun: Sendable {
    let context: HostContext
    let table: SeatedTable
    private(set) var match: CheckedMatch
    private var nextID = 300

    /// Seats new players at a new Craps table and adopts the first state.
    /// - Parameters:
    ///   - context: the case's context.
    ///   - seats: the seats to take (the table has as many).
    static func start(_ context: HostContext, seats: [String]) async throws -> CrapsTableRun {
        let table = try await context.seat(game: CrapsGame.descriptor.id, seats: seats)
        return CrapsTableRun(context: context, table: table, match: try CheckedMatch(adopting: table.start))
    }

    var state: CrapsState { self.match.state }

    /// The `table` and `seq` members of a move at the current state, then the move.
    func members(_ move: String, seq: Int? = nil) -> String {
        self.table.tableMember + #","seq":\#(seq ?? self.match.seq),"move":\#(move)"#
    }

    /// Plays a move for the player at `index`; the host must accept it, and the state it answers is checked.
    /// - Returns: the move's events.
    @discardableResult
    mutating func play(_ move: String, by index: Int) async throws -> [CrapsEvent] {
        self.nextID += 1
        let answer = try await self.context.request(
            self.table.players[index].probe, "move", id: self.nextID, self.members(move))
        try require(
            answer.type == "state", "state answering \(move) by \(self.table.seats[index]) (G-5)", seen: "\(answer)")
        return try self.match.check(answer)
    }

    /// Sends a move the host must refuse with `code` (and, for `illegal-move`, the rule `rule`).
    /// - Returns: the refusal.
    @discardableResult
    mutating func refused(_ move: String, by index: Int, code: String, rule: String? = nil) async throws -> WireMessage
    {
        self.nextID += 1
        let answer = try await self.context.expectRefusal(
            self.table.players[index].probe, "move", id: self.nextID, self.members(move), code: code)
        if let rule {
            try require(answer.string("rule") == rule, "rule \(rule) on \(move)", seen: "\(answer)")
        }
        return answer
    }

    /// The player holding the dice rolls.
    /// - Returns: the roll's events.
    @discardableResult
    mutating func roll() async throws -> [CrapsEvent] {
        guard let shooter = self.match.shooterIndex(in: self.table.seats) else {
            throw CaseFailure(expected: "a shooter holding the dice", seen: "nobody holds them")
        }
        return try await self.play(#"{"roll":true}"#, by: shooter)
    }

    /// The shooter rolls until `done` says so, at most `limit` times.
    /// - Returns: the events of the last roll.
    @discardableResult
    mutating func roll(
        until done: ([CrapsEvent], CrapsState) -> Bool, limit: Int = 400, what: String
    ) async throws -> [CrapsEvent] {
        for _ in 0..<limit {
            let events = try await self.roll()
            if done(events, self.state) { return events }
        }
        throw CaseFailure(expected: what + " within \(limit) rolls", seen: "none (the dice are not fair)")
    }

    /// Asks the host for the current state (`sync`) and checks it is the suite's own.
    func requireSynced() async throws {
        let synced = try await self.context.request(
            self.table.players[0].probe, "sync", id: 290, self.table.tableMember)
        try require(
            synced.type == "state" && synced.int("seq") == self.match.seq
                && synced.string("hash") == CrapsGame.hash(of: self.state),
            "state seq \(self.match.seq) with the hash the accepted moves give (E-4, G-10)", seen: "\(synced)")
    }
}

extension Array where Element == CrapsEvent {
    /// The decision among a roll's events, if it decided.
    var decision: Decision? {
        for case .decided(let decision, _) in self { return decision }
        return nil
    }
}
