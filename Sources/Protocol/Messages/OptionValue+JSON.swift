import GameKit

extension OptionValue {
    /// A game option's value from the JSON of `create-table` or `table` (T-1): a whole number, true or
    /// false, a string (a choice), or a list of strings (a subset).
    /// - Returns: `nil` for JSON no option takes.
    public init?(json: JSONValue) {
        switch json {
        case .number(let number):
            guard number == number.rounded(), abs(number) < 1e15 else { return nil }
            self = .integer(Int(number))
        case .bool(let flag):
            self = .toggle(flag)
        case .string(let name):
            self = .choice(name)
        case .array(let items):
            var names: [String] = []
            for item in items {
                guard case .string(let name) = item else { return nil }
                names.append(name)
            }
            self = .subset(names)
        default:
            return nil
        }
    }

    /// The value as JSON.
    public var json: JSONValue {
        switch self {
        case .integer(let number): .number(Double(number))
        case .toggle(let flag): .bool(flag)
        case .choice(let name): .string(name)
        case .subset(let names): .array(names.map(JSONValue.string))
        }
    }
}

extension GameOptions {
    /// A table's options as `table` lists them, read against the game's declarations; the defaults
    /// for what is missing or unreadable (a client shows what it can).
    public init(json: [String: JSONValue]?, declared: [GameOption]) {
        var values: [String: OptionValue] = [:]
        for (name, value) in json ?? [:] {
            if let option = OptionValue(json: value) { values[name] = option }
        }
        let known = values.filter { entry in declared.contains { $0.name == entry.key } }
        self = (try? GameOptions.checking(known, against: declared).get()) ?? GameOptions(defaultsOf: declared)
    }
}
