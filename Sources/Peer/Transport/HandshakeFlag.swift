import Synchronization

/// Set once a connection's `hello` is accepted; read by the hello timer on the event loop.
final class HandshakeFlag: Sendable {
    private let done = Atomic<Bool>(false)

    var isDone: Bool { self.done.load(ordering: .acquiring) }

    func markDone() {
        self.done.store(true, ordering: .releasing)
    }
}
