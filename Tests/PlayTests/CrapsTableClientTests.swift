import Classroom
import Craps
import CrapsRules
import GameKit
import Play
import Protocol
import ScreenKit
import Testing

/// The networked table client at a Craps table, driven without a network: two seats act at once while
/// the point is off, so a move can arrive stale; the screen sends again what the player still wants.
@Suite("TableClient: a Craps table where seats act at once")
struct CrapsTableClientTests {
    static let me = PlayerID(rawValue: "p-lan")

    static func seated() -> TableClient {
        var client = TableClient(name: "Lan", intent: .sit("t1"), screens: .classroom, game: "craps", stepSeconds: 0)
        _ = client.connected(
            Welcome(
                host: "test", maxFrame: 65_536, idleTimeoutMs: 60_000, rateLimit: RateLimit(burst: 50, perSecond: 20),
                player: Self.me, name: "Lan", resumeToken: ResumeToken(rawValue: String(repeating: "a", count: 64)),
                games: []))
        let info = TableInfo(
            id: "t1", game: "craps", ruleSet: "classic", status: .playing,
            seats: [SeatInfo(seat: "P1", player: Self.me, name: "Lan"), SeatInfo(seat: "P2", bot: "steady")],
            spectators: 0, graceSeconds: 120, onTimeout: .pause, match: 1)
        _ = client.receive(HostEnvelope(.table(TableUpdate(table: info))))
        return client
    }

    static func update(_ state: CrapsState, seq: Int, last: PlayedMove? = nil, events: [CrapsEvent] = [])
        -> HostEnvelope
    {
        HostEnvelope(
            .state(
                MatchUpdate(
                    table: "t1", match: 1, seq: seq, turn: nil, status: .playing, state: JSONValue.encoding(state),
                    hash: CrapsGame.hash(of: state), last: last, events: events.map { JSONValue.encoding($0) },
                    toAct: CrapsGame.toAct(in: state))))
    }

    @Test("an ante refused as stale-seq is sent again, on the current seq, once the synced state is shown")
    func staleAnteSentAgain() throws {
        var client = Self.seated()
        #expect(client.atTable)
        var random = HostRandom(secret: Array(repeating: 7, count: 32), step: 0)
        var state = try #require(CrapsState(seats: ["P1", "P2"], shooter: "P1", secret: random.secretHex()))
        #expect(client.receive(Self.update(state.viewed, seq: 0)) == [])
        _ = client.press(.right)
        let ante = JSONValue.encoding(CrapsMove.ante(Money(dollars: 10)))
        #expect(client.press(.enter) == [.send(.move(MoveRequest(table: "t1", seq: 0, move: ante)))])
        // The bot's ante reached the host first.
        let bots = CrapsMove.ante(Money(dollars: 25))
        let events = try CrapsGame.apply(bots, by: .seat("P2"), to: &state).get()
        let played = PlayedMove(seat: "P2", move: JSONValue.encoding(bots))
        #expect(client.receive(Self.update(state.viewed, seq: 1, last: played, events: events)) == [])
        let stale = ErrorMessage(code: .staleSeq, message: "the current state is 1", fatal: false, expected: 1)
        #expect(client.receive(HostEnvelope(.error(stale))) == [.send(.sync(TableRequest(table: "t1")))])
        #expect(
            client.receive(Self.update(state.viewed, seq: 1)) == [
                .send(.move(MoveRequest(table: "t1", seq: 1, move: ante)))
            ])
        #expect(client.desyncs.isEmpty)
    }
}

/// `tcnet play craps` with several people at one terminal: the screen names the seat each move is for.
@Suite("LocalGame: a Craps table of several people")
struct CrapsLocalTableTests {
    @Test("Tab gives the keys to the next person: their ante is theirs; r rolls for whoever holds the dice")
    func hotSeat() throws {
        var game = try #require(
            LocalGame<CrapsScreen>(
                names: ["P1": "Lan", "P2": "Minh"], seats: ["P1", "P2"], ruleSet: "classic",
                options: GameOptions(defaultsOf: CrapsGame.descriptor.options), bots: [:], stepSeconds: 0, seed: 3))
        _ = game.press(.tab)
        _ = game.press(.right)
        _ = game.press(.enter)
        #expect(game.state.player("P2")?.ante == Money(dollars: 10))
        #expect(game.state.player("P1")?.ante == Money(dollars: 5))
        _ = game.press(.character("r"))
        #expect(game.state.period.rolls.count == 1 || game.state.decisions == 1)
    }
}
