import CrapsRules
import GameKit
import ScreenKit
import TestScheduling
import Testing

@testable import Craps

/// The table drawn at 80x24: every element the seed lists, and nothing cut with six players of 24
/// characters.
@Suite("Craps: the table drawn", .offThePool)
struct TableRendererTests {
    static let seats = (1...6).map { "P\($0)" }
    /// Six names of the longest length a name may have (24 characters), each ending differently.
    static let names = Dictionary(
        uniqueKeysWithValues: seats.enumerated().map { index, seat in
            (seat, "Wolfgang Amadeus Mozart" + String(index))
        })

    /// A six-seat table shown to P2 after a seven-out (its line names two players).
    static func sixSeats() throws -> (TableModel, HostTable) {
        var host = HostTable(seats: seats)
        var model = TableModel(seats: seats, controlled: ["P2"], title: "table t12", stepSeconds: 0)
        model.names = names
        model.link = .online
        model.show(host.viewed, newMatch: true)
        for seat in seats { _ = try host.play(.ante(Money(dollars: 200)), by: seat, showingTo: &model) }
        try host.roll(showingTo: &model) { events, _ in events.contains(.decided(decision: .sevenOut, total: 7)) }
        model.playerAway("P5", graceSeconds: 112)
        return (model, host)
    }

    @Test("six players with 24-character names at 80x24: every name, balance, ante and line whole")
    func nothingCut() throws {
        let (model, host) = try Self.sixSeats()
        let frame = TableRenderer.frame(of: model, width: 80, height: 24)
        #expect(frame.lines.count == 24)
        #expect(frame.textLines.allSatisfy { $0.count <= 80 })
        let text = frame.text
        for seat in Self.seats {
            let player = try #require(host.viewed.player(seat))
            let row = try #require(frame.textLines.first { $0.dropFirst(3).hasPrefix(seat + " ") })
            #expect(row.contains(Self.names[seat]!), "\(seat)'s name whole")
            #expect(row.contains(TableRenderer.money(player.balance, width: 12)))
            #expect(row.contains(player.isBankrupt ? " -" : player.ante.description))
        }
        #expect(text.contains("away 1:52"))
        let last = try #require(model.lastMove)
        let wrapped = TableRenderer.wrap(last, width: 76)
        #expect(wrapped.count <= 2 && wrapped.joined(separator: " ") == last)
        for line in wrapped { #expect(text.contains(line)) }
        let status = TableRenderer.status(of: model)
        #expect(status.count <= 78 && text.contains(status))
        let ante = TableRenderer.anteLine(model)
        #expect(ante.count <= 76 && text.contains(ante))
        let audit = try #require(model.audit?.line)
        #expect(audit.count <= 78 && text.contains(audit))
        for (keys, meaning) in TableModel.keyHelp where keys != "Tab" && keys != "n" {
            #expect(text.contains("\(keys) \(meaning)"), "key \(keys)")
        }
    }

    @Test("the felt: both dice as the seed's glyphs with their numbers, the total, the point, the shooter")
    func felt() throws {
        var host = HostTable()
        var model = TableModel(seats: ["P1"], controlled: ["P1"], title: "local game", stepSeconds: 0)
        model.names = ["P1": "Lan"]
        model.show(host.viewed, newMatch: true)
        var text = TableRenderer.frame(of: model, width: 80, height: 24).text
        #expect(text.contains("THE POINT") && text.contains("OFF") && text.contains("SHOOTER  Lan (P1) · you"))
        #expect(text.contains("Your ante $5.00 · balance $200.00"))
        #expect(text.contains("Your roll: press r or space (the come-out roll)"))
        let events = try host.roll(showingTo: &model) { _, state in state.point != nil }
        let dice = try #require(host.viewed.dice)
        text = TableRenderer.frame(of: model, width: 80, height: 24).text
        #expect(text.contains(DiceFace.label(dice.first)) && text.contains(DiceFace.label(dice.second)))
        #expect(text.contains("total \(dice.total)"))
        #expect(text.contains("ON  \(dice.total)"))
        #expect(text.contains("Lan rolled \(DiceFace.words(dice)): the point is \(dice.total)"))
        #expect(events.contains(.pointSet(point: dice.total)))
        #expect(text.contains("locked until the point is decided"))
    }

    @Test("the slider and its value, the commitment, and a won decision's message on the table")
    func sliderAndMessages() throws {
        var host = HostTable()
        var model = TableModel(seats: ["P1"], controlled: ["P1"], title: "local game", stepSeconds: 0)
        model.show(host.viewed, newMatch: true)
        for _ in 0..<5 { _ = model.press(.right) }
        var text = TableRenderer.frame(of: model, width: 80, height: 24).text
        #expect(text.contains("$0 [") && text.contains("] $500") && text.contains("$30.00"))
        #expect(text.contains("Enter bets $30.00"))
        #expect(text.contains("Dice period 1 · 0 rolls · commitment \(host.viewed.period.commitment.prefix(8))…"))
        try host.roll(showingTo: &model) { events, _ in events.contains { if case .won = $0 { true } else { false } } }
        text = TableRenderer.frame(of: model, width: 80, height: 24).text
        #expect(text.contains("You won $5.00!"))
        #expect(text.contains(/period \d+ verified/))
        #expect(playerRow(model, "P1")?.hasSuffix("won") == true)
    }

    @Test("a local table marks whose keys they are; a watcher sees who rolls")
    func hotSeatAndWatcher() {
        let host = HostTable(seats: ["P1", "P2"])
        var local = TableModel(seats: ["P1", "P2"], controlled: ["P1", "P2"], title: "local game", stepSeconds: 0)
        local.names = ["P1": "Lan", "P2": "Minh"]
        local.show(host.viewed, newMatch: true)
        #expect(playerRow(local, "P1")?.contains("Lan") == true)
        #expect(playerRow(local, "P1")?.contains("< keys") == true)
        #expect(playerRow(local, "P2")?.contains("< keys") == false)
        #expect(TableRenderer.frame(of: local, width: 80, height: 24).text.contains("Tab next player"))
        var watcher = TableModel(seats: ["P1", "P2"], controlled: [], title: "table t1", stepSeconds: 0)
        watcher.names = ["P1": "Lan", "P2": "Minh"]
        watcher.show(host.viewed, newMatch: true)
        #expect(TableRenderer.status(of: watcher) == "Lan (P1) rolls · you are watching")
    }

    @Test("amounts too long for their column are shortened, never cut")
    func money() {
        #expect(TableRenderer.money(Money(cents: 123_456), width: 12) == "$1234.56")
        #expect(TableRenderer.money(Money(cents: 12_345_678_900), width: 12) == "$123456789")
        #expect(TableRenderer.money(Money(cents: 9_876_543_210_000_000), width: 12) == "$9.8e13")
    }

    @Test("a small terminal gets one line saying how big it must be")
    func small() {
        let model = TableModel(seats: ["P1"], controlled: ["P1"], title: "t", stepSeconds: 0)
        let frame = TableRenderer.frame(of: model, width: 60, height: 20)
        #expect(frame.textLines[0] == "tcnet needs a terminal of at least 80x24; this one is 60x20.")
    }

    /// A seat's row in the players' table.
    func playerRow(_ model: TableModel, _ seat: SeatName) -> String? {
        TableRenderer.frame(of: model, width: 80, height: 24).textLines.first { $0.dropFirst(3).hasPrefix(seat + " ") }
    }
}
