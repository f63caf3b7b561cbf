import Foundation
import ScreenKit

/// `tcnet play`: a local game on this terminal.
public enum PlayApp {
    /// Plays until the player quits.
    /// - Parameter game: the game's core.
    public static func run<S: GameScreen>(_ game: LocalGame<S>) async throws {
        _ = try await ScreenLoop.run(game) { game, event, now in
            switch event {
            case .terminal(.keys(let keys)):
                for key in keys where game.press(key, now: now) { return (false, true) }
                return (true, false)
            case .terminal(.closed): return (false, true)
            case .terminal(.resized): return (true, false)
            case .tick: return (game.tick(now: now), false)
            case .session: return (false, false)
            }
        } draw: { game, width, height in
            game.screen.frame(width: width, height: height)
        }
    }
}
