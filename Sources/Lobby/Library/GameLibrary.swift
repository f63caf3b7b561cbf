import GameKit

/// The content a host keeps for its games (a teacher's word lists), which tables name by their library
/// options (``GameOption/Kind/library(builtIn:default:)``).
///
/// NB: a lookup, not a copy: the host's library reads its store, so a list imported while the host runs
/// is offered at once. The lobby asks only when a table is created, then journals the rows with it.
public struct GameLibrary: Sendable {
    private let lookup: @Sendable (_ game: String, _ name: String) -> GameContent?
    private let listing: @Sendable (_ game: String) -> [String]

    /// A library.
    /// - Parameters:
    ///   - content: the content of a game's name, if the host holds it.
    ///   - names: the names the host holds for a game, sorted.
    public init(
        content: @escaping @Sendable (_ game: String, _ name: String) -> GameContent?,
        names: @escaping @Sendable (_ game: String) -> [String]
    ) {
        self.lookup = content
        self.listing = names
    }

    /// A library of fixed content, by game and name (tests, `tcnet play`).
    public init(_ content: [String: [String: GameContent]]) {
        self.init(content: { content[$0]?[$1] }, names: { content[$0]?.keys.sorted() ?? [] })
    }

    /// A library that holds nothing: only the games' built-in content.
    public static let empty = GameLibrary([:])

    /// The content of a name.
    public func content(game: String, name: String) -> GameContent? { self.lookup(game, name) }

    /// The names held for a game.
    public func names(game: String) -> [String] { self.listing(game) }
}
