import Testing

@testable import Peer

/// The CPU time a benchmark reports per move: read out of `/proc/PID/stat` and divided by the moves.
@Suite("Bench: process CPU time")
struct ProcessCPUTests {
    @Test("utime and stime are fields 14 and 15, counted after a command name with spaces and parentheses")
    func parsesStat() {
        let line = "4242 (tc net (host)) S 1 4242 4242 0 -1 4194560 900 0 0 0 250 50 0 0 20 0 9 0 100 0 0"
        #expect(ProcessCPU.parseStat(line, ticksPerSecond: 100) == .seconds(3))
        #expect(ProcessCPU.parseStat("4242 (cut) S 1 2", ticksPerSecond: 100) == nil)
        #expect(ProcessCPU.parseStat("no parentheses", ticksPerSecond: 100) == nil)
    }

    @Test("this process's own time is read, and another live process's too")
    func readsLiveProcesses() {
        #expect(ProcessCPU.own > .zero)
        #expect(ProcessCPU.time(of: 1) != nil)
        #expect(ProcessCPU.time(of: -1) == nil)
    }

    @Test("a window divides each process's time by the moves; no host process or no moves give nil")
    func windowPerMove() {
        let window = CPUWindow(
            start: CPUSample(host: .milliseconds(100), client: .milliseconds(10)),
            end: CPUSample(host: .milliseconds(350), client: .milliseconds(60)))
        #expect(window.hostMicrosPerMove(moves: 1_000) == 250)
        #expect(window.clientMicrosPerMove(moves: 1_000) == 50)
        #expect(window.hostMicrosPerMove(moves: 0) == nil)
        let blind = CPUWindow(start: CPUSample(host: nil, client: .zero), end: CPUSample(host: nil, client: .zero))
        #expect(blind.hostMicrosPerMove(moves: 10) == nil)
    }
}
