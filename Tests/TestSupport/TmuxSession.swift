import Foundation

#if canImport(Glibc)
    import Glibc
#endif

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
        try Self.tmux([
            "-S", self.socket, "new-session", "-d", "-s", self.name, "-x", "80", "-y", "24", exports + command,
        ])
        _ = try? Self.tmux(["-S", self.socket, "set-option", "-t", self.name, "remain-on-exit", "on"])
    }

    /// Types keys (tmux key names: "Down", "Escape", "C-c", or text).
    public func send(_ keys: String...) throws {
        try Self.tmux(["-S", self.socket, "send-keys", "-t", self.name] + keys)
    }

    /// The process id of the pane's command (the command itself when it was started with `exec`).
    public func panePID() throws -> Int32 {
        let text = try Self.tmux(["-S", self.socket, "display-message", "-p", "-t", self.name, "#{pane_pid}"])
        guard let pid = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw TmuxError.failed(["display-message", "#{pane_pid}"])
        }
        return pid
    }

    /// The exit status of the pane's command once it has ended (128 + the signal for one killed by a
    /// signal), else `nil`.
    public func exitStatus() throws -> Int32? {
        let text = try Self.tmux([
            "-S", self.socket, "display-message", "-p", "-t", self.name,
            "#{pane_dead}:#{pane_dead_status}:#{pane_dead_signal}:#{pane_pid}",
        ])
        let parts = text.trimmingCharacters(in: .whitespacesAndNewlines).split(
            separator: ":", omittingEmptySubsequences: false
        ).map(String.init)
        guard parts.count == 4 else { return nil }
        if parts[0] == "1" {
            if let status = Int32(parts[1]) { return status }
            if let signal = Int32(parts[2]) { return 128 + signal }
        }
        // NB: a command that ended is a zombie until its tmux server reaps it: the kernel keeps its status.
        return Int32(parts[3]).flatMap(Self.zombieStatus)
    }

    /// The exit status of a process that ended and has not been reaped (`/proc/PID/stat`'s state Z and its
    /// exit code, field 52); `nil` for one that runs.
    public static func zombieStatus(_ pid: Int32) -> Int32? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let name = stat.lastIndex(of: ")")
        else { return nil }
        // NB: after the command's name: field 3 (the state) onwards.
        let fields = stat[stat.index(after: name)...].split(whereSeparator: \.isWhitespace)
        guard fields.first == "Z", fields.count > 49, let code = Int32(fields[49]) else { return nil }
        return code & 0x7f == 0 ? (code >> 8) & 0xff : 128 + (code & 0x7f)
    }

    /// Waits until the pane's command has ended, and returns its exit status.
    public func waitForExit(timeout: Duration = .seconds(20)) async throws -> Int32 {
        let deadline = ContinuousClock.now + timeout
        while true {
            if let status = try self.exitStatus() { return status }
            if ContinuousClock.now >= deadline { break }
            try await Task.sleep(for: .milliseconds(30))
        }
        throw TmuxError.timedOut(
            screen: "[the command did not end within \(timeout)]\n" + ((try? self.screen()) ?? "") + self.stacks())
    }

    /// The pane command's threads as gdb sees them, when gdb is installed: what a command that does not
    /// end is waiting for.
    private func stacks() -> String {
        guard let pid = try? self.panePID() else { return "" }
        // NB: the state (Z: exited, not yet reaped by tmux) and, per thread, where the kernel has it wait.
        let status =
            (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8))?
            .split(separator: "\n").first { $0.hasPrefix("State:") }.map(String.init) ?? "no process \(pid)"
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        let waits = tasks.sorted().map { task in
            let name = (try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/comm", encoding: .utf8)) ?? "?"
            let wchan = (try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/wchan", encoding: .utf8)) ?? "?"
            return "\(task) \(name.trimmingCharacters(in: .newlines)): \(wchan)"
        }
        let kernel = "\n[pid \(pid)] \(status)\n" + waits.joined(separator: "\n")
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/gdb") else { return kernel }
        let gdb = Process()
        gdb.executableURL = URL(fileURLWithPath: "/usr/bin/gdb")
        gdb.arguments = ["-batch", "-p", "\(pid)", "-ex", "thread apply all bt 15"]
        let pipe = Pipe()
        gdb.standardOutput = pipe
        gdb.standardError = FileHandle.nullDevice
        guard (try? gdb.run()) != nil else { return "" }
        let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        gdb.waitUntilExit()
        let frames = text.split(separator: "\n").filter { $0.hasPrefix("Thread") || $0.hasPrefix("#") }
        return kernel + "\n[its threads]\n" + frames.joined(separator: "\n")
    }

    /// The bytes the pane's command has read from its terminal so far: what its keys thread (named
    /// `tcnet-keys`) read, from the kernel's count (`rchar` in `/proc/PID/task/TID/io`); `nil` before it runs.
    public func keysRead() -> Int? {
        guard let pid = try? self.panePID() else { return nil }
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        for task in tasks {
            let name = (try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/comm", encoding: .utf8)) ?? ""
            guard name.trimmingCharacters(in: .newlines) == "tcnet-keys",
                let io = try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/io", encoding: .utf8),
                let line = io.split(separator: "\n").first(where: { $0.hasPrefix("rchar:") })
            else { continue }
            return Int(line.dropFirst("rchar:".count).trimmingCharacters(in: .whitespaces))
        }
        return nil
    }

    /// Waits until the pane's command's keys thread can be counted (``keysRead()``), and returns its count.
    ///
    /// NB: a wait, not one look: under load the thread may not yet carry its name, or a tmux call may fail
    /// for a moment, though the screen is already drawn.
    public func waitForKeysThread() async throws -> Int {
        try await eventually(
            "a thread named tcnet-keys in the pane's command", seconds: 40, detail: { self.stacks() }
        ) { self.keysRead() }
    }

    /// Waits until the pane's command has read `count` bytes from its terminal since `start`
    /// (``keysRead()``): the keys sent since then are in its hands, not in the terminal's queue.
    ///
    /// NB: `send-keys` returns before the program reads the keys; a resize right after could reach it first.
    public func waitForKeysRead(_ count: Int, since start: Int, timeout: Duration = .seconds(40)) async throws {
        let deadline = ContinuousClock.now + timeout
        while (self.keysRead() ?? start) < start + count {
            guard ContinuousClock.now < deadline else {
                throw TmuxError.timedOut(screen: "[\(count) bytes of keys not read]\n" + ((try? self.screen()) ?? ""))
            }
            try await Task.sleep(for: .milliseconds(5))
        }
    }

    /// Resizes the terminal, as a person dragging its window would.
    public func resize(width: Int, height: Int) throws {
        try Self.tmux(["-S", self.socket, "resize-window", "-t", self.name, "-x", "\(width)", "-y", "\(height)"])
    }

    /// The screen, as text.
    public func screen() throws -> String {
        try Self.tmux(["-S", self.socket, "capture-pane", "-p", "-t", self.name])
    }

    /// Waits until the screen satisfies `condition` and is settled (the same on a second look), and returns it.
    ///
    /// NB: capture-pane may see a frame half drawn: tmux reads a program's output in pieces, and a frame's
    /// first lines can be on the screen before its last. A screen is taken only when a second look, a moment
    /// later, finds it unchanged.
    /// - Throws: ``TmuxError/timedOut(screen:)`` naming the caller's line, and the command's exit status
    ///   when it ended (a program that leaves the alternate screen leaves an empty one).
    public func waitForScreen(
        timeout: Duration = .seconds(40), line: UInt = #line, _ condition: (String) -> Bool
    ) async throws -> String {
        let deadline = ContinuousClock.now + timeout
        var last = ""
        // NB: the screen is looked at once more after the deadline: under the whole suite's load this task may
        // be resumed long after its sleep ended.
        while true {
            last = (try? self.screen()) ?? last
            if condition(last) {
                try await Task.sleep(for: .milliseconds(15))
                let again = (try? self.screen()) ?? last
                // NB: a screen that never settles (a clock on it) is taken as it is at the deadline.
                if again == last || (ContinuousClock.now >= deadline && condition(again)) { return again }
                continue
            }
            if ContinuousClock.now >= deadline { break }
            try await Task.sleep(for: .milliseconds(30))
        }
        let ended = (try? self.exitStatus())?.map { " (the command ended with status \($0))" } ?? ""
        // NB: with the lines scrolled off the top too: a command's last words may be longer than the screen.
        let scrolled = (try? Self.tmux(["-S", self.socket, "capture-pane", "-p", "-S", "-", "-t", self.name]))
        throw TmuxError.timedOut(screen: "[waited at line \(line)\(ended)]\n" + (scrolled ?? last))
    }

    /// Ends the session and its server.
    public func kill() {
        _ = try? Self.tmux(["-S", self.socket, "kill-server"])
        try? FileManager.default.removeItem(atPath: self.socket)
    }

    @discardableResult
    static func tmux(_ arguments: [String]) throws -> String {
        // NB: blocking, but short (tmux answers at once); tests call it between awaits.
        // NB: spawned with every descriptor above stderr closed, not through Foundation's Process or
        // system(3): the tmux server that new-session forks lives on, and would keep whatever it
        // inherits open, such as a test host's accepted sockets (SwiftNIO does not make them
        // close-on-exec), so the host's close of a connection would never reach its client.
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("tmux-out-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: file) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, file.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        Self.closeFrom(3, &actions)
        let argv = (["tmux"] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        // NB: with an empty signal mask and default handlers: the thread that spawns may block signals
        // (Dispatch's threads do), and the server would inherit that and never die of kill-server.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        var all = sigset_t()
        sigemptyset(&none)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var pid: pid_t = 0
        guard posix_spawnp(&pid, "tmux", &actions, &attributes, argv, environ) == 0 else {
            throw TmuxError.failed(arguments)
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        guard status == 0 else { throw TmuxError.failed(arguments) }
        return (try? String(contentsOf: file, encoding: .utf8)) ?? ""
    }
}

extension TmuxSession {
    fileprivate typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32

    /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 and later), which Swift's Glibc module
    /// does not export: looked up at run time.
    private static let addCloseFrom: CloseFrom? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np")
        else { return nil }
        return unsafeBitCast(symbol, to: CloseFrom.self)
    }()

    /// Closes every descriptor from `first` up in the spawned process.
    fileprivate static func closeFrom(_ first: Int32, _ actions: inout posix_spawn_file_actions_t) {
        if let addCloseFrom = Self.addCloseFrom {
            _ = addCloseFrom(&actions, first)
            return
        }
        // NB: an older C library: close what is open now, one by one.
        let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        for fd in open.compactMap(Int32.init) where fd >= first {
            posix_spawn_file_actions_addclose(&actions, fd)
        }
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
