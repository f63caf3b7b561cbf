import Protocol

/// A token bucket: up to `burst` messages at once, refilled at `perSecond`.
///
/// Pure: the caller passes the time, so tests drive it without a clock.
struct TokenBucket<Instant: InstantProtocol>: Sendable where Instant.Duration == Duration {
    enum Outcome: Equatable {
        case accepted
        /// Refused; a token will be available after this long.
        case refused(retryAfter: Duration)
    }

    let burst: Double
    let perSecond: Double
    private var tokens: Double
    private var updated: Instant

    init(burst: Int, perSecond: Int, now: Instant) {
        precondition(burst >= 1 && perSecond >= 1, "a rate limit lets at least one message through")
        self.burst = Double(burst)
        self.perSecond = Double(perSecond)
        self.tokens = Double(burst)
        self.updated = now
    }

    mutating func take(now: Instant) -> Outcome {
        let elapsed = self.updated.duration(to: now)
        if elapsed > .zero {
            let seconds = elapsed.inSeconds
            self.tokens = min(self.burst, self.tokens + seconds * self.perSecond)
            self.updated = now
        }
        if self.tokens >= 1 {
            self.tokens -= 1
            return .accepted
        }
        let wait = (1 - self.tokens) / self.perSecond
        return .refused(retryAfter: .milliseconds(Int64((wait * 1000).rounded(.up))))
    }
}
