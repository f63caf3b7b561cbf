/// What `tcnet bench net` asks of a host: where it is, how many matches at once, and for how long.
public struct NetLoadPlan: Sendable, Equatable {
    /// When the load stops.
    public enum Stop: Sendable, Equatable {
        /// Play until this much time has passed since every match sat down.
        case after(Duration)
        /// Every match plays this many games, then stops.
        case games(Int)
    }

    /// The host's address.
    public var host: String
    /// The host's port.
    public var port: Int
    /// Matches played at once, each between two connections.
    public var matches: Int
    /// When to stop.
    public var stop: Stop
    /// Where the bots' random choices start; match `i`'s seats use `seed + 2i` and `seed + 2i + 1`.
    public var seed: UInt64
    /// Starts every player's name, so that two runs against one host do not clash.
    public var namePrefix: String
    /// The bot that chooses the moves.
    public var bot: String

    /// Creates a plan.
    /// - Parameters:
    ///   - host: the host's address.
    ///   - port: the host's port.
    ///   - matches: matches played at once (at least 1).
    ///   - stop: when to stop.
    ///   - seed: where the bots' random choices start.
    ///   - namePrefix: the start of every player's name; at most 12 characters.
    ///   - bot: the bot that chooses the moves.
    public init(
        host: String, port: Int, matches: Int, stop: Stop, seed: UInt64 = 1, namePrefix: String = "bench",
        bot: String = "random"
    ) {
        precondition(matches >= 1, "a load needs at least one match")
        self.host = host
        self.port = port
        self.matches = matches
        self.stop = stop
        self.seed = seed
        self.namePrefix = namePrefix
        self.bot = bot
    }

    /// The name of a match's player.
    /// - Parameters:
    ///   - match: the match's index, from 0.
    ///   - seat: the seat, "A" or "B".
    /// - Returns: a name unique within this run, valid under the host's name rules.
    public func playerName(match: Int, seat: String) -> String {
        "\(self.namePrefix)-\(match)\(seat)"
    }
}
