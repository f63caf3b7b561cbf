import Arbiter
import ArgumentParser
import Classroom
import Foundation
import Lobby
import Logging
import Peer
import Protocol
import ServiceLifecycle
import Storage
import Web

extension TCNet {
    /// `tcnet host`: run a lobby that other machines join.
    struct Host: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Run a lobby that other machines join.",
            discussion: """
                Listens for tcnet/1 on TCP (port \(HostConfiguration.defaultPort) unless --port says otherwise) \
                and serves the web client and the projector page over HTTP (port \(WebConfiguration.defaultPort) \
                unless --web-port says otherwise; --no-web turns it off), and keeps its data in an SQLite file in \
                the data folder. It starts with a summary for the teacher (the addresses students join, in a \
                terminal or a browser, whether the host is advertised on the LAN, where the data is), then logs \
                one line per event on standard error. Stop it with Ctrl-C.

                \(TeacherConsole.help)
                """)

        // NB: parsed unconditionally, so "--port -1" is a port refused by validate(), not a missing value.
        @Option(name: .long, parsing: .unconditional, help: "The TCP port to listen on.")
        var port: Int = HostConfiguration.defaultPort

        @Option(
            name: .long,
            help: ArgumentHelp(
                "The IP address to listen on: 0.0.0.0 for every IPv4 interface, :: for every IPv6 one, or one "
                    + "address of this machine.", valueName: "address"))
        var bind: String = "0.0.0.0"

        @Option(name: .long, help: "The host's name, shown to players (default: tcnet on this machine's name).")
        var name: String?

        @Option(name: .long, help: ArgumentHelp("The data folder.", valueName: "dir"))
        var data: String = DataFolder.defaultPath

        @Option(name: .long, help: "The most connections served at once.")
        var maxConnections: Int = 256

        @Option(
            name: .long,
            help: ArgumentHelp(
                "Seconds without a byte from a connection before the host closes it (5 to 3600); a player "
                    + "whose link was cut is away after this, then has the table's grace period.",
                valueName: "seconds"))
        var idleTimeout: Int = 60

        @Flag(name: .long, help: "Make every accepted move durable against power loss, not only against a crash.")
        var durable = false

        @Option(
            name: .long,
            help: ArgumentHelp(
                "Messages per connection: a burst, then a rate per second (benchmarks raise it).",
                valueName: "burst/per-second"))
        var rateLimit = "50/20"

        @Flag(
            name: .long,
            help: ArgumentHelp(
                "Serve connections on every core from the first.",
                discussion: """
                    By default one thread reads, decides, saves and answers each move of a classroom: the least \
                    CPU a move. Beyond --spread-after connections (about a hundred matches), new ones are served \
                    on the other cores, for more moves a second.
                    """))
        var everyCore = false

        @Option(
            name: .long,
            help: ArgumentHelp(
                "The connections one thread serves before new ones go to the other cores (default: 200).",
                discussion: """
                    With 0, every connection is served on the other cores, and the lobby's thread decides alone.
                    """,
                valueName: "connections"))
        var spreadAfter: Int?

        @Flag(name: .long, help: "Do not advertise the host on the LAN (DNS-SD).")
        var noAdvertise = false

        @OptionGroup var web: WebOptions

        @Option(
            name: .long,
            help: ArgumentHelp(
                "The teacher's code for tcnet tournament (default: a fresh one, printed at start).", valueName: "code"))
        var teacherCode: String?

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
            guard HostSummary.isAddress(self.bind) else {
                throw ValidationError(
                    "--bind takes an IP address of this machine (0.0.0.0 listens on all of them), not \(self.bind)")
            }
            guard self.maxConnections >= 1 else {
                throw ValidationError("--max-connections must be at least 1")
            }
            if let spreadAfter = self.spreadAfter {
                guard spreadAfter >= 0 else {
                    throw ValidationError("--spread-after takes a number of connections, 0 or more, not \(spreadAfter)")
                }
                guard !self.everyCore else {
                    throw ValidationError("--every-core spreads connections from the first; drop --spread-after or it")
                }
            }
            guard (5...3600).contains(self.idleTimeout) else {
                throw ValidationError("--idle-timeout must be 5 to 3600 seconds, not \(self.idleTimeout)")
            }
            if let name, name.trimmingCharacters(in: .whitespaces).isEmpty || name.count > 64 {
                throw ValidationError("--name must hold 1 to 64 characters")
            }
            for fault in self.injectFault where HostFault(rawValue: fault) == nil {
                let faults = HostFault.allCases.map(\.rawValue).joined(separator: ", ")
                throw ValidationError("--inject-fault takes one of \(faults), not \(fault)")
            }
            try self.web.validate(tcpPort: self.port)
            if let teacherCode, TeacherCode(rawValue: teacherCode).canonical == nil {
                throw ValidationError(
                    "--teacher-code takes ten letters and digits (no I, L, O, U), like K7QM4-XRT2B, not \(teacherCode)")
            }
            guard Self.parseRateLimit(self.rateLimit) != nil else {
                throw ValidationError(
                    "--rate-limit takes BURST/PER-SECOND, two whole numbers of at least 1, like 50/20")
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
            // NB: every connection is an open file; the host serves no more than the limit holds.
            DescriptorLimit.raiseToHard()
            let store: HostStore
            do {
                store = try HostStore(
                    folder: self.data, synchronous: self.durable, newHostID: { UUID().uuidString.lowercased() })
            } catch {
                // NB: a new data folder on a full disk: nothing can be kept, so nothing can start.
                let space = DiskSpace.of(self.data).map { " (\(DiskSpace.describe($0.free)) free)" } ?? ""
                throw CommandFailure("\(error)\(space); free some space or choose another --data folder")
            }

            var configuration = HostConfiguration(bindAddress: self.bind, port: self.port)
            configuration.hostName = self.name ?? "tcnet on \(ProcessInfo.processInfo.hostName)"
            configuration.maxConnections = self.maxConnections
            configuration.everyCore = self.everyCore
            configuration.spreadAfter = self.spreadAfter ?? configuration.spreadAfter
            configuration.idleTimeout = .seconds(Int64(self.idleTimeout))
            configuration.rateLimit = Self.parseRateLimit(self.rateLimit) ?? configuration.rateLimit
            configuration.faults = Set(self.injectFault.compactMap(HostFault.init(rawValue:)))
            configuration.voice = EspeakVoice.find()
            if let missing = configuration.voice.missing {
                logger.notice("no voice: games that speak words are not offered", metadata: ["why": "\(missing)"])
            }
            // NB: 50 bits from the system's secure generator unless the teacher chose one.
            let teacherCode =
                self.teacherCode.flatMap { TeacherCode(rawValue: $0).canonical }
                ?? TeacherCode(bits: UInt64.random(in: 0..<(1 << 50)))
            configuration.teacherCode = teacherCode
            let host: TCNetHost
            do {
                host = try await TCNetHost.bind(
                    configuration: configuration, catalog: GameCatalog.classroom, store: store, logger: logger)
            } catch let error as RecoveryError {
                throw CommandFailure("cannot replay the journal in \(self.data): \(error)")
            } catch let error as DeskRecoveryError {
                throw CommandFailure("cannot replay the journal in \(self.data): \(error)")
            } catch let error as HostStoreError {
                throw CommandFailure("\(error)")
            } catch {
                throw CommandFailure(HostSummary.bindFailure(error, address: self.bind, port: self.port))
            }
            let webServer = self.web.server(for: host, bindAddress: self.bind, logger: logger)
            // NB: a group stops its services last first: the host first, so that every client, browsers
            // too, hears `shutting-down` and is closed; then the web side, with only page requests left.
            let group = ServiceGroup(
                configuration: .init(
                    services: (webServer.map { [self.web.service($0)] } ?? []) + [.init(service: host)],
                    gracefulShutdownSignals: [.sigint, .sigterm], logger: logger))
            try await withThrowingTaskGroup(of: Void.self) { tasks in
                tasks.addTask { try await group.run() }
                let web = try await self.web.announce(webServer, logger: logger)
                let advertiser = self.noAdvertise ? nil : Self.advertise(host, webURL: web.urls.first)
                defer { advertiser?.advertiser?.stop() }
                let summary = HostSummary(
                    name: host.configuration.hostName, bind: self.bind, port: host.port,
                    advertised: self.noAdvertise ? "no (--no-advertise)" : await advertiser?.settledStatus() ?? "no",
                    dataFile: store.path, web: web.lines, teacherCode: teacherCode.rawValue,
                    connections: (
                        configuration.servedConnections, configuration.maxConnections, DescriptorLimit.current
                    ),
                    disk: host.diskAtStart)
                summary.print()
                logger.info("data", metadata: ["file": "\(store.path)"])
                if let advertiser, advertiser.advertiser != nil {
                    logger.info(
                        "advertising on the LAN",
                        metadata: ["service": "\(ServiceDiscovery.serviceType)", "status": "\(advertiser.status)"])
                } else if let advertiser {
                    logger.info("not advertised on the LAN", metadata: ["why": "\(advertiser.status)"])
                }
                if !configuration.faults.isEmpty {
                    logger.warning(
                        "FAULTS INJECTED: this host breaks tcnet/1 on purpose",
                        metadata: ["faults": "\(configuration.faults.sorted())"])
                }
                let console = TeacherConsole(host: host).start()
                defer { console.cancel() }
                try await tasks.next()
            }
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
