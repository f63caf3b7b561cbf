import ArgumentParser
import Foundation
import Storage
import WhichBill

extension TCNet {
    /// `tcnet progress [STUDENT]`: the WhichBill rounds a host kept, read from its data folder.
    struct Progress: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show students' WhichBill progress: one student's chart, the class's table, or CSV.",
            discussion: """
                Reads the host's data folder (the host may be running) and replays every WhichBill session \
                it keeps with the rules: the finished ones from its archive, the one under way at each table \
                from its journal. With STUDENT (the name they gave, in any case): first-try accuracy and time \
                to answer by day, and by cost band. Without: the class, one row a student. --csv prints \
                every round (of STUDENT, when given) for a spreadsheet. Days are this machine's local time.
                """)

        @Argument(help: ArgumentHelp("A student's name, as they gave it at the host.", valueName: "student"))
        var student: String?

        @Option(name: .long, help: ArgumentHelp("The host's data folder.", valueName: "dir"))
        var data: String = DataFolder.defaultPath

        @Flag(name: .long, help: "Print every round as CSV.")
        var csv = false

        func run() throws {
            let store = try ArchiveOptions.store(self.data)
            let found: (rounds: [ProgressRound], skipped: [String])
            do {
                found = try ProgressSessions.rounds(in: store)
            } catch let failure as CommandFailure {
                throw failure
            } catch {
                throw CommandFailure("\(error)")
            }
            for line in found.skipped {
                FileHandle.standardError.write(Data("warning: skipped \(line)\n".utf8))
            }
            let report = ProgressReport(rounds: found.rounds, timeZone: .current)
            if let student, report.rounds(of: student).isEmpty {
                let known =
                    report.students.isEmpty
                    ? "nobody has played yet" : "students: " + report.students.joined(separator: ", ")
                throw CommandFailure("no WhichBill rounds for \(student) in \(self.data); \(known)")
            }
            if self.csv {
                print(report.csv(of: self.student))
                return
            }
            guard !report.rounds.isEmpty else {
                throw CommandFailure("no WhichBill rounds are kept in \(self.data) yet")
            }
            print(self.student.flatMap(report.chart(of:)) ?? report.classTable)
        }
    }
}
