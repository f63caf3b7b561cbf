import Foundation
import ScreenKit

/// `tcnet play`: a local game on this terminal.
public enum PlayApp {
    /// Plays until the player quits.
    /// - Parameters:
    ///   - game: the game's core.
    ///   - voice: speaks the words the game asks for (hear and type), into WAV bytes.
    public static func run<S: GameScreen>(
        _ game: LocalGame<S>, voice: (@Sendable (String) -> [UInt8]?)? = nil
    ) async throws {
        let player = SoundPlayer()
        _ = try await ScreenLoop.run(game) { game, event, now in
            defer {
                if let text = game.takeSpeech() {
                    if let wave = voice?(text) {
                        if let problem = player.play(wave) { game.warn(problem) }
                    } else {
                        game.warn("This machine cannot speak the word: install espeak-ng")
                    }
                }
            }
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
