import NIOCore
import NIOPosix
import Synchronization

/// The load of `tcnet bench idle`: many students connected to a host, greeted, in the lobby and quiet
/// (they only ping), as a class waiting for the teacher.
///
/// ``open(_:concurrency:)`` connects them and times each greeting; ``probe(_:)`` times the greeting of
/// new clients while they are all connected; ``close()`` lets them go.
public final class IdleLoad: Sendable {
    /// Why a connection of the load failed.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Greetings timed, and what went wrong.
    public struct Greetings: Sendable {
        /// From the start of the TCP connect to the arrival of `welcome`, in µs, one per greeted client.
        public var latencies: [UInt32] = []
        /// Clients that were not greeted.
        public var errors = 0
        /// The first few distinct reasons.
        public var errorSamples: [String] = []

        mutating func absorb(_ other: Greetings) {
            self.latencies += other.latencies
            self.errors += other.errors
            for sample in other.errorSamples where self.errorSamples.count < 5 && !self.errorSamples.contains(sample) {
                self.errorSamples.append(sample)
            }
        }
    }

    private let target: LoadTarget
    private let namePrefix: String
    private let group: any EventLoopGroup
    private let channels = Mutex<[any Channel]>([])
    private let counter = Mutex(0)

    /// Creates a load against a host; nothing connects yet.
    /// - Parameters:
    ///   - target: the host.
    ///   - namePrefix: starts every player's name, so that two runs against one host do not clash.
    ///   - group: the event loops of the clients' connections.
    public init(
        target: LoadTarget, namePrefix: String, group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton
    ) {
        self.target = target
        self.namePrefix = namePrefix
        self.group = group
    }

    /// The clients connected and greeted so far.
    public var connected: Int { self.channels.withLock { $0.count } }

    /// Connects `count` clients, at most `concurrency` greetings under way at once; greeted clients stay.
    /// - Returns: each greeting's latency, and the failures.
    public func open(_ count: Int, concurrency: Int = 128) async -> Greetings {
        await withTaskGroup(of: Greetings.self) { tasks in
            var total = Greetings()
            var started = 0
            while started < min(count, concurrency) {
                tasks.addTask { await self.greetOne() }
                started += 1
            }
            for await one in tasks {
                total.absorb(one)
                if started < count {
                    tasks.addTask { await self.greetOne() }
                    started += 1
                }
            }
            return total
        }
    }

    /// Greets `count` new clients one after another while the others stay connected, and lets each go
    /// again: the latency a student joining a busy host sees.
    public func probe(_ count: Int) async -> Greetings {
        var total = Greetings()
        for _ in 0..<count {
            total.absorb(await self.greetOne(keep: false))
        }
        return total
    }

    /// Closes every connection.
    public func close() async {
        let all = self.channels.withLock { channels in
            defer { channels = [] }
            return channels
        }
        for channel in all {
            try? await channel.close()
        }
    }

    private func greetOne(keep: Bool = true) async -> Greetings {
        let number = self.counter.withLock { value in
            value += 1
            return value
        }
        let name = "\(self.namePrefix)-\(number)"
        let start = ContinuousClock.now
        var result = Greetings()
        do {
            let loop = self.group.next()
            let greeted = loop.makePromise(of: Void.self)
            let channel: any Channel
            do {
                channel = try await ClientBootstrap(group: loop)
                    .channelOption(.socketOption(.tcp_nodelay), value: 1)
                    .channelInitializer { channel in
                        channel.eventLoop.makeCompletedFuture {
                            try channel.pipeline.syncOperations.addHandler(
                                IdleClientHandler(name: name, greeted: greeted))
                        }
                    }
                    .connect(host: self.target.host, port: self.target.port).get()
            } catch {
                // NB: a promise must be completed; the handler never saw this connection.
                greeted.fail(error)
                throw error
            }
            do {
                try await greeted.futureResult.get()
            } catch {
                try? await channel.close()
                throw error
            }
            let elapsed = start.duration(to: .now)
            let (seconds, attoseconds) = elapsed.components
            result.latencies.append(UInt32(clamping: seconds * 1_000_000 + attoseconds / 1_000_000_000_000))
            if keep {
                self.channels.withLock { $0.append(channel) }
            } else {
                try? await channel.close()
            }
        } catch {
            result.errors = 1
            result.errorSamples = ["\(error)"]
        }
        return result
    }
}
