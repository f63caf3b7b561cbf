import Foundation
import Peer
import Protocol
import ScreenKit

/// `tcnet join` and `tcnet watch` on a terminal: the lobby, then the table's screen, over a
/// ``ClientSession``.
public enum JoinApp {
    /// Runs the screen until the player quits or the session ends.
    /// - Parameters:
    ///   - client: the core.
    ///   - session: the session, not yet running.
    /// - Returns: a line to print once the terminal is restored, if any.
    public static func run(_ client: TableClient, session: ClientSession) async throws -> String? {
        let running = Task { await session.run() }
        var farewell: String?
        let player = SoundPlayer()
        _ = try await ScreenLoop.run(client, session: session) { client, event, now in
            var commands: [TableClient.Command] = []
            switch event {
            case .terminal(.keys(let keys)):
                for key in keys { commands += client.press(key) }
            case .terminal(.closed):
                commands = [.quit(nil)]
            case .terminal(.resized):
                break
            case .tick:
                return (client.tick(now: now), false)
            case .session(.connected(let welcome)):
                commands = client.connected(welcome)
            case .session(.message(let envelope)):
                commands = client.receive(envelope)
            case .session(.reconnecting(let attempt, _)):
                client.reconnecting(attempt: attempt)
            case .session(.ended(let reason)):
                farewell = reason == "closed" ? farewell : reason
                return (false, true)
            }
            for command in commands {
                switch command {
                case .send(let message):
                    if await session.send(message) == nil { client.notSent(message) }
                case .quit(let line):
                    farewell = line
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
        running.cancel()
        return farewell
    }
}
