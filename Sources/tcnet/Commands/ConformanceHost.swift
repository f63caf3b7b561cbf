import ArgumentParser
import Conformance
import Foundation

extension TCNet.ConformanceCommand {
    /// `tcnet conformance host HOST:PORT` or `ws://HOST:PORT/ws`: the suite as clients of a host under test.
    struct HostSide: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "host",
            abstract: "Run the suite as clients against a host under test.",
            discussion: """
                Runs every case (or those --cases selects) against the host, one after another, each on new \
                connections with new player names: over framed TCP for HOST:PORT, over a WebSocket for \
                ws://HOST:PORT/PATH (the cases of that transport; see --list). Slow cases wait for the host's \
                hello, frame and idle timeouts (10 s, 10 s and idleTimeoutMs from welcome); --skip-slow leaves \
                them out, and \
                --timeout-scale shortens the first two for a host configured with shorter ones.
                """)

        @Argument(
            help: ArgumentHelp(
                "The host under test: HOST:PORT (TCP) or ws://HOST:PORT/ws (WebSocket).", valueName: "host:port"))
        var address: String?

        @Option(
            name: .long,
            help: ArgumentHelp("Cases by id or prefix, comma-separated (e.g. framing,match.resign).", valueName: "ids"))
        var cases: String?

        @Flag(name: .long, help: "Leave out the cases that wait for a timeout.")
        var skipSlow = false

        @Option(
            name: .long, help: ArgumentHelp("Multiply the waits for the 10 s hello and frame timeouts.", valueName: "x")
        )
        var timeoutScale = 1.0

        @OptionGroup var reports: ReportOptions

        func validate() throws {
            guard let address, HostTarget(parsing: address) != nil else {
                throw ValidationError(
                    "give the host under test as HOST:PORT, e.g. 127.0.0.1:7420, or ws://HOST:PORT/ws for its "
                        + "WebSocket "
                        + "(tcnet conformance --list lists the cases)")
            }
            guard self.timeoutScale > 0, self.timeoutScale <= 10 else {
                throw ValidationError("--timeout-scale must be above 0 and at most 10")
            }
            let selection = CaseSelection(parsing: self.cases)
            let target = HostTarget(parsing: address)!
            let unmatched = selection.unmatched(in: HostSuite.classroom(over: target.transport).map(\.info))
            guard unmatched.isEmpty else {
                throw ValidationError("--cases: no case matches \(unmatched.joined(separator: ", ")); see --list")
            }
        }

        func run() async throws {
            let selection = CaseSelection(parsing: self.cases, skipSlow: self.skipSlow)
            let target = HostTarget(parsing: self.address!)!
            let runner = SuiteRunner(
                cases: HostSuite.classroom(over: target.transport),
                caseTimeout: .seconds(Int64(30 + 80 * self.timeoutScale)))
            let names = NameSource()
            let scale = self.timeoutScale
            print("tcnet conformance host \(target): \(runner.selected(selection).count) cases")
            let results = await runner.run(selection) { _ in
                HostContext(target: target, timeoutScale: scale, names: names)
            } progress: { event in
                switch event {
                case .started(let index, let total, let info):
                    ProgressLine.show(SummaryTable.progressLine(index: index, total: total, id: info.id))
                case .finished(let index, let total, let result) where result.verdict.outcome == .failed:
                    ProgressLine.show(
                        SummaryTable.progressLine(index: index, total: total, id: result.info.id) + " FAILED")
                    if ProgressLine.isTerminal { FileHandle.standardError.write(Data("\n".utf8)) }
                case .finished:
                    break
                }
            }
            ProgressLine.clear()
            let status = try self.reports.finish(results, suiteName: "tcnet conformance host \(target)")
            if status != 0 { throw ExitCode(status) }
        }
    }
}
