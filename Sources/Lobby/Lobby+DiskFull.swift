import GameKit
import Protocol

// MARK: - A full disk: the lobby goes on without writing its journal (L-10)

extension Lobby {
    /// What a request that needs the journal is told while the disk is full.
    static let diskFullMessage =
        "the host's disk is full, so it cannot save anything; the teacher must free space on the host "
        + "(the games go on by themselves then)"

    /// The host can no longer write its journal: every match under way pauses (`pausedBy` `disk-full`),
    /// and from now on a request whose outcome would be journalled is refused with `disk-full`, with
    /// nothing done. Requests that write nothing (lists, `sync`, `watch`, `ping`, greetings) go on.
    ///
    /// NB: the pause itself is not journalled (it cannot be): a host restarted meanwhile finds the
    /// disk still full and pauses again, or finds room and plays on.
    /// - Parameter now: the current time.
    /// - Returns: what to send (nothing to journal).
    public mutating func diskFilled(now: LobbyTime) -> LobbyOutcome {
        self.now = now
        var outcome = LobbyOutcome()
        guard !self.isDiskFull else { return outcome }
        self.isDiskFull = true
        for id in self.tables.keys.sorted() {
            guard var table = self.tables[id], table.status == .playing || table.status == .paused else { continue }
            table.haltedByDisk = true
            table.status = .paused
            table.botsDue = nil
            self.tables[id] = table
            self.broadcastTable(table, re: nil, into: &outcome)
        }
        return self.sent(outcome)
    }

    /// The host can write its journal again: the matches the full disk paused play on (or stay
    /// paused for a player who is away), and requests are no longer refused.
    /// - Parameter now: the current time.
    /// - Returns: what to journal (the tables whose status changed) and send.
    public mutating func diskFreed(now: LobbyTime) -> LobbyOutcome {
        self.now = now
        var outcome = LobbyOutcome()
        guard self.isDiskFull else { return outcome }
        self.isDiskFull = false
        for id in self.tables.keys.sorted() {
            guard var table = self.tables.removeValue(forKey: id) else { continue }
            defer { self.tables[id] = table }
            guard table.haltedByDisk else { continue }
            table.haltedByDisk = false
            table.status = .playing
            // NB: a grace period that ended while the disk was full takes effect now, by the table's
            // policy (a pause, or a forfeit); one still running goes on.
            for seat in table.seatOrder where table.away[seat] == .some(nil) {
                table.away[seat] = .some(now)
            }
            if self.referee.appliesGracePolicy {
                self.endGracePeriods(at: &table, into: &outcome)
            }
            guard table.status == .playing else { continue }
            outcome.journal.append(.table(table.record))
            self.scheduleBots(at: &table)
            self.broadcastTable(table, re: nil, into: &outcome)
            let current = table
            self.broadcast(table, re: nil, into: &outcome) { viewer in
                .state(self.update(of: current, for: viewer))
            }
        }
        return self.sent(outcome)
    }

    /// Carries out a request while the disk is full, unless it would write to the journal: then
    /// nothing is done, and the request is refused with `disk-full`.
    ///
    /// NB: the request runs on a copy of the lobby, kept only when it wrote nothing: which requests
    /// write depends on the state (a `leave` at a waiting table writes, a `watch` never does), and
    /// the copy asks no list of them to be kept up to date.
    mutating func handleUnlessItWrites(
        _ envelope: ClientEnvelope, from player: PlayerID, on connection: ConnectionID,
        into outcome: inout LobbyOutcome
    ) {
        var trial = self
        var tried = LobbyOutcome()
        trial.handle(envelope, from: player, on: connection, into: &tried)
        guard tried.journal.isEmpty else {
            outcome.refuse(.diskFull, Self.diskFullMessage, to: connection, re: envelope.id)
            return
        }
        self = trial
        outcome.deliveries += tried.deliveries
    }
}
