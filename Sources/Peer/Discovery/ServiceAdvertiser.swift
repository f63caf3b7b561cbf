import Foundation
import Synchronization

/// Advertises a tcnet host as `_tcnet._tcp` through avahi-daemon, for as long as it is kept.
///
/// The Avahi client runs its own poll loop on a thread of its own; ``stop()`` withdraws the service.
/// A name collision on the LAN picks Avahi's alternative name ("Room 12 #2").
public final class ServiceAdvertiser: Sendable {
    private let run: AdvertiseRun

    /// What the advertiser is doing, for logs: "starting", "advertised as NAME", or a failure.
    public var status: String { self.run.shared.withLock { $0.status } }

    /// Starts advertising.
    /// - Parameters:
    ///   - name: the service name (the host's name).
    ///   - port: the TCP port.
    ///   - txt: the TXT records, e.g. ["protocol": "1", "name": "Room 12", "games": "taxcollection"].
    /// - Throws: ``DiscoveryUnavailable`` without libavahi-client or a running avahi-daemon.
    public init(name: String, port: Int, txt: [String: String]) throws {
        let library = try AvahiLibrary.shared.get()
        let run = AdvertiseRun(library: library, name: name, port: UInt16(port), txt: txt)
        let context = Unmanaged.passRetained(run).toOpaque()
        defer { _ = context }
        let (poll, client) = try library.connect(
            callback: { client, state, context in
                Unmanaged<AdvertiseRun>.fromOpaque(context!).takeUnretainedValue().clientChanged(client, state)
            }, context: context)
        run.client = client
        run.poll = poll
        run.clientChanged(client, AvahiLibrary.clientRunning)
        // NB: from here on only the thread touches the Avahi objects.
        self.run = run
        run.shared.withLock { $0.status = run.status }
        let thread = Thread {
            while !run.shared.withLock({ $0.stopped }) {
                guard library.pollIterate(run.poll, 200) == 0 else { break }
                let status = run.status
                run.shared.withLock { $0.status = status }
            }
            library.clientFree(run.client)
            library.pollFree(run.poll)
            Unmanaged<AdvertiseRun>.passUnretained(run).release()
        }
        thread.start()
    }

    /// Withdraws the service.
    public func stop() {
        self.run.shared.withLock { $0.stopped = true }
    }
}

/// The advertiser's Avahi objects, touched only on its thread (and once before the thread starts).
final class AdvertiseRun: @unchecked Sendable {
    let library: AvahiLibrary
    var name: String
    let port: UInt16
    let txt: [String]
    var client: OpaquePointer?
    var poll: OpaquePointer?
    var group: OpaquePointer?
    var status = "starting"
    /// What other threads may read or set.
    let shared = Mutex<(status: String, stopped: Bool)>(("starting", false))

    init(library: AvahiLibrary, name: String, port: UInt16, txt: [String: String]) {
        self.library = library
        self.name = name
        self.port = port
        self.txt = txt.keys.sorted().map { "\($0)=\(txt[$0] ?? "")" }
    }

    func clientChanged(_ client: OpaquePointer?, _ state: Int32) {
        guard let client = client ?? self.client else { return }
        switch state {
        case AvahiLibrary.clientRunning:
            if self.group == nil { self.publish(client) }
        case AvahiLibrary.clientCollision, AvahiLibrary.clientFailure:
            self.status = "not advertised: avahi-daemon error \(self.library.clientErrno(client))"
            if let group { _ = self.library.groupReset(group) }
        default:
            break
        }
    }

    func publish(_ client: OpaquePointer) {
        if self.group == nil {
            self.group = self.library.groupNew(client, { group, state, context in
                let run = Unmanaged<AdvertiseRun>.fromOpaque(context!).takeUnretainedValue()
                run.groupChanged(group, state)
            }, Unmanaged.passUnretained(self).toOpaque())
        }
        guard let group else {
            self.status = "not advertised: cannot create an entry group"
            return
        }
        var strings = self.txt.map { strdup($0).map { UnsafePointer($0) } }
        defer { strings.forEach { free(UnsafeMutablePointer(mutating: $0)) } }
        let list = self.library.stringListFromArray(&strings, Int32(strings.count))
        defer { self.library.stringListFree(list) }
        let added = self.name.withCString { name in
            ServiceDiscovery.serviceType.withCString { type in
                self.library.groupAdd(
                    group, AvahiLibrary.unspecified, AvahiLibrary.inet, 0, name, type, nil, nil, self.port, list)
            }
        }
        guard added == 0, self.library.groupCommit(group) == 0 else {
            self.status = "not advertised: error \(added) adding the service"
            return
        }
        self.status = "advertised as \(self.name)"
    }

    func groupChanged(_ group: OpaquePointer?, _ state: Int32) {
        guard state == AvahiLibrary.groupCollision, let client = self.client else { return }
        if let alternative = self.name.withCString({ self.library.alternativeName($0) }) {
            self.name = String(cString: alternative)
            free(alternative)
        }
        if let group { _ = self.library.groupReset(group) }
        self.publish(client)
    }
}
