import GameKit
import Lobby
import Play
import TaxCollection
import ScreenKit
import TaxCollectionRules

/// The classroom's games, for the host, the clients and the tools.
///
/// NB: adding a game is one line in ``Classroom/screens`` (its screen names its rules); the other
/// catalogues are derived from it (docs/GAMES.md).
public enum Classroom {
    /// Every game's screen, in the order `welcome` lists the games.
    public static let screens: [any GameScreen.Type] = [
        TaxCollectionScreen.self
    ]
}

extension GameCatalog {
    /// The games the host offers.
    public static let classroom = GameCatalog(Classroom.screens.map { $0.gameType })
}

extension ScreenCatalog {
    /// The screens `tcnet join`, `tcnet watch` and `tcnet play` show.
    public static let classroom = ScreenCatalog(Classroom.screens)
}

extension BotCatalog {
    /// The games `tcnet join --bot` plays.
    public static let classroom = BotCatalog(Classroom.screens.map { $0.gameType })
}
