import ArgumentParser

extension TCNet {
    /// `tcnet rules …`: tools around the Tax Collection rules engine.
    struct Rules: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Tax Collection rules tools.",
            discussion: "The rules, the wire JSON and the state hash are specified in docs/RULES.md.",
            subcommands: [RulesReplay.self, RulesLadder.self]
        )
    }
}
