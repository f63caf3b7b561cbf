import ArgumentParser

/// The `tcnet` command: a local-network multiplayer service for classroom games.
///
/// NB: the root only declares configuration and subcommands; each subcommand lives in its own file
/// under `Commands/`, as an extension of this type.
@main
struct TCNet: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tcnet",
        abstract: "Play classroom games across a local network.",
        discussion: """
            A teacher runs `tcnet host`; students join it from their own machines.
            The wire protocol (tcnet/1) is specified in docs/PROTOCOL.md.
            """,
        version: TCNetVersion.string,
        subcommands: [
            Host.self,
            Join.self,
            Watch.self,
            Play.self,
            Discover.self,
            Rules.self,
            Craps.self,
            Words.self,
            Scores.self,
            Bench.self,
            ConformanceCommand.self,
        ]
    )
}

/// The version that `tcnet --version` prints.
enum TCNetVersion {
    static let string = "0.1.0"
}
