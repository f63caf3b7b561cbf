import Foundation

/// The figures `tcnet bench lobby` prints: as one JSON object (`--json`) or as a short table.
public struct LobbyBenchReport: Codable, Sendable, Equatable, BenchReport {
    /// Tables played at once.
    public var matches: Int
    /// Games played in all.
    public var games: Int
    /// Moves the lobby accepted.
    public var moves: Int
    /// CPU time in the lobby and the host's encoding, per move, in µs (one thread, no I/O).
    public var hostMicrosPerMove: Double
    /// CPU time in the bots' clients per move, in µs, both players': reading the host's messages from
    /// their bytes, checking every state with the rules, writing their own messages.
    public var clientMicrosPerMove: Double
    /// Allocations in the lobby and the host's encoding per move; `nil` unless the malloc counter of
    /// Benchmarks/yardstick/ is preloaded.
    public var hostAllocationsPerMove: Double?
    /// Bytes of messages the host sends per move, to both players.
    public var sentBytesPerMove: Double
    /// Bytes of journal records per move.
    public var journalBytesPerMove: Double
    /// CPU time in the journal's commits per move, in µs (`--journal`: a real SQLite file); `nil` without.
    public var journalMicrosPerMove: Double?
    /// Moves in each of the journal's transactions; `nil` without `--journal`.
    public var movesPerTransaction: Double?
    /// States the bots' rules did not agree with.
    public var desyncs: Int
    /// Requests the lobby refused.
    public var errors: Int

    /// Builds the report of a run.
    public init(_ result: LobbyLoad.Result, matches: Int) {
        let moves = max(result.moves, 1)
        self.matches = matches
        self.games = result.games
        self.moves = result.moves
        self.hostMicrosPerMove = (result.hostTime.inSeconds * 1e6 / Double(moves) * 100).rounded() / 100
        self.clientMicrosPerMove = (result.clientTime.inSeconds * 1e6 / Double(moves) * 100).rounded() / 100
        self.hostAllocationsPerMove = result.hostAllocations.map { (Double($0) / Double(moves) * 10).rounded() / 10 }
        self.sentBytesPerMove = (Double(result.sentBytes) / Double(moves) * 10).rounded() / 10
        self.journalBytesPerMove = (Double(result.journalBytes) / Double(moves) * 10).rounded() / 10
        self.journalMicrosPerMove = result.journalTime.map { time in
            (time.inSeconds * 1e6 / Double(moves) * 100).rounded() / 100
        }
        self.movesPerTransaction =
            result.journalTime == nil
            ? nil : (Double(result.moves) / Double(max(result.transactions, 1)) * 10).rounded() / 10
        self.desyncs = result.desyncs
        self.errors = result.refusals.count
    }

    enum CodingKeys: String, CodingKey {
        case matches, games, moves, hostMicrosPerMove, clientMicrosPerMove, hostAllocationsPerMove, sentBytesPerMove
        case journalBytesPerMove, journalMicrosPerMove, movesPerTransaction, desyncs, errors
    }

    /// Every key, `null` included, as `--json` prints them.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(self.matches, forKey: .matches)
        try container.encode(self.games, forKey: .games)
        try container.encode(self.moves, forKey: .moves)
        try container.encode(self.hostMicrosPerMove, forKey: .hostMicrosPerMove)
        try container.encode(self.clientMicrosPerMove, forKey: .clientMicrosPerMove)
        try container.encode(self.hostAllocationsPerMove, forKey: .hostAllocationsPerMove)
        try container.encode(self.sentBytesPerMove, forKey: .sentBytesPerMove)
        try container.encode(self.journalBytesPerMove, forKey: .journalBytesPerMove)
        try container.encode(self.journalMicrosPerMove, forKey: .journalMicrosPerMove)
        try container.encode(self.movesPerTransaction, forKey: .movesPerTransaction)
        try container.encode(self.desyncs, forKey: .desyncs)
        try container.encode(self.errors, forKey: .errors)
    }

    /// A short table for people.
    public var table: String {
        let rows: [(String, String)] = [
            ("matches", "\(self.matches)"),
            ("games", "\(self.games)"),
            ("moves", "\(self.moves)"),
            ("host time/move", String(format: "%.2f µs", self.hostMicrosPerMove)),
            ("clients' time/move", String(format: "%.2f µs", self.clientMicrosPerMove)),
            ("host allocations/move", self.hostAllocationsPerMove.map { String(format: "%.1f", $0) } ?? "not counted"),
            ("sent/move", String(format: "%.1f bytes", self.sentBytesPerMove)),
            ("journal/move", String(format: "%.1f bytes", self.journalBytesPerMove)),
            ("journal's time/move", self.journalMicrosPerMove.map { String(format: "%.2f µs", $0) } ?? "not run"),
            ("moves/transaction", self.movesPerTransaction.map { String(format: "%.1f", $0) } ?? "not run"),
            ("desyncs", "\(self.desyncs)"),
            ("errors", "\(self.errors)"),
        ]
        return Self.table(rows)
    }
}
