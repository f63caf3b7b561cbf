import Synchronization
import Testing

@testable import Peer

/// A stopping host waits until every connection it accepted has been released (ConnectionCensus).
@Suite("Host: the connections a stopping host waits for")
struct ConnectionCensusTests {
    @Test("with none left, allGone returns at once")
    func noneLeft() async {
        let census = ConnectionCensus()
        census.arrived()
        census.left()
        await census.allGone()
    }

    @Test("allGone returns only once the last connection has left")
    func waitsForTheLast() async {
        let census = ConnectionCensus()
        census.arrived()
        census.arrived()
        let finished = Flag()
        let waiter = Task {
            await census.allGone()
            finished.set()
        }
        census.left()
        // NB: the waiter is parked before the last one leaves, or returns too early: either shows here.
        for _ in 0..<50 { await Task.yield() }
        #expect(!finished.isSet)
        census.left()
        await waiter.value
        #expect(finished.isSet)
    }
}

private final class Flag: Sendable {
    private let value = Mutex(false)
    var isSet: Bool { self.value.withLock { $0 } }
    func set() { self.value.withLock { $0 = true } }
}
