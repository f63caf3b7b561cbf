/// The start screen of `tcnet play`: the players' names, one after the other, as the seeds' first
/// screens ask for them (with the game's warning for an empty name).
///
/// Pure: keys in, an ``Outcome`` out; ``frame(width:height:)`` draws it.
public struct NamePrompt: Sendable {
    /// Where the prompt is.
    public enum Outcome: Sendable, Equatable {
        /// Still asking.
        case asking
        /// Every name is in, in the order of the questions.
        case done([String])
        /// The player gave up (Esc or Ctrl-C).
        case quit
    }

    /// What each answer is for ("Player A, on the left").
    public let questions: [String]
    /// The names given so far.
    public private(set) var names: [String] = []
    /// The name being typed.
    public private(set) var text = ""
    /// Why the last answer was refused, if it was.
    public private(set) var warning: String?
    let title: String
    let emptyWarning: String
    let maxCharacters: Int
    let check: @Sendable (String) -> String?

    /// Creates the prompt.
    /// - Parameters:
    ///   - title: the title bar's text (the game's name).
    ///   - questions: what each name is for, in order.
    ///   - emptyWarning: the game's words for an empty name.
    ///   - maxCharacters: the most characters a name may hold.
    ///   - check: the naming rules: a refusal in words, or `nil` for a good name.
    public init(
        title: String, questions: [String], emptyWarning: String, maxCharacters: Int,
        check: @escaping @Sendable (String) -> String?
    ) {
        self.title = title
        self.questions = questions
        self.emptyWarning = emptyWarning
        self.maxCharacters = maxCharacters
        self.check = check
    }

    /// Takes a key.
    public mutating func press(_ key: Key) -> Outcome {
        switch key {
        case .character(let character):
            guard self.text.count < self.maxCharacters else {
                self.warning = "A name holds at most \(self.maxCharacters) characters."
                return .asking
            }
            self.text.append(character)
            self.warning = nil
        case .backspace:
            if !self.text.isEmpty { self.text.removeLast() }
        case .escape, .interrupt:
            return .quit
        case .enter:
            return self.submit()
        default:
            break
        }
        return .asking
    }

    private mutating func submit() -> Outcome {
        let name = String(
            String(self.text.drop(while: \.isWhitespace).reversed()).drop(while: \.isWhitespace).reversed())
        if name.isEmpty {
            self.warning = self.emptyWarning
            return .asking
        }
        if let refusal = self.check(name) {
            self.warning = refusal
            return .asking
        }
        if self.names.contains(where: { $0.lowercased() == name.lowercased() }) {
            self.warning = "\(name) is already playing; choose another name."
            return .asking
        }
        self.names.append(name)
        self.text = ""
        self.warning = nil
        return self.names.count == self.questions.count ? .done(self.names) : .asking
    }

    /// Draws the prompt.
    public func frame(width: Int, height: Int) -> Frame {
        var canvas = Canvas(width: width, height: height)
        canvas.fill(x: 0, y: 0, width: width, .title)
        canvas.put(" \(self.title) · new game", x: 0, y: 0, width: width, .title)
        var y = 3
        for (index, question) in self.questions.enumerated() {
            canvas.put(question + ":", x: 4, y: y, width: width - 4)
            if index < self.names.count {
                canvas.put(self.names[index], x: 6, y: y + 1, width: width - 6, .good)
            } else if index == self.names.count {
                canvas.fill(x: 6, y: y + 1, width: self.maxCharacters + 1, .tile(.white))
                canvas.put(self.text + "_", x: 6, y: y + 1, width: width - 6, .tile(.white))
            }
            y += 3
        }
        if let warning {
            canvas.wrap(warning, x: 4, y: y, width: width - 8, lines: 2, .warning)
        }
        canvas.put(
            "type a name, Enter to go on, Backspace to correct, Esc to quit", x: 2, y: height - 2, width: width - 2,
            .key)
        return canvas.frame
    }
}
