import ArgumentParser
import Foundation
import TaxCollectionRules

extension TCNet.Rules {
    /// `tcnet rules replay FILE|-`: settles "what should have happened" for recorded games.
    struct RulesReplay: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "replay",
            abstract: "Replay game records and print each final state.",
            discussion: """
                Reads one JSON record per line, {"rules":"classic","moves":[{"bank":1,"direction":"down"},...]} \
                (or {"state":{...},"moves":[...]} to start from a given position) and prints the final state of \
                each on one line. --trace first prints {"index":i,"move":...,"events":[...]} for every move. \
                Blank lines are skipped.

                Exit status: 0 when every record replays; 2 when a move is refused (the line, the move's index \
                and the rule it breaks go to standard error); 1 for unreadable or malformed input.
                """
        )

        @Argument(help: "A file of records, or - for standard input.")
        var input: String

        @Flag(help: "Print every move's events before the final state.")
        var trace = false

        func run() throws {
            let data: Data
            do {
                data =
                    try input == "-"
                    ? FileHandle.standardInput.readToEnd() ?? Data() : Data(contentsOf: URL(fileURLWithPath: input))
            } catch {
                printError("cannot read \(input): \(error.localizedDescription)")
                throw ExitCode.failure
            }
            guard let text = String(data: data, encoding: .utf8) else {
                printError("\(input) is not UTF-8 text")
                throw ExitCode.failure
            }
            var status: Int32 = 0
            let decoder = JSONDecoder()
            for (offset, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                guard !line.allSatisfy(\.isWhitespace) else { continue }
                let record: GameRecord
                do {
                    record = try decoder.decode(GameRecord.self, from: Data(line.utf8))
                } catch {
                    printError("line \(offset + 1): malformed record: \(Self.describe(error))")
                    status = 1
                    continue
                }
                let report = ReplayReport(record: record, line: offset + 1, trace: trace)
                for output in report.output { print(output) }
                if let error = report.error {
                    printError(error)
                    if status == 0 { status = 2 }
                }
            }
            if status != 0 { throw ExitCode(status) }
        }

        private func printError(_ line: String) {
            FileHandle.standardError.write(Data((line + "\n").utf8))
        }

        /// One line about a decoding error: where, and what.
        static func describe(_ error: any Error) -> String {
            guard let error = error as? DecodingError else { return "\(error)" }
            func at(_ path: [any CodingKey]) -> String {
                path.isEmpty
                    ? ""
                    : " at "
                        + path.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
                        .joined(separator: ".").replacingOccurrences(of: ".[", with: "[")
            }
            switch error {
            case .dataCorrupted(let context):
                let underlying = (context.underlyingError as? NSError)?.userInfo[NSDebugDescriptionErrorKey]
                return context.debugDescription + at(context.codingPath) + (underlying.map { " (\($0))" } ?? "")
            case .keyNotFound(let key, let context):
                return "missing key \"\(key.stringValue)\"" + at(context.codingPath)
            case .typeMismatch(let type, let context):
                return "expected \(type)" + at(context.codingPath)
            case .valueNotFound(let type, let context):
                return "expected \(type), found null" + at(context.codingPath)
            @unknown default:
                return "\(error)"
            }
        }
    }
}
