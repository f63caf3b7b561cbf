import CrapsRules
import GameKit
import ScreenKit
import TestScheduling
import Testing

@testable import Craps

/// The table screen without a terminal: keys in, moves out; states, events and refusals in.
@Suite("Craps: the table model", .offThePool)
struct TableModelTests {
    static func model(seats: [SeatName] = ["P1"], controlled: Set<SeatName> = ["P1"]) -> (TableModel, HostTable) {
        let host = HostTable(seats: seats)
        var model = TableModel(seats: seats, controlled: controlled, title: "table t1", stepSeconds: 0)
        model.names = Dictionary(uniqueKeysWithValues: seats.map { ($0, "Player \($0)") })
        model.show(host.viewed, newMatch: true)
        return (model, host)
    }

    @Test("Left/Right move the slider by $5, PageUp/PageDown (and Up/Down) by $50, Home/End to its ends")
    func sliderKeys() {
        var (model, _) = Self.model()
        #expect(model.slider.value == Money(dollars: 5))
        _ = model.press(.right)
        _ = model.press(.right)
        #expect(model.slider.value == Money(dollars: 15))
        _ = model.press(.pageUp)
        _ = model.press(.up)
        #expect(model.slider.value == Money(dollars: 115))
        _ = model.press(.pageDown)
        _ = model.press(.left)
        #expect(model.slider.value == Money(dollars: 60))
        _ = model.press(.end)
        _ = model.press(.right)
        #expect(model.slider.value == Money(dollars: 500))
        _ = model.press(.home)
        _ = model.press(.left)
        #expect(model.slider.value == .zero)
    }

    @Test("Enter bets the slider's value; nothing more is sent until the host answers")
    func bet() throws {
        var (model, host) = Self.model()
        for _ in 0..<4 { _ = model.press(.right) }
        #expect(model.press(.enter) == [.move(.ante(Money(dollars: 25)), seat: "P1")])
        #expect(model.press(.character("r")).isEmpty)
        #expect(model.notice?.text == "Waiting for the host")
        _ = try host.play(.ante(Money(dollars: 25)), by: "P1", showingTo: &model)
        #expect(model.me?.ante == Money(dollars: 25))
        #expect(model.press(.character("r")) == [.move(.roll(nil), seat: "P1")])
    }

    @Test("a value the rules refuse moves the slider to what they accept, and bets that (the seed's model)")
    func betAboveTheBalance() {
        var (model, _) = Self.model()
        _ = model.press(.end)
        #expect(model.press(.enter) == [.move(.ante(Money(dollars: 200)), seat: "P1")])
        #expect(model.slider.value == Money(dollars: 200))
        #expect(model.notice?.text.contains("cannot exceed your balance of $200.00") == true)
        #expect(model.notice?.style == .plain)
        var (zero, _) = Self.model()
        _ = zero.press(.home)
        // NB: $0 is refused and $5 accepted, but $5 is the ante already: nothing to send.
        #expect(zero.press(.enter).isEmpty)
        #expect(zero.slider.value == Money(dollars: 5))
        #expect(zero.notice?.text.contains("more than $0") == true)
    }

    @Test("while the point is on the ante is locked: Enter sends nothing and the slider goes back")
    func lockedWhileThePointIsOn() throws {
        var (model, host) = Self.model()
        try host.roll(showingTo: &model) { _, state in state.point != nil }
        _ = model.press(.right)
        #expect(model.press(.enter).isEmpty)
        #expect(model.slider.value == Money(dollars: 5))
        #expect(model.notice?.text.hasPrefix("The ante can change only while the point is off") == true)
    }

    @Test("a refusal from the host with details.allowed moves the slider back to it")
    func hostRefusal() {
        var (model, _) = Self.model()
        for _ in 0..<6 { _ = model.press(.right) }
        _ = model.press(.enter)
        model.warn(
            "An ante cannot exceed your balance of $20.00; the ante is $20.00", rule: "ante-over-balance",
            details: ["allowed": 2000])
        #expect(model.slider.value == Money(dollars: 20))
        #expect(model.notice?.style == .warning)
        #expect(model.notice?.text.hasSuffix("(the slider is back at $20.00)") == true)
        // NB: the rules refused it: it is not sent again.
        #expect(model.followUp().isEmpty)
    }

    @Test("an ante the host could not take (stale-seq) is sent again on the next state, if still wanted")
    func staleSeqResend() throws {
        var (model, host) = Self.model(seats: ["P1", "P2"])
        for _ in 0..<2 { _ = model.press(.right) }
        #expect(model.press(.enter) == [.move(.ante(Money(dollars: 15)), seat: "P1")])
        // P2 acted first: the host took its move, and refused P1's as stale.
        let other = try host.play(.ante(Money(dollars: 50)), by: "P2")
        model.show(host.viewed, after: (.seat("P2"), other.move), events: other.events)
        #expect(model.followUp().isEmpty)
        model.warn("the move was made on state 0; the current state is 1", rule: nil, details: [:])
        model.show(host.viewed)
        #expect(model.followUp() == [.move(.ante(Money(dollars: 15)), seat: "P1")])
        #expect(model.followUp().isEmpty)
        // Stale again and again: it gives up after the limit.
        for _ in 1..<TableModel.retryLimit {
            model.warn("stale", rule: nil, details: [:])
            model.show(host.viewed)
            #expect(model.followUp().count == 1)
        }
        model.warn("stale", rule: nil, details: [:])
        model.show(host.viewed)
        #expect(model.followUp().isEmpty)
    }

