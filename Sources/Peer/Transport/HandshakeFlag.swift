import Synchronization

/// A connection's handshake as the hello timer sees it, shared between the event loop (which
/// counts the frames that arrive) and the session task (which handles them and marks the
/// `hello` accepted).
///
/// The hello timeout measures the client, not the host: when it expires while a frame that
/// arrived in time is still waiting to be handled, the timer looks again a little later
/// instead of closing (PROTOCOL.md L-2).
package final class HandshakeFlag: Sendable {
    private let done = Atomic<Bool>(false)
    private let received = Atomic<Int>(0)
    private let handled = Atomic<Int>(0)

    var isDone: Bool { self.done.load(ordering: .acquiring) }

    /// Whether a frame received before the handshake completed has not been handled yet.
    var hasUnhandledFrame: Bool {
        self.handled.load(ordering: .acquiring) < self.received.load(ordering: .acquiring)
    }

    /// Called on the event loop for each frame that arrives before the handshake completes.
    func frameReceived() {
        self.received.add(1, ordering: .acquiringAndReleasing)
    }

    /// Called by the session task after it has handled a frame that arrived before the handshake completed.
    func frameHandled() {
        self.handled.add(1, ordering: .acquiringAndReleasing)
    }

    func markDone() {
        self.done.store(true, ordering: .releasing)
    }
}
