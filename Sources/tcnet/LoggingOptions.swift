import ArgumentParser
import Logging

/// The logging flags every long-running subcommand takes.
struct LoggingOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "How much to log.", valueName: "level"))
    var logLevel: Logger.Level = .info

    /// A logger writing one line per event to standard error.
    func makeLogger(label: String = "tcnet") -> Logger {
        var logger = Logger(label: label) { StreamLogHandler.standardError(label: $0) }
        logger.logLevel = self.logLevel
        return logger
    }
}

extension Logger.Level: @retroactive ExpressibleByArgument {}
