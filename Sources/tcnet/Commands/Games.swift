import ArgumentParser
import Foundation
import Lobby
import Protocol
import Storage

extension TCNet {
    /// `tcnet games …`: the finished matches a host keeps.
    struct Games: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List, export or prune the finished matches a host keeps.",
            discussion: """
                A host keeps every finished match (players, settings, moves with their times, the result and \
                the final state) in its data folder until the teacher prunes it. These commands read the \
                folder directly, also while the host runs.
                """,
            subcommands: [GamesList.self, GamesExport.self, GamesPrune.self])
    }
}

/// Where the archive is, and which matches.
struct ArchiveOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The host's data folder.", valueName: "dir"))
    var data: String = DataFolder.defaultPath

    @Option(name: .long, help: ArgumentHelp("Only this game's matches (e.g. taxcollection).", valueName: "id"))
    var game: String?

    @Option(
        name: .long,
        help: ArgumentHelp("Only matches that ended on or after this day (YYYY-MM-DD, UTC).", valueName: "date"))
    var since: String?

    func validate() throws {
        if let since, Self.milliseconds(since) == nil {
            throw ValidationError("--since takes a day as YYYY-MM-DD, not \(since)")
        }
    }

    /// The archived matches asked for.
    func matches() throws -> [ArchivedMatch] {
        try Self.store(self.data).archivedMatches(game: self.game, since: self.since.flatMap(Self.milliseconds))
    }

    /// The host's store in an existing data folder.
    static func store(_ folder: String) throws -> HostStore {
        guard FileManager.default.fileExists(atPath: (folder as NSString).appendingPathComponent(HostStore.fileName))
        else {
            throw CommandFailure("no host data in \(folder); pass the host's folder with --data DIR")
        }
        do {
            return try HostStore(folder: folder, newHostID: { UUID().uuidString.lowercased() })
        } catch {
            throw CommandFailure("\(error)")
        }
    }

    /// Midnight UTC of a day, in milliseconds since 1970.
    static func milliseconds(_ day: String) -> Int64? {
        let parts = day.split(separator: "-").compactMap { Int($0) }
        guard parts.count == 3, day.count == 10 else { return nil }
        var components = DateComponents()
        (components.year, components.month, components.day) = (parts[0], parts[1], parts[2])
        components.timeZone = TimeZone(identifier: "UTC")
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        guard (1...12).contains(parts[1]), (1...31).contains(parts[2]), let date = calendar.date(from: components),
            calendar.component(.day, from: date) == parts[2]
        else { return nil }
        return Int64(date.timeIntervalSince1970 * 1000)
    }

    static func day(_ milliseconds: Int64) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: Date(timeIntervalSince1970: Double(milliseconds) / 1000))
    }
}

/// `tcnet games list`.
struct GamesList: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "One line per finished match: when, which game, who, how it ended.")

    @OptionGroup var archive: ArchiveOptions

    func run() async throws {
        for match in try self.archive.matches() {
            let record = match.archive
            let players = record.seats.map { "\($0.seat) \($0.name ?? $0.bot.map { "\($0) bot" } ?? "-")" }
            let places = (record.result.standings ?? []).map { "\($0.rank). \($0.seat) \($0.score)" }
            let winner = record.result.winner.map { ", winner \($0)" } ?? ""
            print(
                "\(match.id)  \(ArchiveOptions.day(record.endedAt))  \(record.game) \(record.ruleSet)  "
                    + "\(record.table) match \(record.match)  \(players.joined(separator: ", "))  "
                    + "\(record.result.reason)\(winner)  [\(places.joined(separator: ", "))]  \(record.moves) moves")
        }
    }
}

/// `tcnet games export`: JSON Lines that `tcnet rules replay` reads back (Tax Collection).
struct GamesExport: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Every finished match as one JSON object a line (JSON Lines).",
        discussion: """
            Each line has the match's game, table, match number, players, options, times, result and hashes, its \
            starting state as "state" with its rule set as "rules", and its moves as "moves" (with "seats" and \
            "times" beside them): the shape tcnet rules replay reads, so a Tax Collection line replays as it is.
            """)

    @OptionGroup var archive: ArchiveOptions

    func run() async throws {
        for match in try self.archive.matches() {
            let record = match.archive
            let line: JSONValue = .object([
                "id": .number(Double(match.id)), "game": .string(record.game), "table": .string(record.table),
                "match": .number(Double(record.match)), "rules": .string(record.ruleSet),
                "options": .object(record.options),
                "players": JSONValue.encoding(record.seats), "startedAt": .number(Double(record.startedAt)),
                "endedAt": .number(Double(record.endedAt)), "result": JSONValue.encoding(record.result),
                "state": record.startState.value, "final": record.finalState.value,
                "finalHash": .string(record.finalHash),
                "moves": .array(match.moves.map(\.move)),
                "seats": .array(match.moves.map { $0.seat.map(JSONValue.string) ?? .null }),
                "times": .array(match.moves.map { $0.at.map { .number(Double($0)) } ?? .null }),
            ])
            print(String(decoding: WireCodec.payload(line), as: UTF8.self))
        }
    }
}

/// `tcnet games prune`.
struct GamesPrune: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "prune", abstract: "Delete the finished matches that ended before a day.")

    @Option(name: .long, help: ArgumentHelp("The host's data folder.", valueName: "dir"))
    var data: String = DataFolder.defaultPath

    @Option(
        name: .long,
        help: ArgumentHelp("Delete matches that ended before this day (YYYY-MM-DD, UTC).", valueName: "date"))
    var before: String

    func validate() throws {
        if ArchiveOptions.milliseconds(self.before) == nil {
            throw ValidationError("--before takes a day as YYYY-MM-DD, not \(self.before)")
        }
    }

    func run() async throws {
        let store = try ArchiveOptions.store(self.data)
        let deleted = try store.pruneArchive(before: ArchiveOptions.milliseconds(self.before)!)
        print("deleted \(deleted) finished match\(deleted == 1 ? "" : "es") that ended before \(self.before)")
    }
}
