import Foundation
import Synchronization

/// Runs the built `tcnet` executable as a child process, as a person would from a shell.
public final class CommandRunner: Sendable {
    /// The result of a finished command.
    public struct Outcome: Sendable {
        public var status: Int32
        public var standardOutput: String
        public var standardError: String
    }

    /// The `tcnet` binary beside the test bundle.
    public static var executable: URL {
        let bundleFolder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for folder in [bundleFolder, bundleFolder.deletingLastPathComponent()] {
            let candidate = folder.appendingPathComponent("tcnet")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return URL(fileURLWithPath: ".build/debug/tcnet")
    }

    private let process = Process()
    private let output = CapturedOutput()
    private let input: Pipe?

    /// Starts `tcnet` with the arguments.
    /// - Parameters:
    ///   - arguments: the command line after `tcnet`.
    ///   - environment: variables added to the test's own.
    ///   - input: whether to give the process a pipe on standard input to ``write(_:)`` to (else
    ///     /dev/null).
    ///   - openFiles: a limit on the process's open files (util-linux's `prlimit` sets it), if any.
    public init(
        _ arguments: [String], environment: [String: String] = [:], input: Bool = false, openFiles: Int? = nil
    ) throws {
        if let openFiles {
            self.process.executableURL = URL(fileURLWithPath: "/usr/bin/prlimit")
            self.process.arguments = ["--nofile=\(openFiles):\(openFiles)", "--", Self.executable.path] + arguments
        } else {
            self.process.executableURL = Self.executable
            self.process.arguments = arguments
        }
        var merged = ProcessInfo.processInfo.environment
        merged.merge(environment) { $1 }
        self.process.environment = merged
        let out = Pipe()
        let err = Pipe()
        self.process.standardOutput = out
        self.process.standardError = err
        self.input = input ? Pipe() : nil
        self.process.standardInput = self.input ?? FileHandle.nullDevice
        try self.process.run()
        // NB: each pipe is read by a thread of its own, not by Dispatch's global queues: a suite of
        // busy tests can starve those queues for seconds, and a process's lines would arrive late.
        Self.drain(out.fileHandleForReading, ended: { [output] in output.endOne() }) { [output] text in
            output.text.withLock { $0.out += text }
        }
        Self.drain(err.fileHandleForReading, ended: { [output] in output.endOne() }) { [output] text in
            output.text.withLock { $0.err += text }
        }
    }

    /// Runs `tcnet` to completion.
    public static func run(
        _ arguments: [String], environment: [String: String] = [:], timeout: Duration = .seconds(60)
    ) async throws -> Outcome {
        let runner = try CommandRunner(arguments, environment: environment)
        return try await runner.waitForExit(timeout: timeout)
    }

    /// What the process has written to standard error so far.
    public var standardError: String { self.output.text.withLock { $0.err } }

    /// What the process has written to standard output so far.
    public var standardOutput: String { self.output.text.withLock { $0.out } }

    /// Writes to the process's standard input (started with `input: true`).
    public func write(_ text: String) {
        self.input?.fileHandleForWriting.write(Data(text.utf8))
    }

    /// Waits until standard output contains `text`.
    public func waitForStandardOutput(
        containing text: String, timeout: Duration = .seconds(40)
    ) async throws -> String {
        try await self.wait(for: text, in: "standard output", timeout: timeout) { $0.standardOutput }
    }

    /// Waits until standard error contains `text`.
    public func waitForStandardError(containing text: String, timeout: Duration = .seconds(40)) async throws -> String {
        try await self.wait(for: text, in: "standard error", timeout: timeout) { $0.standardError }
    }

    /// Waits until one of the process's streams contains `text`, and returns that stream so far.
    private func wait(
        for text: String, in stream: String, timeout: Duration, _ read: (CommandRunner) -> String
    ) async throws -> String {
        let deadline = ContinuousClock.now + timeout
        // NB: the text is looked for once more after the deadline: under the whole suite's load this task
        // may be resumed long after its sleep ended, when the text has long been there.
        while true {
            let seen = read(self)
            if seen.contains(text) { return seen }
            if !self.process.isRunning || ContinuousClock.now >= deadline { break }
            try await Task.sleep(for: .milliseconds(20))
        }
        let last = read(self)
        if last.contains(text) { return last }
        throw CommandRunnerError.timedOut("\(text) in \(stream); got: \(last)")
    }

    /// Sends a signal to the process.
    public func signal(_ signal: Int32) {
        kill(self.process.processIdentifier, signal)
    }

    /// Waits for the process to exit.
    /// NB: 60 s: in the suite's first seconds on 2 cores, Foundation learned of a `tcnet --help` that had
    /// ended more than 20 s late.
    public func waitForExit(timeout: Duration = .seconds(60)) async throws -> Outcome {
        let deadline = ContinuousClock.now + timeout
        while self.process.isRunning {
            guard ContinuousClock.now < deadline else {
                self.process.terminate()
                throw CommandRunnerError.timedOut("exit; standard error: \(self.standardError)")
            }
            try await Task.sleep(for: .milliseconds(20))
        }
        // NB: wait until both pipes reached their end (their reader threads may run late on a busy
        // machine, after a fixed pause), within a limit in case a child of the process still holds them.
        let drained = ContinuousClock.now + .seconds(10)
        while self.output.ended.withLock({ $0 }) < 2, ContinuousClock.now < drained {
            try await Task.sleep(for: .milliseconds(5))
        }
        let (out, err) = self.output.text.withLock { $0 }
        return Outcome(status: self.process.terminationStatus, standardOutput: out, standardError: err)
    }

    deinit {
        if self.process.isRunning { self.process.terminate() }
    }
}

/// A child process did not do what was expected in time.
public enum CommandRunnerError: Error {
    case timedOut(String)
}

/// What a child process wrote, gathered from its pipes' handlers.
extension CommandRunner {
    /// Reads a pipe until its end on a thread of its own, handing each piece to `append`, then calls `ended`.
    static func drain(
        _ handle: FileHandle, ended: @escaping @Sendable () -> Void, _ append: @escaping @Sendable (String) -> Void
    ) {
        let thread = Thread {
            // NB: the handle is kept alive by this thread, so its descriptor stays open until the end.
            let fd = handle.fileDescriptor
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                if count < 0, errno == EINTR { continue }
                guard count > 0 else {
                    ended()
                    return
                }
                append(String(decoding: buffer[0..<count], as: UTF8.self))
            }
        }
        thread.start()
    }
}

