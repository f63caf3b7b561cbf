import Conformance
import GameKit
import Protocol
import SpellingRules

/// The spelling games' part of `tcnet conformance`: the host never sends an answer before it is
/// answered (checked on the bytes of every frame, for the student and a spectator), and the client
/// suite's table.
public enum SpellingFixture {
    /// The fixture.
    public static let fixture = GameFixture(
        game: GameInfo(
            id: SpellingGame.descriptor.id, name: SpellingGame.descriptor.name, seats: SpellingGame.descriptor.seats,
            ruleSets: SpellingGame.descriptor.ruleSets),
        clientTableSeats: ["S"], hostCases: SpellingCases.all,
        playClientMatch: { conversation, playing in await SpellingClientScript.play(conversation, playing: playing) })
}
