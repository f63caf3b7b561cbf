import Conformance
import GameKit
import Protocol
import WhichBillRules

/// WhichBill's part of `tcnet conformance`: its host cases, and the session the client suite plays with a
/// client.
public enum WhichBillFixture {
    /// The fixture.
    public static let fixture = GameFixture(
        game: GameInfo(
            id: WhichBillGame.descriptor.id, name: WhichBillGame.descriptor.name, seats: WhichBillGame.descriptor.seats,
            ruleSets: WhichBillGame.descriptor.ruleSets, bots: WhichBillGame.descriptor.bots),
        clientTableSeats: [WhichBillGame.seat], hostCases: SessionCases.all,
        playClientMatch: { conversation, playing in await ClientSessionScript.play(conversation, playing: playing) })
}
