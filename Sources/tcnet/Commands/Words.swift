import ArgumentParser
import Foundation
import GameKit
import SpellingRules
import Storage

extension TCNet {
    /// `tcnet words …`: the teacher's word lists for the spelling games, kept in the host's data folder.
    struct Words: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "The spelling games' word lists: import a list, list them.",
            discussion: """
                A list is a table option of the spelling games (--option list=NAME). Formats and rules: \
                docs/SPELLING.md.
                """,
            subcommands: [WordsImport.self, WordsList.self]
        )
    }

    /// `tcnet words import FILE --list NAME`.
    struct WordsImport: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "import",
            abstract: "Import a word list: one word a line, or CSV word,wrong1,wrong2 (the two wrong spellings).",
            discussion: "A bad file is refused whole, with the line and the reason; importing a name again replaces it."
        )

        @Argument(help: ArgumentHelp("The file (UTF-8 text).", valueName: "file"))
        var file: String

        @Option(name: .long, help: ArgumentHelp("The list's name: letters, digits, - or _.", valueName: "name"))
        var list: String

        @Option(name: .long, help: ArgumentHelp("The host's data folder.", valueName: "dir"))
        var data: String = DataFolder.defaultPath

        func validate() throws {
            guard GameOption.isLibraryName(self.list) else {
                throw ValidationError("--list takes 1 to 40 letters, digits, - or _, not \"\(self.list)\"")
            }
            guard self.list != FirstGradeWords.name else {
                throw ValidationError("\(FirstGradeWords.name) is the built-in list; choose another name")
            }
        }

        func run() async throws {
            guard let bytes = FileManager.default.contents(atPath: self.file) else {
                throw CommandFailure("cannot read \(self.file); nothing was imported")
            }
            guard let text = String(validating: bytes, as: UTF8.self) else {
                throw CommandFailure("\(self.file) is not UTF-8 text; nothing was imported")
            }
            let list: WordList
            switch WordListParser.parse(text, name: self.list) {
            case .success(let parsed): list = parsed
            case .failure(let error): throw CommandFailure("\(self.file): \(error); nothing was imported")
            }
            let store = try HostStore(folder: self.data, newHostID: { UUID().uuidString.lowercased() })
            try store.store(
                list.content, game: SpellingGame.descriptor.id, name: self.list,
                importedAt: Int64(Date().timeIntervalSince1970 * 1000))
            let given = list.words.filter { !$0.wrongs.isEmpty }.count
            print(
                "imported \(list.words.count) words as list \(self.list) "
                    + "(\(given) with their own wrong spellings); play it with --option list=\(self.list)")
        }
    }

    /// `tcnet words list`.
    struct WordsList: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List the word lists.")

        @Option(name: .long, help: ArgumentHelp("The host's data folder.", valueName: "dir"))
        var data: String = DataFolder.defaultPath

        func run() async throws {
            print(
                "\(FirstGradeWords.name.padding(toLength: 24, withPad: " ", startingAt: 0)) "
                    + "\(String(FirstGradeWords.words.count).leftPadded(4)) words  built in (Dolch sight words)")
            guard FileManager.default.fileExists(atPath: self.data + "/" + HostStore.fileName) else { return }
            let store = try HostStore(folder: self.data, newHostID: { UUID().uuidString.lowercased() })
            let formatter = ISO8601DateFormatter()
            for entry in try store.contentNames(game: SpellingGame.descriptor.id) {
                let date = formatter.string(from: Date(timeIntervalSince1970: Double(entry.importedAt) / 1000))
                print(
                    "\(entry.name.padding(toLength: 24, withPad: " ", startingAt: 0)) "
                        + "\(String(entry.rows).leftPadded(4)) words  imported \(date)")
            }
        }
    }
}

extension String {
    func leftPadded(_ width: Int) -> String {
        self.count >= width ? self : String(repeating: " ", count: width - self.count) + self
    }
}
