import Foundation
import Protocol
import TestSupport
import Testing

/// A host whose limit on open files is lower than its connection limit keeps serving: it says so at
/// start, refuses what it cannot hold with `host-full` at once, and stays responsive.
@Suite("tcnet host: out of file descriptors")
struct DescriptorLimitTests {
    @Test("ulimit -n 200 with --max-connections 1000: at most 136, host-full beyond, an existing client still served")
    func lowDescriptorLimit() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tcnet-fd-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let host = try CommandRunner(
            ["host", "--bind", "127.0.0.1", "--port", "0", "--data", folder, "--no-advertise", "--no-web",
             "--max-connections", "1000"],
            openFiles: 200)
        defer { host.signal(SIGKILL) }
        let port = try await host.hostPort()
        let summary = try await host.waitForStandardOutput(containing: "Connections:")
        #expect(summary.contains("Connections: at most 136 (not 1000: this system allows 200 open files"))

        let teacher = try await RawClient.greeted(port: port, name: "Teacher")
        var crowd: [RawClient] = []
        var refused = 0
        var timedOut = 0
        for _ in 0..<180 {
            let client = try await RawClient.connect(port: port)
            crowd.append(client)
        }
        // NB: the host answers a connection it cannot hold at once, with host-full, and closes it; one it
        // serves gets hello-timeout (10 s) for saying nothing. A silent host (the defect) answers neither.
        // On a loaded machine a served connection may time out before the last connects, freeing its place
        // for a later one: the counts are judged together.
        var unanswered: [RawClient] = []
        // NB: each connection's first message only: a wait for the close after it could time out and drop
        // the message it had read.
        for client in crowd {
            let first = try? await client.readMessage(timeout: .milliseconds(200))
            if first?.error?.code == .hostFull { refused += 1 }
            if first?.error?.code == .helloTimeout { timedOut += 1 }
            if first == nil { unanswered.append(client) }
        }
        #expect(refused > 0, "connections over the limit heard host-full")
        try await teacher.send(ClientEnvelope(id: .number(8), .ping(Ping())))
        #expect(try await teacher.readMessage(timeout: .seconds(10)).re == .number(8), "served at the limit")
        for client in unanswered {
            let first = try? await client.readMessage(timeout: .seconds(30))
            if first?.error?.code == .hostFull { refused += 1 }
            if first?.error?.code == .helloTimeout { timedOut += 1 }
        }
        #expect(refused + timedOut == 180, "every connection heard host-full, or hello-timeout once served")
        try await teacher.send(ClientEnvelope(id: .number(9), .ping(Ping())))
        #expect(try await teacher.readMessage(timeout: .seconds(10)).re == .number(9), "still served")

        for client in crowd { client.disconnect() }
        let late = try await RawClient.connect(port: port)
        var welcomed = false
        for _ in 0..<50 where !welcomed {
            if case .welcome = try await late.hello(name: "Late").message { welcomed = true }
        }
        #expect(welcomed, "a client greeted once the crowd left")
    }
}
