import GameKit

/// Builds a ``CrapsRecord`` from the moves a client saw, one at a time, without the rules: it takes the
/// host's word for every roll and reveal, so that the record shows what the host claimed and
/// ``CrapsVerifier`` can judge it.
///
/// It follows the dice protocol of docs/CRAPS.md: each seat's seed from its `seed` moves; a period's seeds
/// fixed at its first roll; a move that reveals a secret closes the period, and the commitment it carries
/// opens the next.
public struct CrapsRecorder: Sendable {
    private var seats: [SeatName]
    private var seeds: [String]
    private var closed: [DicePeriod] = []
    private var open: DicePeriod?

    /// Starts recording a match.
    /// - Parameter start: the state the match started from (as viewed: period 1's commitment, the seats).
    public init(start: CrapsState) {
        self.seats = start.players.map(\.seat)
        self.seeds = start.players.map(\.seed)
        var period = start.period
        period.secret = nil
        self.open = period
    }

    /// Takes in the next move the client saw.
    /// - Parameters:
    ///   - move: the move, as viewed.
    ///   - mover: who made it.
    public mutating func observe(_ move: CrapsMove, by mover: Mover) {
        switch move {
        case .seed(let seed):
            if let seat = mover.seat, let index = self.seats.firstIndex(of: seat) { self.seeds[index] = seed }
        case .roll(let prepared?):
            guard var period = self.open else { return }
            if period.seeds == nil { period.seeds = self.seeds }
            period.rolls.append(prepared.dice)
            self.open = period
            guard let reveal = prepared.reveal else { return }
            self.close(revealing: reveal)
            if case .commitment(let commitment)? = prepared.next {
                self.open = DicePeriod(number: period.number + 1, commitment: commitment)
            } else if case .secret(let secret)? = prepared.next,
                let next = DicePeriod(number: period.number + 1, secret: secret)
            {
                self.open = DicePeriod(number: next.number, commitment: next.commitment)
            }
        case .leave(_, _, let reveal?):
            self.close(revealing: reveal)
        case .roll(nil), .ante, .reset, .leave:
            break
        }
    }

    /// The record so far: every closed period, then the open one if it has rolls or no period was closed.
    public var record: CrapsRecord {
        var periods = self.closed
        if let open = self.open, !open.rolls.isEmpty || periods.isEmpty { periods.append(open) }
        return CrapsRecord(seats: self.seats, periods: periods)
    }

    private mutating func close(revealing secret: String) {
        guard var period = self.open else { return }
        period.secret = secret
        self.closed.append(period)
        self.open = nil
    }
}
