/// Letters five rows tall, for first graders: each letter four columns wide, a column between letters.
enum BigLetters {
    static let height = 5
    static let width = 4

    /// The rows of a word in big letters (lowercase a to z; anything else is a blank).
    static func rows(_ word: String) -> [String] {
        (0..<Self.height).map { row in
            word.map { letter in
                let glyph = Self.glyphs[letter] ?? Array(repeating: "    ", count: Self.height)
                return glyph[row].map { $0 == "#" ? "█" : " " }.reduce("") { $0 + String($1) }
            }.joined(separator: " ")
        }
    }

    /// Columns a word takes.
    static func columns(_ word: String) -> Int { max(0, word.count * (Self.width + 1) - 1) }

    static let glyphs: [Character: [String]] = [
        "a": [" ## ", "#  #", "####", "#  #", "#  #"], "b": ["### ", "#  #", "### ", "#  #", "### "],
        "c": [" ###", "#   ", "#   ", "#   ", " ###"], "d": ["### ", "#  #", "#  #", "#  #", "### "],
        "e": ["####", "#   ", "### ", "#   ", "####"], "f": ["####", "#   ", "### ", "#   ", "#   "],
        "g": [" ###", "#   ", "# ##", "#  #", " ###"], "h": ["#  #", "#  #", "####", "#  #", "#  #"],
        "i": [" ## ", " ## ", " ## ", " ## ", " ## "], "j": ["  ##", "   #", "   #", "#  #", " ## "],
        "k": ["#  #", "# # ", "##  ", "# # ", "#  #"], "l": ["#   ", "#   ", "#   ", "#   ", "####"],
        "m": ["#  #", "####", "####", "#  #", "#  #"], "n": ["#  #", "## #", "# ##", "#  #", "#  #"],
        "o": [" ## ", "#  #", "#  #", "#  #", " ## "], "p": ["### ", "#  #", "### ", "#   ", "#   "],
        "q": [" ## ", "#  #", "#  #", "# ##", " ###"], "r": ["### ", "#  #", "### ", "# # ", "#  #"],
        "s": [" ###", "#   ", " ## ", "   #", "### "], "t": ["####", " ## ", " ## ", " ## ", " ## "],
        "u": ["#  #", "#  #", "#  #", "#  #", " ## "], "v": ["#  #", "#  #", "#  #", " ## ", " ## "],
        "w": ["#  #", "#  #", "####", "####", "#  #"], "x": ["#  #", " ## ", " ## ", " ## ", "#  #"],
        "y": ["#  #", "#  #", " ###", "   #", " ## "], "z": ["####", "   #", " ## ", "#   ", "####"],
        "_": ["    ", "    ", "    ", "    ", "####"],
    ]
}
