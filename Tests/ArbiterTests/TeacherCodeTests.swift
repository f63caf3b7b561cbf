import Arbiter
import Lobby
import Protocol
import TestScheduling
import Testing

/// Only the teacher runs tournaments: the code, compared in constant time and limited host-wide.
@Suite("Desk: the teacher's code", .offThePool)
struct TeacherCodeTests {
    static let commands: [ClientMessage] = [
        .tournament(.create(TournamentCreate(name: "Cup", game: "taxcollection", format: "swiss", rounds: 3))),
        .tournament(.register(TournamentPlayers(tournament: "T1", names: ["Lan"]))),
        .tournament(.unregister(TournamentPlayers(tournament: "T1", name: "Lan"))),
        .tournament(.start(TournamentPlayers(tournament: "T1"))),
        .tournament(.pair(TournamentPair(tournament: "T1"))),
        .tournament(.result(TournamentResult(tournament: "T1", board: 1, result: "1-0"))),
        .tournament(.withdraw(TournamentPlayers(tournament: "T1", name: "Lan"))),
        .tournament(.bye(TournamentBye(tournament: "T1", name: "Lan", bye: "half"))),
        .tournament(.export(TournamentExportRequest(tournament: "T1", format: "trf"))),
        .tournament(.finish(TournamentPlayers(tournament: "T1"))),
    ]

    @Test("a student's connection is refused every tournament request with teacher-required, and nothing changes")
    func studentsAreRefused() throws {
        var harness = DeskHarness()
        let teacher = harness.teacher()
        harness.send(Self.commands[0], from: teacher)
        let student = harness.connect("Lan")
        let before = harness.journal.count
        for (index, command) in Self.commands.enumerated() {
            let sent = harness.send(command, from: student, id: Int64(100 + index))
            let answer = try #require(sent)
            #expect(answer.error?.code == .teacherRequired, "\(command)")
        }
        #expect(harness.journal.count == before, "a refused request journals nothing")
        // NB: the standings are public: the projector and the students' lobbies show them.
        let answer = harness.send(.tournaments(TournamentsRequest()), from: student)
        guard case .tournaments(let list)? = answer?.message else {
            Issue.record("no tournaments list")
            return
        }
        #expect(list.tournaments.map(\.id) == ["T1"])
    }

    @Test("a wrong code is refused; the right one, typed loosely, makes the connection the teacher")
    func codes() throws {
        var harness = DeskHarness()
        let someone = harness.connect("Lan")
        let wrong = harness.send(.teacher(TeacherHello(code: TeacherCode(rawValue: "AAAAA-AAAAA"))), from: someone)
        #expect(wrong?.error?.code == .badTeacherCode)
        let loose = harness.send(.teacher(TeacherHello(code: TeacherCode(rawValue: "k7qm4 xrt2b"))), from: someone)
        guard case .teacher(let role)? = loose?.message else {
            Issue.record("not the teacher: \(String(describing: loose))")
            return
        }
        #expect(role.role == "teacher")
        let created = harness.send(Self.commands[0], from: someone)
        #expect(created?.error == nil)
    }

    @Test("the role ends with the connection")
    func roleEndsWithConnection() throws {
        var harness = DeskHarness()
        let teacher = harness.teacher()
        harness.disconnect(teacher)
        let again = harness.connect("Teacher")
        let refused = harness.send(Self.commands[0], from: again)
        #expect(refused?.error?.code == .teacherRequired)
    }

    @Test("wrong codes are limited host-wide: after 10, even the right code waits, unchecked; one more every 6 s")
    func rateLimited() throws {
        var harness = DeskHarness()
        let guesser = harness.connect("Guesser")
        for attempt in 0..<10 {
            let code = TeacherCode(bits: UInt64(attempt))
            let answer = harness.send(.teacher(TeacherHello(code: code)), from: guesser)
            #expect(answer?.error?.code == .badTeacherCode)
        }
        let other = harness.connect("Other")
        let answer = harness.send(.teacher(TeacherHello(code: DeskHarness.code)), from: other)
        let limited = try #require(answer?.error)
        #expect(limited.code == .rateLimited)
        #expect((1...6_000).contains(limited.retryAfterMs ?? 0))
        harness.advance(seconds: 6)
        guard case .teacher? = harness.send(.teacher(TeacherHello(code: DeskHarness.code)), from: other)?.message else {
            Issue.record("the right code was not accepted once the limit allowed one more")
            return
        }
    }

    @Test("codes compare equal only when every symbol is the same")
    func comparison() {
        let code = TeacherCode(rawValue: "K7QM4-XRT2B")
        #expect(code.matches(TeacherCode(rawValue: "K7QM4XRT2B")))
        #expect(code.matches(TeacherCode(rawValue: "k7qm4-xrt2b")))
        #expect(!code.matches(TeacherCode(rawValue: "K7QM4-XRT2C")))
        #expect(!code.matches(TeacherCode(rawValue: "J7QM4-XRT2B")))
        #expect(!code.matches(TeacherCode(rawValue: "K7QM4-XRT2")))
        #expect(!code.matches(TeacherCode(rawValue: "")))
        #expect("\(code)" == "TeacherCode(redacted)")
    }
}
