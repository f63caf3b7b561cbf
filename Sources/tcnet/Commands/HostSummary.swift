import Foundation
import Peer
import Storage

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What `tcnet host` tells the teacher when it starts, before its log: the name, the addresses and port
/// students should use, whether it is advertised on the LAN, and where its data is.
struct HostSummary {
    let name: String
    let bind: String
    let port: Int
    let advertised: String
    let dataFile: String
    /// The web client's lines (the browser address, the projector, the QR code), if it runs.
    var web: [String] = []
    /// The teacher's code for `tcnet tournament`.
    var teacherCode: String?
    /// The connections served, those asked for with --max-connections, and the limit on open files.
    var connections: (served: Int, asked: Int, files: Int)?
    /// The data folder's room.
    var disk: DiskStatus?

    /// The summary's lines.
    var lines: [String] {
        let addresses = Self.addresses(bind: self.bind)
        let port = self.port == 7420 ? "" : ":\(self.port)"
        var lines = ["tcnet host \"\(self.name)\" is ready."]
        if let first = addresses.first {
            let others = addresses.dropFirst().map { "\($0)\(port)" }
            lines.append("  Students join with:  tcnet join \(first)\(port) --name NAME")
            if !others.isEmpty { lines.append("  (or with one of: \(others.joined(separator: ", ")))") }
        } else {
            lines.append("  No network interface is up: only this machine can join (tcnet join 127.0.0.1\(port)).")
        }
        lines += self.web.map { "  " + $0 }
        lines.append("  Listening on \(self.bind) port \(self.port).")
        lines.append("  Advertised on the LAN: \(self.advertised).")
        lines.append("  Data: \(self.dataFile)")
        if let disk { lines.append("  " + Self.diskLine(disk)) }
        if let connections {
            var line = "  Connections: at most \(connections.served)"
            if connections.served < connections.asked {
                line +=
                    " (not \(connections.asked): this system allows \(connections.files) open files; raise ulimit -n)"
            }
            lines.append(line)
        }
        lines.append("  Teacher's console: type help and Enter here (seats, free, reseat).")
        if let teacherCode {
            lines.append(
                "  Teacher's code: \(teacherCode) (tcnet tournament ... --code \(teacherCode); keep it from students)")
        }
        return lines
    }

    /// How much room the data folder has, and what the host needs.
    static func diskLine(_ disk: DiskStatus) -> String {
        let free = disk.free.map(DiskSpace.describe) ?? "an unknown amount"
        let needed = DiskSpace.describe(disk.needed)
        guard !disk.full else {
            return "Disk: FULL: \(free) free, the host needs \(needed). Matches stay paused until there is room "
                + "(free space on this disk; they go on by themselves)."
        }
        return "Disk: \(free) free (the host needs \(needed); if the disk fills, matches pause until there is room)."
    }

    /// Prints the summary on standard output, at once.
    func print() {
        FileHandle.standardOutput.write(Data((self.lines.joined(separator: "\n") + "\n").utf8))
    }

    /// The addresses students can use: the one the host is bound to, or, bound to every interface,
    /// this machine's addresses that are not loopback.
    static func addresses(bind: String) -> [String] {
        guard bind == "0.0.0.0" || bind == "::" else { return [bind.contains(":") ? "[\(bind)]" : bind] }
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0, let first = list else { return [] }
        defer { freeifaddrs(list) }
        var found: [String] = []
        for entry in sequence(first: first, next: { $0.pointee.ifa_next }) {
            guard let address = entry.pointee.ifa_addr, (entry.pointee.ifa_flags & UInt32(IFF_LOOPBACK)) == 0,
                (entry.pointee.ifa_flags & UInt32(IFF_UP)) != 0
            else { continue }
            let family = Int32(address.pointee.sa_family)
            var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
            if family == AF_INET, bind == "0.0.0.0" {
                address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { ipv4 in
                    var raw = ipv4.pointee.sin_addr
                    _ = inet_ntop(AF_INET, &raw, &text, socklen_t(text.count))
                }
                found.append(text.withUnsafeBufferPointer { String(cString: $0.baseAddress!) })
            } else if family == AF_INET6, bind == "::" {
                address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { ipv6 in
                    var raw = ipv6.pointee.sin6_addr
                    _ = inet_ntop(AF_INET6, &raw, &text, socklen_t(text.count))
                }
                let shown = text.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
                if !shown.hasPrefix("fe80") { found.append("[\(shown)]") }
            }
        }
        return found
    }

    /// Whether text is an IPv4 or IPv6 address.
    static func isAddress(_ text: String) -> Bool {
        var ipv4 = in_addr()
        var ipv6 = in6_addr()
        return inet_pton(AF_INET, text, &ipv4) == 1 || inet_pton(AF_INET6, text, &ipv6) == 1
    }

    /// Why the host could not listen, in one line that says what to do.
    static func bindFailure(_ error: any Error, address: String, port: Int) -> String {
        let where_ = "cannot listen on \(address):\(port)"
        let text = "\(error)"
        if text.contains("Address already in use") || text.contains("errno: \(EADDRINUSE)") {
            return "\(where_): the port is in use; is another host running? Pass --port to choose another port."
        }
        if text.contains("Cannot assign requested address") || text.contains("errno: \(EADDRNOTAVAIL)") {
            return "\(where_): no network interface of this machine has that address; "
                + "leave --bind out to listen on all of them."
        }
        if text.contains("Permission denied") || text.contains("errno: \(EACCES)") {
            return "\(where_): ports below 1024 need privileges; pass --port \(7420)."
        }
        return "\(where_) (\(text)); pass --port to choose another port or --bind another address."
    }
}
