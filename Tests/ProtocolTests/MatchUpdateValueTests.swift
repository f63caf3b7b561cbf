import GameKit
import Testing

@testable import Protocol

/// A `state` message is a value, though its members live in one shared object: a copy changes alone,
/// and two messages are equal when their members are, however they were made.
@Suite("MatchUpdate: a value with its members shared until a change")
struct MatchUpdateValueTests {
    private func update(seq: Int = 3) -> MatchUpdate {
        MatchUpdate(
            table: "t1", match: 1, seq: seq, turn: "north", status: .playing, state: .object(["n": .number(1)]),
            hash: "h", last: PlayedMove(seat: "south", move: .object(["from": .number(2)])),
            events: [.object(["type": .string("sow")])], toAct: ["north"])
    }

    @Test("a copy keeps every member when the other copy's members change, one by one")
    func copiesStayApart() throws {
        let original = self.update()
        let changes: [(String, (inout MatchUpdate) -> Void)] = [
            ("table", { $0.table = "t2" }), ("match", { $0.match = 2 }), ("seq", { $0.seq = 4 }),
            ("turn", { $0.turn = nil }), ("toAct", { $0.toAct = ["south"] }), ("timeLeftMs", { $0.timeLeftMs = 5 }),
            ("status", { $0.status = .over }), ("state", { $0.state = .null }), ("hash", { $0.hash = "g" }),
            ("last", { $0.last = nil }), ("events", { $0.events = [] }),
            ("result", { $0.result = MatchResult(winner: "north", reason: "finished") }),
            ("sound", { $0.sound = SoundClip(format: "wav", data: "AA==") }),
            ("board", { $0.board = HighScores(top: [], names: 0) }),
        ]
        for (member, change) in changes {
            var copy = original
            change(&copy)
            #expect(copy != original, "changing \(member) changes the copy")
            #expect(original == self.update(), "changing a copy's \(member) leaves the original as it was")
            var again = copy
            again.seq = 99
            #expect(copy.seq != 99, "a copy of the copy changes alone (\(member))")
        }
    }

    @Test("messages made apart with the same members are equal; one member apart, they are not")
    func equality() {
        #expect(self.update() == self.update())
        #expect(self.update(seq: 3) != self.update(seq: 4))
        var other = self.update()
        other.toAct = nil
        #expect(other != self.update())
    }

    @Test("shown as its members, as a struct is (a test's failure, a log)")
    func shown() {
        let shown = String(describing: self.update())
        #expect(shown.hasPrefix("MatchUpdate(table: \"t1\", match: 1, seq: 3, turn: Optional(\"north\")"), "\(shown)")
        #expect(!shown.contains("Fields"))
    }
}
