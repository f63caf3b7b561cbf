import GameKit
import Lobby
import Protocol
import Tournament

// MARK: - The requests of section 17

extension TournamentDesk {
    /// Takes a message, if it is one of the desk's: `teacher`, `tournaments` and the tournament requests.
    /// - Parameters:
    ///   - envelope: the message.
    ///   - connection: a greeted connection.
    ///   - lobby: the lobby, for the players and tables.
    ///   - now: the current time.
    /// - Returns: what to journal and send, or `nil` when the message is the lobby's.
    public mutating func receive(
        _ envelope: ClientEnvelope, from connection: ConnectionID, lobby: inout Lobby, now: LobbyTime
    ) -> LobbyOutcome? {
        var outcome = LobbyOutcome()
        let re = envelope.id
        switch envelope.message {
        case .teacher(let hello):
            self.becomeTeacher(hello.code, connection, re, now: now, into: &outcome)
        case .tournaments:
            let list = TournamentList(tournaments: self.ordered.map(\.info))
            outcome.deliveries.append(Delivery(to: connection, HostEnvelope(re: re, .tournaments(list))))
        case .tournament(let command):
            guard self.teachers.contains(connection) else {
                outcome.refuse(
                    .teacherRequired, "tournaments are the teacher's: send teacher with the code the host printed",
                    to: connection, re: re)
                return outcome
            }
            self.run(command, from: connection, re: re, lobby: &lobby, now: now, into: &outcome)
        default:
            return nil
        }
        return outcome
    }

    /// Checks a teacher's code, behind the host-wide guard on wrong codes.
    private mutating func becomeTeacher(
        _ code: TeacherCode, _ connection: ConnectionID, _ re: RequestID?, now: LobbyTime,
        into outcome: inout LobbyOutcome
    ) {
        guard let expected = self.configuration.teacherCode else {
            outcome.refuse(.teacherRequired, "this host was started without a teacher code", to: connection, re: re)
            return
        }
        // NB: while the guard is shut the code is not even compared: a flood of guesses learns nothing.
        if case .wait(let milliseconds) = self.codeGuard.admit(now: now) {
            let limited = ErrorMessage(
                code: .rateLimited,
                message: "too many wrong teacher codes on this host; try again in \((milliseconds + 999) / 1000) s",
                fatal: false, retryAfterMs: milliseconds)
            outcome.deliveries.append(Delivery(to: connection, HostEnvelope(re: re, .error(limited))))
            return
        }
        guard expected.matches(code) else {
            self.codeGuard.refused(now: now)
            outcome.refuse(
                .badTeacherCode, "that is not this host's teacher code (tcnet host printed it when it started)",
                to: connection, re: re)
            return
        }
        self.teachers.insert(connection)
        outcome.deliveries.append(Delivery(to: connection, HostEnvelope(re: re, .teacher(TeacherRole()))))
    }

    private mutating func run(
        _ command: TournamentCommand, from connection: ConnectionID, re: RequestID?, lobby: inout Lobby,
        now: LobbyTime, into outcome: inout LobbyOutcome
    ) {
        if case .create(let request) = command {
            switch self.create(request, catalog: lobby.configuration.catalog) {
            case .success(let run): self.publish(run, lobby: lobby, re: (connection, re), into: &outcome)
            case .failure(let refusal): outcome.refuse(refusal.code, refusal.message, to: connection, re: re)
            }
            return
        }
        let id = Self.tournament(of: command)
        guard var run = self.runs[id] else {
            let ids = self.ordered.map(\.id)
            outcome.refuse(
                .noSuchTournament,
                "there is no tournament \(id)"
                    + (ids.isEmpty ? "; create one first" : "; the tournaments: \(ids.joined(separator: ", "))"),
                to: connection, re: re)
            return
        }
        let answer: Result<Void, DeskRefusal>
        switch command {
        case .create: preconditionFailure("handled above")
        case .register(let request): answer = Self.register(request.names ?? [], in: &run)
        case .unregister(let request): answer = Self.lift(run.state.unregister(request.name ?? ""))
        case .withdraw(let request): answer = Self.lift(run.state.withdraw(request.name ?? "").map { _ in () })
        case .bye(let request): answer = Self.bye(request, in: &run)
        case .start: answer = self.start(&run, lobby: &lobby, now: now, into: &outcome)
        case .pair(let request):
            answer = self.pairNext(
                &run, allowRepeats: request.allowRepeats ?? false, lobby: &lobby, now: now, into: &outcome)
        case .result(let request):
            answer = self.recordByHand(request, in: &run, lobby: &lobby, now: now, into: &outcome)
        case .finish: answer = Self.lift(run.state.finish())
        case .export(let request):
            switch Self.export(request, run) {
            case .success(let text):
                let export = TournamentExport(tournament: run.id, format: request.format, text: text)
                outcome.deliveries.append(Delivery(to: connection, HostEnvelope(re: re, .tournamentExport(export))))
            case .failure(let refusal):
                outcome.refuse(refusal.code, refusal.message, to: connection, re: re)
            }
            return
        }
        switch answer {
        case .success: self.publish(run, lobby: lobby, re: (connection, re), into: &outcome)
        case .failure(let refusal):
            // NB: a refused pairing may still have changed what everyone sees (the round is blocked).
            if refusal.code == .noValidPairing { self.publish(run, lobby: lobby, re: nil, into: &outcome) }
            outcome.refuse(refusal.code, refusal.message, to: connection, re: re)
        }
    }

