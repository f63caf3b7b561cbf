import NIOCore
import Protocol

/// What one lobby turn sends, in order: its messages gathered by event loop (one hop to each loop, one
/// flush per connection, instead of a hop and a flush per message), and the connections it closes.
///
/// NB: a connection's messages keep their order; what the batch holds for a connection before its
/// closing error goes out before it.
struct OutboundBatch: Sendable {
    private typealias Writes = [ObjectIdentifier: (loop: any EventLoop, writes: [(link: ClientLink, payload: [UInt8])])]

    /// One part of the batch.
    private enum Step: Sendable {
        /// Messages, by event loop.
        case writes(Writes)
        /// A fatal error, then the connection closed.
        case close(ClientLink, HostEnvelope)
        /// The connection closed without a word (a slow consumer).
        case drop(ClientLink)
    }

    private var steps: [Step] = []

    /// Whether nothing is waiting to be sent.
    var isEmpty: Bool { self.steps.isEmpty }

    /// Adds a message for a connection.
    mutating func add(_ payload: [UInt8], to link: ClientLink) {
        let loop = link.channel.eventLoop
        var writes: Writes = [:]
        if case .writes(let last)? = self.steps.last {
            writes = last
            self.steps.removeLast()
        }
        writes[ObjectIdentifier(loop), default: (loop, [])].writes.append((link, payload))
        self.steps.append(.writes(writes))
    }

    /// Sends a fatal error to a connection after what the batch holds for it, then closes it.
    mutating func close(_ link: ClientLink, with envelope: HostEnvelope) {
        self.steps.append(.close(link, envelope))
    }

    /// Closes a connection without a word, after what the batch holds for it.
    mutating func drop(_ link: ClientLink) {
        self.steps.append(.drop(link))
    }

    /// Hands every message to its connection's event loop and closes what is to be closed, in order.
    /// - Parameter messages: `false` sends no message but still closes (after a journal failure: nothing
    ///   that may not be on disk is announced, and the stopping host's connections still close).
    func send(messages: Bool = true) {
        for step in self.steps {
            switch step {
            case .writes(let loops):
                guard messages else { continue }
                for (_, entry) in loops { Self.write(entry.writes, on: entry.loop) }
            case .close(let link, let envelope):
                link.send(closing: envelope)
            case .drop(let link):
                link.close()
            }
        }
    }

    /// Writes and flushes on `loop`: at once when this is its thread, else handed to it.
    ///
    /// NB: at once only on the loop's own thread, where everything sent to its connections is sent (a
    /// lobby on the connections' loop, with an inline journal): what was handed to the loop earlier
    /// has gone out by then, so the order holds.
    private static func write(_ writes: [(link: ClientLink, payload: [UInt8])], on loop: any EventLoop) {
        guard loop.inEventLoop else {
            loop.execute { Self.writeOnLoop(writes) }
            return
        }
        Self.writeOnLoop(writes)
    }

    private static func writeOnLoop(_ writes: [(link: ClientLink, payload: [UInt8])]) {
        for write in writes {
            write.link.writeOnLoop(write.payload)
        }
        var flushed: Set<ObjectIdentifier> = []
        for write in writes where flushed.insert(ObjectIdentifier(write.link.channel)).inserted {
            write.link.channel.flush()
        }
    }
}
