import Conformance
import Craps
import GameKit
import Lobby
import Play
import ScreenKit
import Spelling
import TaxCollection
import WhichBill

/// The classroom's games, for the host, the clients, the conformance suite and the tools.
///
/// NB: adding a game is one line in ``Classroom/games``: its screen (which names its rules) and its
/// conformance fixture, both from the game's plug-in module. Every catalogue derives from it
/// (docs/GAMES.md).
public enum Classroom {
    /// One game: its screen and its fixture.
    public struct Entry: Sendable {
        /// The game's terminal screen; its `G` is the game.
        public let screen: any GameScreen.Type
        /// The game's part of the conformance suite.
        public let fixture: GameFixture
        /// The game as the host's catalogue holds it, its matches' code compiled for it here.
        public let catalogEntry: GameCatalog.Entry

        init<S: GameScreen>(_ screen: S.Type, _ fixture: GameFixture) {
            self.screen = screen
            self.fixture = fixture
            self.catalogEntry = GameCatalog.Entry(S.G.self)
        }

        /// The game.
        public var game: any Game.Type { self.screen.gameType }
    }

    /// Every game, in the order `welcome` lists them.
    public static let games: [Entry] = [
        Entry(TaxCollectionScreen.self, TaxCollectionFixture.fixture),
        Entry(CrapsScreen.self, CrapsFixture.fixture),
        Entry(WhichBillScreen.self, WhichBillFixture.fixture),
        Entry(SpellingScreen.self, SpellingFixture.fixture),
    ]

    /// The conformance fixtures, in order.
    public static var fixtures: [GameFixture] { Self.games.map(\.fixture) }

    /// The fixture of a game.
    public static func fixture(_ id: String) -> GameFixture? {
        Self.games.first { $0.game.descriptor.id == id }?.fixture
    }
}

extension GameCatalog {
    /// The games the host offers.
    public static let classroom = GameCatalog(Classroom.games.map(\.catalogEntry))
}

extension ScreenCatalog {
    /// The screens `tcnet join`, `tcnet watch` and `tcnet play` show.
    public static let classroom = ScreenCatalog(Classroom.games.map { $0.screen })
}

extension BotCatalog {
    /// The games `tcnet join --bot` plays.
    public static let classroom = BotCatalog(Classroom.games.map { $0.game })
}

extension HostSuite {
    /// Every host case, with every game of the classroom.
    public static var classroom: [HostCase] { Self.cases(games: Classroom.fixtures) }

    /// The host cases that apply over a transport, with every game of the classroom.
    public static func classroom(over transport: HostTarget.Transport) -> [HostCase] {
        Self.cases(games: Classroom.fixtures, over: transport)
    }
}

extension ClientSuite {
    /// Every client case, with every game's own.
    public static var classroom: [CaseInfo] { Self.commonCases + Classroom.fixtures.flatMap(\.clientCases) }
}
