import Foundation
import ScreenKit
import Terminal

/// `tcnet play`: a local game on this terminal.
public enum PlayApp {
    /// The screen shown: the names first (when some must be asked), then the game.
    enum Stage<S: GameScreen>: Sendable {
        case naming(NamePrompt)
        case playing(LocalGame<S>)
    }

    /// Plays until the player quits.
    /// - Parameter game: the game's core.
    public static func run<S: GameScreen>(_ game: LocalGame<S>) async throws {
        try await self.run(Stage<S>.playing(game)) { _ in nil }
    }

    /// Asks for the players' names, then plays until the player quits.
    /// - Parameters:
    ///   - prompt: the questions.
    ///   - start: makes the game from the names given, in the order of the questions.
    public static func run<S: GameScreen>(
        asking prompt: NamePrompt, start: @escaping @Sendable ([String]) -> LocalGame<S>?
    ) async throws {
        try await self.run(Stage<S>.naming(prompt), start: start)
    }

    private static func run<S: GameScreen>(
        _ stage: Stage<S>, start: @escaping @Sendable ([String]) -> LocalGame<S>?
    ) async throws {
        _ = try await ScreenLoop.run(stage) { stage, event, now in
            switch (stage, event) {
            case (.naming(var prompt), .terminal(.keys(let keys))):
                for key in keys {
                    switch prompt.press(key) {
                    case .asking: continue
                    case .quit: return (false, true)
                    case .done(let names):
                        guard var game = start(names) else { return (false, true) }
                        game.terminalSize = Self.size
                        stage = .playing(game)
                        return (true, false)
                    }
                }
                stage = .naming(prompt)
                return (true, false)
            case (.playing(var game), .terminal(.keys(let keys))):
                game.terminalSize = Self.size
                defer { stage = .playing(game) }
                for key in keys where game.press(key, now: now) { return (false, true) }
                return (true, false)
            case (.playing(var game), .terminal(.resized)):
                game.terminalSize = Self.size
                stage = .playing(game)
                return (true, false)
            case (.playing(var game), .tick):
                defer { stage = .playing(game) }
                return (game.tick(now: now), false)
            case (_, .terminal(.closed)):
                return (false, true)
            case (_, .terminal(.resized)):
                return (true, false)
            case (.naming, _), (.playing, .session):
                return (false, false)
            }
        } draw: { stage, width, height in
            switch stage {
            case .naming(let prompt): prompt.frame(width: width, height: height)
            case .playing(let game): game.frame(width: width, height: height)
            }
        }
    }

    static var size: TerminalSize { TerminalSize(width: RawTerminal.size.width, height: RawTerminal.size.height) }
}