    @Test("a stale ante is not sent again once the point is on, nor a roll once the dice passed")
    func staleButNoLongerPossible() throws {
        var (model, host) = Self.model(seats: ["P1", "P2"], controlled: ["P2"])
        _ = model.press(.right)
        #expect(model.press(.enter) == [.move(.ante(Money(dollars: 10)), seat: "P2")])
        model.warn("stale", rule: nil, details: [:])
        try host.roll(showingTo: &model) { _, state in state.point != nil }
        #expect(model.followUp().isEmpty)
    }

    @Test("r and space roll for the shooter only; a key during the tumble settles the dice, never rolls again")
    func roll() throws {
        var (model, host) = Self.model(seats: ["P1", "P2"], controlled: ["P2"])
        #expect(model.press(.character("r")).isEmpty)
        #expect(model.notice?.text == "Player P1 (P1) holds the dice: wait for the roll")
        var (shooter, _) = Self.model(seats: ["P1", "P2"], controlled: ["P1"])
        shooter.stepSeconds = 1
        #expect(shooter.press(.character(" ")) == [.move(.roll(nil), seat: "P1")])
        let played = try host.play(.roll(nil), by: "P1")
        shooter.show(host.viewed, after: (.seat("P1"), played.move), events: played.events)
        #expect(shooter.isAnimating)
        #expect(shooter.shownDice != host.viewed.dice)
        #expect(shooter.press(.character("r")).isEmpty)
        #expect(!shooter.isAnimating)
        #expect(shooter.shownDice == host.viewed.dice)
    }

    @Test("the tumble ends on the host's roll after its steps, one per --speed")
    func tumble() throws {
        var (model, host) = Self.model()
        model.stepSeconds = 0.5
        _ = try host.play(.roll(nil), by: "P1", showingTo: &model)
        var clock = 0.0
        var shown = 0
        while model.isAnimating, shown < 20 {
            clock += 0.5
            _ = model.tick(now: clock)
            shown += 1
        }
        #expect(shown == RollAnimation.steps)
        #expect(model.shownDice == host.viewed.dice)
    }

    @Test("the seed's messages: won, lost, and bankrupt with the reset offered; x resets")
    func wonLostBankrupt() throws {
        var (model, host) = Self.model()
        _ = try host.play(.ante(Money(dollars: 200)), by: "P1", showingTo: &model)
        var sawWin = false
        var broke = false
        for _ in 0..<60 where !broke {
            if let me = host.viewed.player("P1"), me.ante != me.balance {
                _ = try host.play(.ante(me.balance), by: "P1", showingTo: &model)
            }
            let events = try host.roll(showingTo: &model) { events, _ in events.decided }
            for case .won(_, let amount, let balance) in events {
                sawWin = true
                #expect(model.outcome?.text == "You won \(amount.description)! Your balance is \(balance.description).")
                #expect(model.outcome?.style == .good)
            }
            broke = events.contains(.bankrupt(seat: "P1"))
        }
        #expect(broke)
        #expect(model.outcome?.text == "You're bankrupt! Press x to start again with $200.00.")
        #expect(TableRenderer.status(of: model) == "You're bankrupt: press x to start again with $200.00")
        #expect(model.press(.enter).isEmpty)
        #expect(model.notice?.text.contains("reset") == true)
        #expect(model.press(.character("x")) == [.move(.reset, seat: "P1")])
        _ = try host.play(.reset, by: "P1", showingTo: &model)
        #expect(model.outcome == nil)
        #expect(model.slider.value == Money(dollars: 5))
        #expect(model.press(.character("x")).isEmpty)
        #expect(model.notice?.text.hasPrefix("Reset is for a player who cannot cover") == true)
        _ = sawWin
    }

    @Test("a lost decision says so; a roll that decides nothing clears it")
    func lostThenCleared() throws {
        var (model, host) = Self.model()
        try host.roll(showingTo: &model) { events, _ in events.contains { if case .lost = $0 { true } else { false } } }
        #expect(model.outcome?.text.hasPrefix("You lost $5.00.") == true)
        #expect(model.outcome?.style == .warning)
        try host.roll(showingTo: &model) { events, _ in !events.decided }
        #expect(model.outcome == nil)
    }

