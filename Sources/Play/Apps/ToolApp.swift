import ScreenKit

/// A tool on this terminal (`tcnet tip`): no game, no host.
public enum ToolApp {
    /// Runs the screen until it says stop, or the terminal closes.
    /// - Parameter screen: the tool's screen model.
    /// - Returns: the screen as it was left.
    @discardableResult
    public static func run<S: ToolScreen>(_ screen: S) async throws -> S {
        try await ScreenLoop.run(screen) { screen, event, _ in
            switch event {
            case .terminal(.keys(let keys)):
                for key in keys where screen.press(key) { return (false, true) }
                return (true, false)
            case .terminal(.closed): return (false, true)
            case .terminal(.resized): return (true, false)
            case .tick, .session: return (false, false)
            }
        } draw: { screen, width, height in
            screen.frame(width: width, height: height)
        }
    }
}
