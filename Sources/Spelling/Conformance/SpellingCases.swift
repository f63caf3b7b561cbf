import Conformance
import Foundation
import Protocol
import SpellingRules

/// The host cases of the spelling games (docs/SPELLING.md, "What the client never gets"): a student and
/// a spectator at a table of the built-in list "first-grade", whose words the suite knows, play three
/// words; no frame either of them gets says which spelling is right, spells the scrambled word, or holds
/// the heard word as text, before the word is answered.
enum SpellingCases {
    static let words = Set(FirstGradeWords.words)

    static let all: [HostCase] = [
        HostCase(
            "spelling.pick-hides-answer",
            "pick: the three spellings, one a list word, and nothing in any frame says which is right",
            statements: ["G-12", "S-1"]
        ) { context in
            try await Self.play(context, mode: "pick") { table, state, seq in
                let choices = Self.strings(state.object("state")?.object("challenge")?.array("choices"))
                let right = choices.filter(Self.words.contains)
                try require(
                    choices.count == 3 && right.count == 1, "three spellings, one of them a list word", seen: "\(state)"
                )
                let wrong = choices.firstIndex { !Self.words.contains($0) }!
                let refused = try await context.move(
                    table.student.probe, table: table.id, seq: seq, #"{"pick":\#(wrong)}"#, id: 300 + seq)
                try require(
                    refused.type == "state" && refused.object("last")?.object("move")?.bool("right") == false,
                    "a wrong pick judged wrong by the host", seen: "\(refused)")
                // NB: a word may come again later in a game (only the next word differs from the last): the
                // state's list of words already spelled right may name it, which gives nothing away.
                let solved = Self.strings(state.object("state")?.array("solved"))
                try Self.expectNoWord(in: refused, except: solved, hidden: right)
                return (#"{"pick":\#(choices.firstIndex(of: right[0])!)}"#, [right[0]], 2)
            }
        },
        HostCase(
            "spelling.unscramble-hides-answer",
            "unscramble: the tiles, and no frame spells the word they make before it is answered",
            statements: ["G-12", "S-1"]
        ) { context in
            try await Self.play(context, mode: "unscramble") { _, state, _ in
                let tiles = Self.strings(state.object("state")?.object("challenge")?.array("tiles"))
                let key = tiles.joined().sorted()
                let answers = Self.words.filter { $0.sorted() == key }.sorted()
                try require(!answers.isEmpty, "tiles that make a list word", seen: "\(state)")
                var free = Array(tiles.indices)
                let order = answers[0].map { letter in free.remove(at: free.firstIndex { tiles[$0] == String(letter) }!)
                }
                return ("{\"arrange\":[\(order.map(String.init).joined(separator: ","))]}", answers, 1)
            }
        },
        HostCase(
            "spelling.hear-hides-text",
            "hear: each state carries the word as sound (a WAV file), and no frame holds any list word as text",
            statements: ["G-12", "S-1", "G-15"], accepts: [.ok, .unimplemented]
        ) { context in
            let student = try await context.greet("s")
            student.probe.recordMessages()
            let created = try await context.request(
                student.probe, "create-table", id: 50, #","game":"spelling","options":{"mode":"hear"}"#)
            if created.code == "invalid-option" {
                return .unimplemented(reason: "this host cannot speak: \(created.string("message") ?? "")")
            }
            guard let table = created.object("table")?.string("id") else {
                throw CaseFailure(expected: "table answering create-table", seen: "\(created)")
            }
            _ = try await context.request(student.probe, "sit", id: 51, #","table":"\#(table)""#)
            // NB: the answer to ready carries the first word's sound, which a host may make only now; a
            // speech synthesizer's first word can take seconds on a busy machine (once over 3 s in CI).
            let speaking = context.replyTimeout * 5
            _ = try await context.request(
                student.probe, "ready", id: 52, #","table":"\#(table)""#, timeout: speaking)
            let first = await student.probe.read(until: { $0.type == "state" }, timeout: speaking)
            guard let state = first.message else { throw CaseFailure(expected: "the first state", seen: "\(first)") }
            try Self.expectNoWord(in: state, except: [])
            let sound = state.object("sound")
            let bytes = sound?.string("data").flatMap { Data(base64Encoded: $0) } ?? Data()
            try require(
                sound?.string("format") == "wav" && bytes.count > 2000 && bytes.prefix(4) == Data("RIFF".utf8),
                "a sound member: a WAV file of a spoken word", seen: "\(sound.map { "\($0)".prefix(120) } ?? "none")")
            let wrong = try await context.move(student.probe, table: table, seq: 0, #"{"spell":"zzzz"}"#, id: 53)
            try require(
                wrong.object("last")?.object("move")?.bool("right") == false, "a wrong spelling judged wrong",
                seen: "\(wrong)")
            try Self.expectNoWord(in: wrong, except: [])
            for frame in student.probe.recordedMessages() { try Self.expectNoWord(in: frame, except: []) }
            return .ok
        },
    ]

    /// A table of a mode with a student and a spectator; for three words: asks the mode's script for a
    /// right answer, checks every frame either of them got before it (whatever it was read for), plays it,
    /// and checks the host confirms it.
    static func play(
        _ context: HostContext, mode: String,
        answer: (_ table: (id: String, student: Greeted), _ state: WireMessage, _ seq: Int) async throws
            -> (move: String, answers: [String], steps: Int)
    ) async throws -> Conformance.Verdict {
        let student = try await context.greet("s")
        let spectator = try await context.greet("w")
        for probe in [student.probe, spectator.probe] { probe.recordMessages() }
        let table = try await context.createTable(
            student.probe, game: "spelling", #","options":{"mode":"\#(mode)","list":"first-grade"}"#
        ).string("id")!
        _ = try await context.request(spectator.probe, "watch", id: 40, #","table":"\#(table)""#)
        _ = try await context.request(student.probe, "sit", id: 51, #","table":"\#(table)""#)
        _ = try await context.request(student.probe, "ready", id: 52, #","table":"\#(table)""#)
        var solved: [String] = []
        var seq = 0
        var state = try await Self.nextState(student.probe, context)
        for _ in 0..<3 {
            _ = try await Self.nextState(spectator.probe, context)
            let (move, answers, steps) = try await answer((table, student), state, seq)
            for frame in student.probe.recordedMessages() + spectator.probe.recordedMessages() {
                try Self.expectNoWord(in: frame, except: solved, hidden: answers)
            }
            seq += steps - 1
            if steps == 2 { _ = try await Self.nextState(spectator.probe, context) }
            let judged = try await context.move(student.probe, table: table, seq: seq, move, id: 200 + seq)
            seq += 1
            try require(
                judged.type == "state" && judged.object("last")?.object("move")?.bool("right") == true
                    && judged.int("seq") == seq,
                "the host judging the right answer right, with the next word", seen: "\(judged)")
            let said = judged.array("events")?.compactMap(\.objectValue).first { $0.string("event") == "right" }
            solved.append(said?.string("word") ?? answers[0])
            state = judged
        }
        // NB: after three words, no frame holds any word of the list that is not answered yet.
        _ = try await Self.nextState(spectator.probe, context)
        for frame in student.probe.recordedMessages() + spectator.probe.recordedMessages() {
            try Self.expectNoWord(in: frame, except: solved)
        }
        return .ok
    }

    static func nextState(_ probe: Probe, _ context: HostContext) async throws -> WireMessage {
        let read = await probe.read(until: { $0.type == "state" }, timeout: context.replyTimeout)
        guard let message = read.message else { throw CaseFailure(expected: "a state", seen: "\(read)") }
        return message
    }

    /// Fails when a frame names the answer: a member `word`, `answers` or `words`, or (for `hidden`) the
    /// word as a JSON string anywhere in the bytes but where the words already answered are.
    static func expectNoWord(in message: WireMessage, except solved: [String], hidden: [String]? = nil) throws {
        let text = String(decoding: message.payload, as: UTF8.self)
        for key in ["\"word\":", "\"answers\":", "\"words\":"] where text.contains(key) && !Self.isEventWord(text, key)
        {
            throw CaseFailure(expected: "no member \(key) before the word is answered (S-1)", seen: text)
        }
        // NB: the three spellings of a pick are shown on purpose, wherever they are (state, last move, event).
        let outsideChoices = text.replacingOccurrences(
            of: #""choices":\[[^\]]*\]"#, with: "", options: .regularExpression)
        for word in hidden ?? Array(Self.words) where !solved.contains(word) {
            try require(
                !Self.holdsValue(word, in: outsideChoices),
                "the answer \"\(word)\" nowhere in the frame (but among the choices) before it is answered (S-1)",
                seen: text)
        }
    }

    /// Whether a JSON text holds the string as a value (a member's name, such as a seat's `"away":`, is
    /// no answer).
    static func holdsValue(_ word: String, in text: String) -> Bool {
        var rest = text[...]
        while let found = rest.range(of: "\"\(word)\"") {
            rest = rest[found.upperBound...]
            if rest.first(where: { $0 != " " }) != ":" { return true }
        }
        return false
    }

    /// A `word` member of a `right` event names a word just answered, which is allowed.
    static func isEventWord(_ text: String, _ key: String) -> Bool {
        key == "\"word\":"
            && text.components(separatedBy: key).count - 1
                == text.components(separatedBy: "\"event\":\"right\"").count - 1
    }

    static func strings(_ values: [JSONValue]?) -> [String] {
        (values ?? []).compactMap { if case .string(let text) = $0 { return text } else { return nil } }
    }
}
