import GameKit
import SpellingRules
import TestSupport
import Testing

@Suite("Wrong spellings made for a list that gives none", .offThePool)
struct MisspellingTests {
    static let list = Set(FirstGradeWords.words)

    @Test("every shipped word, for many seeds: two plausible mistakes, never the word, each other or a list word")
    func shippedList() async {
        // NB: a second or more of work in a debug build, done off the cooperative pool (``offThePool(_:)``).
        let problems = await offThePool { FirstGradeWords.words.flatMap(Self.problems(of:)) }
        #expect(problems.isEmpty, "\(problems.prefix(5))")
    }

    /// What is wrong with the spellings made for a word of the shipped list, for 40 seeds, one line each.
    static func problems(of word: String) -> [String] {
        let plausible = Set(Misspeller.candidates(of: word).flatMap(\.spellings))
        var problems: [String] = []
        for seed in UInt64(0)..<40 {
            let wrongs = Misspeller.wrongs(for: word, avoiding: Self.list, seed: seed)
            let checks: [(Bool, String)] = [
                (wrongs.count == 2, "not two"), (!wrongs.contains(word), "the word itself"),
                (Set(wrongs).count == wrongs.count, "the same twice"),
                (wrongs.allSatisfy { !Self.list.contains($0) }, "a word of the list"),
                (wrongs.allSatisfy { plausible.contains($0) }, "not one first-grade mistake each"),
                (wrongs.allSatisfy(WordList.isWord), "not 2 to 15 letters a to z"),
                (Misspeller.wrongs(for: word, avoiding: Self.list, seed: seed) == wrongs, "not deterministic"),
            ]
            problems += checks.filter { !$0.0 }.map { "\(word), seed \(seed): \(wrongs): \($0.1)" }
        }
        return problems
    }

    @Test(
        "the families make the mistakes the docs name",
        arguments: [
            ("little", Misspeller.Family.doubled, "litle"), ("cat", .doubled, "catt"), ("when", .dropped, "wen"),
            ("said", .vowels, "siad"), ("cat", .ck, "kat"), ("back", .ck, "bak"), ("phone", .ph, "fone"),
            ("fly", .ph, "phly"), ("make", .silentE, "mak"), ("hop", .silentE, "hope"),
        ] as [(String, Misspeller.Family, String)])
    func families(word: String, family: Misspeller.Family, expected: String) {
        let made = Misspeller.candidates(of: word).first { $0.family == family }?.spellings ?? []
        #expect(made.contains(expected), "\(word) \(family): \(made)")
    }

    @Test("the seed decides: different seeds give different mistakes for a long word")
    func seedMatters() {
        let made = Set((UInt64(0)..<20).map { Misspeller.wrongs(for: "yellow", avoiding: Self.list, seed: $0) })
        #expect(made.count > 3)
    }
}

@Suite("Tiles and the shipped list", .offThePool)
struct ScrambleTests {
    @Test("the shipped list has at least 100 words, each a word of 2 to 15 letters, none twice")
    func shipped() {
        #expect(FirstGradeWords.words.count >= 100)
        #expect(Set(FirstGradeWords.words).count == FirstGradeWords.words.count)
        #expect(FirstGradeWords.words.allSatisfy(WordList.isWord))
        let reread = WordListParser.parse(FirstGradeWords.words.joined(separator: "\n"), name: "first-grade")
        #expect((try? reread.get()) == FirstGradeWords.list)
    }

    @Test("the tiles never spell a right answer, for every scrambled shipped word and many seeds")
    func neverTheWord() {
        let words = FirstGradeWords.words
        for word in words {
            let answers = Scrambler.answers(for: word, in: words)
            guard Scrambler.canScramble(word, answers: answers) else {
                #expect(["on", "no"].contains(word), "\(word) cannot be scrambled")
                continue
            }
            for seed in UInt64(0)..<30 {
                var random = SplitMix64(seed: seed)
                let tiles = Scrambler.tiles(for: word, answers: answers, using: &random) ?? []
                #expect(tiles.sorted() == word.map(String.init).sorted(), "\(word): the word's letters")
                #expect(!answers.contains(tiles.joined()), "\(word): \(tiles)")
            }
        }
    }

    @Test("a word of one letter repeated cannot be scrambled; two different letters can")
    func repeated() {
        #expect(!Scrambler.canScramble("aa", answers: ["aa"]))
        #expect(Scrambler.canScramble("ab", answers: ["ab"]))
        #expect(!Scrambler.canScramble("ab", answers: ["ab", "ba"]))
    }
}
