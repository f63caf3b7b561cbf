import Foundation
import TestSupport
import Testing

/// The minimal Python client printed in docs/PROTOCOL.md works against `tcnet host`.
@Suite("docs/PROTOCOL.md's Python client")
struct ProtocolExampleTests {
    @Test("the example client is welcomed and lists itself among the players")
    func pythonExample() async throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let specification = try String(contentsOf: root.appendingPathComponent("docs/PROTOCOL.md"), encoding: .utf8)
        let script = try #require(
            specification.components(separatedBy: "```python\n").last?.components(separatedBy: "```").first)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tcnet-py-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let host = try CommandRunner(["host", "--bind", "127.0.0.1", "--port", "0", "--data", folder, "--no-advertise"])
        let port = try await host.hostPort()
        let file = folder + "/example.py"
        try script.replacingOccurrences(of: "7420", with: "\(port)")
            .write(toFile: file, atomically: true, encoding: .utf8)

        let python = Process()
        python.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        python.arguments = ["python3", file]
        let output = Pipe()
        python.standardOutput = output
        try python.run()
        python.waitUntilExit()
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(python.terminationStatus == 0)
        #expect(printed.contains("'type': 'welcome'") && printed.contains("'re': 1"))
        #expect(printed.contains("'name': 'Lan'"))
        #expect(printed.contains("'type': 'players'"))
        host.signal(SIGTERM)
        _ = try await host.waitForExit()
    }
}