    static func tournament(of command: TournamentCommand) -> TournamentID {
        switch command {
        case .create: ""
        case .register(let request), .unregister(let request), .start(let request), .withdraw(let request),
            .finish(let request):
            request.tournament
        case .pair(let request): request.tournament
        case .result(let request): request.tournament
        case .bye(let request): request.tournament
        case .export(let request): request.tournament
        }
    }

    static func lift<T>(_ result: Result<T, TournamentError>) -> Result<Void, DeskRefusal> {
        result.map { _ in () }.mapError(DeskRefusal.init)
    }

    private static func register(_ names: [String], in run: inout TournamentRun) -> Result<Void, DeskRefusal> {
        guard !names.isEmpty else { return .failure(DeskRefusal(.invalidMessage, "register needs names")) }
        var state = run.state
        for name in names {
            switch PlayerName.validate(name) {
            case .failure(let refusal): return .failure(DeskRefusal(.invalidName, "\(name): \(refusal.message)"))
            case .success(let valid):
                if case .failure(let error) = state.register(valid) { return .failure(DeskRefusal(error)) }
            }
        }
        run.state = state
        return .success(())
    }

    private static func bye(_ request: TournamentBye, in run: inout TournamentRun) -> Result<Void, DeskRefusal> {
        let kinds: [String: Outcome] = ["half": .halfBye, "full": .fullBye, "zero": .absent]
        guard let kind = kinds[request.bye] else {
            return .failure(DeskRefusal(.invalidSetting, "a bye is half, full or zero, not \(request.bye)"))
        }
        return Self.lift(run.state.requestBye(request.name, kind))
    }

    private static func export(_ request: TournamentExportRequest, _ run: TournamentRun) -> Result<String, DeskRefusal>
    {
        switch (request.format, run.state.format) {
        case ("csv", .challenge): return .success(ChallengeCSV.text(run.state))
        case ("csv", _): return .success(StandingsCSV.text(run.state))
        case ("trf", .challenge):
            return .failure(DeskRefusal(.invalidSetting, "a challenge has no pairings to report; export csv"))
        case ("trf", _):
            if let rounds = request.rounds, rounds < 0 || rounds > run.state.rounds.count {
                return .failure(
                    DeskRefusal(.invalidSetting, "\(run.id) has played \(run.state.rounds.count) rounds, not \(rounds)")
                )
            }
            return .success(TRFWriter.report(run.state, rounds: request.rounds))
        default:
            return .failure(DeskRefusal(.invalidSetting, "export takes trf or csv, not \(request.format)"))
        }
    }
}

/// A refused tournament request: the wire's code and the sentence for the teacher.
struct DeskRefusal: Error, Sendable {
    var code: ErrorCode
    var message: String

    init(_ code: ErrorCode, _ message: String) {
        self.code = code
        self.message = message
    }

    init(_ error: TournamentError) {
        self.code = ErrorCode(rawValue: error.kind.rawValue)
        self.message = error.message
    }
}
