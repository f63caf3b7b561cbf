import Foundation
import Protocol
import TestSupport
import Testing

/// A real `tcnet host` on a free loopback port and a fresh data folder, for the process tests, with
/// a state folder for the clients started against it.
struct RunningHost {
    let host: CommandRunner
    let port: Int
    let data: String
    /// A folder for the clients' `XDG_STATE_HOME`s.
    let states: String

    static func start(console: Bool = false) async throws -> RunningHost {
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("tcnet-host-\(UUID())").path
        let host = try CommandRunner(
            ["host", "--bind", "127.0.0.1", "--port", "0", "--data", data, "--no-advertise"], input: console)
        let port = try await host.hostPort()
        return RunningHost(host: host, port: port, data: data, states: data + "-states")
    }

    var address: String { "127.0.0.1:\(self.port)" }

    /// The environment of a client on its own "machine": a state folder of its own.
    func machine(_ name: String) -> [String: String] {
        ["XDG_STATE_HOME": "\(self.states)/\(name)", "NO_COLOR": "1"]
    }

    /// A player connected by the raw protocol.
    func greet(_ name: String) async throws -> (client: RawClient, welcome: Welcome) {
        let client = try await RawClient.connect(port: self.port)
        guard case .welcome(let welcome) = try await client.hello(name: name).message else {
            throw CommandRunnerError.timedOut("welcome for \(name)")
        }
        return (client, welcome)
    }

    func stop() async throws {
        self.host.signal(SIGTERM)
        _ = try await self.host.waitForExit()
        try? FileManager.default.removeItem(atPath: self.data)
        try? FileManager.default.removeItem(atPath: self.states)
    }
}
