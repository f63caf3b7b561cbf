import SpellingRules
import TestScheduling
import Testing

@Suite("Word list files: plain, CSV, and files refused with the line and the reason", .offThePool)
struct WordListParserTests {
    @Test("a plain list, a CSV list, a header, comments, blank lines, spaces and capitals")
    func accepted() throws {
        let text = "word,wrong1,wrong2\n# my list\nCat, kat , catt\r\n\n  Dog  \nbird,burd,brid\n"
        let list = try WordListParser.parse(text, name: "mine").get()
        #expect(
            list.words == [
                SpellingWord("cat", wrongs: ["kat", "catt"]), SpellingWord("dog"),
                SpellingWord("bird", wrongs: ["burd", "brid"]),
            ])
        #expect(try WordList.reading(list.content, name: "mine").get() == list)
    }

    @Test("a spreadsheet's CSV: a byte-order mark, a header, rows padded with empty wrong spellings")
    func spreadsheet() throws {
        let text = "\u{FEFF}word,wrong1,wrong2\r\ncat,kat,catt\r\ndog,,\r\nsun , , \r\n,,\r\n"
        let list = try WordListParser.parse(text, name: "sheet").get()
        #expect(
            list.words == [SpellingWord("cat", wrongs: ["kat", "catt"]), SpellingWord("dog"), SpellingWord("sun")])
        let noHeader = try WordListParser.parse("\u{FEFF}cat\ndog\n", name: "sheet").get()
        #expect(noHeader.words.map(\.word) == ["cat", "dog"])
    }

    @Test(
        "a bad file is refused at its first problem, with the line and the reason",
        arguments: [
            ("cat\ndog,dogg\n", 2, "2 fields"),
            ("cat\nd0g\n", 2, "letters a to z"),
            ("cat\nice cream\n", 2, "letters a to z"),
            ("cat\na\n", 2, "2 to 15"),
            ("cat\nsupercalifragilistic\n", 2, "2 to 15"),
            ("cat\ndog\ncat\n", 3, "already on line 1"),
            ("cat,cat,kat\n", 1, "the word itself"),
            ("cat,kat,kat\n", 1, "the same"),
            ("cat,dog,catt\ndog\n", 1, "is a word of the list (line 2)"),
            ("cat,,kat\n", 1, "an empty field"),
            ("cat,kat,\n", 1, "an empty field"),
            ("cat\n\u{FEFF}dog\n", 2, "letters a to z"),
            ("\n# nothing\n", 0, "no word"),
        ] as [(String, Int, String)])
    func refused(text: String, line: Int, reason: String) {
        guard case .failure(let error) = WordListParser.parse(text, name: "bad") else {
            Issue.record("accepted: \(text)")
            return
        }
        #expect(error.line == line, "\(error)")
        #expect(error.reason.contains(reason), "\(error)")
    }

    @Test("a list of more than 1000 words is refused at word 1001")
    func tooLong() {
        let letters = Array("abcdefghijklmnopqrstuvwxyz")
        var words: [String] = []
        for index in 0..<1001 {
            words.append(String(["w", letters[index / 676], letters[(index / 26) % 26], letters[index % 26]]))
        }
        guard case .failure(let error) = WordListParser.parse(words.joined(separator: "\n"), name: "big") else {
            Issue.record("accepted")
            return
        }
        #expect(error.line == 1001 && error.reason.contains("at most 1000"), "\(error)")
        #expect(
            (try? WordListParser.parse(words.dropLast().joined(separator: "\n"), name: "big").get())?.words.count
                == 1000)
    }
}
