import ArgumentParser

extension TCNet {
    /// `tcnet bench …`: measurements meant for release builds.
    struct Bench: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Measure tcnet's hot paths (use a release build: swift build -c release).",
            subcommands: [BenchRules.self, BenchNet.self, BenchIdle.self, BenchLobby.self, BenchRelay.self]
        )
    }
}
