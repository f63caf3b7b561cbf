import GameKit
import Lobby
import Protocol
import TestScheduling
import Testing

/// A two-seat game with secrets, to prove the lobby filters every state, event and move per
/// recipient. Each seat holds a secret number; a move adds to the mover's own number, and only the
/// mover may see by how much.
enum SecretNumbers: Game {
    struct State: Codable, Sendable, Equatable {
        var secrets: [String: Int]
        var turn: String
        var moves: Int
    }

    struct Move: Codable, Sendable {
        /// Hidden from everyone but the mover (`nil` in their view).
        var add: Int?
        /// The mover, stamped by the host when it prepares the move.
        var by: String?
    }

    struct Event: Codable, Sendable, Equatable {
        var seat: String
        var secret: Int?
    }

    static let descriptor = GameDescriptor(
        id: "secrets", name: "Secret Numbers", seats: ["A", "B"], ruleSets: ["plain"])

    static func start(_ setup: MatchSetup, random: inout HostRandom) -> State? {
        setup.ruleSet == "plain" ? State(secrets: ["A": 11, "B": 22], turn: setup.firstSeat, moves: 0) : nil
    }

    static func toAct(in state: State) -> [SeatName] { state.moves >= 2 ? [] : [state.turn] }

    static func prepare(_ move: Move, by mover: Mover, in state: State, random: inout HostRandom) -> Move {
        Move(add: move.add, by: mover.seat)
    }

    static func apply(_ move: Move, by mover: Mover, to state: inout State) -> Result<[Event], GameRuleViolation> {
        if let add = move.add, add <= 0 {
            return .failure(GameRuleViolation(code: "add-positive", message: "add at least 1"))
        }
        // NB: a viewer who may not see the amount keeps the secret hidden; the hash still agrees.
        if let add = move.add, let secret = state.secrets[state.turn], secret >= 0 {
            state.secrets[state.turn] = secret + add
        }
        let event = Event(seat: state.turn, secret: state.secrets[state.turn])
        state.turn = state.turn == "A" ? "B" : "A"
        state.moves += 1
        return .success([event])
    }

    static func result(of state: State) -> GameResult? {
        state.moves >= 2 ? GameResult.ranking(Self.scores(in: state), reason: "finished") : nil
    }

    static func scores(in state: State) -> [(seat: SeatName, score: Int)] { [("A", 0), ("B", 0)] }

    static func hash(of state: State) -> String {
        let secrets = state.secrets.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        return "\(secrets.joined(separator: ","))/\(state.moves)"
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

    static func view(of move: Move, for viewer: Viewer) -> Move {
        viewer == .seat(move.by ?? "") ? move : Move(add: nil, by: move.by)
    }

    static func botMove(bot: String, seat: SeatName, in state: State, seed: UInt64) -> Move? { nil }
}

@Suite("Lobby: the hidden-information filter", .offThePool)
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

        let add = JSONValue.encoding(SecretNumbers.Move(add: 5))
        harness.send(.move(MoveRequest(table: "t1", seq: 0, move: add)), from: a)
        let (seenByA, seenByB, seenByViewer) = (harness.lastState(a), harness.lastState(b), harness.lastState(viewer))
        let toA = try #require(seenByA)
        let toB = try #require(seenByB)
        let toViewer = try #require(seenByViewer)
        func events(_ update: MatchUpdate) throws -> [SecretNumbers.Event] {
            try update.events.map { try $0.decode(as: SecretNumbers.Event.self) }
        }
        #expect(try events(toA) == [SecretNumbers.Event(seat: "A", secret: 16)])
        #expect(try events(toB) == [SecretNumbers.Event(seat: "A", secret: nil)])
        #expect(try events(toViewer) == [SecretNumbers.Event(seat: "A", secret: nil)])
        #expect(toA.hash == "A=16,B=-1/1")
        #expect(toB.hash == "A=-1,B=22/1")
        #expect(toViewer.hash == "A=-1,B=-1/1")
        // The move, too, is filtered: only the mover sees the amount; everyone sees who moved.
        let moveSeenBy = try [toA, toB, toViewer].map { try #require($0.last).move.decode(as: SecretNumbers.Move.self) }
        #expect(moveSeenBy.map(\.add) == [5, nil, nil])
        #expect(moveSeenBy.map(\.by) == ["A", "A", "A"])
        // Each recipient, applying the move it saw to the state it saw, reaches the hash it was sent.
        for (start, update) in [(startA, toA), (startB, toB), (startViewer, toViewer)] {
            var local = try #require(start).state.decode(as: SecretNumbers.State.self)
            let move = try #require(update.last).move.decode(as: SecretNumbers.Move.self)
            _ = SecretNumbers.apply(move, by: .seat("A"), to: &local)
            #expect(SecretNumbers.hash(of: local) == update.hash)
        }
    }
}
