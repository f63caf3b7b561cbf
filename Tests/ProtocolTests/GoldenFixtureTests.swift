import Foundation
import Protocol
import Testing

/// The wire shape of every message, frozen: each fixture decodes to the value beside it, and that
/// value encodes back to the same JSON.
@Suite("Golden fixtures")
struct GoldenFixtureTests {
    static let clientFixtures: [(String, ClientEnvelope)] = [
        ("client/hello.json", ClientEnvelope(id: .number(1), .hello(Hello(name: "Lan", client: "tcnet-swift/0.1.0")))),
        ("client/hello-minimal.json", ClientEnvelope(.hello(Hello(name: "Minh")))),
        ("client/ping.json", ClientEnvelope(id: .string("p-17"), .ping(Ping()))),
        ("client/players.json", ClientEnvelope(id: .number(2), .players(PlayersRequest()))),
    ]

    static let hostFixtures: [(String, HostEnvelope)] = [
        (
            "host/welcome.json",
            HostEnvelope(
                re: .number(1),
                .welcome(Welcome(
                    host: "Room 12", maxFrame: 65_536, idleTimeoutMs: 60_000,
                    rateLimit: RateLimit(burst: 50, perSecond: 20), player: PlayerID(rawValue: "p-3fa81c09d2e4"),
                    name: "Lan",
                    resumeToken: ResumeToken(rawValue: "9c1d6f0a4b7e2c5d8f1a3b6c9d2e5f8a1b4c7d0e3f6a9b2c5d8e1f4a7b0c3d6e"),
                    games: [GameDescriptor(id: "taxcollection", name: "Tax Collection", seats: ["A", "B"], ruleSets: ["classic"])])))
        ),
        (
            "host/error.json",
            HostEnvelope(
                re: .number(2),
                .error(ErrorMessage(code: .unknownType, message: "no message has type \"dance\"", fatal: false)))
        ),
        (
            "host/error-unsupported-protocol.json",
            HostEnvelope(
                re: .number(1),
                .error(ErrorMessage(
                    code: .unsupportedProtocol, message: "this host speaks tcnet/1, not tcnet/2", fatal: true,
                    supported: [1])))
        ),
        (
            "host/error-rate-limited.json",
            HostEnvelope(
                re: .number(77),
                .error(ErrorMessage(
                    code: .rateLimited,
                    message: "too many messages: at most 50 at once and 20 a second; this one was dropped",
                    fatal: false, retryAfterMs: 50)))
        ),
        (
            "host/error-frame-too-large.json",
            HostEnvelope(.error(ErrorMessage(
                code: .frameTooLarge, message: "a frame header announced 10000000 bytes, more than the limit of 65536",
                fatal: true)))
        ),
        ("host/pong.json", HostEnvelope(re: .string("p-17"), .pong(Pong()))),
        (
            "host/players.json",
            HostEnvelope(
                re: .number(2),
                .players(PlayerList(players: [
                    PlayerSummary(id: PlayerID(rawValue: "p-3fa81c09d2e4"), name: "Lan"),
                    PlayerSummary(id: PlayerID(rawValue: "p-81d2e4c09a3f"), name: "Minh"),
                ])))
        ),
    ]

    @Test("client message fixtures decode and re-encode unchanged", arguments: Self.clientFixtures)
    func clientFixture(name: String, expected: ClientEnvelope) throws {
        let fixture = try Fixtures.bytes(name)
        let decoded = try WireCodec.decodeClient(fixture).get()
        #expect(decoded == expected)
        try Fixtures.expectSameJSON(WireCodec.payload(decoded), fixture)
    }

    @Test("host message fixtures decode and re-encode unchanged", arguments: Self.hostFixtures)
    func hostFixture(name: String, expected: HostEnvelope) throws {
        let fixture = try Fixtures.bytes(name)
        let decoded = try WireCodec.decodeHost(fixture).get()
        #expect(decoded == expected)
        try Fixtures.expectSameJSON(WireCodec.payload(decoded), fixture)
    }

    @Test("every message type has a fixture")
    func everyTypeHasAFixture() {
        let clientTypes = Set(Self.clientFixtures.map(\.1.message.type))
        let hostTypes = Set(Self.hostFixtures.map(\.1.message.type))
        #expect(clientTypes == ["hello", "ping", "players"])
        #expect(hostTypes == ["welcome", "error", "pong", "players"])
    }

    @Test("the same message always encodes to the same bytes, keys sorted")
    func deterministicEncoding() throws {
        let envelope = Self.hostFixtures[0].1
        let first = WireCodec.payload(envelope)
        #expect(first == WireCodec.payload(envelope))
        let text = String(decoding: first, as: UTF8.self)
        #expect(text.hasPrefix("{\"games\":"))
    }
}

/// Reads the fixtures shipped with the tests.
enum Fixtures {
    static func bytes(_ name: String) throws -> [UInt8] {
        let url = try #require(Bundle.module.url(forResource: "Fixtures/" + name, withExtension: nil))
        return Array(try Data(contentsOf: url))
    }

    /// Expects two JSON texts to hold the same value, whatever their key order and spacing.
    static func expectSameJSON(_ actual: [UInt8], _ expected: [UInt8]) throws {
        let lhs = try JSONSerialization.jsonObject(with: Data(actual)) as? NSDictionary
        let rhs = try JSONSerialization.jsonObject(with: Data(expected)) as? NSDictionary
        #expect(lhs != nil && lhs == rhs, "\(String(decoding: actual, as: UTF8.self))")
    }
}
