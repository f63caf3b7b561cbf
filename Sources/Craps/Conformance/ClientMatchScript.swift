import Conformance
import CrapsRules
import GameKit
import Protocol

/// The client suite's match for Craps: the suite is the host at table t1 and plays seat P2 (and P1 too
/// when the client only watches), to a limit of decisions. It tells three lies on the way, one at a
/// time, and looks for `sync` after each: a state whose hash lies (`client.desync-sync`), a deciding
/// roll that reveals a secret other than the committed one (`client.lying-dice`), and a roll the secret
/// does not give, caught only by recomputing the rolls at the period's reveal (`client.loaded-dice`).
enum ClientMatchScript {
    /// Decisions in the suite's match: enough for every lie with any seeds the client may give.
    static let decisions = 20

    static func play(_ conversation: ClientConversation, playing: Bool) async {
        var run = ClientMatchRun(conversation: conversation, playing: playing)
        await run.run()
    }
}

/// One run of the Craps script.
struct ClientMatchRun {
    /// Where the script stands with its lies.
    enum Phase: Sendable, Equatable {
        case hashLie, revealLie, loadedLie, loadedTold, honest
    }

    /// A lie whose `sync` the script waits for.
    enum Awaited: String, Sendable {
        case hash = "client.desync-sync"
        case reveal = "client.lying-dice"
        case loaded = "client.loaded-dice"
    }

    let conversation: ClientConversation
    let playing: Bool
    var dealer: SuiteDealer
    var phase = Phase.hashLie
    var clientMoves = 0
    var movesFailed = false
    /// The script cannot go on (the client asked about another table; the suite's own move was refused).
    var stopped = false
    var pending: WireMessage?

    init(conversation: ClientConversation, playing: Bool) {
        self.conversation = conversation
        self.playing = playing
        self.dealer = SuiteDealer(table: conversation.table, decisions: ClientMatchScript.decisions)
    }

    /// The seat the client plays, when it sat down.
    var clientSeat: SeatName? { self.playing ? "P1" : nil }

    mutating func run() async {
        await self.conversation.send(HostEnvelope(.state(self.dealer.update())))
        var steps = 0
        while !self.dealer.truth.isOver, !self.movesFailed, !self.stopped {
            steps += 1
            guard steps < 5_000 else {
                self.conversation.verdicts["client.full-match"] = .failed(
                    expected: "the match to end", seen: "5000 steps without its end")
                return
            }
            if let shooter = self.dealer.truth.shooter, shooter == self.clientSeat {
                guard let message = await self.nextMessage(timeout: self.conversation.timeout) else {
                    self.failMoves(expected: "a roll by the shooter P1 at seq \(self.dealer.seq)", seen: "nothing")
                    return
                }
                await self.handle(message)
            } else if self.pending == nil, !(await self.conversation.watch(for: .milliseconds(20))) {
                // NB: a client that leaves while the suite rolls has not played the match to its end.
                self.stopped = true
                if self.playing {
                    self.conversation.verdicts["client.full-match"] = .failed(
                        expected: "the client to stay to the end of the match",
                        seen: "the close at seq \(self.dealer.seq)")
                }
            } else if let message = await self.nextMessage(timeout: .milliseconds(1)) {
                // NB: the client speaks first; then the suite's seat acts.
                await self.handle(message)
            } else {
                await self.suiteActs()
            }
        }
        guard !self.movesFailed, !self.stopped else { return }
        await self.conversation.send(
            HostEnvelope(.table(TableUpdate(table: self.conversation.info(status: .over, clientSeated: self.playing)))))
        guard self.playing else { return }
        self.conversation.verdicts["client.moves"] =
            self.clientMoves > 0 ? .ok : .failed(expected: "the client to roll when it held the dice", seen: "no move")
        self.conversation.verdicts["client.full-match"] = .ok
    }

    // MARK: The suite's seats

    private mutating func suiteActs() async {
        let state = self.dealer.truth
        if state.point == nil,
            let bankrupt = state.players.first(where: { $0.seat != self.clientSeat && $0.isIn && $0.isBankrupt })
        {
            await self.tell(.reset, by: bankrupt.seat, re: nil)
            return
        }
        guard let shooter = state.shooter else {
            // NB: only the client can take the dice (a reset); wait for it.
            if let message = await self.nextMessage(timeout: self.conversation.timeout) {
                await self.handle(message)
            } else {
                self.failMoves(expected: "a reset by the bankrupt client", seen: "nothing")
            }
            return
        }
        await self.tell(.roll(nil), by: shooter, re: nil)
    }

