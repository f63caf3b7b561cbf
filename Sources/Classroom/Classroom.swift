import Lobby
import TaxCollectionRules

extension GameCatalog {
    /// The games of the classroom, in the order `welcome` lists them.
    ///
    /// NB: the one line a new game adds (docs/GAMES.md).
    public static let classroom = GameCatalog([TaxCollectionGame.self])
}
