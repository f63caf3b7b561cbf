import ArgumentParser
import Peer

/// A host's address as typed: `HOST`, `HOST:PORT` or `[IPv6]:PORT`.
struct Endpoint: ExpressibleByArgument, Equatable, CustomStringConvertible {
    var host: String
    var port: Int

    init(host: String, port: Int) {
        self.host = host
        self.port = port
    }

    init?(argument: String) {
        var host = argument
        var port = HostConfiguration.defaultPort
        if argument.hasPrefix("["), let close = argument.firstIndex(of: "]") {
            host = String(argument[argument.index(after: argument.startIndex)..<close])
            let rest = argument[argument.index(after: close)...]
            if rest.hasPrefix(":") {
                guard let number = Int(rest.dropFirst()) else { return nil }
                port = number
            }
        } else if argument.filter({ $0 == ":" }).count == 1, let colon = argument.firstIndex(of: ":") {
            host = String(argument[..<colon])
            guard let number = Int(argument[argument.index(after: colon)...]) else { return nil }
            port = number
        }
        guard !host.isEmpty, (1...65_535).contains(port) else { return nil }
        self.host = host
        self.port = port
    }

    var description: String { self.host.contains(":") ? "[\(self.host)]:\(self.port)" : "\(self.host):\(self.port)" }
}

/// Finds a host on the LAN when no address was given.
enum HostPicker {
    /// Browses, then picks: the host named, the only one found, or (on a terminal) the one the player types.
    /// - Parameters:
    ///   - named: a service name to pick without asking.
    ///   - interactive: whether to ask on standard input.
    ///   - timeout: how long to browse.
    static func pick(named: String?, interactive: Bool, timeout: Double) async throws -> Endpoint {
        let hosts: [DiscoveredHost]
        do {
            hosts = try await ServiceDiscovery.browse(timeout: .milliseconds(Int(timeout * 1000)))
        } catch let unavailable as DiscoveryUnavailable {
            throw CommandFailure(unavailable.description)
        }
        let candidates = named.map { name in hosts.filter { $0.name == name || $0.txt["name"] == name } } ?? hosts
        guard !candidates.isEmpty else {
            throw CommandFailure(
                "no tcnet host found on the LAN\(named.map { " named \($0)" } ?? ""); "
                    + "join by address instead: tcnet join HOST:PORT --name NAME", status: .unreachable)
        }
        if candidates.count == 1 {
            return Endpoint(host: candidates[0].address, port: candidates[0].port)
        }
        let list = candidates.enumerated().map { "  \($0.offset + 1)) \($0.element)" }.joined(separator: "\n")
        guard interactive else {
            throw CommandFailure("several tcnet hosts found; pass --host-name NAME or an address:\n\(list)")
        }
        print("tcnet hosts on the LAN:\n\(list)")
        while true {
            print("Pick a host (1-\(candidates.count)): ", terminator: "")
            guard let line = readLine() else { throw CommandFailure("no host picked") }
            if let index = Int(line.trimmingCharacters(in: .whitespaces)), candidates.indices.contains(index - 1) {
                return Endpoint(host: candidates[index - 1].address, port: candidates[index - 1].port)
            }
        }
    }
}

import Foundation
