import Foundation

/// The figures `tcnet bench idle` prints: as one JSON object (`--json`) or as a short table.
public struct IdleBenchReport: Codable, Sendable, Equatable, BenchReport {
    /// Clients connected, greeted and quiet at the end of the load.
    public var connections: Int
    /// The host process's peak resident memory (VmHWM) in KiB; `nil` for a host the command did not start.
    public var hostPeakRssKiB: Int?
    /// The host's resident memory (VmRSS) added per connected client, in KiB: its growth from before the
    /// first client to after the last, divided by the clients; `nil` for a host the command did not start.
    public var hostKiBPerConnection: Double?
    /// Greeting of a new client while the others are connected, from the TCP connect to `welcome`: median, µs.
    public var greetingP50Us: UInt64
    /// The 99th percentile of that greeting, µs.
    public var greetingP99Us: UInt64
    /// The 99th percentile of the greetings of the clients themselves, as they connected, µs.
    public var setupGreetingP99Us: UInt64
    /// Seconds it took to connect and greet every client.
    public var setupSeconds: Double
    /// Clients that were not greeted.
    public var errors: Int
    /// Matches played before the quiet clients connected and again while they were (`--matches`); 0 when none.
    public var matches: Int = 0
    /// Moves per second of those matches with no quiet client connected; `nil` without `--matches`.
    public var movesPerSecondAlone: Double?
    /// Moves per second of the same matches while every quiet client is connected; `nil` without `--matches`.
    public var movesPerSecondBesideIdle: Double?

    /// The JSON keys, in the order the table shows them.
    public static let keys = [
        "connections", "hostPeakRssKiB", "hostKiBPerConnection", "greetingP50Us", "greetingP99Us",
        "setupGreetingP99Us", "setupSeconds", "errors", "matches", "movesPerSecondAlone", "movesPerSecondBesideIdle",
    ]

    /// Creates a report.
    public init(
        connections: Int, hostPeakRssKiB: Int?, hostKiBPerConnection: Double?, greetingP50Us: UInt64,
        greetingP99Us: UInt64, setupGreetingP99Us: UInt64, setupSeconds: Double, errors: Int
    ) {
        self.connections = connections
        self.hostPeakRssKiB = hostPeakRssKiB
        self.hostKiBPerConnection = hostKiBPerConnection
        self.greetingP50Us = greetingP50Us
        self.greetingP99Us = greetingP99Us
        self.setupGreetingP99Us = setupGreetingP99Us
        self.setupSeconds = setupSeconds
        self.errors = errors
    }

    /// A short table for people.
    public var table: String {
        let rows: [(String, String)] = [
            ("connections", "\(self.connections)"),
            ("host peak RSS", self.hostPeakRssKiB.map { String(format: "%.1f MiB", Double($0) / 1024) } ?? "n/a"),
            ("host per connection", self.hostKiBPerConnection.map { String(format: "%.1f KiB", $0) } ?? "n/a"),
            ("greeting p50", "\(self.greetingP50Us) µs"),
            ("greeting p99", "\(self.greetingP99Us) µs"),
            ("setup greeting p99", "\(self.setupGreetingP99Us) µs"),
            ("setup", String(format: "%.1f s", self.setupSeconds)),
            ("errors", "\(self.errors)"),
            ("matches", "\(self.matches)"),
            ("moves/s alone", self.movesPerSecondAlone.map { String(format: "%.1f", $0) } ?? "n/a"),
            ("moves/s beside idle", self.movesPerSecondBesideIdle.map { String(format: "%.1f", $0) } ?? "n/a"),
        ]
        return Self.table(rows)
    }

    enum CodingKeys: String, CodingKey {
        case connections, hostPeakRssKiB, hostKiBPerConnection, greetingP50Us, greetingP99Us, setupGreetingP99Us
        case setupSeconds, errors, matches, movesPerSecondAlone, movesPerSecondBesideIdle
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(self.connections, forKey: .connections)
        // NB: written as null rather than left out, so every report has the same keys.
        try container.encode(self.hostPeakRssKiB, forKey: .hostPeakRssKiB)
        try container.encode(self.hostKiBPerConnection, forKey: .hostKiBPerConnection)
        try container.encode(self.greetingP50Us, forKey: .greetingP50Us)
        try container.encode(self.greetingP99Us, forKey: .greetingP99Us)
        try container.encode(self.setupGreetingP99Us, forKey: .setupGreetingP99Us)
        try container.encode(self.setupSeconds, forKey: .setupSeconds)
        try container.encode(self.errors, forKey: .errors)
        try container.encode(self.matches, forKey: .matches)
        try container.encode(self.movesPerSecondAlone, forKey: .movesPerSecondAlone)
        try container.encode(self.movesPerSecondBesideIdle, forKey: .movesPerSecondBesideIdle)
    }
}
