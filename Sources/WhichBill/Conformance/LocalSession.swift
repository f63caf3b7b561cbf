import Conformance
import GameKit
import Protocol
import WhichBillRules

/// The suite's own copy of a session, as the seat sees it, to check every state the host reports.
struct LocalSession: Sendable {
    var state: WhichBillState
    var seq = 0

    /// Adopts a state message after checking its hash against the state it carries.
    init(adopting message: WireMessage) throws {
        guard let json = message["state"], let state = try? json.decode(as: WhichBillState.self) else {
            throw CaseFailure(expected: "a WhichBill state in state.state (G-2, WHICHBILL.md)", seen: "\(message)")
        }
        try require(
            WhichBillGame.hash(of: state) == message.string("hash"), "hash to be the state hash of state (G-2)",
            seen: "hash \(message.string("hash") ?? "none"), computed \(WhichBillGame.hash(of: state))")
        self.state = state
        self.seq = message.int("seq") ?? 0
    }

    /// The right bill for the item shown, by the rule the lesson teaches.
    var right: Money { Bills.right(for: self.state.cost, among: self.state.options.bills) ?? .zero }

    /// A bill that is not the right one: the largest, or the smallest when the largest is right.
    var wrong: Money {
        self.right == self.state.options.bills.last ? self.state.options.bills[0] : self.state.options.bills.last!
    }

    /// Checks the host's answer to an accepted move: its `seq`, then the completed move it reports (as
    /// this seat may see it) applied to this copy, whose hash must be the host's (G-5, G-11, G-13).
    /// - Returns: the events the local rules give.
    @discardableResult
    mutating func check(_ message: WireMessage) throws -> [WhichBillEvent] {
        try require(message.type == "state", "state answering an accepted move (G-5)", seen: "\(message)")
        try require(message.int("seq") == self.seq + 1, "seq \(self.seq + 1)", seen: "\(message)")
        guard let json = message.object("last")?["move"], let move = try? json.decode(as: WhichBillMove.self) else {
            throw CaseFailure(expected: "last.move, a completed WhichBill move (G-13)", seen: "\(message)")
        }
        var next = self.state
        guard case .success(let events) = WhichBillGame.apply(move, by: .seat(WhichBillGame.seat), to: &next) else {
            throw CaseFailure(expected: "a move the rules accept in last.move", seen: "\(move)")
        }
        try require(
            message.string("hash") == WhichBillGame.hash(of: next),
            "hash \(WhichBillGame.hash(of: next)) after move \(self.seq + 1) (G-11)",
            seen: message.string("hash") ?? "none")
        self.state = next
        self.seq += 1
        return events
    }

    static func choose(_ bill: Money, hint: Bool = false) -> String {
        hint ? #"{"choose":\#(bill.cents),"hint":true}"# : #"{"choose":\#(bill.cents)}"#
    }

    static let next = #"{"next":true}"#
}

extension WireMessage {
    /// Whether a member named `answer` appears anywhere in the message's state, last move or events.
    var mentionsAnswer: Bool {
        func contains(_ value: JSONValue?) -> Bool {
            switch value {
            case .object(let members)?: members["answer"] != nil || members.values.contains { contains($0) }
            case .array(let items)?: items.contains { contains($0) }
            default: false
            }
        }
        return contains(self["state"]) || contains(self["last"]) || contains(self["events"])
    }
}
