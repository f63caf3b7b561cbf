/// A teacher option a game declares: its name, what it means, what values it takes and its default.
///
/// The host checks every option given in `create-table` against these declarations before the game
/// sees it, and refuses an unknown name or a value out of range with a message that names the option.
public struct GameOption: Sendable, Equatable {
    /// The values an option takes.
    public enum Kind: Sendable, Equatable {
        /// A whole number in `min...max`; with `step`, a multiple of it.
        case integer(min: Int, max: Int, step: Int, default: Int)
        /// On or off.
        case toggle(default: Bool)
        /// One of some names.
        case choice([String], default: String)
        /// A non-empty subset of some names (e.g. which bills are offered), written in their order.
        case subset([String], default: [String])
        /// The name of content the host keeps (a teacher's word list, ``GameContent``): one of the game's
        /// built-in names, or one the host's library holds (the host checks it when the table is created).
        case library(builtIn: [String], default: String)
    }

    /// The option's name, as `create-table` gives it, e.g. "rounds".
    public var name: String
    /// What it does, for people.
    public var summary: String
    /// Its values and default.
    public var kind: Kind

    /// Declares an option.
    public init(name: String, summary: String, kind: Kind) {
        self.name = name
        self.summary = summary
        self.kind = kind
    }

    /// The option's default value.
    public var defaultValue: OptionValue {
        switch self.kind {
        case .integer(_, _, _, let value): .integer(value)
        case .toggle(let value): .toggle(value)
        case .choice(_, let value): .choice(value)
        case .subset(_, let value): .subset(value)
        case .library(_, let value): .choice(value)
        }
    }

    /// Checks a value given for this option.
    /// - Parameter value: the value a teacher asked for.
    /// - Returns: the value as the game will see it (a subset in the declared order), or why it is refused.
    public func check(_ value: OptionValue) -> Result<OptionValue, OptionRefusal> {
        switch (self.kind, value) {
        case (.integer(let min, let max, let step, _), .integer(let number)):
            guard (min...max).contains(number) else {
                return .failure(self.refusal("must be from \(min) to \(max), not \(number)"))
            }
            guard step <= 1 || (number - min) % step == 0 else {
                return .failure(self.refusal("must be a multiple of \(step), not \(number)"))
            }
            return .success(value)
        case (.toggle, .toggle):
            return .success(value)
        case (.choice(let names, _), .choice(let name)):
            guard names.contains(name) else {
                return .failure(self.refusal("must be one of \(names.joined(separator: ", ")), not \"\(name)\""))
            }
            return .success(value)
        case (.subset(let names, _), .subset(let chosen)):
            guard !chosen.isEmpty else { return .failure(self.refusal("must name at least one value")) }
            guard Set(chosen).count == chosen.count else { return .failure(self.refusal("names a value twice")) }
            if let stranger = chosen.first(where: { !names.contains($0) }) {
                return .failure(
                    self.refusal("takes values from \(names.joined(separator: ", ")), not \"\(stranger)\""))
            }
            return .success(.subset(names.filter(chosen.contains)))
        case (.library, .choice(let name)):
            guard Self.isLibraryName(name) else {
                return .failure(
                    self.refusal("takes a name of 1 to 40 letters, digits, - or _, not \"\(name)\""))
            }
            return .success(value)
        default:
            return .failure(self.refusal("must be \(self.kindName), not \(value.kindName)"))
        }
    }

    private var kindName: String {
        switch self.kind {
        case .integer: "a whole number"
        case .toggle: "true or false"
        case .choice: "one name, as a string"
        case .subset: "a list of names"
        case .library: "a name, as a string"
        }
    }

    /// Whether a name can name library content: 1 to 40 ASCII letters, digits, `-` or `_`.
    /// - Parameter name: the name.
    /// - Returns: whether it is well formed.
    public static func isLibraryName(_ name: String) -> Bool {
        (1...40).contains(name.utf8.count)
            && name.utf8.allSatisfy { byte in
                (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
                    || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
            }
    }

    private func refusal(_ why: String) -> OptionRefusal {
        OptionRefusal(option: self.name, message: "option \(self.name) \(why)")
    }
}

/// A value given for an option.
public enum OptionValue: Sendable, Hashable {
    case integer(Int)
    case toggle(Bool)
    case choice(String)
    case subset([String])

    var kindName: String {
        switch self {
        case .integer: "a number"
        case .toggle: "true or false"
        case .choice: "a string"
        case .subset: "a list"
        }
    }
}

/// An option the host refuses: it names the option, and says why.
public struct OptionRefusal: Error, Sendable, Equatable, CustomStringConvertible {
    /// The option's name.
    public var option: String
    /// A sentence for people, naming the option.
    public var message: String

    /// Creates a refusal.
    public init(option: String, message: String) {
        self.option = option
        self.message = message
    }

    public var description: String { self.message }
}

/// A table's options, checked against the game's declarations, with every default filled in.
public struct GameOptions: Sendable, Hashable {
    /// Every declared option's value.
    public private(set) var values: [String: OptionValue]

    /// The defaults of some declarations.
    public init(defaultsOf options: [GameOption]) {
        self.values = Dictionary(uniqueKeysWithValues: options.map { ($0.name, $0.defaultValue) })
    }

    /// Checks given values against declarations.
    /// - Parameters:
    ///   - given: the values asked for, by name.
    ///   - options: the game's declarations.
    /// - Returns: the options, or the first refusal (unknown names first, then in declaration order).
    public static func checking(
        _ given: [String: OptionValue], against options: [GameOption]
    ) -> Result<GameOptions, OptionRefusal> {
        if let unknown = given.keys.sorted().first(where: { name in !options.contains { $0.name == name } }) {
            let known = options.map(\.name).joined(separator: ", ")
            return .failure(
                OptionRefusal(
                    option: unknown,
                    message: "there is no option \(unknown)"
                        + (known.isEmpty ? " for this game" : "; options: \(known)")))
        }
        var checked = GameOptions(defaultsOf: options)
        for option in options {
            guard let value = given[option.name] else { continue }
            switch option.check(value) {
            case .success(let accepted): checked.values[option.name] = accepted
            case .failure(let refusal): return .failure(refusal)
            }
        }
        return .success(checked)
    }

    /// An integer option's value (0 when undeclared).
    public func integer(_ name: String) -> Int {
        if case .integer(let value) = self.values[name] { return value }
        return 0
    }

    /// A toggle's value (`false` when undeclared).
    public func toggle(_ name: String) -> Bool {
        if case .toggle(let value) = self.values[name] { return value }
        return false
    }

    /// A choice's value ("" when undeclared).
    public func choice(_ name: String) -> String {
        if case .choice(let value) = self.values[name] { return value }
        return ""
    }

    /// A subset's value ([] when undeclared).
    public func subset(_ name: String) -> [String] {
        if case .subset(let value) = self.values[name] { return value }
        return []
    }
}
