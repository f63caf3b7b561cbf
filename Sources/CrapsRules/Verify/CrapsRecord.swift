import GameKit

/// The dice of a recorded match, for anyone to verify: the table's seats and every commitment period,
/// each with its commitment, revealed secret, seeds and rolls.
///
/// On disk and on the wire: `{"game":"craps","seats":["P1","P2"],"periods":[{"number":1,"commitment":…,
/// "secret":…,"seeds":["",""],"rolls":[[3,4],[6,1]]},…]}` (docs/CRAPS.md, "Verifying a match"). Build one
/// from what a client saw with ``CrapsRecorder``.
public struct CrapsRecord: Sendable, Hashable {
    /// The table's seats, in seat order.
    public var seats: [SeatName]
    /// The periods, in order.
    public var periods: [DicePeriod]

    /// A record.
    public init(seats: [SeatName], periods: [DicePeriod]) {
        self.seats = seats
        self.periods = periods
    }

    /// The record of a match from its start and the moves a client saw.
    /// - Parameters:
    ///   - start: the match's start state, as viewed.
    ///   - moves: every move applied since, as viewed, with its mover.
    public init(start: CrapsState, moves: [(mover: Mover, move: CrapsMove)]) {
        var recorder = CrapsRecorder(start: start)
        for (mover, move) in moves { recorder.observe(move, by: mover) }
        self = recorder.record
    }
}

extension CrapsRecord: Codable {
    enum CodingKeys: String, CodingKey {
        case game, seats, periods
    }

    /// Reads `{"game":"craps","seats":[…],"periods":[…]}`.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let game = try c.decode(String.self, forKey: .game)
        guard game == CrapsGame.descriptor.id else {
            throw DecodingError.dataCorruptedError(
                forKey: .game, in: c, debugDescription: "this is a record of \"\(game)\", not of \"craps\"")
        }
        self.seats = try c.decode([SeatName].self, forKey: .seats)
        self.periods = try c.decode([DicePeriod].self, forKey: .periods)
    }

    /// Writes `{"game":"craps","seats":[…],"periods":[…]}`.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(CrapsGame.descriptor.id, forKey: .game)
        try c.encode(self.seats, forKey: .seats)
        try c.encode(self.periods, forKey: .periods)
    }
}
