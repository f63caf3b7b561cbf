import Lobby
import Protocol
import Tournament

/// One tournament as the desk runs it on this host: the tournament itself, how its games are set up,
/// and the seats held for players who were not here when their round started.
///
/// The whole value is the journal's record of the tournament, rewritten on every change.
struct TournamentRun: Codable, Sendable, Equatable {
    /// A seat held at a round's table for a player who was not connected when the round started: if
    /// they come before `until`, they are seated; otherwise their game is lost by forfeit.
    struct HeldSeat: Codable, Sendable, Equatable {
        var name: String
        var board: Int
        var table: TableID
        var seat: String
        /// Wall-clock milliseconds since 1970.
        var until: Int64
    }

    /// The order of creation.
    var number: Int
    var state: TournamentState
    /// The tables' rule set and options.
    var ruleSet: String?
    var options: [String: JSONValue]?
    /// How long an absent player is waited for, and how long before a round's games start.
    var graceSeconds: Int
    var countdownSeconds: Int
    /// The host's bot that fills an odd seat, when the teacher chose a bot over a bye.
    var oddSeatBot: String?
    var held: [HeldSeat] = []
    /// Why the next round cannot be paired, with the teacher's choices, while so.
    var blocked: String?

    var id: String { self.state.id }

    /// Whether a finished match counts for a class challenge: played at the rule set and with the
    /// options the teacher chose, if any (a spelling challenge in hear mode counts no pick-mode plays).
    func counts(_ archive: MatchArchive) -> Bool {
        if let ruleSet = self.ruleSet, archive.ruleSet != ruleSet { return false }
        return (self.options ?? [:]).allSatisfy { archive.options[$0.key] == $0.value }
    }

    /// The journal's record of this run.
    var record: TournamentRecord {
        TournamentRecord(id: self.id, number: self.number, state: JSONValue.encoding(self))
    }
}
