import Foundation
import Protocol

/// The figures `tcnet bench net` prints: as one JSON object (`--json`) or as a short table.
public struct NetBenchReport: Codable, Sendable, Equatable, BenchReport {
    /// Matches played at once.
    public var matches: Int
    /// Moves answered within the measured time.
    public var moves: Int
    /// Moves answered per second of measured time.
    public var movesPerSecond: Double
    /// Round trip of a move, from writing it to reading the mover's own `state`: median, in µs.
    public var latencyP50Us: UInt64
    /// The 99th percentile of the round trip, in µs.
    public var latencyP99Us: UInt64
    /// The 99.9th percentile of the round trip, in µs.
    public var latencyP999Us: UInt64
    /// The host process's peak resident memory (VmHWM) in KiB; `nil` for a host the load did not start.
    public var hostPeakRssKiB: Int?
    /// The host process's CPU time (user and system, `/proc/PID/stat`) over the measured time, per move, in
    /// µs; `nil` when the host's process is not known (a `--target` without `--host-pid`).
    public var hostCpuMicrosPerMove: Double?
    /// The load generator's own CPU time over the measured time, per move, in µs.
    public var clientCpuMicrosPerMove: Double?
    /// States the clients' mirrors could not verify.
    public var desyncs: Int
    /// Refused requests and broken connections.
    public var errors: Int

    /// The JSON keys, in the order the table shows them.
    public static let keys = [
        "matches", "moves", "movesPerSecond", "latencyP50Us", "latencyP99Us", "latencyP999Us", "hostPeakRssKiB",
        "hostCpuMicrosPerMove", "clientCpuMicrosPerMove", "desyncs", "errors",
    ]

    /// Creates a report.
    public init(
        matches: Int, moves: Int, movesPerSecond: Double, latencyP50Us: UInt64, latencyP99Us: UInt64,
        latencyP999Us: UInt64, hostPeakRssKiB: Int?, hostCpuMicrosPerMove: Double? = nil,
        clientCpuMicrosPerMove: Double? = nil, desyncs: Int, errors: Int
    ) {
        self.hostCpuMicrosPerMove = hostCpuMicrosPerMove
        self.clientCpuMicrosPerMove = clientCpuMicrosPerMove
        self.matches = matches
        self.moves = moves
        self.movesPerSecond = movesPerSecond
        self.latencyP50Us = latencyP50Us
        self.latencyP99Us = latencyP99Us
        self.latencyP999Us = latencyP999Us
        self.hostPeakRssKiB = hostPeakRssKiB
        self.desyncs = desyncs
        self.errors = errors
    }

    /// Moves per second from a count and the time it took, to one decimal.
    /// - Parameters:
    ///   - moves: the moves counted.
    ///   - elapsed: the time they were played in.
    /// - Returns: the rate; 0 when no time passed.
    public static func rate(moves: Int, elapsed: Duration) -> Double {
        let total = elapsed.inSeconds
        guard total > 0 else { return 0 }
        return (Double(moves) / total * 10).rounded() / 10
    }

    /// A short table for people.
    public var table: String {
        let rows: [(String, String)] = [
            ("matches", "\(self.matches)"),
            ("moves", "\(self.moves)"),
            ("moves/s", String(format: "%.1f", self.movesPerSecond)),
            ("latency p50", "\(self.latencyP50Us) µs"),
            ("latency p99", "\(self.latencyP99Us) µs"),
            ("latency p99.9", "\(self.latencyP999Us) µs"),
            ("host peak RSS", self.hostPeakRssKiB.map { String(format: "%.1f MiB", Double($0) / 1024) } ?? "n/a"),
            ("host CPU/move", self.hostCpuMicrosPerMove.map { String(format: "%.1f µs", $0) } ?? "n/a"),
            ("client CPU/move", self.clientCpuMicrosPerMove.map { String(format: "%.1f µs", $0) } ?? "n/a"),
            ("desyncs", "\(self.desyncs)"),
            ("errors", "\(self.errors)"),
        ]
        return Self.table(rows)
    }

    enum CodingKeys: String, CodingKey {
        case matches, moves, movesPerSecond, latencyP50Us, latencyP99Us, latencyP999Us, hostPeakRssKiB
        case hostCpuMicrosPerMove, clientCpuMicrosPerMove, desyncs, errors
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(self.matches, forKey: .matches)
        try container.encode(self.moves, forKey: .moves)
        try container.encode(self.movesPerSecond, forKey: .movesPerSecond)
        try container.encode(self.latencyP50Us, forKey: .latencyP50Us)
        try container.encode(self.latencyP99Us, forKey: .latencyP99Us)
        try container.encode(self.latencyP999Us, forKey: .latencyP999Us)
        // NB: written as null rather than left out, so every report has the same keys.
        try container.encode(self.hostPeakRssKiB, forKey: .hostPeakRssKiB)
        try container.encode(self.hostCpuMicrosPerMove, forKey: .hostCpuMicrosPerMove)
        try container.encode(self.clientCpuMicrosPerMove, forKey: .clientCpuMicrosPerMove)
        try container.encode(self.desyncs, forKey: .desyncs)
        try container.encode(self.errors, forKey: .errors)
    }
}
