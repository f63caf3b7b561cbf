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

extension ConnectionCensusTests {
    @Test("the observer is told every count, in order, from threads that arrive and leave at once")
    func observedInOrder() async {
        let census = ConnectionCensus()
        let seen = Mutex<[Int]>([])
        census.observe { count in seen.withLock { $0.append(count) } }
        await withTaskGroup(of: Void.self) { tasks in
            for _ in 0..<8 {
                tasks.addTask {
                    for _ in 0..<200 {
                        census.arrived()
                        census.left()
                    }
                }
            }
        }
        let counts = seen.withLock { $0 }
        #expect(counts.count == 8 * 200 * 2)
        // NB: told outside the census's lock, two threads' counts could reach the observer swapped.
        #expect(zip(counts, counts.dropFirst()).allSatisfy { abs($0 - $1) == 1 })
        #expect(counts.last == 0)
    }
}

private final class Flag: Sendable {
    private let value = Mutex(false)
    var isSet: Bool { self.value.withLock { $0 } }
    func set() { self.value.withLock { $0 = true } }
}
