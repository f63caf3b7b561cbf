import ArgumentParser
import Classroom
import Conformance
import Foundation

extension TCNet {
    /// `tcnet conformance`: check a tcnet/1 host or client against docs/PROTOCOL.md.
    struct ConformanceCommand: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "conformance",
            abstract: "Check a tcnet/1 host or client against the protocol (docs/PROTOCOL.md).",
            discussion: """
                Each case cites the statements of docs/PROTOCOL.md it checks and ends OK, NON-STRICT (another \
                accepted behaviour), FAILED or UNIMPLEMENTED (an optional feature not offered). \
                The exit status is 0 only when nothing FAILED. See docs/CONFORMANCE.md.
                """,
            subcommands: [HostSide.self, ClientSide.self])

        @Flag(name: .long, help: "List every case of both sides and exit.")
        var list = false

        @Flag(name: .long, help: "With --list: print the Markdown tables of docs/CONFORMANCE.md.")
        var markdown = false

        func run() async throws {
            guard self.list else { throw CleanExit.helpRequest(self) }
            if self.markdown {
                print(
                    CaseListMarkdown.render([
                        ("tcnet conformance host", HostSuite.classroom.map(\.info)),
                        ("tcnet conformance client", ClientSuite.classroom),
                    ]), terminator: "")
            } else {
                print(CaseListMarkdown.plain(HostSuite.classroom.map(\.info) + ClientSuite.classroom), terminator: "")
            }
        }
    }
}

/// Options both sides share: reports.
struct ReportOptions: ParsableArguments {
    @Option(
        name: .long, help: ArgumentHelp("Write conformance.json and conformance.xml (JUnit) here.", valueName: "dir"))
    var report: String?

    /// Prints the table and writes the reports; returns the exit status.
    func finish(_ results: [CaseResult], suiteName: String) throws -> Int32 {
        print(SummaryTable.render(results), terminator: "")
        if let report {
            try FileManager.default.createDirectory(atPath: report, withIntermediateDirectories: true)
            try JSONReport.render(results).write(
                toFile: report + "/conformance.json", atomically: true, encoding: .utf8)
            try JUnitReport.render(results, suiteName: suiteName)
                .write(toFile: report + "/conformance.xml", atomically: true, encoding: .utf8)
            print("reports: \(report)/conformance.json, \(report)/conformance.xml")
        }
        return SuiteTally(results).exitStatus
    }
}

/// The progress line, rewritten in place on a terminal.
enum ProgressLine {
    static let isTerminal = isatty(STDERR_FILENO) != 0

    static func show(_ text: String) {
        let line = self.isTerminal ? "\r\u{1B}[2K" + text : text + "\n"
        FileHandle.standardError.write(Data(line.utf8))
    }

    static func clear() {
        if self.isTerminal { FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8)) }
    }
}
