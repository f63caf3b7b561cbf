@testable import Peer
import Testing

@Suite("Token bucket")
struct TokenBucketTests {
    @Test("a full bucket lets the burst through, then refuses with the wait until the next token")
    func burstThenRefuse() {
        let start = ContinuousClock.now
        var bucket = TokenBucket(burst: 3, perSecond: 10, now: start)
        for _ in 0..<3 {
            #expect(bucket.take(now: start) == .accepted)
        }
        #expect(bucket.take(now: start) == .refused(retryAfter: .milliseconds(100)))
    }

    @Test("tokens come back at the refill rate and never beyond the burst")
    func refill() {
        let start = ContinuousClock.now
        var bucket = TokenBucket(burst: 2, perSecond: 10, now: start)
        _ = bucket.take(now: start)
        _ = bucket.take(now: start)
        #expect(bucket.take(now: start + .milliseconds(50)) == .refused(retryAfter: .milliseconds(50)))
        #expect(bucket.take(now: start + .milliseconds(100)) == .accepted)
        let later = start + .seconds(60)
        #expect(bucket.take(now: later) == .accepted)
        #expect(bucket.take(now: later) == .accepted)
        #expect(bucket.take(now: later) != .accepted)
    }
}
