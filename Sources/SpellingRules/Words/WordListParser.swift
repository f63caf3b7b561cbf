/// Reads a word list file: a plain list (one word a line) or CSV (`word,wrong1,wrong2`), or both mixed.
///
/// Blank lines and lines starting with `#` are skipped, and so is a first line `word,wrong1,wrong2`
/// (a spreadsheet's header), a byte-order mark, rows of commas only, and the empty wrong spellings of a padded row (`dog,,`). Words are folded to lowercase; spaces around fields are trimmed. A file is
/// refused whole at its first problem, with the line and the reason.
public enum WordListParser {
    /// Parses a file's text.
    /// - Parameters:
    ///   - text: the file's contents.
    ///   - name: the list's name.
    /// - Returns: the list, or the first problem.
    public static func parse(_ text: String, name: String) -> Result<WordList, WordListError> {
        var words: [SpellingWord] = []
        var lineOf: [String: Int] = [:]
        // NB: "\r\n" is one Character in Swift.
        // NB: a spreadsheet saved as "CSV UTF-8" starts with a byte-order mark.
        let body =
            text.unicodeScalars.first == "\u{FEFF}" ? Substring(text.unicodeScalars.dropFirst()) : Substring(text)
        let lines = body.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
        for (index, raw) in lines.enumerated() {
            let number = index + 1
            let line = Self.trimmed(Substring(raw.filter { $0 != "\r" }))
            if line.isEmpty || line.hasPrefix("#") { continue }
            var fields = line.split(separator: ",", omittingEmptySubsequences: false).map {
                Self.trimmed($0).lowercased()
            }
            // NB: a spreadsheet pads a row without wrong spellings to the widest row (`dog,,`), and writes
            // its empty rows as commas.
            if fields.allSatisfy(\.isEmpty) { continue }
            if fields.count == 3, fields[1].isEmpty, fields[2].isEmpty { fields = [fields[0]] }
            if words.isEmpty, lineOf.isEmpty, fields == ["word", "wrong1", "wrong2"] { continue }
            guard fields.count == 1 || fields.count == 3 else {
                return .failure(
                    WordListError(
                        line: number,
                        reason: "\(fields.count) fields; a line is one word, or word,wrong1,wrong2"))
            }
            for field in fields where !WordList.isWord(field) {
                return .failure(WordListError(line: number, reason: Self.notAWord(field)))
            }
            let word = fields[0]
            if let first = lineOf[word] {
                return .failure(WordListError(line: number, reason: "\"\(word)\" is already on line \(first)"))
            }
            let wrongs = Array(fields.dropFirst())
            if wrongs.contains(word) {
                return .failure(
                    WordListError(line: number, reason: "a wrong spelling of \"\(word)\" is the word itself"))
            }
            if wrongs.count == 2, wrongs[0] == wrongs[1] {
                return .failure(WordListError(line: number, reason: "the two wrong spellings are the same"))
            }
            lineOf[word] = number
            words.append(SpellingWord(word, wrongs: wrongs))
            if words.count > WordList.maxWords {
                return .failure(WordListError(line: number, reason: "a list holds at most \(WordList.maxWords) words"))
            }
        }
        guard !words.isEmpty else {
            return .failure(WordListError(line: 0, reason: "the file holds no word"))
        }
        // NB: a wrong spelling that is another word of the list would mark a right spelling wrong.
        for entry in words {
            if let clash = entry.wrongs.first(where: { lineOf[$0] != nil }) {
                return .failure(
                    WordListError(
                        line: lineOf[entry.word] ?? 0,
                        reason: "the wrong spelling \"\(clash)\" is a word of the list (line \(lineOf[clash] ?? 0))"))
            }
        }
        return .success(WordList(name: name, words: words))
    }

    private static func notAWord(_ field: String) -> String {
        if field.isEmpty { return "an empty field; a line is one word, or word,wrong1,wrong2" }
        let counts = WordList.letterCounts
        if !field.utf8.allSatisfy({ (0x61...0x7A).contains($0) }) {
            return "\"\(field)\" is not a word of letters a to z only"
        }
        return "\"\(field)\" has \(field.count) letters; a word has \(counts.lowerBound) to \(counts.upperBound)"
    }

    private static func trimmed(_ text: Substring) -> String {
        var slice = text
        while let first = slice.first, first == " " || first == "\t" { slice.removeFirst() }
        while let last = slice.last, last == " " || last == "\t" { slice.removeLast() }
        return String(slice)
    }
}
