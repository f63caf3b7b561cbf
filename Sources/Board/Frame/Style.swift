/// What a piece of the screen is, so the terminal can colour it; the text alone must still read.
///
/// NB: styles name roles, not colours. The seed's colours (banks dark grey, treasuries orange,
/// collections purple, the selected bank red) are chosen by the terminal shell, which also decides
/// how each role looks without colour (NO_COLOR or a terminal without colours).
public enum Style: Sendable, Hashable, CaseIterable {
    /// Ordinary text.
    case plain
    /// The title bar.
    case title
    /// A bank (dark grey in the seed).
    case bank
    /// A selected bank (red in the seed).
    case selected
    /// A treasury (orange in the seed).
    case treasury
    /// A collection (purple in the seed).
    case collection
    /// The square the animation is at.
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
}
