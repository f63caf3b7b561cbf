import NIOCore
import Protocol

/// What one lobby turn sends, in order: its messages gathered by event loop (one hop to each loop, one
/// flush per connection, instead of a hop and a flush per message), and the connections it closes.
///
/// NB: a connection's messages keep their order; what the batch holds for a connection before its
/// closing error goes out before it.
struct OutboundBatch: Sendable {
    /// A loop's writes, in order.
    private struct LoopWrites: Sendable {
        let id: ObjectIdentifier
        let loop: any EventLoop
        var writes: [(link: ClientLink, payload: OutgoingPayload)]
    }

    /// One part of the batch.
    private enum Step: Sendable {
        /// Messages, by event loop.
        case writes([LoopWrites])
        /// A fatal error, then the connection closed.
        case close(ClientLink, HostEnvelope)
        /// The connection closed without a word (a slow consumer).
        case drop(ClientLink)
    }

    private var steps: [Step] = []
    /// The messages added since the last close or drop, by loop (one or a few: a short list, searched).
    ///
    /// NB: kept apart from ``steps`` and changed in place: a message added to the last step's writes
    /// took them out of the list and put them back, and looked their loop up in a dictionary, for
    /// every message of a turn.
    private var open: [LoopWrites] = []

    /// Whether nothing is waiting to be sent.
    var isEmpty: Bool { self.steps.isEmpty && self.open.isEmpty }

    /// Adds a message for a connection.
    mutating func add(_ payload: [UInt8], to link: ClientLink) {
        self.add(OutgoingPayload(payload), to: link)
    }

    /// Adds a message for a connection, as it is framed (``BroadcastPayloads/outgoing(_:)``).
    mutating func add(_ payload: OutgoingPayload, to link: ClientLink) {
        let loop = link.channel.eventLoop
        let id = ObjectIdentifier(loop)
        if let index = self.open.firstIndex(where: { $0.id == id }) {
            self.open[index].writes.append((link, payload))
        } else {
            self.open.append(LoopWrites(id: id, loop: loop, writes: [(link, payload)]))
        }
    }

    /// Sends a fatal error to a connection after what the batch holds for it, then closes it.
    mutating func close(_ link: ClientLink, with envelope: HostEnvelope) {
        self.closeWrites()
        self.steps.append(.close(link, envelope))
    }

    /// Closes a connection without a word, after what the batch holds for it.
    mutating func drop(_ link: ClientLink) {
        self.closeWrites()
        self.steps.append(.drop(link))
    }

    /// Puts the messages added so far in their place, before what comes next.
    private mutating func closeWrites() {
        guard !self.open.isEmpty else { return }
        self.steps.append(.writes(self.open))
        self.open = []
    }

    /// Hands every message to its connection's event loop and closes what is to be closed, in order.
    /// - Parameter messages: `false` sends no message but still closes (after a journal failure: nothing
    ///   that may not be on disk is announced, and the stopping host's connections still close).
    func send(messages: Bool = true) {
        for step in self.steps {
            switch step {
            case .writes(let loops):
                guard messages else { continue }
                for entry in loops { Self.write(entry.writes, on: entry.loop) }
            case .close(let link, let envelope):
                link.send(closing: envelope)
            case .drop(let link):
                link.close()
            }
        }
        guard messages else { return }
        for entry in self.open { Self.write(entry.writes, on: entry.loop) }
    }

    /// Writes and flushes on `loop`: at once when this is its thread, else handed to it.
    ///
    /// NB: at once only on the loop's own thread, where everything sent to its connections is sent (a
    /// lobby on the connections' loop, with an inline journal): what was handed to the loop earlier
    /// has gone out by then, so the order holds.
    private static func write(_ writes: [(link: ClientLink, payload: OutgoingPayload)], on loop: any EventLoop) {
        guard loop.inEventLoop else {
            loop.execute { Self.writeOnLoop(writes) }
            return
        }
        Self.writeOnLoop(writes)
    }

    /// Writes each connection's messages and flushes it once.
    ///
    /// NB: each connection's messages go out together (``ClientLink/writeAndFlushOnLoop(_:)``: a buffer
    /// reused, one write), in their order. A few writes (a quiet turn) are checked pair by pair for a
    /// connection that comes back, nearly always to find none; more (every match that moved in a busy
    /// turn) are put in order of connection, without a set or a list for each connection.
    private static func writeOnLoop(_ writes: [(link: ClientLink, payload: OutgoingPayload)]) {
        if writes.count <= 16, !Self.repeatsConnection(writes) {
            for write in writes { write.link.writeAndFlushOnLoop(write.payload) }
            return
        }
        let order = writes.indices.sorted { first, second in
            let one = ObjectIdentifier(writes[first].link.channel)
            let other = ObjectIdentifier(writes[second].link.channel)
            return one == other ? first < second : one < other
        }
        var start = 0
        while start < order.count {
            let channel = writes[order[start]].link.channel
            var end = start + 1
            while end < order.count, writes[order[end]].link.channel === channel { end += 1 }
            if end - start == 1 {
                writes[order[start]].link.writeAndFlushOnLoop(writes[order[start]].payload)
            } else {
                writes[order[start]].link.writeAndFlushOnLoop(Payloads(writes: writes, places: order[start..<end]))
            }
            start = end
        }
    }

    /// Whether some connection has more than one of the writes, compared pair by pair.
    private static func repeatsConnection(_ writes: [(link: ClientLink, payload: OutgoingPayload)]) -> Bool {
        for first in writes.indices.dropLast() {
            let channel = writes[first].link.channel
            for second in (first + 1)..<writes.count where writes[second].link.channel === channel { return true }
        }
        return false
    }

    /// The payloads of some of the writes, in the order of their places.
    private struct Payloads: Sequence, IteratorProtocol {
        let writes: [(link: ClientLink, payload: OutgoingPayload)]
        var places: ArraySlice<Int>

        mutating func next() -> OutgoingPayload? {
            self.places.popFirst().map { self.writes[$0].payload }
        }
    }
}
