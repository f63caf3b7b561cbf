import GameKit
import NIOCore
import NIOPosix
import Protocol

/// The load generator of `tcnet bench net`: many matches at once of a two-seat game, each between two
/// real TCP clients whose bots play as fast as the turn flags allow.
///
/// Each match's first seat creates a table and hands its id to the second in-process; both sit, wait at a
/// common start line, say `ready`, and play, asking for a rematch after every game, until the plan
/// says stop. Every state is checked by the client's own mirror of the match.
public enum NetLoad {
    /// What a whole load measured.
    public struct Result: Sendable {
        /// Everything counted, all matches together.
        public var tally: NetLoadTally
        /// The time the counted moves were played in: the plan's duration, or from the start line
        /// to the last game's end.
        public var elapsed: Duration
        /// The CPU time used over the measured time, when the load was given a meter.
        public var cpu: CPUWindow?
    }

    /// Seat A hands the table it created to seat B; nothing comes when A failed first.
    typealias TableHandoff = AsyncStream<TableID>

    /// Plays the plan against a running host.
    /// - Parameters:
    ///   - plan: the host, the number of matches, and when to stop.
    ///   - game: the game played, with two seats (the plan's bot plays both).
    ///   - group: the event loops of the clients' connections.
    ///   - meter: reads the CPU time used so far, at the start line and at the end of the measured time.
    /// - Returns: the counts, the round trips and the time they were played in.
    public static func run<G: Game>(
        _ plan: NetLoadPlan, game: G.Type, group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton,
        meter: (@Sendable () -> CPUSample)? = nil
    ) async -> Result {
        precondition(G.descriptor.seatCounts.contains(2), "the load plays two-seat matches")
        let startLine = StartLine(expected: 2 * plan.matches)
        let finished = await withTaskGroup(of: Finished.self) { tasks in
            for index in 0..<plan.matches {
                tasks.addTask {
                    .match(await Self.playMatch(index, game: game, plan: plan, startLine: startLine, group: group))
                }
            }
            tasks.addTask { await Self.watchdog(plan, startLine: startLine) }
            if let meter {
                tasks.addTask { await Self.meterWindow(plan, startLine: startLine, meter: meter) }
            }
            var total = NetLoadTally()
            var running = plan.matches
            var end = ContinuousClock.now
            var window: (start: CPUSample?, end: CPUSample?, atFinish: CPUSample?) = (nil, nil, nil)
            for await outcome in tasks {
                switch outcome {
                case .match(let tally):
                    total.absorb(tally)
                    running -= 1
                    end = .now
                    if running == 0 {
                        // NB: with --games the window ends with the last game, as `elapsed` does.
                        window.atFinish = meter?()
                        tasks.cancelAll()
                    }
                case .meter(let start, let end):
                    window.start = start
                    window.end = end
                case .watchdogFired:
                    total.noteError("the load did not stop in time; \(running) matches were cut off")
                    tasks.cancelAll()
                case .watchdogCancelled:
                    break
                }
            }
            let cpu = window.start.flatMap { start in
                (window.end ?? window.atFinish).map { CPUWindow(start: start, end: $0) }
            }
            return (total, end, cpu)
        }
        let elapsed: Duration
        switch plan.stop {
        case .after(let duration):
            elapsed = duration
        case .games:
            elapsed = await startLine.startedAt.map { $0.duration(to: finished.1) } ?? .zero
        }
        return Result(tally: finished.0, elapsed: elapsed, cpu: finished.2)
    }

    private enum Finished: Sendable {
        case match(NetLoadTally)
        case watchdogFired
        case watchdogCancelled
        /// The meter at the start line, and at the end of a fixed duration (`nil` for a number of games).
        case meter(start: CPUSample, end: CPUSample?)
    }

    /// Reads the meter at the start line and, for a load of fixed duration, when the duration is over.
    private static func meterWindow(
        _ plan: NetLoadPlan, startLine: StartLine, meter: @Sendable () -> CPUSample
    ) async -> Finished {
        guard let start = await startLine.started() else { return .watchdogCancelled }
        let first = meter()
        guard case .after(let duration) = plan.stop else { return .meter(start: first, end: nil) }
        do {
            try await Task.sleep(until: start + duration, clock: .continuous)
        } catch {
            return .meter(start: first, end: nil)
        }
        return .meter(start: first, end: meter())
    }

    /// Cuts the load off when matches hang: a minute to set up, then the duration and some slack.
    private static func watchdog(_ plan: NetLoadPlan, startLine: StartLine) async -> Finished {
        let budget: Duration
        switch plan.stop {
        case .after(let duration): budget = .seconds(60) + duration + .seconds(15)
        case .games(let games): budget = .seconds(60) + .seconds(games) * 10
        }
        do {
            try await Task.sleep(for: budget)
            return .watchdogFired
        } catch {
            return .watchdogCancelled
        }
    }

    /// Plays one match's two seats; when one fails, the other is cancelled.
    static func playMatch<G: Game>(
        _ index: Int, game: G.Type, plan: NetLoadPlan, startLine: StartLine, group: any EventLoopGroup
    ) async -> NetLoadTally {
        let (first, second) = (G.descriptor.seats[0], G.descriptor.seats[1])
        let (handoff, handoffContinuation) = TableHandoff.makeStream()
        return await withTaskGroup(of: SeatOutcome.self) { seats in
            seats.addTask {
                var seat = SeatRun<G>(index: index, seat: first, plan: plan, startLine: startLine)
                return await seat.run(group: group, creating: handoffContinuation)
            }
            seats.addTask {
                var seat = SeatRun<G>(index: index, seat: second, plan: plan, startLine: startLine)
                return await seat.run(group: group, joining: handoff)
            }
            var total = NetLoadTally()
            for await outcome in seats {
                total.absorb(outcome.tally)
                if outcome.failed { seats.cancelAll() }
            }
            return total
        }
    }
}

/// What one seat of a match brought back.
struct SeatOutcome: Sendable {
    var tally: NetLoadTally
    var failed: Bool
}
