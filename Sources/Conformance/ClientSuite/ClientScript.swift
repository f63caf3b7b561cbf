import Foundation
import Protocol

/// The client suite's conversation with one client, recording a verdict per case: the handshake and
/// the lobby here, the match by the game's fixture (``GameFixture/playClientMatch``).
///
/// NB: a class, so the game's match script can carry the conversation on; one task uses it at a time.
public final class ClientConversation: @unchecked Sendable {
    /// How long a client is watched for a close after a message it must take in stride.
    /// NB: 2 s, not half a second: on a loaded machine a broken client took longer than that to close.
    static let closeWindow = Duration.seconds(2)

    /// The verdicts so far, by case id.
    public var verdicts: [String: Verdict] = [:]
    /// The table of the script.
    public let table = "t1"
    /// The id the suite gave the client.
    public let player = PlayerID(rawValue: "p-c0nf0rmance")
    /// The client's name, as it said hello.
    public private(set) var clientName = "client"
    /// How long the suite waits for the client's next message.
    public let timeout = Duration.seconds(10)
    let probe: Probe
    let fixture: GameFixture
    private var framesValid = true
    private var framesSeen = ""
    /// Whether the first page of `tables` (with `next`) went out.
    private var firstPageSent = false
    /// Messages the client sent while the suite watched it (``watch(for:)``), not handled yet.
    private var queued: [WireMessage] = []

    init(probe: Probe, fixture: GameFixture) {
        self.probe = probe
        self.fixture = fixture
    }

    /// Reads the client's next message, checking the frame it came in; messages read earlier by
    /// ``watch(for:)`` come first.
    /// - Parameter timeout: how long to wait; ``timeout`` when `nil`.
    /// - Returns: the message, or `nil` when none came (or the client closed).
    public func next(timeout: Duration? = nil) async -> WireMessage? {
        if !self.queued.isEmpty { return self.queued.removeFirst() }
        if case .message(let message) = await self.receive(timeout: timeout ?? self.timeout) { return message }
        return nil
    }

    private func receive(timeout: Duration) async -> Received {
        let received = await self.probe.read(timeout: timeout)
        switch received {
        case .message(let message):
            if message.type == nil {
                self.framesValid = false
                self.framesSeen = "a message without type: \(message)"
            }
        case .notJSON, .badFrame:
            self.framesValid = false
            self.framesSeen = "\(received)"
        case .closed, .timedOut:
            break
        }
        return received
    }

    /// Watches the client for a while after the suite sent something it must cope with: whether the
    /// client closes the connection. What it sends meanwhile is queued for ``next(_:timeout:)``.
    /// - Returns: `false` when the client closed the connection (or sent something that is not a frame).
    public func watch(for window: Duration) async -> Bool {
        let deadline = ContinuousClock.now + window
        while case let left = ContinuousClock.now.duration(to: deadline), left > .zero {
            switch await self.receive(timeout: left) {
            case .message(let message): self.queued.append(message)
            case .timedOut: return true
            case .closed, .notJSON, .badFrame: return false
            }
        }
        return true
    }

    /// Sends a message to the client.
    public func send(_ envelope: HostEnvelope) async {
        await self.probe.send(bytes: WireCodec.frame(envelope))
    }

    func run() async {
        await self.converse()
        self.verdicts["client.frames-valid"] =
            self.framesValid ? .ok : .failed(expected: "valid frames", seen: self.framesSeen)
        if self.verdicts["client.follows-next"] == nil {
            self.verdicts["client.follows-next"] =
                self.firstPageSent
                ? .nonStrict(reason: "the client did not ask for the next page of tables but opened or named one (P-3)")
                : .unimplemented(reason: "the client did not list tables")
        }
    }

