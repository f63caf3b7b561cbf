#if canImport(Glibc)
    import Glibc
#endif

/// CPU time (user and system) used by a process, as Linux counts it: the figure a benchmark reports
/// per move, which depends far less on a shared machine's load than moves per second do.
public enum ProcessCPU {
    /// The CPU time another process has used so far, from `utime` and `stime` in `/proc/PID/stat`.
    ///
    /// NB: counted in clock ticks (10 ms on Linux): over a window of seconds and thousands of moves the
    /// rounding is well below a microsecond a move.
    /// - Parameter pid: the process.
    /// - Returns: the time, or `nil` when the process is gone or the file cannot be read.
    public static func time(of pid: Int32) -> Duration? {
        guard let text = Self.read("/proc/\(pid)/stat") else { return nil }
        return Self.parseStat(text, ticksPerSecond: Int64(sysconf(Int32(_SC_CLK_TCK))))
    }

    /// The CPU time this process has used so far (`getrusage`), to the microsecond.
    public static var own: Duration {
        var usage = rusage()
        guard getrusage(Int32(RUSAGE_SELF.rawValue), &usage) == 0 else { return .zero }
        let micros =
            Int64(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1_000_000
            + Int64(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec)
        return .microseconds(micros)
    }

    /// Reads `utime + stime` out of a `/proc/PID/stat` line.
    ///
    /// NB: the command name (field 2) is in parentheses and may hold spaces or parentheses itself; the
    /// fields are counted from the last `)`.
    /// - Parameters:
    ///   - text: the file's content.
    ///   - ticksPerSecond: the kernel's clock ticks per second (`sysconf(_SC_CLK_TCK)`).
    /// - Returns: the CPU time, or `nil` when the line is not of that shape.
    static func parseStat(_ text: String, ticksPerSecond: Int64) -> Duration? {
        guard ticksPerSecond > 0, let close = text.lastIndex(of: ")") else { return nil }
        // After ")": state (field 3), ppid, ..., utime (field 14), stime (field 15).
        let fields = text[text.index(after: close)...].split(separator: " ")
        guard fields.count > 12, let user = Int64(fields[11]), let system = Int64(fields[12]) else { return nil }
        return .microseconds((user + system) * 1_000_000 / ticksPerSecond)
    }

    private static func read(_ path: String) -> String? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: 4096)
        let count = bytes.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
        guard count > 0 else { return nil }
        return String(decoding: bytes[..<count], as: UTF8.self)
    }
}

/// CPU time of the host and of the load generator at one instant.
public struct CPUSample: Sendable, Equatable {
    /// The host's CPU time; `nil` when the host's process is not known or cannot be read.
    public var host: Duration?
    /// The load generator's own CPU time.
    public var client: Duration

    /// Creates a sample.
    public init(host: Duration?, client: Duration) {
        self.host = host
        self.client = client
    }

    /// The host's CPU time (if its process is known) and this process's, now.
    /// - Parameter hostProcess: the host's process id.
    public static func now(hostProcess: Int32?) -> CPUSample {
        CPUSample(host: hostProcess.flatMap(ProcessCPU.time(of:)), client: ProcessCPU.own)
    }
}

/// The CPU time used by the host and the load generator over a load's measured window.
public struct CPUWindow: Sendable, Equatable {
    /// At the start line.
    public var start: CPUSample
    /// At the end of the measured time.
    public var end: CPUSample

    /// Creates a window.
    public init(start: CPUSample, end: CPUSample) {
        self.start = start
        self.end = end
    }

    /// The host's CPU time per move in microseconds, to one decimal; `nil` without a host process or moves.
    /// - Parameter moves: the moves answered in the window.
    public func hostMicrosPerMove(moves: Int) -> Double? {
        guard let start = self.start.host, let end = self.end.host else { return nil }
        return Self.perMove(end - start, moves: moves)
    }

    /// The load generator's CPU time per move in microseconds, to one decimal; `nil` without moves.
    /// - Parameter moves: the moves answered in the window.
    public func clientMicrosPerMove(moves: Int) -> Double? {
        Self.perMove(self.end.client - self.start.client, moves: moves)
    }

    private static func perMove(_ time: Duration, moves: Int) -> Double? {
        guard moves > 0 else { return nil }
        return (time.inSeconds * 1e6 / Double(moves) * 10).rounded() / 10
    }
}
