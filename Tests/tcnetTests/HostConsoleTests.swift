import Foundation
import Protocol
import TestSupport
import Testing

/// What the teacher sees of `tcnet host`: the summary, the log by name, and the console.
@Suite("tcnet host: the teacher's summary, log and console")
struct HostConsoleTests {
    @Test("a summary for people before the log: name, the join line, advertising, the data file")
    func summary() async throws {
        let running = try await RunningHost.start()
        // NB: the summary follows the web side's start, which may come after the TCP side's `listening`.
        let out = try await running.host.waitForStandardOutput(containing: "  Teacher's console: type help")
        #expect(out.hasPrefix("tcnet host \"tcnet on "))
        for line in [
            "  Students join with:  tcnet join 127.0.0.1:\(running.port) --name NAME",
            "  Listening on 127.0.0.1 port \(running.port).",
            "  Advertised on the LAN: no (--no-advertise).",
            "  Data: \(running.data)/tcnet.sqlite",
            "  Teacher's console: type help and Enter here (seats, free, reseat).",
        ] {
            #expect(out.contains(line + "\n"), "\(line)")
        }
        try await running.stop()
    }

    @Test("players are logged by name as well as id, refused joins too, and never a token or a seat code")
    func logByName() async throws {
        let running = try await RunningHost.start()
        let lan = try await running.greet("Lan")
        // NB: each hello goes with its connect: in a loaded test run the task may resume seconds later, and the
        // host's hello timeout runs from the connect (a CI run lost a connection so).
        let twin = try await RawClient.connect(
            port: running.port,
            sending: WireCodec.frame(ClientEnvelope(id: .number(1), .hello(Hello(name: "LAN", client: "tcnet-tests")))))
        #expect(try await twin.readMessage().error?.code == .nameTaken)
        let guess = ClientEnvelope(id: .number(1), .hello(Hello(name: "", seatCode: SeatCode(bits: 7))))
        let guesser = try await RawClient.connect(port: running.port, sending: WireCodec.frame(guess))
        _ = try await guesser.readMessage()
        lan.client.disconnect()
        let log = try await running.host.waitForStandardError(containing: "name=Lan [Peer] disconnected")
        #expect(log.contains("name=Lan player=\(lan.welcome.player) [Peer] hello accepted"))
        #expect(log.contains("code=name-taken connection=c2 name=LAN [Peer] hello refused"))
        #expect(log.contains("by=seat code code=bad-seat-code"))
        #expect(!log.contains(lan.welcome.resumeToken.rawValue))
        #expect(!log.contains(lan.welcome.seatCode?.rawValue ?? "-") && !log.contains(SeatCode(bits: 7).rawValue))
        twin.disconnect()
        guesser.disconnect()
        try await running.stop()
    }

    @Test("the console lists seats, frees one, gives one a new seat code that takes it, and explains a wrong line")
    func console() async throws {
        let running = try await RunningHost.start(console: true)
        let lan = try await running.greet("Lan")
        let minh = try await running.greet("Minh")
        try await lan.client.send(ClientEnvelope(id: .number(2), .createTable(CreateTable(game: "taxcollection"))))
        for (player, seat) in [(lan, "A"), (minh, "B")] {
            try await player.client.send(ClientEnvelope(id: .number(3), .sit(Sit(table: "t1", seat: seat))))
            while try await player.client.readMessage().re != .number(3) {}
        }
        running.host.write("seats\n")
        _ = try await running.host.waitForStandardOutput(containing: "  B  Minh (\(minh.welcome.player))  here\n")
        running.host.write("dance\n")
        _ = try await running.host.waitForStandardOutput(containing: "no command dance; type help\n")
        running.host.write("reseat t1 b\n")
        let out = try await running.host.waitForStandardOutput(containing: "  tcnet join HOST --resume ")
        let code = try #require(out.firstMatch(of: /\(Minh\) has a new seat code: ([0-9A-Z]{5}-[0-9A-Z]{5})/)?.output.1)
        #expect(code != Substring(minh.welcome.seatCode?.rawValue ?? ""))
        #expect(try await minh.client.readUntilClosed().last?.error?.code == .sessionReplaced)
        let other = try await RawClient.connect(port: running.port)
        try await other.send(
            ClientEnvelope(id: .number(1), .hello(Hello(name: "", seatCode: SeatCode(rawValue: String(code))))))
        guard case .welcome(let welcome) = try await other.readMessage().message else {
            Issue.record("the new seat code did not take the seat")
            return
        }
        #expect(welcome.resumed && welcome.name == "Minh")
        running.host.write("free t1 A\n")
        _ = try await running.host.waitForStandardOutput(
            containing: "freed seat A at table t1; Lan no longer sits there\n")
        #expect(!running.host.standardError.contains(String(code)))
        lan.client.disconnect()
        other.disconnect()
        try await running.stop()
    }
}