final class CapturedOutput: Sendable {
    let text = Mutex<(out: String, err: String)>(("", ""))
    /// How many of the process's two pipes were read to their end.
    let ended = Mutex(0)

    func endOne() {
        self.ended.withLock { $0 += 1 }
    }
}

extension CommandRunner {
    /// What the TCP host's log line that says where it listens ends with.
    ///
    /// NB: not just "listening": the web side's line (`web client listening`, with its own `port=`) comes
    /// first when the host's task starts late, and a test that took that port talked HTTP's server.
    public static let listeningLine = "[Peer] listening"

    /// Waits until `tcnet host` listens on TCP, and returns its port.
    public func hostPort(timeout: Duration = .seconds(40)) async throws -> Int {
        let log = try await self.waitForStandardError(containing: Self.listeningLine, timeout: timeout)
        guard let port = Self.port(onLineWith: Self.listeningLine, in: log) else {
            throw CommandRunnerError.timedOut("a port= on the line \(Self.listeningLine); got: \(log)")
        }
        return port
    }

    /// The `port=` of the first line of a log that contains `text`.
    public static func port(onLineWith text: String, in log: String) -> Int? {
        guard let line = log.split(separator: "\n").first(where: { $0.contains(text) }),
            let range = line.range(of: #"port=(\d+)"#, options: .regularExpression)
        else { return nil }
        return Int(line[range].dropFirst("port=".count))
    }
}
