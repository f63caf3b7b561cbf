import Foundation
import Protocol
import TestSupport
import Testing

@Suite("tcnet command line")
struct CommandLineTests {
    @Test("tcnet --help lists the subcommands and where the protocol is specified")
    func rootHelp() async throws {
        let outcome = try await CommandRunner.run(["--help"])
        #expect(outcome.status == 0)
        #expect(outcome.standardOutput.contains("USAGE: tcnet <subcommand>"))
        #expect(outcome.standardOutput.contains("host"))
        #expect(outcome.standardOutput.contains("docs/PROTOCOL.md"))
    }

    @Test("tcnet host --help documents the port, the data folder and the log level")
    func hostHelp() async throws {
        let outcome = try await CommandRunner.run(["host", "--help"])
        #expect(outcome.status == 0)
        for flag in ["--port <port>", "--data <dir>", "--log-level <level>", "--max-connections", "7420"] {
            #expect(outcome.standardOutput.contains(flag), "\(flag)")
        }
    }

    @Test("a wrong flag gets a one-line error and the usage, with status 64")
    func wrongFlag() async throws {
        let outcome = try await CommandRunner.run(["host", "--prot", "7420"])
        #expect(outcome.status == 64)
        let lines = outcome.standardError.split(separator: "\n")
        #expect(lines.first == "Error: Unknown option '--prot'. Did you mean '--port'?")
        #expect(outcome.standardError.contains("Usage: tcnet host"))
    }

    @Test("a bad port value gets a one-line error saying what to do")
    func badPort() async throws {
        let outcome = try await CommandRunner.run(["host", "--port", "70000"])
        #expect(outcome.status == 64)
        #expect(outcome.standardError.hasPrefix("Error: --port must be 0 to 65535, not 70000"))
    }

    @Test("an unusable data folder is one line naming it, with status 1")
    func unusableDataFolder() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("tcnet-not-a-folder-\(UUID())").path
        try Data("x".utf8).write(to: URL(fileURLWithPath: file))
        defer { try? FileManager.default.removeItem(atPath: file) }
        let outcome = try await CommandRunner.run(["host", "--port", "0", "--data", file + "/sub"])
        #expect(outcome.status == 1)
        let errorLines = outcome.standardError.split(separator: "\n").filter { $0.hasPrefix("Error:") }
        #expect(errorLines.count == 1)
        #expect(errorLines.first?.contains("cannot use the data folder \(file)/sub") == true)
    }

    @Test("the tests read the host's port from its TCP line, also when the web side's line comes first")
    func listeningLine() {
        let log = """
            2026-11-24T03:56:32+0000 info tcnet: port=41000 urls=["http://127.0.0.1:41000/"] [Web] web client listening
            2026-11-24T03:56:32+0000 info tcnet: address=127.0.0.1 port=37875 [Peer] listening
            """
        #expect(CommandRunner.port(onLineWith: CommandRunner.listeningLine, in: log) == 37875)
        #expect(CommandRunner.port(onLineWith: "web client listening", in: log) == 41000)
        #expect(CommandRunner.port(onLineWith: CommandRunner.listeningLine, in: "listening") == nil)
    }

    @Test("a port in use is one line that says to pass --port")
    func portInUse() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tcnet-data-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let first = try CommandRunner(
            ["host", "--bind", "127.0.0.1", "--port", "0", "--data", folder, "--no-advertise"])
        let port = try await first.hostPort()
        let second = try await CommandRunner.run(
            ["host", "--bind", "127.0.0.1", "--port", "\(port)", "--data", folder, "--no-advertise"])
        #expect(second.status == 1)
        #expect(second.standardError.contains("cannot listen on 127.0.0.1:\(port)"))
        #expect(second.standardError.contains("Pass --port"))
        first.signal(SIGTERM)
        _ = try await first.waitForExit()
    }

    @Test("tcnet host serves, keeps its SQLite file, and on SIGTERM and SIGINT tells players and exits 0",
          arguments: [SIGTERM, SIGINT])
    func gracefulShutdown(signal: Int32) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tcnet-data-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let host = try CommandRunner(
            ["host", "--bind", "127.0.0.1", "--port", "0", "--data", folder, "--name", "Room 12", "--no-advertise"])
        let port = try await host.hostPort()
        #expect(FileManager.default.fileExists(atPath: folder + "/tcnet.sqlite"))

        let client = try await RawClient.connect(port: port)
        guard case .welcome(let welcome) = try await client.hello(name: "Lan").message else {
            Issue.record("no welcome from tcnet host")
            return
        }
        #expect(welcome.host == "Room 12")
        _ = try await host.waitForStandardError(containing: "hello accepted")

        host.signal(signal)
        #expect(try await client.readUntilClosed().map(\.error?.code) == [.shuttingDown])
        let outcome = try await host.waitForExit()
        #expect(outcome.status == 0)
        #expect(outcome.standardError.contains("connected"))
        #expect(outcome.standardError.contains("stopped"))
    }
}
