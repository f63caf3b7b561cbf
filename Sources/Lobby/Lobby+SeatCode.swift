import GameKit
import Protocol

// MARK: - Seat codes, held names, and who is away

extension Lobby {
    /// Takes a `hello` with a seat code: the player whose code it is resumes on this connection.
    ///
    /// NB: while the host-wide guard is shut the code is not even compared, so a guesser learns
    /// nothing from a flood; only wrong codes count against the guard.
    mutating func resume(
        seatCode code: SeatCode, on connection: ConnectionID, re: RequestID?, into outcome: inout LobbyOutcome
    ) {
        if case .wait(let milliseconds) = self.seatCodeGuard.admit(now: self.now) {
            let seconds = (milliseconds + 999) / 1000
            let limited = ErrorMessage(
                code: .rateLimited,
                message: "too many wrong seat codes on this host; try again in \(seconds) s",
                fatal: false, retryAfterMs: milliseconds)
            outcome.send(.error(limited), to: connection, re: re)
            return
        }
        guard let canonical = code.canonical,
            let player = self.players.values.first(where: { $0.seatCode == canonical })
        else {
            self.seatCodeGuard.refused(now: self.now)
            outcome.refuse(
                .badSeatCode,
                "no player on this host has that seat code; check it (the ? page of your board shows it) "
                    + "or ask the teacher", to: connection, re: re)
            return
        }
        self.resume(player.id, on: connection, re: re, into: &outcome)
    }

    /// Refuses a name someone holds: `name-away` when its holder is away from a table (their seat
    /// is held for them), `name-taken` otherwise.
    mutating func refuseTakenName(
        _ name: String, to connection: ConnectionID, re: RequestID?, into outcome: inout LobbyOutcome
    ) {
        let holder = self.playerByNameKey[PlayerName.uniquenessKey(name)].flatMap { self.players[$0] }
        if let holder, holder.connection == nil, let table = holder.table {
            outcome.refuse(
                .nameAway, "\(holder.name) is away from table \(table); if that is you, use your seat code",
                to: connection, re: re)
            return
        }
        outcome.refuse(
            .nameTaken, "Someone here is already called \(name); please choose another name.", to: connection, re: re)
    }

    /// `away` for every seat of a table whose player is away, as a member arriving now needs them:
    /// `graceMs` is what is left of the grace period (0 once it has ended).
    func awayNotices(at table: Table) -> [HostMessage] {
        table.seatOrder.compactMap { seat -> HostMessage? in
            guard let held = table.away[seat], let id = table.seats[seat], let player = self.players[id] else {
                return nil
            }
            let left = held.map { max(0, $0.milliseconds - self.now.milliseconds) } ?? 0
            return .away(PresenceNotice(table: table.id, seat: seat, player: id, name: player.name, graceMs: Int(left)))
        }
    }
}
