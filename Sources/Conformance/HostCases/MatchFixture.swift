import Lobby
import Protocol
import TaxCollectionRules

public typealias HostCase = ConformanceCase<HostContext>

/// Two greeted players seated at a new table, both ready, the first `state` read by both.
struct Seated: Sendable {
    let a: Greeted
    let b: Greeted
    let table: String
    /// The first state, as seat A received it.
    let start: WireMessage
}

extension HostContext {
    /// Seats two new players at a new table (A and B) and starts the match.
    /// - Parameter createMembers: further `create-table` members (e.g. `,"graceSeconds":1`).
    func seatTwo(_ createMembers: String = "") async throws -> Seated {
        let a = try await self.greet("a")
        let b = try await self.greet("b")
        let table = try await self.createTable(a.probe, createMembers).string("id")!
        for (player, seat, id) in [(a, "A", 51), (b, "B", 52)] {
            let answer = try await self.request(player.probe, "sit", id: id, #","table":"\#(table)","seat":"\#(seat)""#)
            try require(answer.type == "table", "table answering sit (T-4)", seen: "\(answer)")
        }
        _ = try await self.request(a.probe, "ready", id: 53, #","table":"\#(table)""#)
        _ = try await self.request(b.probe, "ready", id: 54, #","table":"\#(table)""#)
        var start: WireMessage?
        for player in [a, b] {
            let state = await player.probe.read(until: { $0.type == "state" }, timeout: self.replyTimeout)
            guard let message = state.message, message.int("seq") == 0 else {
                throw CaseFailure(expected: "state with seq 0 once both seats are ready (T-5, G-1)", seen: "\(state)")
            }
            if start == nil { start = message }
        }
        return Seated(a: a, b: b, table: table, start: start!)
    }

    /// Sends a move and returns the answer.
    func move(_ probe: Probe, table: String, seq: Int, _ move: String, id: Int) async throws -> WireMessage {
        try await self.request(probe, "move", id: id, #","table":"\#(table)","seq":\#(seq),"move":\#(move)"#)
    }
}

/// The suite's own copy of a match, to check every state the host reports.
struct LocalMatch: Sendable {
    var state: GameState
    var seq = 0

    /// Adopts a state message after checking its hash against its own state (G-11).
    init(adopting message: WireMessage) throws {
        guard let json = message["state"], let state = try? json.decode(as: GameState.self) else {
            throw CaseFailure(expected: "a Tax Collection state in state.state (G-2, RULES.md)", seen: "\(message)")
        }
        try require(state.stateHash == message.string("hash"), "hash to be the state hash of state (G-2)",
            seen: "hash \(message.string("hash") ?? "none"), computed \(state.stateHash)")
        self.state = state
        self.seq = message.int("seq") ?? 0
    }

    /// Moves available in the current state, in canonical order.
    var legal: [Move] { self.state.legalMoves }

    /// Applies a move locally and checks the host's report of it.
    mutating func check(_ move: Move, against message: WireMessage) throws {
        try require(message.type == "state", "state answering an accepted move (G-5)", seen: "\(message)")
        _ = try? self.state.apply(move)
        self.seq += 1
        try require(message.int("seq") == self.seq, "seq \(self.seq)", seen: "\(message.int("seq").map(String.init) ?? "none")")
        try require(message.string("hash") == self.state.stateHash, "hash \(self.state.stateHash) after move \(self.seq) (G-5, G-11)",
            seen: message.string("hash") ?? "none")
    }

    static func text(_ move: Move) -> String { JSONValue.encoding(move).description }
}