    private func converse() async {
        // Handshake.
        guard let hello = await self.next() else {
            self.verdicts["client.hello"] = .failed(
                expected: "hello", seen: "nothing, or not a frame (\(self.framesSeen))")
            return
        }
        guard hello.type == "hello", hello.int("protocol") == 1, let name = hello.string("name") else {
            self.verdicts["client.hello"] = .failed(expected: "hello with protocol 1 and a name", seen: "\(hello)")
            return
        }
        self.clientName = name
        self.verdicts["client.hello"] = .ok
        switch hello["client"] {
        case .string?: self.verdicts["client.hello-names-software"] = .ok
        case nil, .null?:
            self.verdicts["client.hello-names-software"] = .nonStrict(reason: "no client member (H-1 says SHOULD)")
        case let other?:
            self.verdicts["client.hello-names-software"] = .failed(expected: "client to be a string", seen: "\(other)")
        }
        var welcome = JSONValue.encoding(
            HostEnvelope(
                re: nil,
                .welcome(
                    Welcome(
                        host: "tcnet conformance", maxFrame: 65_536, idleTimeoutMs: 60_000,
                        rateLimit: RateLimit(burst: 50, perSecond: 20),
                        player: self.player, name: name.trimmingCharacters(in: .whitespaces),
                        resumeToken: ResumeToken(rawValue: String(repeating: "c0", count: 32)),
                        games: [self.fixture.game], resumed: false))))
        if case .object(var members) = welcome {
            members["re"] = hello["id"]
            members["x-future-member"] = JSONValue.object(["nested": JSONValue.array([JSONValue.number(1)])])
            welcome = .object(members)
        }
        let bytes = FrameEncoder.frame(WireCodec.payload(welcome))
        // NB: a millisecond between bytes, so a client that takes one read for one message sees a piece.
        await self.probe.send(chunks: bytes.map { [$0] }, pause: .milliseconds(1))
        // NB: a client may stay silent after welcome (it waits for its user); closing is what fails.
        guard await self.watch(for: Self.closeWindow) else {
            self.verdicts["client.split-welcome"] = .failed(
                expected: "the client to read a welcome split byte by byte, with unknown members, and stay",
                seen: "the close")
            return
        }
        self.verdicts["client.split-welcome"] = .ok
        // Two frames in one write: an unknown type, then a pong nobody asked for (the client MUST cope).
        let unknown = FrameEncoder.frame(Array(#"{"type":"x-future-notice","text":"a message from tcnet/1.9"}"#.utf8))
        let pong = FrameEncoder.frame(Array(#"{"type":"pong"}"#.utf8))
        await self.probe.send(bytes: unknown + pong)
        guard await self.watch(for: Self.closeWindow) else {
            self.verdicts["client.unknown-message"] = .failed(
                expected: "the client to skip an unknown message type and an unasked pong, and stay", seen: "the close")
            return
        }
        self.verdicts["client.unknown-message"] = .ok

        // The lobby: answer what a client that plays by itself asks.
        var sat = false
        var lastMessage: WireMessage?
        while !sat {
            guard let message = await self.next(timeout: .seconds(5)) else { break }
            lastMessage = message
            let re = message["id"].flatMap(Self.requestID)
            switch message.type {
            case "ping":
                await self.send(HostEnvelope(re: re, .pong(Pong())))
            case "tables":
                await self.answerTables(message, re: re)
            case "create-table":
                await self.send(
                    HostEnvelope(re: re, .table(TableUpdate(table: self.info(status: .waiting, clientSeated: false)))))
            case "sit", "watch":
                if message.type == "sit" { sat = true }
                await self.send(
                    HostEnvelope(re: re, .table(TableUpdate(table: self.info(status: .waiting, clientSeated: sat)))))
            default:
                await self.send(
                    HostEnvelope(
                        re: re, .error(ErrorMessage(code: .unexpectedMessage, message: "not now", fatal: false))))
            }
        }
        if sat {
            let ready = await self.next()
            guard let ready, ready.type == "ready", ready.string("table") == self.table else {
                self.verdicts["client.sits-and-readies"] = .failed(
                    expected: "ready {table t1} after \(lastMessage.map { "\($0)" } ?? "sit")",
                    seen: ready.map { "\($0)" } ?? "nothing")
                return
            }
            self.verdicts["client.sits-and-readies"] = .ok
            await self.send(
                HostEnvelope(
                    re: ready["id"].flatMap(Self.requestID),
                    .table(TableUpdate(table: self.info(status: .playing, clientSeated: true)))))
        } else {
            self.verdicts["client.sits-and-readies"] = .unimplemented(reason: "the client did not sit down by itself")
            self.verdicts["client.moves"] = .unimplemented(reason: "the client does not play by itself")
            self.verdicts["client.full-match"] = .unimplemented(reason: "the client does not play by itself")
        }
        await self.fixture.playClientMatch(self, sat)
    }

    /// The script's table as the client sees it: the client's seat first, the suite in the others.
    /// - Parameters:
    ///   - status: the table's status.
    ///   - clientSeated: whether the client sits in the first seat.
    public func info(status: TableStatus, clientSeated: Bool) -> TableInfo {
        let seats = self.fixture.clientTableSeats.enumerated().map { index, seat in
            if index > 0 {
                return SeatInfo(
                    seat: seat, player: PlayerID(rawValue: "p-5u17e000000\(index)"), name: "Suite", ready: true)
            }
            return clientSeated
                ? SeatInfo(seat: seat, player: self.player, name: self.clientName, ready: status != .waiting)
                : SeatInfo(seat: seat)
        }

        return TableInfo(
            id: self.table, game: self.fixture.game.id, ruleSet: self.fixture.game.ruleSets[0], status: status,
            seats: seats, spectators: 0, graceSeconds: 120, onTimeout: .pause, match: status == .waiting ? 0 : 1)
    }

    /// The cursor of the first page of `tables`: opaque, like every `next` (P-3).
    private static let cursor = "c0nf-page-2"

    /// `tables` in two pages (P-3): a full table with `next`, then t1 with a free seat. A client looking
    /// for a free seat reads on with `after` set to `next`, exactly as given.
    private func answerTables(_ message: WireMessage, re: RequestID?) async {
        switch message["after"] {
        case nil, .null?:
            self.firstPageSent = true
            let players = ["An", "Bình"]
            let seats = self.fixture.clientTableSeats.enumerated().map { index, seat in
                SeatInfo(
                    seat: seat, player: PlayerID(rawValue: "p-0\(index)0\(index)0\(index)0\(index)0\(index)0\(index)"),
                    name: players[index % players.count], ready: true)
            }
            let full = TableInfo(
                id: "t9", game: self.fixture.game.id, ruleSet: self.fixture.game.ruleSets[0], status: .playing,
                seats: seats, spectators: 0, graceSeconds: 120, onTimeout: .pause, match: 1)
            await self.send(HostEnvelope(re: re, .tables(TableList(tables: [full], next: Self.cursor))))
        case .string(Self.cursor)?:
            if self.verdicts["client.follows-next"] == nil { self.verdicts["client.follows-next"] = .ok }
            let free = self.info(status: .waiting, clientSeated: false)
            await self.send(HostEnvelope(re: re, .tables(TableList(tables: [free]))))
        case let other?:
            self.verdicts["client.follows-next"] = .failed(
                expected: #"after "\#(Self.cursor)", the next of the page before, as given (P-3)"#,
                seen: "after \(other)")
            let refusal = ErrorMessage(code: .invalidMessage, message: "bad after", fatal: false)
            await self.send(HostEnvelope(re: re, .error(refusal)))
        }
    }

    /// A request id as the client wrote it, to answer with `re`.
    public static func requestID(_ value: JSONValue) -> RequestID? {
        switch value {
        case .string(let text): .string(text)
        case .number(let number): .number(Int64(number))
        default: nil
        }
    }
}
