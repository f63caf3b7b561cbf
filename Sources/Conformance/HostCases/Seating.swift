import Protocol

public typealias HostCase = ConformanceCase<HostContext>

/// Two greeted players seated at a new table, both ready, the first `state` read by both.
public struct Seated: Sendable {
    public let a: Greeted
    public let b: Greeted
    public let table: String
    /// The first state, as seat A received it.
    public let start: WireMessage

    /// The `table` member of a request about this table, as JSON text to append.
    public var tableMember: String { #","table":"\#(self.table)""# }
}

/// Greeted players seated at a new table of some game, all ready, the first `state` read by each.
public struct SeatedTable: Sendable {
    /// The players, in seat order.
    public let players: [Greeted]
    /// Their seats.
    public let seats: [String]
    public let table: String
    /// The first state, as the first seat received it.
    public let start: WireMessage

    /// The `table` member of a request about this table, as JSON text to append.
    public var tableMember: String { #","table":"\#(self.table)""# }
}

extension HostContext {
    /// Seats new players in the given seats of a new table of a game, readies them, and reads the
    /// first state of the match.
    /// - Parameters:
    ///   - game: the game's id.
    ///   - seats: the seats to take, in order (the table gets as many seats).
    ///   - createMembers: further `create-table` members.
    public func seat(game: String, seats: [String], _ createMembers: String = "") async throws -> SeatedTable {
        var players: [Greeted] = []
        for index in seats.indices { players.append(try await self.greet("p\(index)")) }
        let table = try await self.createTable(
            players[0].probe, game: game, #","seats":\#(seats.count)"# + createMembers
        ).string("id")!
        for (index, (player, seat)) in zip(players, seats).enumerated() {
            let answer = try await self.request(
                player.probe, "sit", id: 51 + index, #","table":"\#(table)","seat":"\#(seat)""#)
            try require(answer.type == "table", "table answering sit (T-4)", seen: "\(answer)")
        }
        for (index, player) in players.enumerated() {
            _ = try await self.request(player.probe, "ready", id: 61 + index, #","table":"\#(table)""#)
        }
        var start: WireMessage?
        for player in players {
            let state = await player.probe.read(until: { $0.type == "state" }, timeout: self.replyTimeout)
            guard let message = state.message, message.int("seq") == 0 else {
                throw CaseFailure(expected: "state with seq 0 once every seat is ready (T-5, G-1)", seen: "\(state)")
            }
            if start == nil { start = message }
        }
        return SeatedTable(players: players, seats: seats, table: table, start: start!)
    }

    /// Seats two new players at a new table (A and B) of the host's Tax Collection and starts the match.
    /// - Parameter createMembers: further `create-table` members (e.g. `,"graceSeconds":1`).
    public func seatTwo(_ createMembers: String = "") async throws -> Seated {
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
    public func move(_ probe: Probe, table: String, seq: Int, _ move: String, id: Int) async throws -> WireMessage {
        try await self.request(probe, "move", id: id, #","table":"\#(table)","seq":\#(seq),"move":\#(move)"#)
    }
}
