// MARK: - Rounds: start, pair, play, finish

extension TournamentState {
    /// The fewest players a paired tournament starts with.
    public static let minimumPlayers = 2

    /// Closes registration and starts: a round robin fixes its Berger table (start numbers are the table's
    /// numbers); a Swiss tournament is paired round by round; a challenge opens its window.
    public mutating func start() -> Result<Void, TournamentError> {
        guard self.phase == .registering else {
            return .failure(TournamentError(.wrongPhase, "\(self.id) has already started"))
        }
        if self.format.isPaired, self.entrants.count < Self.minimumPlayers {
            return .failure(
                TournamentError(
                    .invalidSetting, "\(self.id) needs at least \(Self.minimumPlayers) players; register some first"))
        }
        if case .roundRobin(let cycles) = self.format {
            self.schedule = BergerTable.rounds(players: self.entrants.count, cycles: cycles)
        }
        self.phase = .running
        return .success(())
    }

    /// Ends the tournament: nothing more is paired; the standings are final.
    public mutating func finish() -> Result<Void, TournamentError> {
        guard self.phase != .finished else {
            return .failure(TournamentError(.wrongPhase, "\(self.id) is already finished"))
        }
        self.phase = .finished
        return .success(())
    }

    /// Whether every round the tournament plans has been paired and played.
    public var allRoundsPlayed: Bool {
        guard let planned = self.plannedRounds else { return false }
        return self.rounds.count >= planned && (self.currentRound?.isComplete ?? true)
    }

    /// The next round's pairing, without changing anything.
    /// - Parameter allowRepeats: in a Swiss tournament, let players meet again (fewest repeats first) when
    ///   nothing else pairs; the teacher's choice.
    /// - Returns: the round, or why it cannot be paired now (results missing, all rounds played, no valid
    ///   pairing: the message then lists the teacher's choices).
    public func nextRound(allowRepeats: Bool = false) -> Result<Round, TournamentError> {
        guard self.phase == .running, self.format.isPaired else {
            return .failure(TournamentError(.wrongPhase, "\(self.id) is not a running round robin or Swiss tournament"))
        }
        if let current = self.currentRound, !current.isComplete {
            let missing = current.boards.filter { $0.result == nil }.map { "board \($0.number)" }
            return .failure(
                TournamentError(
                    .resultsPending,
                    "round \(current.number) is not over: \(missing.joined(separator: ", ")) "
                        + "\(missing.count == 1 ? "has" : "have") no result; wait, or record results by hand"))
        }
        let number = self.rounds.count + 1
        guard let planned = self.plannedRounds, number <= planned else {
            return .failure(TournamentError(.wrongPhase, "every round of \(self.id) has been played; finish it"))
        }
        switch self.format {
        case .roundRobin: return .success(self.roundRobinRound(number))
        case .swiss(let rounds): return self.swissRound(number, of: rounds, allowRepeats: allowRepeats)
        case .challenge: preconditionFailure("a challenge has no rounds")
        }
    }

    /// Starts a round paired by ``nextRound(allowRepeats:)``.
    public mutating func begin(_ round: Round) {
        precondition(round.number == self.rounds.count + 1, "round \(round.number) follows round \(self.rounds.count)")
        self.rounds.append(round)
        self.requestedByes = [:]
    }

    /// Records a board's result (a finished match, or the teacher by hand). A result may be corrected
    /// while the round is the current one.
    public mutating func record(
        _ result: BoardResult, board: Int, round: Int? = nil
    ) -> Result<Board, TournamentError> {
        let roundNumber = round ?? self.rounds.count
        guard self.phase != .finished || roundNumber == self.rounds.count else {
            return .failure(TournamentError(.wrongPhase, "\(self.id) is finished"))
        }
        guard roundNumber == self.rounds.count, roundNumber >= 1 else {
            return .failure(
                TournamentError(.wrongPhase, "only the current round (\(self.rounds.count)) takes results"))
        }
        guard let index = self.rounds[roundNumber - 1].boards.firstIndex(where: { $0.number == board }) else {
            return .failure(TournamentError(.invalidSetting, "round \(roundNumber) has no board \(board)"))
        }
        self.rounds[roundNumber - 1].boards[index].result = result
        return .success(self.rounds[roundNumber - 1].boards[index])
    }

