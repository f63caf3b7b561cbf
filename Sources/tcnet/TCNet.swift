import ArgumentParser
import Foundation

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
            A teacher runs `tcnet host`; students join it from their own machines. \
            The wire protocol (tcnet/1) is specified in docs/PROTOCOL.md.

            \(ExitStatus.help)
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
            Games.self,
            Tip.self,
            Progress.self,
            Words.self,
            Scores.self,
            Tournament.self,
            Bench.self,
            ConformanceCommand.self,
        ]
    )

    /// Runs the command; a ``CommandFailure`` ends it with one line on standard error and its status.
    static func main() async {
        do {
            var command = try parseAsRoot()
            if var asynchronous = command as? any AsyncParsableCommand {
                try await asynchronous.run()
            } else {
                try command.run()
            }
        } catch let failure as CommandFailure {
            FileHandle.standardError.write(Data("Error: \(failure.description)\n".utf8))
            Foundation.exit(failure.status.rawValue)
        } catch {
            exit(withError: error)
        }
    }
}

/// The version that `tcnet --version` prints.
enum TCNetVersion {
    static let string = "0.1.0"
}
