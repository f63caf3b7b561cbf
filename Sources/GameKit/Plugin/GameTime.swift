/// A wall-clock time: milliseconds since 1970-01-01 UTC.
///
/// NB: wall-clock, not a monotonic clock, because a deadline must mean the same moment after the
/// host restarts (a spelling game's two minutes do not start again from zero after a crash).
public struct GameTime: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// Milliseconds since 1970-01-01 UTC.
    public var milliseconds: Int64

    /// A time.
    public init(milliseconds: Int64) {
        self.milliseconds = milliseconds
    }

    /// This time plus some seconds.
    public func adding(seconds: Int) -> GameTime {
        GameTime(milliseconds: self.milliseconds + Int64(seconds) * 1000)
    }

    /// This time plus some milliseconds.
    public func adding(milliseconds: Int64) -> GameTime {
        GameTime(milliseconds: self.milliseconds + milliseconds)
    }

    public static func < (lhs: GameTime, rhs: GameTime) -> Bool { lhs.milliseconds < rhs.milliseconds }

    public var description: String { "\(self.milliseconds) ms" }

    public init(from decoder: any Decoder) throws {
        self.milliseconds = try decoder.singleValueContainer().decode(Int64.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(self.milliseconds)
    }
}