    /// Sets the lobby table a board is played at.
    public mutating func seat(board: Int, at table: String) {
        guard let index = self.rounds.indices.last,
            let boardIndex = self.rounds[index].boards.firstIndex(where: { $0.number == board })
        else { return }
        self.rounds[index].boards[boardIndex].table = table
    }

    // MARK: Pairing each format

    private func roundRobinRound(_ number: Int) -> Round {
        var boards: [Board] = []
        var unpaired: [Int: Outcome] = [:]
        for pair in self.schedule[number - 1] {
            let (white, black) = (self.entrant(pair.white), self.entrant(pair.black))
            guard let white, let black else {
                // NB: the table's extra number is the free round of an odd field: no game, no points.
                if let player = white ?? black { unpaired[player.number] = .absent }
                continue
            }
            var board = Board(number: boards.count + 1, white: white.number, black: black.number)
            switch (white.plays(in: number), black.plays(in: number)) {
            case (true, true): break
            case (true, false): board.result = .whiteWinsByForfeit
            case (false, true): board.result = .blackWinsByForfeit
            case (false, false): board.result = .bothForfeit
            }
            boards.append(board)
        }
        return Round(number: number, boards: boards, unpaired: unpaired)
    }

    private func swissRound(_ number: Int, of total: Int, allowRepeats: Bool) -> Result<Round, TournamentError> {
        let humans = self.entrants.filter {
            $0.bot == nil && $0.plays(in: number) && self.requestedByes[$0.number] == nil
        }
        var players: [SwissPlayer] = []
        var unpaired: [Int: Outcome] = [:]
        for entrant in self.entrants {
            var pairable = entrant.plays(in: number) && self.requestedByes[entrant.number] == nil
            // NB: the host's bot fills the odd seat: it plays only while the people to pair are odd in number.
            if entrant.bot != nil { pairable = pairable && humans.count % 2 == 1 }
            players.append(
                SwissPlayer(number: entrant.number, entries: self.history(of: entrant.number), pairable: pairable))
            if !pairable { unpaired[entrant.number] = self.requestedByes[entrant.number] ?? .absent }
        }
        switch DutchSystem.pair(
            players, round: number, rounds: total, points: self.points, firstColour: self.firstColour,
            allowRepeats: allowRepeats, edition: self.edition)
        {
        case .failure(let failure):
            return .failure(TournamentError(.noValidPairing, Self.choices(round: number, failure, allowRepeats)))
        case .success(let pairing):
            let boards = pairing.boards.enumerated().map {
                Board(number: $0.offset + 1, white: $0.element.white, black: $0.element.black)
            }
            if let bye = pairing.bye { unpaired[bye] = .pairingBye }
            return .success(Round(number: number, boards: boards, unpaired: unpaired))
        }
    }

    /// What the teacher can do when a round has no valid pairing.
    static func choices(round: Int, _ failure: SwissPairingFailure, _ allowRepeats: Bool) -> String {
        var text = "round \(round) cannot be paired: \(failure.reason). Choices: finish the tournament now"
        if !allowRepeats { text += "; pair it letting players meet again (fewest repeats first)" }
        text += "; or mark a player absent for the round (a zero, half or full bye)"
        return text
    }

    /// A player's history for the Swiss pairing: one entry per round so far.
    public func history(of player: Int) -> [SwissPlayer.Entry] {
        self.rounds.map { round in
            if let board = round.board(of: player) {
                let outcome = board.outcome(of: player) ?? .absent
                return SwissPlayer.Entry(
                    opponent: board.opponent(of: player), colour: board.colour(of: player), outcome: outcome)
            }
            return SwissPlayer.Entry(outcome: round.unpaired[player] ?? .absent)
        }
    }

    /// A player's points so far.
    public func score(of player: Int) -> Points {
        self.rounds.reduce(.zero) { total, round in
            total + (round.outcome(of: player).map(self.points.points(for:)) ?? .zero)
        }
    }
}