    /// Plays a move (the suite's, or the client's with `re`), lying when the script is due to and can,
    /// sends the state, and waits for `sync` after a lie that asks for one.
    private mutating func tell(_ move: CrapsMove, by seat: SeatName, re: RequestID?) async {
        let lie: SuiteDealer.Lie?
        switch (self.phase, move) {
        case (.revealLie, .roll) where self.dealer.canTell(.reveal): lie = .reveal
        case (.loadedLie, .roll) where self.dealer.canTell(.loaded): lie = .loaded
        default: lie = nil
        }
        guard case .success(var update) = self.dealer.play(move, by: .seat(seat), lie: lie) else {
            if re != nil {
                self.failMoves(expected: "a legal move", seen: "\(move) by \(seat) at seq \(self.dealer.seq)")
            } else {
                self.stopped = true
                self.conversation.verdicts["client.full-match"] = .failed(
                    expected: "the suite's own \(move) by \(seat) to be legal", seen: "the rules refuse it")
            }
            return
        }
        let lyingHash = self.phase == .hashLie
        if lyingHash {
            // NB: the first lie: the right state, a wrong hash.
            update.hash = String(update.hash.reversed())
        }
        await self.conversation.send(HostEnvelope(re: re, .state(update)))
        let decided = update.events.contains { $0.objectValue?.string("type") == "decided" }
        if lyingHash {
            await self.expectSync(.hash, after: "a state whose hash is not its state's (seq \(update.seq))")
            self.phase = .revealLie
        } else if lie == .reveal {
            await self.expectSync(.reveal, after: "a revealed secret that does not match its commitment")
            self.phase = .loadedLie
        } else if lie == .loaded {
            self.phase = .loadedTold
        } else if self.phase == .loadedTold, decided {
            await self.expectSync(.loaded, after: "a reveal whose secret does not give a roll of its period")
            self.phase = .honest
        }
    }

    /// Waits for the client's `sync` after a lie, and gives the lie's case its verdict.
    private mutating func expectSync(_ awaited: Awaited, after lie: String) async {
        while let message = await self.nextMessage(timeout: .seconds(3)) {
            let re = message["id"].flatMap(ClientConversation.requestID)
            switch message.type {
            case "ping":
                await self.conversation.send(HostEnvelope(re: re, .pong(Pong())))
                continue
            case "sync":
                let right = message.string("table") == self.conversation.table
                self.conversation.verdicts[awaited.rawValue] =
                    right ? .ok : .failed(expected: "sync {table t1}", seen: "\(message)")
                await self.conversation.send(HostEnvelope(re: re, .state(self.dealer.update())))
            default:
                // NB: the client went on as if nothing were wrong; its message is handled as usual.
                self.pending = message
                self.judgeMissingSync(awaited, after: lie, seen: "\(message)")
            }
            return
        }
        self.judgeMissingSync(awaited, after: lie, seen: "nothing within 3 s")
    }

    private func judgeMissingSync(_ awaited: Awaited, after lie: String, seen: String) {
        switch awaited {
        case .hash:
            self.conversation.verdicts[awaited.rawValue] = .nonStrict(
                reason: "no sync after \(lie) (G-11 is a SHOULD; a client that does not check hashes cannot tell)")
        case .reveal, .loaded:
            self.conversation.verdicts[awaited.rawValue] = .failed(
                expected: "sync {table t1} after \(lie) (docs/CRAPS.md: every client checks the dice)", seen: seen)
        }
    }

    // MARK: The client's messages

    private mutating func handle(_ message: WireMessage) async {
        let re = message["id"].flatMap(ClientConversation.requestID)
        switch message.type {
        case "ping":
            await self.conversation.send(HostEnvelope(re: re, .pong(Pong())))
        case "sync":
            guard message.string("table") == self.conversation.table else {
                self.conversation.verdicts["client.desync-sync"] = .failed(
                    expected: "sync {table t1}", seen: "\(message)")
                self.stopped = true
                return
            }
            await self.conversation.send(HostEnvelope(re: re, .state(self.dealer.update())))
        case "move":
            await self.clientMoved(message, re: re)
        default:
            await self.refuse(.unexpectedMessage, "not now", re: re)
        }
    }

    private mutating func clientMoved(_ message: WireMessage, re: RequestID?) async {
        guard let seat = self.clientSeat else {
            await self.refuse(.notAPlayer, "you hold no seat at table t1", re: re)
            return
        }
        guard message.string("table") == self.conversation.table, let seq = message.int("seq"),
            let json = message["move"], let move = try? json.decode(as: CrapsMove.self)
        else {
            self.failMoves(expected: "move {table t1, seq, move: a Craps move}", seen: "\(message)")
            return
        }
        if seq < self.dealer.seq {
            // NB: several seats act at once while the point is off: a move on an older state is stale, not wrong.
            await self.conversation.send(
                HostEnvelope(
                    re: re,
                    .error(
                        ErrorMessage(
                            code: .staleSeq, message: "the current state is \(self.dealer.seq)", fatal: false,
                            expected: self.dealer.seq))))
            return
        }
        guard seq == self.dealer.seq, CrapsGame.toAct(in: self.dealer.truth).contains(seat) else {
            self.failMoves(
                expected: "a move at seq \(self.dealer.seq) while P1 may move", seen: "\(message)")
            return
        }
        self.clientMoves += 1
        await self.tell(move, by: seat, re: re)
    }

    // MARK: Helpers

    private mutating func nextMessage(timeout: Duration) async -> WireMessage? {
        if let pending = self.pending {
            self.pending = nil
            return pending
        }
        return await self.conversation.next(timeout: timeout)
    }

    private func refuse(_ code: ErrorCode, _ text: String, re: RequestID?) async {
        await self.conversation.send(
            HostEnvelope(re: re, .error(ErrorMessage(code: code, message: text, fatal: false))))
    }

    private mutating func failMoves(expected: String, seen: String) {
        self.movesFailed = true
        self.conversation.verdicts["client.moves"] = .failed(expected: expected, seen: seen)
    }
}
