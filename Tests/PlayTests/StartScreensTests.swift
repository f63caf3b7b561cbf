import Classroom
import Protocol
import ScreenKit
import TaxCollection
import Testing

/// The lobby and the name prompt, as pure models.
@Suite("Lobby and name prompt screens")
struct StartScreensTests {
    static let long = ("Wwwwwwwwwwwwwwwwwwwwwwww", "Nguyen Thi Minh Khai Lan")

    static func rows() -> [LobbyModel.Row] {
        (1...6).map { number in
            LobbyModel.Row(
                id: "t\(number)", game: number == 6 ? "craps" : "taxcollection", ruleSet: "young-treasury",
                status: "playing",
                seats: number == 6
                    ? (1...6).map { ("P\($0)", $0 % 2 == 0 ? long.0 : nil) } : [("A", long.0), ("B", long.1)],
                spectators: 12)
        }
    }

    @Test(
        "the lobby with 24-character names, six seats, a long host name: nothing cut, the highlighted table on screen",
        arguments: [false, true])
    func lobbyFits(watching: Bool) {
        var lobby = LobbyModel(
            hostName: "tcnet on a-machine-with-a-very-long-name.school.example.org", playerName: Self.long.0,
            watching: watching)
        lobby.show(Self.rows())
        lobby.notice = Span("Someone here is already called \(Self.long.1); please choose another name.", .warning)
        for index in 0..<6 {
            let frame = lobby.frame(width: 80, height: 24)
            #expect(frame.overflow.isEmpty, "\(frame.overflow)")
            #expect(frame.text.contains("> t\(index + 1)"), "row \(index) is not on screen:\n\(frame.text)")
            #expect(frame.text.contains("A: \(Self.long.0)   B: \(Self.long.1)") || index == 5)
            #expect(frame.text.contains(Self.long.0))
            _ = lobby.press(.down)
        }
    }

    @Test("the lobby's title names no game: it lists them all")
    func lobbyTitle() {
        let lobby = LobbyModel(hostName: "Room 12", playerName: "Lan")
        #expect(lobby.frame(width: 80, height: 24).textLines[0] == " tcnet · Room 12 · you are Lan")
    }

    static func prompt() -> NamePrompt {
        NamePrompt(
            title: "Tax Collection", questions: ["Player A's name", "Player B's name"],
            emptyWarning: TaxCollectionScreen.emptyNameWarning, maxCharacters: PlayerName.maxCharacters
        ) { name in
            if case .failure(let refusal) = PlayerName.validate(name) { return refusal.message }
            return nil
        }
    }

    static func type(_ text: String, into prompt: inout NamePrompt) -> NamePrompt.Outcome {
        var outcome = NamePrompt.Outcome.asking
        for character in text { outcome = prompt.press(.character(character)) }
        return outcome
    }

    @Test(
        "tcnet play asks for the names: an empty one gets the seed's warning, a 25th character is refused, a twin too")
    func namePrompt() {
        var prompt = Self.prompt()
        #expect(prompt.press(.enter) == .asking)
        #expect(prompt.warning == "Please enter your username in order to play")
        _ = Self.type("   ", into: &prompt)
        #expect(prompt.press(.enter) == .asking)
        #expect(prompt.warning == "Please enter your username in order to play")
        for _ in 0..<3 { _ = prompt.press(.backspace) }
        _ = Self.type(Self.long.0 + "x", into: &prompt)
        #expect(prompt.text == Self.long.0)
        #expect(prompt.warning == "A name holds at most 24 characters.")
        #expect(prompt.press(.enter) == .asking)
        #expect(prompt.names == [Self.long.0])
        _ = Self.type(Self.long.0.uppercased(), into: &prompt)
        #expect(prompt.press(.enter) == .asking)
        #expect(prompt.warning == "\(Self.long.0.uppercased()) is already playing; choose another name.")
        for _ in 0..<24 { _ = prompt.press(.backspace) }
        _ = Self.type(Self.long.1, into: &prompt)
        let frame = prompt.frame(width: 80, height: 24)
        #expect(frame.overflow.isEmpty && frame.text.contains(Self.long.0) && frame.text.contains(Self.long.1))
        #expect(prompt.press(.enter) == .done([Self.long.0, Self.long.1]))
    }

    @Test("Esc at the name prompt quits")
    func namePromptQuits() {
        var prompt = Self.prompt()
        #expect(prompt.press(.escape) == .quit)
    }
}
