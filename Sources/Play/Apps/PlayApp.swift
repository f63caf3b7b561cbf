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

    /// Speaks a text into a WAV file's bytes (hear and type), or `nil` when this machine cannot.
    public typealias Voice = @Sendable (String) -> [UInt8]?

    /// Plays until the player quits.
    /// - Parameters:
    ///   - game: the game's core.
    ///   - voice: speaks the words the game asks for.
    public static func run<S: GameScreen>(_ game: LocalGame<S>, voice: Voice? = nil) async throws {
        try await self.run(Stage<S>.playing(game), voice: voice) { _ in nil }
    }

    /// Asks for the players' names, then plays until the player quits.
    /// - Parameters:
    ///   - prompt: the questions.
    ///   - start: makes the game from the names given, in the order of the questions.
    ///   - voice: speaks the words the game asks for.
    public static func run<S: GameScreen>(
        asking prompt: NamePrompt, voice: Voice? = nil, start: @escaping @Sendable ([String]) -> LocalGame<S>?
    ) async throws {
        try await self.run(Stage<S>.naming(prompt), voice: voice, start: start)
    }

    private static func run<S: GameScreen>(
        _ stage: Stage<S>, voice: Voice?, start: @escaping @Sendable ([String]) -> LocalGame<S>?
    ) async throws {
        let player = SoundPlayer()
        _ = try await ScreenLoop.run(stage) { stage, event, now in
            defer {
                if case .playing(var game) = stage, let text = game.takeSpeech() {
                    Self.speak(text, in: &game, voice: voice, player: player)
                    stage = .playing(game)
                }
            }
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

    /// Plays a word the game speaks, or says on the screen why it cannot.
    static func speak<S: GameScreen>(_ text: String, in game: inout LocalGame<S>, voice: Voice?, player: SoundPlayer) {
        guard let wave = voice?(text) else {
            game.warn("This machine cannot speak the word: install espeak-ng")
            return
        }
        if let problem = player.play(wave) { game.warn(problem) }
    }

    static var size: TerminalSize { TerminalSize(width: RawTerminal.size.width, height: RawTerminal.size.height) }
}
