import Peer
import Protocol
import TestSupport
import Testing

/// The handshake and the lobby's first request, over real loopback TCP.
@Suite("Host: handshake over TCP")
struct HostHandshakeTests {
    @Test("hello gets welcome with the trimmed name, a player id and a secret resume token")
    func helloWelcome() async throws {
        try await withHost { host in
            let client = try await RawClient.connect(port: host.port)
            try await client.send(json: #"{"type":"hello","id":"h1","protocol":1,"name":"  Lan  ","client":"py"}"#)
            let answer = try await client.readMessage()
            #expect(answer.re == .string("h1"))
            guard case .welcome(let welcome) = answer.message else {
                Issue.record("expected welcome, got \(answer)")
                return
            }
            #expect(welcome.protocolVersion == 1)
            #expect(welcome.name == "Lan")
            #expect(welcome.host == "Test host")
            #expect(welcome.maxFrame == 65_536)
            #expect(welcome.idleTimeoutMs == 60_000)
            #expect(welcome.rateLimit == RateLimit(burst: 50, perSecond: 20))
            #expect(welcome.player.rawValue.hasPrefix("p-"))
            #expect(welcome.resumeToken.rawValue.count == 64)
            #expect(welcome.resumeToken.rawValue.allSatisfy { $0.isHexDigit })
        }
    }

    @Test("each player gets a different id and token")
    func distinctCredentials() async throws {
        try await withHost { host in
            var ids: Set<String> = []
            var tokens: Set<String> = []
            for index in 0..<5 {
                let client = try await RawClient.connect(port: host.port)
                guard case .welcome(let welcome) = try await client.hello(name: "P\(index)").message else {
                    Issue.record("no welcome")
                    return
                }
                ids.insert(welcome.player.rawValue)
                tokens.insert(welcome.resumeToken.rawValue)
            }
            #expect(ids.count == 5)
            #expect(tokens.count == 5)
        }
    }

    @Test("hello with protocol 99 gets unsupported-protocol, the versions supported, and a close")
    func unsupportedProtocol() async throws {
        try await withHost { host in
            let client = try await RawClient.connect(port: host.port)
            try await client.send(json: #"{"type":"hello","id":1,"protocol":99,"name":"Lan"}"#)
            let messages = try await client.readUntilClosed()
            #expect(messages.count == 1)
            #expect(messages.first?.error?.code == .unsupportedProtocol)
            #expect(messages.first?.error?.supported == [1])
            #expect(messages.first?.error?.fatal == true)
            #expect(messages.first?.re == .number(1))
        }
    }

    @Test("players before hello gets hello-required and a close")
    func helloRequired() async throws {
        try await withHost { host in
            let client = try await RawClient.connect(port: host.port)
            try await client.send(ClientEnvelope(id: .number(7), .players(PlayersRequest())))
            let messages = try await client.readUntilClosed()
            #expect(messages.map(\.error?.code) == [.helloRequired])
            #expect(messages.first?.re == .number(7))
        }
    }

    @Test("a bad name gets invalid-name and the connection stays open for another hello")
    func badNameThenGoodName() async throws {
        try await withHost { host in
            let client = try await RawClient.connect(port: host.port)
            for bad in ["", String(repeating: "x", count: 25), "tab\u{0009}name"] {
                let answer = try await client.hello(name: bad)
                #expect(answer.error?.code == .invalidName, "\(bad.debugDescription)")
                #expect(answer.error?.fatal == false)
            }
            guard case .welcome = try await client.hello(name: "Good Name").message else {
                Issue.record("a good name after bad ones was not welcomed")
                return
            }
        }
    }

    @Test("a name in use, in any case, gets name-taken")
    func nameTaken() async throws {
        try await withHost { host in
            let first = try await RawClient.greeted(port: host.port, name: "Minh")
            let second = try await RawClient.connect(port: host.port)
            #expect(try await second.hello(name: "MINH").error?.code == .nameTaken)
            _ = first
        }
    }

    @Test("hello twice gets unexpected-message and the connection stays open")
    func helloTwice() async throws {
        try await withHost { host in
            let client = try await RawClient.greeted(port: host.port, name: "Lan")
            #expect(try await client.hello(name: "Lan", id: .number(2)).error?.code == .unexpectedMessage)
            try await client.send(ClientEnvelope(id: .number(3), .ping(Ping())))
            #expect(try await client.readMessage() == HostEnvelope(re: .number(3), .pong(Pong())))
        }
    }

    @Test("players lists the greeted players in arrival order, and forgets one who leaves")
    func players() async throws {
        try await withHost { host in
            let lan = try await RawClient.greeted(port: host.port, name: "Lan")
            let minh = try await RawClient.greeted(port: host.port, name: "Minh")
            _ = try await RawClient.connect(port: host.port)
            try await lan.send(ClientEnvelope(id: .number(5), .players(PlayersRequest())))
            let answer = try await lan.readMessage()
            #expect(answer.re == .number(5))
            guard case .players(let list) = answer.message else {
                Issue.record("expected players, got \(answer)")
                return
            }
            #expect(list.players.map(\.name) == ["Lan", "Minh"])

            minh.disconnect()
            // NB: the host learns of the close asynchronously; ask until it has (within the rate limit).
            var names: [String] = []
            for _ in 0..<40 {
                try await lan.send(ClientEnvelope(.players(PlayersRequest())))
                if case .players(let list) = try await lan.readMessage().message {
                    names = list.players.map(\.name)
                }
                if names == ["Lan"] { break }
                try await Task.sleep(for: .milliseconds(100))
            }
            #expect(names == ["Lan"])
        }
    }

    @Test("unknown types and bad fields after hello get errors and the connection stays open")
    func nonFatalErrors() async throws {
        try await withHost { host in
            let client = try await RawClient.greeted(port: host.port, name: "Lan")
            try await client.send(json: #"{"type":"dance","id":8}"#)
            let unknown = try await client.readMessage()
            #expect(unknown.error?.code == .unknownType)
            #expect(unknown.re == .number(8))
            try await client.send(json: #"{"type":"ping","id":[1]}"#)
            #expect(try await client.readMessage().error?.code == .invalidMessage)
            try await client.send(json: #"{"type":"ping","id":9,"extra":{"ignored":true}}"#)
            #expect(try await client.readMessage() == HostEnvelope(re: .number(9), .pong(Pong())))
        }
    }
}
