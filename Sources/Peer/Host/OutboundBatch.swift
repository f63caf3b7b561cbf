import NIOCore

/// The messages of one lobby turn, gathered by event loop: one hop to each loop for the whole turn, and
/// one flush per connection, instead of a hop and a flush per message.
///
/// NB: a connection's messages keep their order; the lobby sends a batch before anything else it writes
/// to a connection (a closing error), so that keeps its place too.
struct OutboundBatch {
    private var loops: [ObjectIdentifier: (loop: any EventLoop, writes: [(link: ClientLink, payload: [UInt8])])] = [:]

    /// Whether nothing is waiting to be sent.
    var isEmpty: Bool { self.loops.isEmpty }

    /// Adds a message for a connection.
    mutating func add(_ payload: [UInt8], to link: ClientLink) {
        let loop = link.channel.eventLoop
        self.loops[ObjectIdentifier(loop), default: (loop, [])].writes.append((link, payload))
    }

    /// Hands every message gathered to its connection's event loop, and empties the batch.
    mutating func send() {
        for (_, entry) in self.loops {
            let writes = entry.writes
            entry.loop.execute {
                for write in writes {
                    write.link.writeOnLoop(write.payload)
                }
                var flushed: Set<ObjectIdentifier> = []
                for write in writes where flushed.insert(ObjectIdentifier(write.link.channel)).inserted {
                    write.link.channel.flush()
                }
            }
        }
        self.loops = [:]
    }
}
