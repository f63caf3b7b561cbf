/// A screen that needs neither a game nor a host (a tool, like `tcnet tip`): keys go in, a frame comes
/// out. The terminal shell (`Play`'s `ToolApp`) runs it as it runs a game's screen.
public protocol ToolScreen: Sendable {
    /// A key from the user.
    /// - Returns: whether to stop.
    mutating func press(_ key: Key) -> Bool

    /// The screen, drawn for a terminal of this size.
    func frame(width: Int, height: Int) -> Frame
}
