import Foundation

/// A real tmux session of 80x24 running a command, driven as a person would: keys in, screen out.
public final class TmuxSession: Sendable {
    /// Whether tmux is installed.
    public static var isAvailable: Bool {
        (try? Self.tmux(["-V"])) != nil
    }

    /// The session's name.
    public let name: String
    private let socket: String

    /// Starts a session running `command` in a shell.
    /// - Parameters:
    ///   - command: the shell command line.
    ///   - environment: extra variables for it.
    public init(_ command: String, environment: [String: String] = [:]) throws {
        self.name = "tcnet-test-\(UUID().uuidString.prefix(8))"
        // NB: a socket of its own, so the tests never touch a tmux server a person is using.
        self.socket = FileManager.default.temporaryDirectory.appendingPathComponent("\(self.name).sock").path
        let exports = environment.map { "export \($0.key)='\($0.value)'; " }.joined()
        try Self.tmux(["-S", self.socket, "new-session", "-d", "-s", self.name, "-x", "80", "-y", "24", exports + command])
        _ = try? Self.tmux(["-S", self.socket, "set-option", "-t", self.name, "remain-on-exit", "on"])
    }

    /// Types keys (tmux key names: "Down", "Escape", "C-c", or text).
    public func send(_ keys: String...) throws {
        try Self.tmux(["-S", self.socket, "send-keys", "-t", self.name] + keys)
    }

    /// The screen, as text.
    public func screen() throws -> String {
        try Self.tmux(["-S", self.socket, "capture-pane", "-p", "-t", self.name])
    }

    /// Waits until the screen satisfies `condition`, and returns it.
    public func waitForScreen(timeout: Duration = .seconds(20), _ condition: (String) -> Bool) async throws -> String {
        let deadline = ContinuousClock.now + timeout
        var last = ""
        while ContinuousClock.now < deadline {
            last = (try? self.screen()) ?? last
            if condition(last) { return last }
            try await Task.sleep(for: .milliseconds(30))
        }
        throw TmuxError.timedOut(screen: last)
    }

    /// Ends the session and its server.
    public func kill() {
        _ = try? Self.tmux(["-S", self.socket, "kill-server"])
        try? FileManager.default.removeItem(atPath: self.socket)
    }

    @discardableResult
    static func tmux(_ arguments: [String]) throws -> String {
        // NB: blocking, but short (tmux answers at once); tests call it between awaits.
        // NB: through system(3), not Foundation's Process: the tmux server that new-session forks keeps
        // whatever Process shares with its child, and waiting on it never ends.
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("tmux-out-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: file) }
        let quoted = arguments.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
        let status = system("tmux \(quoted) >'\(file.path)' 2>/dev/null </dev/null")
        guard status == 0 else { throw TmuxError.failed(arguments) }
        return (try? String(contentsOf: file, encoding: .utf8)) ?? ""
    }
}

/// tmux did not do what was asked.
public enum TmuxError: Error, CustomStringConvertible {
    case failed([String])
    case timedOut(screen: String)

    public var description: String {
        switch self {
        case .failed(let arguments): "tmux \(arguments.joined(separator: " ")) failed"
        case .timedOut(let screen): "the screen never showed what was expected; it shows:\n\(screen)"
        }
    }
}
