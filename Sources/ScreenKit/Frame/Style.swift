/// What a piece of the screen is, so the terminal can colour it; the text alone must still read.
///
/// NB: styles name roles, not colours: the terminal shell picks the colours, and decides how each
/// role looks without colour (NO_COLOR or a terminal without colours). A game's own pieces are
/// ``Tile``s, named by the colour the game's seed gave them (Tax Collection: banks grey, treasuries
/// orange, collections purple, the selected bank red).
public enum Style: Sendable, Hashable {
    /// Ordinary text.
    case plain
    /// The title bar.
    case title
    /// What the animation points at.
    case focus
    /// The turn flag.
    case turnFlag
    /// A warning from the rules or the host.
    case warning
    /// Good news: the winner, a rematch.
    case good
    /// Less important text.
    case dim
    /// A key name in the help line.
    case key
    /// A piece of a game's board, in the colour the game asks for.
    case tile(Tile)

    /// Every style, for documentation and tests.
    public static let allCases: [Style] =
        [.plain, .title, .focus, .turnFlag, .warning, .good, .dim, .key] + Tile.allCases.map(Style.tile)
}

/// The colours a game's pieces may have.
public enum Tile: Sendable, Hashable, CaseIterable {
    /// Dark grey (Tax Collection's banks).
    case grey
    /// Red, the colour of a choice (Tax Collection's selected bank). Stressed without colour.
    case red
    /// Orange (Tax Collection's treasuries).
    case orange
    /// Purple (Tax Collection's collections).
    case purple
    /// Green (a card table's felt).
    case green
    /// Blue.
    case blue
    /// White with dark text (dice, bills).
    case white
}
