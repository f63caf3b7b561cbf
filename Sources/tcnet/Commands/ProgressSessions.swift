import Foundation
import GameKit
import Lobby
import Protocol
import Storage
import WhichBill
import WhichBillRules

/// The WhichBill sessions a host keeps, read back as rounds: every finished session from the archive,
/// and the session under way at each table from the journal, each replayed with the rules.
enum ProgressSessions {
    /// Every round of every student, and a line for each session that could not be replayed.
    static func rounds(in store: HostStore) throws -> (rounds: [ProgressRound], skipped: [String]) {
        var rounds: [ProgressRound] = []
        var skipped: [String] = []
        let game = WhichBillGame.descriptor.id
        for archived in try store.archivedMatches(game: game) {
            let record = archived.archive
            guard let student = record.seats.first?.name else { continue }
            do {
                let start = try record.startState.decode(as: WhichBillState.self)
                let found = try Self.replay(
                    start, startedAt: GameTime(milliseconds: record.startedAt), moves: archived.moves)
                rounds += found.map { Self.round($0, student: student, table: record.table, session: record.match) }
            } catch {
                skipped.append("\(record.table) session \(record.match): \(error)")
            }
        }
        let journal = try store.loadJournal()
        let names = Dictionary(journal.players.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
        for table in journal.tables where table.game == game && table.match > 0 && table.status != .over {
            guard let player = table.seats[WhichBillGame.seat], let student = names[player] else { continue }
            do {
                let moves = journal.moves.filter { $0.table == table.id && $0.match == table.match }
                let found = try Self.replay(
                    try Self.start(of: table), startedAt: table.startedAt.map(GameTime.init(milliseconds:)),
                    moves: moves)
                rounds += found.map { Self.round($0, student: student, table: table.id, session: table.match) }
            } catch {
                skipped.append("\(table.id) session \(table.match) (under way): \(error)")
            }
        }
        return (rounds, skipped)
    }

    /// The first state of the session under way at a table, drawn again as the host drew it: from the
    /// table's options and its match's secret.
    static func start(of table: TableRecord) throws -> WhichBillState {
        let options = try GameCatalog.classroom.options(
            table.options ?? [:], game: table.game, seats: table.seatCount ?? 1
        ).get()
        guard let secret = table.secret.flatMap(Hex.bytes(of:)), secret.count >= 16 else {
            throw CommandFailure("table \(table.id) has no match secret in the journal")
        }
        let setup = MatchSetup(
            ruleSet: table.ruleSet, seats: [WhichBillGame.seat], firstSeat: table.firstSeat, options: options,
            startedAt: GameTime(milliseconds: table.startedAt ?? 0))
        var random = HostRandom(secret: secret, step: 0)
        guard let state = WhichBillGame.start(setup, random: &random) else {
            throw CommandFailure("table \(table.id): the session cannot start with its options")
        }
        return state
    }

    static func replay(
        _ start: WhichBillState, startedAt: GameTime?, moves: [MoveRecord]
    ) throws -> [SessionReplay.TimedRound] {
        let steps = try moves.sorted { $0.seq < $1.seq }.map { record in
            SessionReplay.Step(
                move: try record.move.decode(as: WhichBillMove.self), mover: record.seat.map(Mover.seat) ?? .host,
                at: record.at.map(GameTime.init(milliseconds:)))
        }
        return try SessionReplay.rounds(from: start, startedAt: startedAt, steps: steps)
    }

    static func round(_ timed: SessionReplay.TimedRound, student: String, table: String, session: Int) -> ProgressRound
    {
        ProgressRound(
            student: student, table: table, session: session,
            at: timed.answeredAt ?? timed.shownAt ?? GameTime(milliseconds: 0), milliseconds: timed.milliseconds,
            record: timed.record)
    }
}
