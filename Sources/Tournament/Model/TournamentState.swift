/// A tournament as plain values: its players, rounds and results, and the rules for changing them.
///
/// Pure: every change is a `mutating` method that checks its request against the phase and the
/// rules and either changes the state or returns a ``TournamentError`` that says what to do instead. The
/// shell (the host) decides when, and seats the games; this type only knows tournaments.
public struct TournamentState: Codable, Sendable, Equatable {
    /// Where a tournament is in its life.
    public enum Phase: String, Codable, Sendable {
        /// Players are being registered; nothing is paired yet.
        case registering
        /// Rounds are being played (or the challenge window is open).
        case running
        /// Over: no more pairings, standings final.
        case finished
    }

    /// The tournament's id on this host ("T1", "T2", ...).
    public var id: String
    /// Its name for people.
    public var name: String
    /// The game played (a game id of the host).
    public var game: String
    public var format: TournamentFormat
    public var points: PointSystem
    /// The first-ranked player's colour in round 1 (the report file's XXC).
    public var firstColour: Colour
    /// The registered players, in start order (entrant n has start number n).
    public var entrants: [Entrant]
    /// The rounds paired so far, in order.
    public var rounds: [Round]
    public var phase: Phase
    /// A round robin's Berger table, fixed when it starts.
    public var schedule: [[BergerTable.Pair]]
    /// Byes the teacher granted for the next round to be paired: a start number and `.halfBye`,
    /// `.fullBye` or `.absent`.
    public var requestedByes: [Int: Outcome]
    /// A challenge's window and leaderboard, once it has started.
    public var challenge: ChallengeBoard?
    /// The text of the Dutch rules a Swiss tournament pairs by (2025 unless a test compares with 2017 engines).
    public var edition: DutchEdition = .fide2025

    /// A new tournament, open for registration.
    public init(
        id: String, name: String, game: String, format: TournamentFormat, points: PointSystem = .standard,
        firstColour: Colour = .white
    ) {
        self.id = id
        self.name = name
        self.game = game
        self.format = format
        self.points = points
        self.firstColour = firstColour
        self.entrants = []
        self.rounds = []
        self.phase = .registering
        self.schedule = []
        self.requestedByes = [:]
        self.challenge = nil
    }

    /// The number of rounds the tournament plays; `nil` for a challenge.
    public var plannedRounds: Int? {
        switch self.format {
        case .roundRobin: self.phase == .registering ? nil : self.schedule.count
        case .swiss(let rounds): rounds
        case .challenge: nil
        }
    }

    /// The round being played (or last played), if any.
    public var currentRound: Round? { self.rounds.last }

    /// An entrant by name (compared without case).
    public func entrant(named name: String) -> Entrant? {
        let key = name.lowercased()
        return self.entrants.first { $0.name.lowercased() == key }
    }

    /// An entrant by start number.
    public func entrant(_ number: Int) -> Entrant? {
        self.entrants.indices.contains(number - 1) ? self.entrants[number - 1] : nil
    }

    // MARK: Registration

    /// Registers a player: before the start, or, in a Swiss tournament, as a late entry paired from the
    /// next round on.
    /// - Parameters:
    ///   - name: the player's name (as the lobby knows them).
    ///   - bot: the host's bot that plays this entry, for a bot filling an odd seat.
    /// - Returns: the entrant.
    @discardableResult
    public mutating func register(_ name: String, bot: String? = nil) -> Result<Entrant, TournamentError> {
        guard self.entrant(named: name) == nil else {
            return .failure(TournamentError(.invalidSetting, "\(name) is already registered in \(self.id)"))
        }
        let firstRound: Int
        switch (self.phase, self.format) {
        case (.registering, _), (.running, .challenge):
            firstRound = 1
        case (.running, .swiss):
            // NB: a late entry is paired from the next round; the rounds before count as absences.
            firstRound = self.rounds.count + 1
        case (.running, .roundRobin):
            return .failure(TournamentError(.wrongPhase, "a round robin cannot take players once it has started"))
        case (.finished, _):
            return .failure(TournamentError(.wrongPhase, "\(self.id) is finished"))
        }
        let entrant = Entrant(number: self.entrants.count + 1, name: name, firstRound: firstRound, bot: bot)
        self.entrants.append(entrant)
        return .success(entrant)
    }

    /// Removes a player registered before the start (later, withdraw them instead).
    public mutating func unregister(_ name: String) -> Result<Void, TournamentError> {
        guard let entrant = self.entrant(named: name) else { return .failure(self.unknown(name)) }
        guard self.phase == .registering else {
            return .failure(
                TournamentError(.wrongPhase, "\(self.id) has started: withdraw \(entrant.name) instead"))
        }
        self.entrants.remove(at: entrant.number - 1)
        for index in self.entrants.indices { self.entrants[index].number = index + 1 }
        return .success(())
    }

    /// Withdraws a player: no more pairings; results so far stand (a game under way is finished or
    /// scored as usual). In a round robin, the player's remaining games are lost by forfeit.
    public mutating func withdraw(_ name: String) -> Result<Entrant, TournamentError> {
        guard let entrant = self.entrant(named: name) else { return .failure(self.unknown(name)) }
        guard self.phase == .running else {
            return .failure(
                TournamentError(
                    .wrongPhase, "withdraw needs a running tournament; \(self.id) is \(self.phase.rawValue)"))
        }
        guard entrant.withdrawnAfter == nil else {
            return .failure(TournamentError(.invalidSetting, "\(entrant.name) has already withdrawn"))
        }
        self.entrants[entrant.number - 1].withdrawnAfter = self.rounds.count
        return .success(self.entrants[entrant.number - 1])
    }

    /// Grants a player a bye for the next round to be paired: `.halfBye`, `.fullBye`, or `.absent` (zero).
    public mutating func requestBye(_ name: String, _ outcome: Outcome) -> Result<Void, TournamentError> {
        guard let entrant = self.entrant(named: name) else { return .failure(self.unknown(name)) }
        guard [.halfBye, .fullBye, .absent].contains(outcome), self.phase != .finished else {
            return .failure(TournamentError(.invalidSetting, "a bye is half, full or zero, before a round is paired"))
        }
        self.requestedByes[entrant.number] = outcome
        return .success(())
    }

    func unknown(_ name: String) -> TournamentError {
        let names = self.entrants.map(\.name).joined(separator: ", ")
        return TournamentError(
            .noSuchEntrant, "\(self.id) has no player \(name)\(names.isEmpty ? "" : "; its players: \(names)")")
    }
}
