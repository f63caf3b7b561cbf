import Classroom
import Storage
import ArgumentParser
import Foundation
import Lobby
import Logging
import Peer
import Protocol
import ServiceLifecycle

extension TCNet {
    /// `tcnet host`: run a lobby that other machines join.
    struct Host: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Run a lobby that other machines join.",
            discussion: """
                Listens for tcnet/1 on TCP (port \(HostConfiguration.defaultPort) unless --port says otherwise) \
                and keeps its data in an SQLite file in the data folder. Stop it with Ctrl-C.
                """)

        @Option(name: .long, help: "The TCP port to listen on.")
        var port: Int = HostConfiguration.defaultPort

        @Option(name: .long, help: ArgumentHelp("The address to listen on (0.0.0.0: every IPv4 interface).", valueName: "address"))
        var bind: String = "0.0.0.0"

        @Option(name: .long, help: "The host's name, shown to players (default: tcnet on this machine's name).")
        var name: String?

        @Option(name: .long, help: ArgumentHelp("The data folder.", valueName: "dir"))
        var data: String = DataFolder.defaultPath

        @Option(name: .long, help: "The most connections served at once.")
        var maxConnections: Int = 256

        @Flag(name: .long, help: "Make every accepted move durable against power loss, not only against a crash.")
        var durable = false

        @Option(
            name: .long,
            help: ArgumentHelp(
                "Messages per connection: a burst, then a rate per second (benchmarks raise it).",
                valueName: "burst/per-second"))
        var rateLimit = "50/20"

        @Flag(name: .long, help: "Do not advertise the host on the LAN (DNS-SD).")
        var noAdvertise = false

        @Option(
            name: .long,
            help: ArgumentHelp(
                "Test only: break the host on purpose, for `tcnet conformance`'s broken-host check.",
                valueName: "fault", visibility: .hidden))
        var injectFault: [String] = []

        @OptionGroup var logging: LoggingOptions

        func validate() throws {
            guard (0...65_535).contains(self.port) else {
                throw ValidationError("--port must be 0 to 65535, not \(self.port)")
            }
            guard self.maxConnections >= 1 else {
                throw ValidationError("--max-connections must be at least 1")
            }
            if let name, name.trimmingCharacters(in: .whitespaces).isEmpty || name.count > 64 {
                throw ValidationError("--name must hold 1 to 64 characters")
            }
            for fault in self.injectFault where HostFault(rawValue: fault) == nil {
                throw ValidationError(
                    "--inject-fault takes one of \(HostFault.allCases.map(\.rawValue).joined(separator: ", ")), not \(fault)")
            }
            guard Self.parseRateLimit(self.rateLimit) != nil else {
                throw ValidationError("--rate-limit takes BURST/PER-SECOND, two whole numbers of at least 1, like 50/20")
            }
        }

        static func parseRateLimit(_ text: String) -> RateLimit? {
            let parts = text.split(separator: "/", omittingEmptySubsequences: false)
            guard parts.count == 2, let burst = Int(parts[0]), let perSecond = Int(parts[1]), burst >= 1, perSecond >= 1
            else { return nil }
            return RateLimit(burst: burst, perSecond: perSecond)
        }

        func run() async throws {
            let logger = self.logging.makeLogger()
            let store = try HostStore(
                folder: self.data, synchronous: self.durable, newHostID: { UUID().uuidString.lowercased() })
            logger.info("data", metadata: ["file": "\(store.path)"])

            var configuration = HostConfiguration(bindAddress: self.bind, port: self.port)
            configuration.hostName = self.name ?? "tcnet on \(ProcessInfo.processInfo.hostName)"
            configuration.maxConnections = self.maxConnections
            configuration.rateLimit = Self.parseRateLimit(self.rateLimit) ?? configuration.rateLimit
            configuration.faults = Set(self.injectFault.compactMap(HostFault.init(rawValue:)))
            configuration.voice = EspeakVoice.find()
            if let missing = configuration.voice.missing {
                logger.notice("no voice: games that speak words are not offered", metadata: ["why": "\(missing)"])
            }
            if !configuration.faults.isEmpty {
                logger.warning("FAULTS INJECTED: this host breaks tcnet/1 on purpose", metadata: ["faults": "\(configuration.faults.sorted())"])
            }
            let host: TCNetHost
            do {
                host = try await TCNetHost.bind(
                    configuration: configuration, catalog: GameCatalog.classroom, store: store, logger: logger)
            } catch let error as RecoveryError {
                throw CommandFailure("cannot replay the journal in \(self.data): \(error)")
            } catch let error as HostStoreError {
                throw CommandFailure("\(error)")
            } catch {
                throw CommandFailure(
                    "cannot listen on \(self.bind):\(self.port) (\(error)); is another host running? "
                        + "Pass --port to choose another port.")
            }
            let group = ServiceGroup(
                configuration: .init(
                    services: [host], gracefulShutdownSignals: [.sigint, .sigterm], logger: logger))
            let advertiser = self.noAdvertise ? nil : Self.advertise(host, logger: logger)
            defer { advertiser?.stop() }
            try await group.run()
        }
    }
}

/// Where the host keeps its data unless told otherwise.
enum DataFolder {
    /// `$XDG_DATA_HOME/tcnet`, or `~/.local/share/tcnet`.
    static var defaultPath: String {
        let environment = ProcessInfo.processInfo.environment
        if let xdg = environment["XDG_DATA_HOME"], !xdg.isEmpty {
            return xdg + "/tcnet"
        }
        return NSHomeDirectory() + "/.local/share/tcnet"
    }
}

/// A failure of a command, printed as one line.
struct CommandFailure: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
