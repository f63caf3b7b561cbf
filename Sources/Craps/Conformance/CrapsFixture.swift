import Conformance
import CrapsRules
import GameKit
import Protocol

/// Craps's part of `tcnet conformance`: its cases against a host, and the match the client suite plays
/// with a client (with lying dice a correct client must catch).
public enum CrapsFixture {
    /// The client cases the Craps match decides.
    public static let clientCases: [CaseInfo] = [
        ClientSuite.info(
            "client.lying-dice",
            "a deciding roll reveals a secret that does not match the period's commitment: the client sends sync",
            ["G-11", "G-12"]),
        ClientSuite.info(
            "client.loaded-dice",
            "a roll the revealed secret does not give (the state's hash consistent with it): at the reveal the "
                + "client sends sync",
            ["G-11", "G-13"]),
    ]

    /// The fixture.
    public static let fixture = GameFixture(
        game: GameInfo(
            id: CrapsGame.descriptor.id, name: CrapsGame.descriptor.name, seats: CrapsGame.descriptor.seats,
            ruleSets: CrapsGame.descriptor.ruleSets, minSeats: CrapsGame.descriptor.seatCounts.lowerBound,
            maxSeats: CrapsGame.descriptor.seatCounts.upperBound, defaultSeats: CrapsGame.descriptor.defaultSeatCount,
            bots: CrapsGame.descriptor.bots, simultaneous: true),
        clientTableSeats: ["P1", "P2"], hostCases: CrapsCases.all, clientCases: Self.clientCases,
        playClientMatch: { conversation, playing in await ClientMatchScript.play(conversation, playing: playing) })
}
