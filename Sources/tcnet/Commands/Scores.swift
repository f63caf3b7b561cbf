import ArgumentParser
import Foundation
import Lobby
import Protocol
import Storage

extension TCNet {
    /// `tcnet scores`: the high scores the host keeps, per game, rule set and options.
    struct Scores: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print the high scores: each name's best, per game mode and word list.",
            discussion: "--csv prints one row a name and board, for a spreadsheet.")

        @Option(name: .long, help: ArgumentHelp("The game.", valueName: "game"))
        var game = "spelling"

        @Option(
            name: .customLong("option"),
            help: ArgumentHelp("Only the boards with this option, e.g. --option mode=pick.", valueName: "name=value"))
        var filters: [String] = []

        @Flag(name: .long, help: "Comma-separated values with a header row.")
        var csv = false

        @Option(name: .long, help: ArgumentHelp("The host's data folder.", valueName: "dir"))
        var data: String = DataFolder.defaultPath

        func validate() throws {
            for filter in self.filters where filter.split(separator: "=", maxSplits: 1).count != 2 {
                throw ValidationError("--option takes name=value, not \(filter)")
            }
        }

        func run() async throws {
            guard FileManager.default.fileExists(atPath: self.data + "/" + HostStore.fileName) else {
                throw CommandFailure("no host data in \(self.data) (pass --data to name the host's folder)")
            }
            let store = try HostStore(folder: self.data, newHostID: { UUID().uuidString.lowercased() })
            let wanted = Dictionary(
                uniqueKeysWithValues: self.filters.map { filter in
                    let parts = filter.split(separator: "=", maxSplits: 1).map(String.init)
                    return (parts[0], parts[1])
                })
            let boards = Dictionary(grouping: try store.boardScores(game: self.game), by: \.board)
                .map { (board: Board(key: $0.key), scores: $0.value) }
                .filter { entry in wanted.allSatisfy { entry.board.options[$0.key] == $0.value } }
                .sorted { $0.board.key < $1.board.key }
            let optionNames = Set(boards.flatMap { $0.board.options.keys }).sorted()
            if self.csv {
                print((["game", "rules"] + optionNames + ["rank", "name", "best", "games"]).joined(separator: ","))
            } else if boards.isEmpty {
                print("no high scores yet for \(self.game)")
            }
            for (board, scores) in boards {
                let ranked = Self.ranked(scores)
                if self.csv {
                    let fixed = [board.game, board.ruleSet] + optionNames.map { board.options[$0] ?? "" }
                    for (rank, score) in ranked {
                        print(
                            (fixed + ["\(rank)", score.name, "\(score.best)", "\(score.games)"]).map(Self.field)
                                .joined(separator: ","))
                    }
                } else {
                    let options = board.options.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }
                    print("\n\(board.game), " + options.joined(separator: ", "))
                    for (rank, score) in ranked {
                        let name = score.name.padding(toLength: 24, withPad: " ", startingAt: 0)
                        print(
                            "  \(String(rank).leftPadded(3)). \(name) \(String(score.best).leftPadded(4))"
                                + "   \(score.games) \(score.games == 1 ? "game" : "games")")
                    }
                }
            }
        }

        /// Best first; equal bests share a rank.
        static func ranked(_ scores: [BoardScore]) -> [(Int, BoardScore)] {
            let sorted = scores.sorted { ($1.best, $0.name) < ($0.best, $1.name) }
            var ranks: [Int] = []
            for (index, score) in sorted.enumerated() {
                ranks.append(index > 0 && sorted[index - 1].best == score.best ? ranks[index - 1] : index + 1)
            }
            return Array(zip(ranks, sorted))
        }

        /// A CSV field, quoted when it holds a comma, a quote or a line break.
        static func field(_ text: String) -> String {
            guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" }) else { return text }
            return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
        }

        /// A board's key read back: the game, the rule set and the options.
        struct Board {
            let key: String
            let game: String
            let ruleSet: String
            let options: [String: String]

            init(key: String) {
                self.key = key
                let parts = key.split(separator: " ", maxSplits: 2).map(String.init)
                self.game = parts.first ?? key
                self.ruleSet = parts.count > 1 ? parts[1] : ""
                let json = parts.count > 2 ? parts[2] : "{}"
                var options: [String: String] = [:]
                if case .object(let members)? = try? JSONDecoder().decode(JSONValue.self, from: Data(json.utf8)) {
                    for (name, value) in members {
                        switch value {
                        case .string(let text): options[name] = text
                        case .number(let number): options[name] = String(Int(number))
                        case .bool(let flag): options[name] = String(flag)
                        default: options[name] = "\(value)"
                        }
                    }
                }
                self.options = options
            }
        }
    }
}
