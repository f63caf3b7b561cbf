import Foundation
import Peer
import Protocol
import ScreenKit
import Terminal

/// What a screen reacts to.
public enum LoopEvent: Sendable {
    case terminal(TerminalInput)
    case tick
    case session(ClientSession.SessionEvent)
}

/// The thin terminal shell every screen runs in: raw mode, the keys thread, SIGWINCH, a clock tick,
/// the host's messages, one loop that hands each of them to the pure core and redraws when asked.
enum ScreenLoop {
    /// Runs a screen until `handle` says stop; the terminal is restored on return (and on signals).
    /// - Parameters:
    ///   - state: the screen's core.
    ///   - session: the host session whose events to forward, if any.
    ///   - tick: the clock tick.
    ///   - handle: takes an event and the clock (seconds); returns whether to redraw and whether to stop.
    ///   - draw: the frame for a size.
    /// - Returns: the final state.
    static func run<State>(
        _ state: State, session: ClientSession? = nil, tick: Duration = .milliseconds(50),
        handle: (inout State, LoopEvent, Double) async -> (redraw: Bool, stop: Bool),
        draw: (State, Int, Int) -> Frame
    ) async throws -> State {
        var state = state
        let palette = Palette.detect(environment: ProcessInfo.processInfo.environment)
        let (events, inbox) = AsyncStream.makeStream(of: LoopEvent.self, bufferingPolicy: .unbounded)
        try RawTerminal.enter()
        defer { RawTerminal.restore() }
        RawTerminal.startInput { inbox.yield(.terminal($0)) }
        let ticker = Task {
            while !Task.isCancelled {
                try? await Task.sleep(for: tick)
                inbox.yield(.tick)
            }
        }
        let forwarder = Task {
            guard let session else { return }
            for await event in session.events { inbox.yield(.session(event)) }
        }
        defer {
            ticker.cancel()
            forwarder.cancel()
        }
        let start = ContinuousClock.now
        func paint(_ state: State) {
            let (width, height) = RawTerminal.size
            RawTerminal.write(FramePainter.paint(draw(state, width, height), palette: palette))
        }
        paint(state)
        for await event in events {
            let elapsed = ContinuousClock.now - start
            let now = elapsed.inSeconds
            if case .terminal(.resized) = event { RawTerminal.write("\u{1B}[2J") }
            let outcome = await handle(&state, event, now)
            if outcome.stop { break }
            if outcome.redraw || { if case .terminal(.resized) = event { true } else { false } }() {
                paint(state)
            }
        }
        return state
    }
}
