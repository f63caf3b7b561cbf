import GameKit
import Protocol

/// A table: a game, its seats, who is watching, and the current match.
struct Table: Sendable {
    let id: TableID
    let number: Int
    let game: GameDescriptor
    let ruleSet: String
    let graceSeconds: Int
    let onTimeout: TimeoutPolicy
    /// The table's seats, in order: the first `seatCount` of the game's.
    let seatOrder: [SeatName]
    /// The table's game options, checked, with defaults.
    let options: GameOptions
    /// The content its library options name, resolved when it was created.
    var content: [String: GameContent] = [:]
    var status = TableStatus.waiting
    /// The seated players, by seat.
    var seats: [SeatName: PlayerID] = [:]
    /// Seats the host's bots play, by seat: the bot's name.
    var bots: [SeatName: String] = [:]
    var ready: Set<SeatName> = []
    /// Seats whose player's connection dropped: the time the grace period ends, or `nil` once it has.
    var away: [SeatName: LobbyTime?] = [:]
    var spectators: Set<ConnectionID> = []
    var matchNumber = 0
    var firstSeat: SeatName
    var match: ErasedMatch?
    /// The current match's secret (the host's randomness) and start time, kept in the journal.
    var secret: [UInt8] = []
    var startedAt = GameTime(milliseconds: 0)
    /// The current match's first state (the host's, in the game's JSON), for the archive.
    var startState = EncodedJSON.null
    var result: MatchResult?
    var drawOffers: Set<SeatName> = []
    var rematchOffers: Set<SeatName> = []
    /// When the bots to act make their moves.
    var botsDue: LobbyTime?
    /// The match is paused because the host's disk is full (not journalled).
    var haltedByDisk = false
    /// A table the host seated: when its first match starts, ready or not (every seat taken).
    var startsAt: LobbyTime?
    /// Seats the host holds for a player it seats later (a tournament's absent player): nobody may sit there.
    var reserved: Set<SeatName> = []

    init(
        id: TableID, number: Int, game: GameDescriptor, ruleSet: String, graceSeconds: Int, onTimeout: TimeoutPolicy,
        seatCount: Int, options: GameOptions
    ) {
        self.id = id
        self.number = number
        self.game = game
        self.ruleSet = ruleSet
        self.graceSeconds = graceSeconds
        self.onTimeout = onTimeout
        self.seatOrder = Array(game.seats.prefix(seatCount))
        self.options = options
        self.firstSeat = game.seats[0]
    }

    var isFull: Bool { self.seatOrder.allSatisfy { self.seats[$0] != nil || self.bots[$0] != nil } }

    func seat(of player: PlayerID) -> SeatName? {
        self.seatOrder.first { self.player(in: $0) == player }
    }

    /// The player in a seat, when a person holds it.
    ///
    /// NB: found by comparing the few seats' names, not by hashing the one asked for: the lobby asks for
    /// each seat of a table for every `state` it sends, and a hash of a seat's name cost about 300
    /// instructions each time.
    func player(in seat: SeatName) -> PlayerID? {
        for (name, player) in self.seats where name == seat { return player }
        return nil
    }

    func isFree(_ seat: SeatName) -> Bool {
        self.seats[seat] == nil && self.bots[seat] == nil && !self.reserved.contains(seat)
    }

    /// The seat that moves first in match number `match`: seats take turns, the first seat in odd matches.
    func firstSeat(ofMatch match: Int) -> SeatName {
        self.seatOrder[(match - 1) % self.seatOrder.count]
    }

    /// The seats the host's bots must move for now.
    var botsToAct: [SeatName] {
        // NB: a table without bots (most of them) answers without asking the match or hashing a seat's name.
        guard !self.bots.isEmpty, self.status == .playing, let match = self.match else { return [] }
        return match.toAct.filter { self.bots[$0] != nil }
    }

    /// The earliest time the lobby has something to do at this table: a grace period ending, the
    /// game's deadline, or bots to move.
    var nextDeadline: LobbyTime? {
        // NB: read each time the table is stored (``TableSet``), so it builds no array.
        var earliest = self.botsDue
        for case let time? in self.away.values where earliest.map({ time < $0 }) ?? true {
            earliest = time
        }
        if self.status == .playing, let deadline = self.match?.deadline, earliest.map({ deadline < $0 }) ?? true {
            earliest = deadline
        }
        if let start = self.startsAt, self.status == .waiting, self.isFull, earliest.map({ start < $0 }) ?? true {
            earliest = start
        }
        return earliest
    }

    var record: TableRecord {
        TableRecord(
            id: self.id, number: self.number, game: self.game.id, ruleSet: self.ruleSet,
            graceSeconds: self.graceSeconds, onTimeout: self.onTimeout, status: self.status, match: self.matchNumber,
            firstSeat: self.firstSeat, seats: self.seats, result: self.result, seatCount: self.seatOrder.count,
            options: GameCatalog.json(self.options), bots: self.bots.isEmpty ? nil : self.bots,
            secret: self.secret.isEmpty ? nil : Hex.string(of: self.secret), startedAt: self.startedAt.milliseconds,
            content: self.content.isEmpty ? nil : self.content, startsAt: self.startsAt?.milliseconds,
            reserved: self.reserved.isEmpty ? nil : self.reserved.sorted())
    }

    /// The match setup of the current match.
    var setup: MatchSetup {
        MatchSetup(
            ruleSet: self.ruleSet, seats: self.seatOrder, firstSeat: self.firstSeat, options: self.options,
            startedAt: self.startedAt, content: self.content)
    }

    /// The board of high scores this table's matches count for.
    var board: String {
        BoardScore.key(game: self.game.id, ruleSet: self.ruleSet, options: GameCatalog.json(self.options))
    }
}
