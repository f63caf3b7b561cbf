import Foundation
import GameKit
import Lobby
import Peer
import Protocol
import SpellingRules
import Storage
import TestSupport
import Testing

@Suite("Tables of spelling: word lists from the host's store, hear and type only with a voice")
struct TableOptionTests {
    @Test("a list the host holds plays its words; a name it does not hold is refused, naming the option")
    func lists() async throws {
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("tcnet-lists-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: data) }
        let store = try HostStore(folder: data, newHostID: { "h" })
        let mine = try WordListParser.parse("cat,kat,catt\ndog,dogg,dug\n", name: "mine").get()
        try store.store(mine.content, game: "spelling", name: "mine", importedAt: 0)
        try await withDeadline(seconds: 60) {
            try await withHost(store: store) { host in
                let ana = try await Student(port: host.port, name: "Ana")
                let refused = try await ana.request(
                    .createTable(CreateTable(game: "spelling", options: ["list": .string("nope")])), id: 1)
                #expect(refused.error?.code == .invalidOption && refused.error?.option == "list")
                #expect(
                    refused.error?.message.contains("first-grade, mine") == true, "\(String(describing: refused.error))"
                )
                let first = try await ana.open(["list": .string("mine")])
                let state = try first.state.decode(as: SpellingState.self)
                #expect(state.list == "mine")
                #expect(
                    [Set(["cat", "kat", "catt"]), Set(["dog", "dogg", "dug"])].contains(
                        Set(state.challenge.choices ?? [])))
                // A list imported again later does not change the table's words: they were kept with the table.
                try store.store(
                    WordListParser.parse("sun\n", name: "mine").get().content, game: "spelling", name: "mine",
                    importedAt: 1)
                let next = try await ana.pick("r", words: ["cat", "dog"])
                #expect(Set(["cat", "dog"]).contains(try next.state.decode(as: SpellingState.self).solved[0]))
            }
        }
    }

    @Test("hear and type at a host without a voice is refused with the reason; with one, the state carries the sound")
    func voice() async throws {
        try await withDeadline(seconds: 60) {
            try await withHost({ $0.voice = .none("espeak-ng is not installed on the host") }) { host in
                let ana = try await Student(port: host.port, name: "Ana")
                let refused = try await ana.request(
                    .createTable(CreateTable(game: "spelling", options: ["mode": .string("hear")])), id: 1)
                #expect(refused.error?.code == .invalidOption)
                #expect(refused.error?.message.contains("espeak-ng is not installed") == true)
            }
            // NB: a host whose messages cannot carry the sound refuses hear and type, not each state later.
            try await withHost({
                $0.voice = EspeakVoice.find()
                $0.maxFrame = 16_384
            }) { host in
                let ana = try await Student(port: host.port, name: "Ana")
                let refused = try await ana.request(
                    .createTable(CreateTable(game: "spelling", options: ["mode": .string("hear")])), id: 1)
                #expect(refused.error?.code == .invalidOption)
                #expect(
                    refused.error?.message.contains("limited to 16384 (maxFrame)") == true,
                    "\(String(describing: refused.error))")
                _ = try await ana.open(["mode": .string("pick")])
            }
            try await withHost({ $0.voice = EspeakVoice.find() }) { host in
                let ana = try await Student(port: host.port, name: "Ana")
                let first = try await ana.open(["mode": .string("hear")])
                #expect(first.sound?.format == "wav" && (first.sound?.data.count ?? 0) > 2000)
                let spelled = JSONValue.encoding(SpellingMove.spell("zzz", nil))
                let wrong = try await ana.request(.move(MoveRequest(table: ana.table, seq: 0, move: spelled)), id: 9)
                #expect(wrong.state?.sound == first.sound, "the same word comes again until the next word")
            }
        }
    }
}
