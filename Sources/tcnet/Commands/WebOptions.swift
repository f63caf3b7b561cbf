import ArgumentParser
import Foundation
import Logging
import Peer
import QRCode
import Web

/// `tcnet host`'s options for the web client: the port, turning it off, the QR code.
struct WebOptions: ParsableArguments {
    @Option(name: .long, help: "The HTTP port of the web client and the projector page.")
    var webPort: Int = WebConfiguration.defaultPort

    @Flag(name: .long, help: "Do not serve the web client (TCP only).")
    var noWeb = false

    @Flag(name: .long, help: "Print the web client's address as a QR code, for tablets.")
    var qr = false

    func validate(tcpPort: Int) throws {
        guard (0...65_535).contains(self.webPort) else {
            throw ValidationError("--web-port must be 0 to 65535, not \(self.webPort)")
        }
        guard self.noWeb || self.webPort == 0 || self.webPort != tcpPort else {
            throw ValidationError("--web-port and --port must differ (both are \(tcpPort)); pass another --web-port")
        }
        guard !(self.noWeb && self.qr) else {
            throw ValidationError("--qr shows the web client's address, which --no-web turns off; drop one of them")
        }
    }

    /// The web side of a host, unless --no-web.
    func server(for host: TCNetHost, bindAddress: String, logger: Logger) -> WebServer? {
        guard !self.noWeb else { return nil }
        return WebServer(host: host, configuration: WebConfiguration(bindAddress: bindAddress, port: self.webPort), logger: logger)
    }

    /// Waits for the web side to listen, then prints where a class goes (and the QR code with --qr).
    /// - Returns: the web addresses, best first; empty with --no-web.
    func announce(_ server: WebServer?, logger: Logger) async throws -> [String] {
        guard let server else { return [] }
        let port: Int
        do {
            port = try await server.listeningPort()
        } catch {
            throw CommandFailure(
                "cannot serve the web client on port \(self.webPort) (\(error)); is another host running? "
                    + "Pass --web-port to choose another port, or --no-web.")
        }
        let urls = server.urls(port: port)
        var lines = ["Students: open \(urls.joined(separator: " or ")) in a browser."]
        if let first = urls.first {
            lines.append("Projector: \(first)projector shows the address, a QR code, the tables and the results.")
        }
        if self.qr, let first = urls.first {
            do {
                lines += try QRCode(first, correction: .medium).terminalLines
            } catch {
                logger.warning("no QR code", metadata: ["why": "\(error)"])
            }
        }
        // NB: written at once, unbuffered: a teacher (or a script) waits for these lines.
        FileHandle.standardOutput.write(Data((lines.joined(separator: "\n") + "\n").utf8))
        return urls
    }
}
