import Lobby
import Protocol
import Testing

/// A two-seat game with secrets, to prove the lobby filters every state and event per recipient.
/// Each seat holds a secret number; a move reveals nothing but bumps the mover's own number.
enum SecretNumbers: TurnBasedGame {
    struct State: Codable, Sendable, Equatable {
        var secrets: [String: Int]
        var turn: String
        var moves: Int
    }

    struct Move: Codable, Sendable {
        var add: Int
    }

    struct Event: Codable, Sendable, Equatable {
        var seat: String
        var secret: Int?
    }

    static let descriptor = GameDescriptor(id: "secrets", name: "Secret Numbers", seats: ["A", "B"], ruleSets: ["plain"])
    static let bots = ["none"]

    static func start(ruleSet: String, firstSeat: String) -> State? {
        ruleSet == "plain" ? State(secrets: ["A": 11, "B": 22], turn: firstSeat, moves: 0) : nil
    }

    static func seatToMove(in state: State) -> String? { state.moves >= 2 ? nil : state.turn }

    static func apply(_ move: Move, to state: inout State) -> Result<[Event], GameRuleViolation> {
        guard move.add > 0 else { return .failure(GameRuleViolation(code: "add-positive", message: "add at least 1")) }
        state.secrets[state.turn, default: 0] += move.add
        let event = Event(seat: state.turn, secret: state.secrets[state.turn])
        state.turn = state.turn == "A" ? "B" : "A"
        state.moves += 1
        return .success([event])
    }

    static func winner(of state: State) -> String? { state.moves >= 2 ? "draw" : nil }

    static func hash(of state: State) -> String {
        "\(state.secrets.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ","))/\(state.moves)"
    }

    static func view(of state: State, for viewer: Viewer) -> State {
        var view = state
        for seat in view.secrets.keys where viewer != .seat(seat) {
            view.secrets[seat] = -1
        }
        return view
    }

    static func view(of event: Event, for viewer: Viewer) -> Event? {
        viewer == .seat(event.seat) ? event : Event(seat: event.seat, secret: nil)
    }

    static func botMove(bot: String, in state: State, seed: UInt64) -> Move? { nil }
}

@Suite("Lobby: the hidden-information filter")
struct HiddenInformationTests {
    @Test("each player sees their own secret only, spectators see none, and the hash is of what each sees")
    func filteredPerRecipient() throws {
        var harness = LobbyHarness(catalog: GameCatalog([SecretNumbers.self]))
        let a = harness.connect("Lan")
        let b = harness.connect("Minh")
        let viewer = harness.connect("Viewer")
        harness.send(.createTable(CreateTable(game: "secrets")), from: a)
        harness.send(.sit(Sit(table: "t1", seat: "A")), from: a)
        harness.send(.sit(Sit(table: "t1", seat: "B")), from: b)
        harness.send(.watch(TableRequest(table: "t1")), from: viewer)
        harness.send(.ready(TableRequest(table: "t1")), from: a)
        harness.send(.ready(TableRequest(table: "t1")), from: b)
        func secrets(_ update: MatchUpdate?) throws -> [String: Int] {
            try #require(update).state.decode(as: SecretNumbers.State.self).secrets
        }
        let (startA, startB, startViewer) = (harness.lastState(a), harness.lastState(b), harness.lastState(viewer))
        #expect(try secrets(startA) == ["A": 11, "B": -1])
        #expect(try secrets(startB) == ["A": -1, "B": 22])
        #expect(try secrets(startViewer) == ["A": -1, "B": -1])

        harness.send(.move(MoveRequest(table: "t1", seq: 0, move: JSONValue.encoding(SecretNumbers.Move(add: 5)))), from: a)
        let (seenByA, seenByB, seenByViewer) = (harness.lastState(a), harness.lastState(b), harness.lastState(viewer))
        let toA = try #require(seenByA)
        let toB = try #require(seenByB)
        let toViewer = try #require(seenByViewer)
        #expect(try toA.events.map { try $0.decode(as: SecretNumbers.Event.self) } == [SecretNumbers.Event(seat: "A", secret: 16)])
        #expect(try toB.events.map { try $0.decode(as: SecretNumbers.Event.self) } == [SecretNumbers.Event(seat: "A", secret: nil)])
        #expect(try toViewer.events.map { try $0.decode(as: SecretNumbers.Event.self) } == [SecretNumbers.Event(seat: "A", secret: nil)])
        #expect(toA.hash == "A=16,B=-1/1")
        #expect(toB.hash == "A=-1,B=22/1")
        #expect(toViewer.hash == "A=-1,B=-1/1")
    }
}
