import Protocol

/// A table: a game, its seats, who is watching, and the current match.
struct Table: Sendable {
    let id: TableID
    let number: Int
    let game: GameDescriptor
    let ruleSet: String
    let graceSeconds: Int
    let onTimeout: TimeoutPolicy
    var status = TableStatus.waiting
    /// The seated players, by seat.
    var seats: [String: PlayerID] = [:]
    var ready: Set<String> = []
    /// Seats whose player's connection dropped: the time the grace period ends, or `nil` once it has.
    var away: [String: LobbyTime?] = [:]
    var spectators: Set<ConnectionID> = []
    var matchNumber = 0
    var firstSeat: String
    var match: (any AnyMatch)?
    var result: MatchResult?
    var drawOffers: Set<String> = []
    var rematchOffers: Set<String> = []

    init(id: TableID, number: Int, game: GameDescriptor, ruleSet: String, graceSeconds: Int, onTimeout: TimeoutPolicy) {
        self.id = id
        self.number = number
        self.game = game
        self.ruleSet = ruleSet
        self.graceSeconds = graceSeconds
        self.onTimeout = onTimeout
        self.firstSeat = game.seats[0]
    }

    var seatOrder: [String] { self.game.seats }

    var isFull: Bool { self.seats.count == self.seatOrder.count }

    func seat(of player: PlayerID) -> String? {
        self.seatOrder.first { self.seats[$0] == player }
    }

    /// The other seat of a two-seat game, or the first seat that is not `seat`.
    func opponent(of seat: String) -> String {
        self.seatOrder.first { $0 != seat } ?? seat
    }

    /// The seat that moves first in match number `match`: seats take turns, A in odd matches.
    func firstSeat(ofMatch match: Int) -> String {
        self.seatOrder[(match - 1) % self.seatOrder.count]
    }

    /// The earliest grace deadline still running.
    var nextDeadline: LobbyTime? {
        self.away.values.compactMap { $0 }.min()
    }

    var record: TableRecord {
        TableRecord(
            id: self.id, number: self.number, game: self.game.id, ruleSet: self.ruleSet,
            graceSeconds: self.graceSeconds, onTimeout: self.onTimeout, status: self.status, match: self.matchNumber,
            firstSeat: self.firstSeat, seats: self.seats, result: self.result)
    }
}
