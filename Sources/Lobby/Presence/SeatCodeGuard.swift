/// The host-wide limit on wrong seat codes: a token bucket that only refusals drain.
///
/// NB: host-wide, not per connection, because a guesser can open many connections. While the bucket
/// is empty, a `hello` with a seat code is answered `rate-limited` without being checked, so guessing
/// gains nothing from speed: at most ``burst`` wrong codes at once, then one every ``refillMs``
/// milliseconds (14,400 a day). docs/PROTOCOL.md's threat model works out what that leaves a guesser.
public struct SeatCodeGuard: Sendable, Equatable {
    /// Wrong codes accepted in a row before the limit applies.
    public static let burst = 10
    /// Milliseconds for one more wrong code to be allowed.
    public static let refillMs: Int64 = 6_000

    /// Whether a code may be checked now.
    public enum Admission: Sendable, Equatable {
        case check
        /// Refuse unchecked; a code may be checked after this many milliseconds.
        case wait(milliseconds: Int)
    }

    private var allowance = Double(SeatCodeGuard.burst)
    private var updated = LobbyTime(milliseconds: 0)

    /// A guard with the whole burst available.
    public init() {}

    /// Whether a seat code may be checked at `now`.
    public mutating func admit(now: LobbyTime) -> Admission {
        self.refill(now: now)
        guard self.allowance < 1 else { return .check }
        let wait = (1 - self.allowance) * Double(Self.refillMs)
        return .wait(milliseconds: Int(wait.rounded(.up)))
    }

    /// A checked code was wrong: it takes one from the allowance.
    public mutating func refused(now: LobbyTime) {
        self.refill(now: now)
        self.allowance = max(0, self.allowance - 1)
    }

    private mutating func refill(now: LobbyTime) {
        let elapsed = now.milliseconds - self.updated.milliseconds
        if elapsed > 0 {
            self.allowance = min(Double(Self.burst), self.allowance + Double(elapsed) / Double(Self.refillMs))
            self.updated = now
        }
    }
}
