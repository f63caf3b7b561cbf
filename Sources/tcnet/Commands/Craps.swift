import ArgumentParser

extension TCNet {
    /// `tcnet craps …`: tools around the Craps rules.
    struct Craps: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Craps tools.",
            discussion: "The rules, the JSON and the provably fair dice are specified in docs/CRAPS.md.",
            subcommands: [CrapsVerify.self]
        )
    }
}