    @Test("the dice: the commitment before the first roll, each revealed period verified by the screen")
    func audit() throws {
        var (model, host) = Self.model()
        let committed = host.viewed.period.commitment
        #expect(model.audit?.commitment == committed)
        #expect(model.audit?.check == nil)
        try host.roll(showingTo: &model) { events, _ in events.decided }
        #expect(model.audit?.check == .verified(periods: 1, rolls: host.seq))
        #expect(model.audit?.lastVerified == 1)
        #expect(model.audit?.commitment == host.viewed.period.commitment)
        #expect(model.audit?.line.contains("period 1 verified") == true)
    }

    @Test("a reveal that does not match the commitment is shown as dice that do not verify")
    func auditCatchesALie() throws {
        var (model, host) = Self.model()
        var lied = false
        for _ in 0..<100 where !lied {
            let played = try host.play(.roll(nil), by: "P1")
            var move = played.move
            if case .roll(var roll?) = move, let reveal = roll.reveal {
                roll.reveal = String(reveal.reversed())
                move = .roll(roll)
                lied = true
            }
            model.show(host.viewed, after: (.seat("P1"), move), events: played.events)
        }
        guard case .failed(let failure)? = model.audit?.check else {
            Issue.record("no failure: \(String(describing: model.audit?.check))")
            return
        }
        #expect(failure.kind == .commitmentMismatch)
        #expect(model.audit?.line.hasPrefix("THE DICE DO NOT VERIFY") == true)
    }

    @Test("s gives a seed: printable ASCII up to 64 characters, Backspace, Enter sends, Esc cancels")
    func seed() {
        var (model, _) = Self.model()
        _ = model.press(.character("s"))
        for character in "lucky 77" { _ = model.press(.character(character)) }
        _ = model.press(.backspace)
        _ = model.press(.character("é"))
        #expect(model.notice?.text.contains("printable ASCII") == true)
        #expect(model.overlay == .seedEntry("lucky 7"))
        #expect(model.press(.enter) == [.move(.seed("lucky 7"), seat: "P1")])
        #expect(model.overlay == TableModel.Overlay.none)
        var (other, _) = Self.model()
        _ = other.press(.character("s"))
        for _ in 0..<70 { _ = other.press(.character("x")) }
        #expect(other.overlay == .seedEntry(String(repeating: "x", count: 64)))
        _ = other.press(.escape)
        #expect(other.overlay == TableModel.Overlay.none)
    }

    @Test("a local table: Tab moves the keys to the next person, and moves name their seat")
    func hotSeat() throws {
        var (model, _) = Self.model(seats: ["P1", "P2", "P3"], controlled: ["P1", "P3"])
        #expect(model.active == "P1")
        _ = model.press(.tab)
        #expect(model.active == "P3")
        _ = model.press(.right)
        #expect(model.press(.enter) == [.move(.ante(Money(dollars: 10)), seat: "P3")])
        // NB: P1 holds the dice, and a person at this terminal plays it: r rolls for P1.
        model.warn("x", rule: "ante-locked", details: [:])
        #expect(model.press(.character("r")) == [.move(.roll(nil), seat: "P1")])
        var screen = CrapsScreen(
            ScreenSetup(
                title: "local game", seats: ["P1", "P2"], controlled: ["P1", "P2"], ruleSet: "classic",
                options: GameOptions(defaultsOf: CrapsGame.descriptor.options), stepSeconds: 0))
        screen.show(HostTable(seats: ["P1", "P2"]).viewed, after: nil, events: [], newMatch: true)
        guard case .moveAs("P1", .roll(nil))? = screen.press(.character("r")).first else {
            Issue.record("a local table's roll names the shooter's seat")
            return
        }
    }

    @Test("q during a match asks first; n stays, y leaves; a watcher's keys explain")
    func quitAndWatch() {
        var (model, _) = Self.model()
        #expect(model.press(.character("q")).isEmpty)
        #expect(model.overlay == .confirmQuit)
        #expect(model.press(.character("n")).isEmpty)
        _ = model.press(.character("q"))
        #expect(model.press(.character("y")) == [.leave])
        var (watcher, _) = Self.model(seats: ["P1"], controlled: [])
        #expect(watcher.press(.enter).isEmpty)
        #expect(watcher.notice?.text == "You are watching this table")
        #expect(watcher.press(.character("q")) == [.quit])
    }

    @Test("Page Up, Page Down, Home and End decode from the terminal's escape sequences")
    func keys() {
        #expect(KeyDecoder.keys(in: Array("\u{1B}[5~\u{1B}[6~".utf8)) == [.pageUp, .pageDown])
        #expect(
            KeyDecoder.keys(in: Array("\u{1B}[H\u{1B}[F\u{1B}[1~\u{1B}[4~\u{1B}OH".utf8)) == [
                .home, .end, .home, .end, .home,
            ])
        #expect(KeyDecoder.keys(in: Array("\u{1B}[5;5~x".utf8)) == [.pageUp, .character("x")])
    }
}
