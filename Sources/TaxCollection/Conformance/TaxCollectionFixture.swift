import Conformance
import GameKit
import Protocol
import TaxCollectionRules

/// Tax Collection's part of `tcnet conformance`: its match cases against a host, and the match the
/// client suite plays with a client.
public enum TaxCollectionFixture {
    /// The fixture.
    public static let fixture = GameFixture(
        game: GameInfo(
            id: TaxCollectionGame.descriptor.id, name: TaxCollectionGame.descriptor.name,
            seats: TaxCollectionGame.descriptor.seats, ruleSets: TaxCollectionGame.descriptor.ruleSets,
            bots: TaxCollectionGame.descriptor.bots),
        clientTableSeats: ["A", "B"], hostCases: MatchCases.all,
        playClientMatch: { conversation, playing in await ClientMatchScript.play(conversation, playing: playing) })
}
