import Foundation
import Lobby
import Protocol
import TaxCollectionRules

/// The client suite's conversation with one client, recording a verdict per case.
struct ClientScript {
    var verdicts: [String: Verdict] = [:]
    private var framesValid = true
    private var framesSeen = ""
    private var state: GameState?
    private var seq = 0
    private var clientSeat = "A"
    private var player = PlayerID(rawValue: "p-c0nf0rmance")
    private var clientName = "client"
    private let table = "t1"
    private var lied = false
    /// Whether the first page of `tables` (with `next`) went out.
    private var firstPageSent = false
    private var clientMoves = 0
    private let timeout = Duration.seconds(10)
    /// Messages the client sent while the suite watched it (``watch(_:for:)``), not handled yet.
    private var queued: [WireMessage] = []

    /// Reads the client's next message, checking the frame it came in; messages read earlier by
    /// ``watch(_:for:)`` come first.
    private mutating func next(_ probe: Probe, timeout: Duration? = nil) async -> WireMessage? {
        if !self.queued.isEmpty { return self.queued.removeFirst() }
        if case .message(let message) = await self.receive(probe, timeout: timeout ?? self.timeout) { return message }
        return nil
    }

    private mutating func receive(_ probe: Probe, timeout: Duration) async -> Received {
        let received = await probe.read(timeout: timeout)
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
    private mutating func watch(_ probe: Probe, for window: Duration) async -> Bool {
        let deadline = ContinuousClock.now + window
        while case let left = ContinuousClock.now.duration(to: deadline), left > .zero {
            switch await self.receive(probe, timeout: left) {
            case .message(let message): self.queued.append(message)
            case .timedOut: return true
            case .closed, .notJSON, .badFrame: return false
            }
        }
        return true
    }

    private func send(_ probe: Probe, _ envelope: HostEnvelope) async {
        await probe.send(bytes: WireCodec.frame(envelope))
    }

    mutating func run(_ probe: Probe) async {
        await self.converse(probe)
        self.verdicts["client.frames-valid"] = self.framesValid ? .ok : .failed(expected: "valid frames", seen: self.framesSeen)
        if self.verdicts["client.follows-next"] == nil {
            self.verdicts["client.follows-next"] = self.firstPageSent
                ? .nonStrict(reason: "the client did not ask for the next page of tables but opened or named one (P-3)")
                : .unimplemented(reason: "the client did not list tables")
        }
    }

    private mutating func converse(_ probe: Probe) async {
        // Handshake.
        guard let hello = await self.next(probe) else {
            self.verdicts["client.hello"] = .failed(expected: "hello", seen: "nothing, or not a frame (\(self.framesSeen))")
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
        case nil, .null?: self.verdicts["client.hello-names-software"] = .nonStrict(reason: "no client member (H-1 says SHOULD)")
        case let other?: self.verdicts["client.hello-names-software"] = .failed(expected: "client to be a string", seen: "\(other)")
        }
        var welcome = JSONValue.encoding(HostEnvelope(re: nil, .welcome(Welcome(
            host: "tcnet conformance", maxFrame: 65_536, idleTimeoutMs: 60_000, rateLimit: RateLimit(burst: 50, perSecond: 20),
            player: self.player, name: name.trimmingCharacters(in: .whitespaces), resumeToken: ResumeToken(rawValue: String(repeating: "c0", count: 32)),
            games: GameCatalog.classroom.descriptors, resumed: false))))
        if case .object(var members) = welcome {
            members["re"] = hello["id"]
            members["x-future-member"] = JSONValue.object(["nested": JSONValue.array([JSONValue.number(1)])])
            welcome = .object(members)
        }
        let bytes = FrameEncoder.frame(WireCodec.payload(welcome))
        // NB: a millisecond between bytes, so a client that takes one read for one message sees a piece.
        await probe.send(chunks: bytes.map { [$0] }, pause: .milliseconds(1))
        // NB: a client may stay silent after welcome (it waits for its user); closing is what fails.
        guard await self.watch(probe, for: .milliseconds(500)) else {
            self.verdicts["client.split-welcome"] = .failed(
                expected: "the client to read a welcome split byte by byte, with unknown members, and stay", seen: "the close")
            return
        }
        self.verdicts["client.split-welcome"] = .ok
        // Two frames in one write: an unknown type, then a pong nobody asked for (the client MUST cope).
        let unknown = FrameEncoder.frame(Array(#"{"type":"x-future-notice","text":"a message from tcnet/1.9"}"#.utf8))
        let pong = FrameEncoder.frame(Array(#"{"type":"pong"}"#.utf8))
        await probe.send(bytes: unknown + pong)
        guard await self.watch(probe, for: .milliseconds(500)) else {
            self.verdicts["client.unknown-message"] = .failed(
                expected: "the client to skip an unknown message type and an unasked pong, and stay", seen: "the close")
            return
        }
        self.verdicts["client.unknown-message"] = .ok

        // The lobby: answer what a client that plays by itself asks.
        var sat = false
        var lastMessage: WireMessage?
        while !sat {
            guard let message = await self.next(probe, timeout: .seconds(5)) else { break }
            lastMessage = message
            let re = message["id"].flatMap(Self.requestID)
            switch message.type {
            case "ping":
                await self.send(probe, HostEnvelope(re: re, .pong(Pong())))
            case "tables":
                await self.answerTables(probe, message, re: re)
            case "create-table":
                await self.send(probe, HostEnvelope(re: re, .table(TableUpdate(table: self.info(status: .waiting, clientSeated: false)))))
            case "sit", "watch":
                if message.type == "sit" { sat = true }
                await self.send(probe, HostEnvelope(re: re, .table(TableUpdate(table: self.info(status: .waiting, clientSeated: sat)))))
            default:
                await self.send(probe, HostEnvelope(re: re, .error(ErrorMessage(code: .unexpectedMessage, message: "not now", fatal: false))))
            }
        }
        if sat {
            let ready = await self.next(probe)
            guard let ready, ready.type == "ready", ready.string("table") == self.table else {
                self.verdicts["client.sits-and-readies"] = .failed(
                    expected: "ready {table t1} after \(lastMessage.map { "\($0)" } ?? "sit")", seen: ready.map { "\($0)" } ?? "nothing")
                return
            }
            self.verdicts["client.sits-and-readies"] = .ok
            await self.send(probe, HostEnvelope(re: ready["id"].flatMap(Self.requestID), .table(TableUpdate(table: self.info(status: .playing, clientSeated: true)))))
        } else {
            self.verdicts["client.sits-and-readies"] = .unimplemented(reason: "the client did not sit down by itself")
            self.verdicts["client.moves"] = .unimplemented(reason: "the client does not play by itself")
            self.verdicts["client.full-match"] = .unimplemented(reason: "the client does not play by itself")
        }
        await self.playMatch(probe, playing: sat)
    }

    /// Plays the match: the client's seat is A (it moves first); the suite plays B with the first legal
    /// move. After the client's first move, one state lies about its hash.
    private mutating func playMatch(_ probe: Probe, playing: Bool) async {
        var state = GameState(rules: RuleSet.named("classic")!, firstToMove: .a)
        var seq = 0
        await self.send(probe, HostEnvelope(.state(self.update(state, seq: seq, last: nil))))
        var syncVerdictPending = true
        if !playing {
            // Show a watched match: a move, then a lying state, and look for sync.
            let move = state.legalMoves[0]
            _ = try? state.apply(move)
            seq = 1
            var lie = self.update(state, seq: seq, last: PlayedMove(seat: "A", move: JSONValue.encoding(move)))
            lie.hash = String(repeating: "0", count: 64)
            await self.send(probe, HostEnvelope(.state(lie)))
            let answer = await self.next(probe, timeout: .seconds(3))
            switch answer {
            case let answer? where answer.type == "sync":
                self.verdicts["client.desync-sync"] = answer.string("table") == self.table
                    ? .ok : .failed(expected: "sync {table t1}", seen: "\(answer)")
            default:
                self.verdicts["client.desync-sync"] = .nonStrict(
                    reason: "no sync after a lying state (G-11 is a SHOULD; a client that does not check hashes cannot tell)")
            }
            return
        }
        while !state.isOver {
            if state.turn == .a {
                guard let message = await self.next(probe) else {
                    self.verdicts["client.moves"] = self.verdicts["client.moves"] ?? .failed(expected: "a move at seq \(seq)", seen: "nothing")
                    return
                }
                let re = message["id"].flatMap(Self.requestID)
                switch message.type {
                case "ping":
                    await self.send(probe, HostEnvelope(re: re, .pong(Pong())))
                    continue
                case "sync":
                    guard message.string("table") == self.table else {
                        self.verdicts["client.desync-sync"] = .failed(expected: "sync {table t1}", seen: "\(message)")
                        return
                    }
                    if syncVerdictPending, self.lied {
                        self.verdicts["client.desync-sync"] = .ok
                        syncVerdictPending = false
                    }
                    var synced = self.update(state, seq: seq, last: nil)
                    synced.events = []
                    await self.send(probe, HostEnvelope(re: re, .state(synced)))
                    continue
                case "move":
                    break
                default:
                    await self.send(probe, HostEnvelope(re: re, .error(ErrorMessage(code: .unexpectedMessage, message: "not now", fatal: false))))
                    continue
                }
                guard message.string("table") == self.table, message.int("seq") == seq,
                    let json = message["move"], let move = try? json.decode(as: Move.self)
                else {
                    self.verdicts["client.moves"] = .failed(expected: "move {table t1, seq \(seq), move}", seen: "\(message)")
                    return
                }
                if self.lied, syncVerdictPending {
                    syncVerdictPending = false
                    self.verdicts["client.desync-sync"] = .nonStrict(reason: "the client moved on after a lying state without sync (G-11 is a SHOULD)")
                }
                guard (try? state.apply(move)) != nil else {
                    self.verdicts["client.moves"] = .failed(expected: "a legal move", seen: "\(move) at seq \(seq)")
                    return
                }
                seq += 1
                self.clientMoves += 1
                var update = self.update(state, seq: seq, last: PlayedMove(seat: "A", move: JSONValue.encoding(move)))
                if !self.lied {
                    // NB: the one lie of the script: right state, wrong hash.
                    self.lied = true
                    update.hash = String(update.hash.reversed())
                }
                await self.send(probe, HostEnvelope(re: re, .state(update)))
            } else {
                let move = state.legalMoves[0]
                _ = try? state.apply(move)
                seq += 1
                await self.send(probe, HostEnvelope(.state(self.update(state, seq: seq, last: PlayedMove(seat: "B", move: JSONValue.encoding(move))))))
            }
        }
        self.verdicts["client.moves"] = .ok
        if syncVerdictPending {
            self.verdicts["client.desync-sync"] = .nonStrict(reason: "no sync after a lying state (G-11 is a SHOULD)")
        }
        await self.send(probe, HostEnvelope(.table(TableUpdate(table: self.info(status: .over, clientSeated: true)))))
        self.verdicts["client.full-match"] = .ok
    }

    /// The cursor of the first page of `tables`: opaque, like every `next` (P-3).
    private static let cursor = "c0nf-page-2"

    /// `tables` in two pages (P-3): a full table with `next`, then t1 with a free seat. A client looking
    /// for a free seat reads on with `after` set to `next`, exactly as given.
    private mutating func answerTables(_ probe: Probe, _ message: WireMessage, re: RequestID?) async {
        switch message["after"] {
        case nil, .null?:
            self.firstPageSent = true
            let full = TableInfo(
                id: "t9", game: "taxcollection", ruleSet: "classic", status: .playing,
                seats: [
                    SeatInfo(seat: "A", player: PlayerID(rawValue: "p-0a0a0a0a0a0a"), name: "An", ready: true),
                    SeatInfo(seat: "B", player: PlayerID(rawValue: "p-0b0b0b0b0b0b"), name: "Bình", ready: true),
                ],
                spectators: 0, graceSeconds: 120, onTimeout: .pause, match: 1)
            await self.send(probe, HostEnvelope(re: re, .tables(TableList(tables: [full], next: Self.cursor))))
        case .string(Self.cursor)?:
            if self.verdicts["client.follows-next"] == nil { self.verdicts["client.follows-next"] = .ok }
            let free = self.info(status: .waiting, clientSeated: false)
            await self.send(probe, HostEnvelope(re: re, .tables(TableList(tables: [free]))))
        case let other?:
            self.verdicts["client.follows-next"] = .failed(
                expected: #"after "\#(Self.cursor)", the next of the page before, as given (P-3)"#,
                seen: "after \(other)")
            let refusal = ErrorMessage(code: .invalidMessage, message: "bad after", fatal: false)
            await self.send(probe, HostEnvelope(re: re, .error(refusal)))
        }
    }

    private func update(_ state: GameState, seq: Int, last: PlayedMove?) -> MatchUpdate {
        let winner = TaxCollectionGame.winner(of: state)
        return MatchUpdate(
            table: self.table, match: 1, seq: seq, turn: state.isOver ? nil : state.turn.rawValue,
            status: state.isOver ? .over : .playing, state: JSONValue.encoding(state), hash: state.stateHash, last: last,
            events: [], result: winner.map { MatchResult(winner: $0, reason: "finished") })
    }

    private func info(status: TableStatus, clientSeated: Bool) -> TableInfo {
        let a = clientSeated ? SeatInfo(seat: "A", player: self.player, name: self.clientName, ready: status != .waiting) : SeatInfo(seat: "A")
        let b = SeatInfo(seat: "B", player: PlayerID(rawValue: "p-5u17e0000000"), name: "Suite", ready: true)
        return TableInfo(
            id: self.table, game: "taxcollection", ruleSet: "classic", status: status, seats: [a, b], spectators: 0,
            graceSeconds: 120, onTimeout: .pause, match: status == .waiting ? 0 : 1)
    }

    static func requestID(_ value: JSONValue) -> RequestID? {
        switch value {
        case .string(let text): .string(text)
        case .number(let number): .number(Int64(number))
        default: nil
        }
    }
}
