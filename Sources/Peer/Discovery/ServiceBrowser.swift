import Foundation
import Synchronization

/// A tcnet host found on the LAN.
public struct DiscoveredHost: Sendable, Equatable, CustomStringConvertible {
    /// The service name (the host's name for people).
    public var name: String
    /// The machine's mDNS name, e.g. "classroom.local".
    public var hostName: String
    /// Its address.
    public var address: String
    /// Its port.
    public var port: Int
    /// The TXT records: `protocol`, `name`, `games`.
    public var txt: [String: String]

    /// Creates a description.
    public init(name: String, hostName: String, address: String, port: Int, txt: [String: String]) {
        self.name = name
        self.hostName = hostName
        self.address = address
        self.port = port
        self.txt = txt
    }

    /// One line: name, address and port, TXT data.
    public var description: String {
        let records = self.txt.keys.sorted().map { "\($0)=\(self.txt[$0] ?? "")" }.joined(separator: " ")
        return "\(self.name)  \(self.address):\(self.port)  \(self.hostName)  \(records)"
    }

    /// The TXT strings ("key=value") as a dictionary.
    static func records(_ strings: [String]) -> [String: String] {
        var records: [String: String] = [:]
        for string in strings {
            let parts = string.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            records[String(parts[0])] = parts.count > 1 ? String(parts[1]) : ""
        }
        return records
    }
}

/// DNS-SD names tcnet uses.
public enum ServiceDiscovery {
    /// The service type hosts advertise.
    public static let serviceType = "_tcnet._tcp"

    /// Browses the LAN for tcnet hosts through avahi-daemon.
    /// - Parameter timeout: how long to look at most (it stops earlier once every host is resolved).
    /// - Returns: the hosts found, by name.
    /// - Throws: ``DiscoveryUnavailable`` without libavahi-client or a running avahi-daemon.
    public static func browse(timeout: Duration = .seconds(3)) async throws -> [DiscoveredHost] {
        let library = try AvahiLibrary.shared.get()
        return try await withCheckedThrowingContinuation { continuation in
            let thread = Thread {
                continuation.resume(with: Result { try BrowseRun(library: library, timeout: timeout).run() })
            }
            thread.start()
        }
    }
}

/// One browse, on its own thread: all Avahi calls happen there.
final class BrowseRun {
    let library: AvahiLibrary
    let timeout: Duration
    var found: [String: DiscoveredHost] = [:]
    var pending = 0
    var allForNow = false
    var failure: String?
    var client: OpaquePointer?

    init(library: AvahiLibrary, timeout: Duration) {
        self.library = library
        self.timeout = timeout
    }

    func run() throws -> [DiscoveredHost] {
        let context = Unmanaged.passUnretained(self).toOpaque()
        let (poll, client) = try self.library.connect(callback: nil, context: context)
        self.client = client
        defer {
            self.library.clientFree(client)
            self.library.pollFree(poll)
        }
        let browser = ServiceDiscovery.serviceType.withCString { type in
            self.library.browserNew(
                client, AvahiLibrary.unspecified, AvahiLibrary.inet, type, nil, 0,
                { _, interface, proto, event, name, type, domain, _, context in
                    let run = Unmanaged<BrowseRun>.fromOpaque(context!).takeUnretainedValue()
                    run.browsed(
                        event: event, interface: interface, proto: proto, name: name, type: type, domain: domain)
                }, context)
        }
        guard let browser else {
            throw DiscoveryUnavailable(reason: "cannot browse: error \(self.library.clientErrno(client))")
        }
        defer { _ = self.library.browserFree(browser) }
        let deadline = ContinuousClock.now + self.timeout
        while ContinuousClock.now < deadline, self.failure == nil {
            if self.allForNow, self.pending == 0 { break }
            guard self.library.pollIterate(poll, 100) == 0 else { break }
        }
        if let failure { throw DiscoveryUnavailable(reason: failure) }
        return self.found.values.sorted { ($0.name, $0.address) < ($1.name, $1.address) }
    }

    func browsed(
        event: Int32, interface: Int32, proto: Int32, name: UnsafePointer<CChar>?, type: UnsafePointer<CChar>?,
        domain: UnsafePointer<CChar>?
    ) {
        switch event {
        case AvahiLibrary.browserNew:
            let resolver = self.library.resolverNew(
                self.client, interface, proto, name, type, domain, AvahiLibrary.inet, 0,
                { resolver, _, _, event, name, _, _, hostName, address, port, txt, _, context in
                    let run = Unmanaged<BrowseRun>.fromOpaque(context!).takeUnretainedValue()
                    run.resolved(event: event, name: name, hostName: hostName, address: address, port: port, txt: txt)
                    _ = run.library.resolverFree(resolver)
                }, Unmanaged.passUnretained(self).toOpaque())
            if resolver != nil { self.pending += 1 }
        case AvahiLibrary.browserAllForNow:
            self.allForNow = true
        case AvahiLibrary.browserFailure:
            self.failure = "browsing failed: error \(self.library.clientErrno(self.client))"
        default:
            break
        }
    }

    func resolved(
        event: Int32, name: UnsafePointer<CChar>?, hostName: UnsafePointer<CChar>?, address: UnsafeRawPointer?,
        port: UInt16, txt: OpaquePointer?
    ) {
        self.pending -= 1
        guard event == AvahiLibrary.resolverFound, let name, let address else { return }
        var buffer = [CChar](repeating: 0, count: 64)
        _ = self.library.addressPrint(&buffer, buffer.count, address)
        let host = DiscoveredHost(
            name: String(cString: name), hostName: hostName.map { String(cString: $0) } ?? "",
            address: buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }, port: Int(port),
            txt: DiscoveredHost.records(self.library.strings(txt)))
        self.found["\(host.name)|\(host.address)|\(host.port)"] = host
    }
}
