import GameKit
import Lobby
import Protocol
import Tournament

/// The host's tournament desk: the teacher's tournaments, run on the lobby, as a plain value.
///
/// It sits beside the ``Lobby`` (which stays game- and tournament-agnostic): it answers the tournament
/// requests of tcnet/1 (section 17), seats each round through the lobby's appointed tables, reads the
/// results of the matches the lobby archives, and keeps every tournament in the journal. Like the
/// lobby it never reads a clock or draws randomness: the time comes in with every call, and what it
/// decides comes back as a ``LobbyOutcome`` (journal entries, then deliveries).
public struct TournamentDesk: Sendable {
    /// What the desk is given at start-up.
    public struct Configuration: Sendable {
        /// The code a connection shows to become the teacher; `nil`: no one can (no tournaments).
        public var teacherCode: TeacherCode?

        /// Creates a configuration.
        public init(teacherCode: TeacherCode?) {
            self.teacherCode = teacherCode
        }
    }

    let configuration: Configuration
    var runs: [String: TournamentRun] = [:]
    var created = 0
    /// Connections that showed the teacher's code.
    var teachers: Set<ConnectionID> = []
    /// The host-wide limit on wrong teacher codes (the seat codes' kind of guard, a bucket of its own).
    var codeGuard = SeatCodeGuard()

    /// A desk without tournaments.
    public init(configuration: Configuration) {
        self.configuration = configuration
    }

    /// The desk after a restart, with the journal's tournaments.
    /// - Throws: ``DeskRecoveryError`` when a record cannot be read.
    public init(restoring records: [TournamentRecord], configuration: Configuration) throws {
        self.init(configuration: configuration)
        for record in records {
            do {
                let run = try record.state.decode(as: TournamentRun.self)
                self.runs[record.id] = run
                self.created = max(self.created, run.number)
            } catch {
                throw DeskRecoveryError(description: "tournament \(record.id) cannot be read: \(error)")
            }
        }
    }

    /// The earliest time at which ``tick(lobby:now:)`` has something to do: a held seat's grace ending,
    /// a challenge's window closing.
    public var nextDeadline: LobbyTime? {
        var times: [Int64] = []
        for run in self.runs.values where run.state.phase == .running {
            times += run.held.map(\.until)
            if let board = run.state.challenge { times.append(board.closesAt) }
        }
        return times.min().map(LobbyTime.init(milliseconds:))
    }

    /// A connection closed: it is no longer the teacher.
    public mutating func disconnect(_ connection: ConnectionID) {
        self.teachers.remove(connection)
    }

    /// The runs in order of creation.
    var ordered: [TournamentRun] { self.runs.values.sorted { $0.number < $1.number } }

    /// Saves a run and tells everyone about it: the journal entry, then `tournament` to every greeted
    /// connection (the requester's copy answering its request).
    mutating func publish(
        _ run: TournamentRun, lobby: Lobby, re: (ConnectionID, RequestID?)?, into outcome: inout LobbyOutcome
    ) {
        self.runs[run.id] = run
        outcome.journal.append(.tournament(run.record))
        let update = HostMessage.tournament(TournamentUpdate(tournament: run.info))
        var connections = lobby.greetedConnections
        if let requester = re?.0, !connections.contains(requester) { connections.append(requester) }
        for connection in connections {
            let id = connection == re?.0 ? re?.1 : nil
            outcome.deliveries.append(Delivery(to: connection, HostEnvelope(re: id, update)))
        }
    }
}

extension LobbyOutcome {
    mutating func refuse(_ code: ErrorCode, _ message: String, to connection: ConnectionID, re: RequestID?) {
        let error = ErrorMessage(code: code, message: message, fatal: false)
        self.deliveries.append(Delivery(to: connection, HostEnvelope(re: re, .error(error))))
    }
}

/// The journal holds a tournament this host cannot read.
public struct DeskRecoveryError: Error, Sendable, CustomStringConvertible {
    /// What went wrong, naming the tournament.
    public var description: String
}
