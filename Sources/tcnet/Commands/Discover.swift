import ArgumentParser
import Peer

extension TCNet {
    /// `tcnet discover`: the hosts advertised on the LAN.
    struct Discover: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List the tcnet hosts on the LAN (DNS-SD _tcnet._tcp through avahi-daemon).",
            discussion: "One line per host: name, address:port, machine name, TXT records (protocol, name, games).")

        @Option(name: .long, help: ArgumentHelp("Seconds to look.", valueName: "seconds"))
        var timeout: Double = 3

        func run() async throws {
            let hosts: [DiscoveredHost]
            do {
                hosts = try await ServiceDiscovery.browse(timeout: .milliseconds(Int(self.timeout * 1000)))
            } catch let unavailable as DiscoveryUnavailable {
                throw CommandFailure(unavailable.description)
            }
            if hosts.isEmpty {
                print("no tcnet host found on the LAN")
            }
            for host in hosts {
                print(host)
            }
        }
    }
}
