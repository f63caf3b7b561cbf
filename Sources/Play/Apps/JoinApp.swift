import Foundation
import Peer
import Protocol
import ScreenKit
import TaxCollection
import Terminal

/// `tcnet join` and `tcnet watch` on a terminal: the lobby, then the table's screen, over a
/// ``ClientSession``.
///
/// NB: the screen opens only once the host said `welcome`: a host that cannot be reached, or that
/// refuses the name, gets one plain line on a terminal left as it was.
public enum JoinApp {
    /// How the program ended.
    public enum Ending: Sendable, Equatable {
        /// The player quit; a line to print, if any.
        case done(String?)
        /// The host refused (the greeting, or the session: `session-replaced`).
        case refused(ErrorMessage)
        /// What was asked cannot be done (no table to watch, no such table).
        case failed(String)
        /// The host could not be reached, or was lost and did not come back.
        case unreachable(String)
    }

    /// Where the session's resume token is kept between runs.
    public struct Memory: Sendable {
        /// The store.
        public var store: ResumeStore
        /// The host's address and port, as the player gave them.
        public var host: String
        public var port: Int

        /// Describes where to keep the token.
        public init(store: ResumeStore, host: String, port: Int) {
            self.store = store
            self.host = host
            self.port = port
        }
    }

    /// Runs the screen until the player quits or the session ends.
    /// - Parameters:
    ///   - client: the core.
    ///   - session: the session, not yet running.
    ///   - memory: where to keep the resume token, or `nil` to keep none (a watcher).
    /// - Returns: how it ended.
    public static func run(_ client: TableClient, session: ClientSession, memory: Memory? = nil) async throws -> Ending
    {
        let running = Task { await session.run() }
        defer { running.cancel() }
        var client = client
        let player = SoundPlayer()
        var first = session.events.makeAsyncIterator()
        let opening = await first.next()
        guard case .connected(let welcome)? = opening else {
            // NB: before welcome the only event a session sends is its end.
            if case .ended(let end)? = opening { return Self.ending(end) }
            return .unreachable("the session ended before the host said welcome")
        }
        var note: String?
        do {
            try memory?.store.save(
                welcome.resumeToken, host: memory?.host ?? "", port: memory?.port ?? 0, name: welcome.name)
        } catch {
            note = "\(error); a restarted client will not take the seat back by itself"
        }
        var ending = Ending.done(nil)
        var opened = client.connected(welcome)
        // NB: the terminal is left alone until there is something to show, so a table that cannot be
        // watched is one line, not a screen that flashes.
        while true {
            for command in opened {
                switch command {
                case .send(let message):
                    if await session.send(message) == nil { client.notSent(message) }
                case .quit(let line): return .done(line)
                case .fail(let line): return .failed(line)
                case .play(let clip):
                    if let problem = player.play(base64: clip.data) { client.warn(problem) }
                }
            }
            guard !client.hasScreen else { break }
            switch await first.next() {
            case .message(let envelope)?: opened = client.receive(envelope)
            case .connected(let again)?:
                try? memory?.store.save(
                    again.resumeToken, host: memory?.host ?? "", port: memory?.port ?? 0, name: again.name)
                opened = client.connected(again)
            case .reconnecting?: opened = []
            case .ended(let end)?: return Self.ending(end)
            case nil: return .unreachable("the session ended")
            }
        }
        if let note { client.note(note) }
        _ = try await ScreenLoop.run(client, session: session) { client, event, now in
            var commands: [TableClient.Command] = []
            switch event {
            case .terminal(.keys(let keys)):
                client.terminalSize = TerminalSize(width: RawTerminal.size.width, height: RawTerminal.size.height)
                for key in keys { commands += client.press(key) }
            case .terminal(.closed):
                commands += [.quit(nil)]
            case .terminal(.resized):
                client.terminalSize = TerminalSize(width: RawTerminal.size.width, height: RawTerminal.size.height)
            case .tick:
                return (client.tick(now: now), false)
            case .session(.connected(let welcome)):
                try? memory?.store.save(
                    welcome.resumeToken, host: memory?.host ?? "", port: memory?.port ?? 0, name: welcome.name)
                commands += client.connected(welcome)
            case .session(.message(let envelope)):
                commands += client.receive(envelope)
            case .session(.reconnecting(let attempt, _)):
                client.reconnecting(attempt: attempt)
            case .session(.ended(let end)):
                ending = Self.ending(end)
                return (false, true)
            }
            for command in commands {
                switch command {
                case .send(let message):
                    if await session.send(message) == nil { client.notSent(message) }
                case .quit(let line):
                    ending = .done(line)
                    if client.seat == nil, let memory {
                        // NB: nothing to come back to: the host forgets a player without a seat.
                        memory.store.remove(host: memory.host, port: memory.port, name: client.lobby.playerName)
                    }
                    return (false, true)
                case .fail(let line):
                    ending = .failed(line)
                    return (false, true)
                case .play(let clip):
                    if let problem = player.play(base64: clip.data) { client.warn(problem) }
                }
            }
            return (true, false)
        } draw: { client, width, height in
            client.frame(width: width, height: height)
        }
        await session.close()
        return ending
    }

    /// The first event of a session that never said welcome, as an ending.
    public static func ending(_ end: SessionEnd) -> Ending {
        switch end {
        case .closed: .done(nil)
        case .refused(let error): .refused(error)
        case .unreachable(let why), .lost(let why): .unreachable(why)
        }
    }
}
