import GameKit

/// Makes the wrong spellings of the pick game where a list gives none: plausible first-grade mistakes.
///
/// Each wrong spelling is one mistake of one family: a letter doubled or a double letter made single,
/// a letter dropped, vowels swapped or confused, c/k, ph/f, a silent e dropped or added. The two of a
/// word are never the word itself, never each other and never a word of the list, and they follow from
/// the seed alone (the host draws it from the match's randomness, and the prepared move keeps them).
public enum Misspeller {
    /// A family of mistakes.
    public enum Family: String, Sendable, CaseIterable {
        case doubled, dropped, vowels, ck, ph, silentE
    }

    /// Every candidate mistake of a word, by family, in a fixed order.
    /// - Parameter word: a word of lowercase letters.
    /// - Returns: each family's spellings, without the word and without repeats.
    public static func candidates(of word: String) -> [(family: Family, spellings: [String])] {
        let letters = Array(word)
        return Family.allCases.map { family in
            var seen: Set<String> = [word]
            return (family, Self.mistakes(family, letters).filter { $0.count >= 2 && seen.insert($0).inserted })
        }
    }

    /// Two wrong spellings of a word.
    /// - Parameters:
    ///   - word: the word.
    ///   - list: every word of the list (a wrong spelling is never one of them).
    ///   - seed: where the choice starts.
    /// - Returns: two different wrong spellings, from two families when the word allows it.
    public static func wrongs(for word: String, avoiding list: Set<String>, seed: UInt64) -> [String] {
        var random = SplitMix64(seed: seed)
        var families = Self.candidates(of: word).map { ($0.family, $0.spellings.filter { !list.contains($0) }) }
            .filter { !$0.1.isEmpty }
        families.shuffle(using: &random)
        var chosen: [String] = []
        for (_, spellings) in families where chosen.count < 2 {
            let fresh = spellings.filter { !chosen.contains($0) }
            if !fresh.isEmpty { chosen.append(fresh[random.nextIndex(below: fresh.count)]) }
        }
        if chosen.count < 2 {
            // NB: a word with mistakes of one family only: a second from the same family.
            let rest = families.flatMap(\.1).filter { !chosen.contains($0) }
            chosen += rest.prefix(2 - chosen.count)
        }
        if chosen.count < 2 {
            // NB: no shipped word gets here (a test checks); letters swapped, then a letter added.
            chosen += Self.lastResort(word, avoiding: list.union(chosen)).prefix(2 - chosen.count)
        }
        return chosen
    }

    // MARK: The families

    static let vowels: Set<Character> = ["a", "e", "i", "o", "u"]
    static let confusedVowel: [Character: Character] = ["a": "e", "e": "i", "i": "e", "o": "u", "u": "o"]

    static func mistakes(_ family: Family, _ letters: [Character]) -> [String] {
        let count = letters.count
        func made(_ edit: (inout [Character]) -> Void) -> String {
            var copy = letters
            edit(&copy)
            return String(copy)
        }
        switch family {
        case .doubled:
            var out: [String] = []
            for index in 1..<count where !Self.vowels.contains(letters[index]) {
                if letters[index - 1] == letters[index] {
                    out.append(made { $0.remove(at: index) })
                } else if index + 1 == count || letters[index + 1] != letters[index] {
                    out.append(made { $0.insert(letters[index], at: index) })
                }
            }
            if let last = letters.last, Self.vowels.contains(last), letters[count - 2] != last {
                // NB: a final vowel doubled, as in "goo" for "go" and "mee" for "me".
                out.append(String(letters) + String(last))
            }
            return out
        case .dropped:
            return (1..<count).filter { letters[$0 - 1] != letters[$0] }.map { index in made { $0.remove(at: index) } }
        case .vowels:
            var out: [String] = []
            for index in 0..<(count - 1)
            where Self.vowels.contains(letters[index]) && Self.vowels.contains(letters[index + 1])
                && letters[index] != letters[index + 1]
            {
                out.append(made { $0.swapAt(index, index + 1) })
            }
            for index in 0..<count {
                guard let other = Self.confusedVowel[letters[index]] else { continue }
                out.append(made { $0[index] = other })
            }
            return out
        case .ck:
            let text = String(letters)
            var out: [String] = []
            if text.contains("ck") {
                out.append(text.replacing("ck", with: "k"))
                out.append(text.replacing("ck", with: "c"))
            }
            for index in 0..<count {
                let next = index + 1 < count ? letters[index + 1] : nil
                let previous = index > 0 ? letters[index - 1] : nil
                if letters[index] == "c", next != "k", next != "h" { out.append(made { $0[index] = "k" }) }
                if letters[index] == "k", previous != "c", next != "n" { out.append(made { $0[index] = "c" }) }
            }
            return out
        case .ph:
            let text = String(letters)
            var out: [String] = []
            if text.contains("ph") { out.append(text.replacing("ph", with: "f")) }
            if text.contains("f") { out.append(text.replacing("f", with: "ph")) }
            return out
        case .silentE:
            if letters.last == "e" { return count >= 3 ? [String(letters.dropLast())] : [] }
            return [String(letters) + "e"]
        }
    }

    private static func lastResort(_ word: String, avoiding taken: Set<String>) -> [String] {
        let letters = Array(word)
        var out: [String] = []
        for index in 0..<(letters.count - 1) where letters[index] != letters[index + 1] {
            var copy = letters
            copy.swapAt(index, index + 1)
            out.append(String(copy))
        }
        out += ["h", "e", "r"].map { word + $0 }
        var seen = taken.union([word])
        return out.filter { seen.insert($0).inserted }
    }
}
