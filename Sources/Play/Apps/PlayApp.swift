import Board
import Foundation
import TaxCollectionRules

/// `tcnet play`: the local game on this terminal.
public enum PlayApp {
    /// Plays until the player quits.
    /// - Parameter game: the game's core.
    public static func run(_ game: LocalGame) async throws {
        _ = try await ScreenLoop.run(game) { game, event, now in
            switch event {
            case .terminal(.keys(let keys)):
                for key in keys where game.press(key) { return (false, true) }
                return (true, false)
            case .terminal(.closed): return (false, true)
            case .terminal(.resized): return (true, false)
            case .tick: return (game.tick(now: now), false)
            case .session: return (false, false)
            }
        } draw: { game, width, height in
            BoardRenderer.frame(of: game.board, width: width, height: height)
        }
    }
}
