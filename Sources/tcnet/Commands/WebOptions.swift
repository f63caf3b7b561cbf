import ArgumentParser
import Foundation
import Logging
import Peer
import QRCode
import ServiceLifecycle
import Web

/// `tcnet host`'s options for the web client: the port, turning it off, the QR code.
struct WebOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "The HTTP port of the web client and the projector page (default \(WebConfiguration.defaultPort); "
                + "a free one when --port is 0).", valueName: "port"))
    var webPort: Int?

    @Flag(name: .long, help: "Do not serve the web client (TCP only).")
    var noWeb = false

    @Flag(name: .long, help: "Print the web client's address as a QR code, for tablets.")
    var qr = false

    /// The port to serve on: as given, or the standard one, or (for a host on a free TCP port, as
    /// tests start it) a free one.
    func port(tcpPort: Int) -> Int {
        self.webPort ?? (tcpPort == 0 ? 0 : WebConfiguration.defaultPort)
    }

    func validate(tcpPort: Int) throws {
        let port = self.port(tcpPort: tcpPort)
        guard (0...65_535).contains(port) else {
            throw ValidationError("--web-port must be 0 to 65535, not \(port)")
        }
        guard self.noWeb || port == 0 || port != tcpPort else {
            throw ValidationError("--web-port and --port must differ (both are \(tcpPort)); pass another --web-port")
        }
        guard !(self.noWeb && self.qr) else {
            throw ValidationError("--qr shows the web client's address, which --no-web turns off; drop one of them")
        }
    }

    /// The web side of a host, unless --no-web.
    func server(for host: TCNetHost, bindAddress: String, logger: Logger) -> WebServer? {
        guard !self.noWeb else { return nil }
        let configuration = WebConfiguration(
            bindAddress: bindAddress, port: self.port(tcpPort: host.configuration.port))
        return WebServer(host: host, configuration: configuration, logger: logger)
    }

    /// How the host's service group runs the web side: a port asked for must work, or the host stops;
    /// the standard port taken by something else leaves the host serving TCP, with a warning.
    func service(_ server: WebServer) -> ServiceGroupConfiguration.ServiceConfiguration {
        ServiceGroupConfiguration.ServiceConfiguration(
            service: server, successTerminationBehavior: .ignore,
            failureTerminationBehavior: self.webPort == nil ? .ignore : .gracefullyShutdownGroup)
    }

    /// Waits for the web side to listen, and says where a class goes (and the QR code with --qr).
    /// - Returns: the web addresses, best first (empty with --no-web), and the lines for the teacher.
    func announce(_ server: WebServer?, logger: Logger) async throws -> (urls: [String], lines: [String]) {
        guard let server else { return ([], []) }
        let port: Int
        do {
            port = try await server.listeningPort()
        } catch {
            let why =
                "cannot serve the web client on port \(server.configuration.port) (\(error)); is another host running? "
                + "Pass --web-port to choose another port, or --no-web."
            guard self.webPort == nil else { throw CommandFailure(why) }
            return ([], ["The web client is off: \(why)"])
        }
        let urls = server.urls(port: port)
        var lines = ["Students: open \(urls.joined(separator: " or ")) in a browser."]
        if let first = urls.first {
            lines.append(
                "Projector: \(first)projector shows the address, a QR code, the tables, the results "
                    + "and the tournaments.")
        }
        if self.qr, let first = urls.first {
            do {
                lines += try QRCode(first, correction: .medium).terminalLines
            } catch {
                logger.warning("no QR code", metadata: ["why": "\(error)"])
            }
        }
        return (urls, lines)
    }
}
