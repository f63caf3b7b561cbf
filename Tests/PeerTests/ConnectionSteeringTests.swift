import NIOCore
import NIOPosix
import TestSupport
import Testing

@testable import Peer

/// The host's listening sockets: a classroom on the lobby's thread, a school's later connections on the
/// other loops, steered by the kernel.
@Suite("Host: connections steered between the lobby's thread and the other cores")
struct ConnectionSteeringTests {
    @Test("spread at the line, back to the lobby's thread at half of it")
    func policy() {
        typealias Steering = ConnectionSteering
        let line = 6
        #expect(Steering.next(.lobby, connected: 5, spreadAfter: line) == .lobby)
        #expect(Steering.next(.lobby, connected: 6, spreadAfter: line) == .otherLoops)
        #expect(Steering.next(.otherLoops, connected: 5, spreadAfter: line) == .otherLoops)
        #expect(Steering.next(.otherLoops, connected: 4, spreadAfter: line) == .otherLoops)
        #expect(Steering.next(.otherLoops, connected: 3, spreadAfter: line) == .lobby)
        #expect(Steering.next(.lobby, connected: 4, spreadAfter: line) == .lobby)
        #expect(Steering.next(.lobby, connected: 0, spreadAfter: 0) == .otherLoops)
        // NB: a line of 0 never comes back to the lobby's loop, not even with no connection left.
        #expect(Steering.next(.otherLoops, connected: 0, spreadAfter: 0) == .otherLoops)
        #expect(Steering.next(.otherLoops, connected: 0, spreadAfter: 1) == .lobby)
    }

    @Test("the web server's connections are served on the lobby's loop; with every core, on the whole group")
    func webGroup() async throws {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 2)
        defer { group.shutdownGracefully { _ in } }
        try await withHost(group: group) { host in
            let loop = try #require(host.webGroup as? any EventLoop)
            #expect(loop === host.service.loop)
        }
        try await withHost(group: group, { $0.everyCore = true }) { host in
            #expect(host.webGroup === group)
        }
    }

    @Test("the programs: the first socket, or one of the others at random")
    func programs() {
        typealias Instruction = ConnectionSteering.FilterInstruction
        #expect(ConnectionSteering.program(.lobby, sockets: 2) == [Instruction(code: 0x06, k: 0)])
        #expect(
            ConnectionSteering.program(.otherLoops, sockets: 3) == [
                Instruction(code: 0x20, k: 0xFFFF_F038), Instruction(code: 0x94, k: 2), Instruction(code: 0x04, k: 1),
                Instruction(code: 0x16, k: 0),
            ])
        #expect(MemoryLayout<Instruction>.size == 8)
    }

    /// A host on a group of two loops of its own, whose lobby's thread serves `spreadAfter` connections alone.
    static func withSteeredHost<T: Sendable>(
        spreadAfter: Int, port: Int = 0, _ body: @Sendable (TCNetHost, any EventLoopGroup) async throws -> T
    ) async throws -> T {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 2)
        do {
            let result = try await withHost(
                group: group,
                {
                    $0.port = port
                    $0.spreadAfter = spreadAfter
                }
            ) { host in try await body(host, group) }
            try await group.shutdownGracefully()
            return result
        } catch {
            try? await group.shutdownGracefully()
            throw error
        }
    }

    /// Opens `count` idle clients to `host`, at most `atOnce` at a time, and expects each greeted.
    static func open(
        _ count: Int, atOnce: Int, named prefix: String, to host: TCNetHost, on group: any EventLoopGroup
    ) async -> IdleLoad {
        let clients = IdleLoad(
            target: LoadTarget(host: "127.0.0.1", port: host.port), namePrefix: prefix, group: group)
        #expect(await clients.open(count, concurrency: atOnce).errors == 0, "\(prefix)")
        return clients
    }

    @Test("the first connections on the lobby's loop alone, later ones on the other loop, then the lobby's again")
    func steered() async throws {
        try await Self.withSteeredHost(spreadAfter: 4) { host, group in
            let steering = try #require(host.steering)
            #expect(steering.attached == .lobby)
            let classroom = await Self.open(4, atOnce: 1, named: "class", to: host, on: group)
            #expect(await host.service.servingLoops() == (4, 0))
            try await eventually("spread after 4") { steering.attached == .otherLoops }
            let school = await Self.open(32, atOnce: 4, named: "school", to: host, on: group)
            // NB: past the line, the lobby's loop takes no more: the 32 are all on the other one.
            #expect(await host.service.servingLoops() == (4, 32))
            await school.close()
            try await eventually("the school gone") { await host.service.servingLoops() == (4, 0) }
            #expect(steering.attached == .otherLoops)
            await classroom.close()
            try await eventually("the lobby's again at 2 or fewer") { steering.attached == .lobby }
            let late = await Self.open(3, atOnce: 1, named: "late", to: host, on: group)
            #expect(await host.service.servingLoops() == (3, 0))
            await late.close()
        }
    }

    @Test("with a line of 0, every connection on the other loop, the first ones that arrive at once too")
    func spreadFromTheFirst() async throws {
        try await Self.withSteeredHost(spreadAfter: 0) { host, group in
            let steering = try #require(host.steering)
            #expect(steering.attached == .otherLoops)
            let classroom = await Self.open(8, atOnce: 8, named: "class", to: host, on: group)
            #expect(await host.service.servingLoops() == (0, 8))
            await classroom.close()
            try await eventually("the class gone") { await host.service.servingLoops() == (0, 0) }
            #expect(steering.attached == .otherLoops)
            let late = await Self.open(2, atOnce: 2, named: "late", to: host, on: group)
            #expect(await host.service.servingLoops() == (0, 2))
            await late.close()
        }
    }

    @Test("a second host on the same port is refused, as a host that listens alone is")
    func portInUse() async throws {
        try await Self.withSteeredHost(spreadAfter: 200) { host, _ in
            let error = await #expect(throws: (any Error).self) {
                try await Self.withSteeredHost(spreadAfter: 200, port: host.port) { _, _ in }
            }
            #expect("\(error.map { "\($0)" } ?? "")".contains("in use"))
        }
    }

    @Test("the check of a port asked for takes no connection: one made meanwhile is refused, not held unanswered")
    func portProbeListensToNothing() throws {
        let probe = try TCNetHost.PortProbe(host: "127.0.0.1", port: 0)
        try #require(probe.port > 0)
        do {
            let held = try RawClient.connectedSocket(port: probe.port)
            close(held)
            Issue.record("a connection was taken while the port was checked")
        } catch RawClient.Failure.connect(let code) {
            #expect(code == ECONNREFUSED)
        }
    }
}
