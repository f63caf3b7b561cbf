import Classroom
import Foundation
import Lobby
import Peer
import Protocol

extension TCNet.Host {
    /// The advertiser of a host, or why there is none.
    struct Advertising: Sendable {
        let advertiser: ServiceAdvertiser?
        let failure: String?

        /// What the advertiser says now: "advertised as NAME", a failure, or "starting".
        var status: String { self.advertiser?.status ?? self.failure ?? "not advertised" }

        /// The status once the advertiser has settled (at most about a second), in words for the summary.
        func settledStatus() async -> String {
            let deadline = ContinuousClock.now + .seconds(1)
            while self.status == "starting", ContinuousClock.now < deadline {
                try? await Task.sleep(for: .milliseconds(50))
            }
            let status = self.status
            guard !status.hasPrefix("advertised") else { return "yes, \(status)" }
            // NB: the advice for students that comes with the reason is for students, not the teacher.
            let why = status.components(separatedBy: "; join by address").first ?? status
            return "no (\(why)); students need the address above"
        }
    }

    /// Advertises the host on the LAN as `_tcnet._tcp`; goes on without Avahi.
    /// - Parameters:
    ///   - host: the bound host (its port and name are advertised).
    ///   - webURL: the web client's address, advertised as `web` in the TXT record.
    /// - Returns: the advertiser, to stop at shutdown, or why there is none.
    static func advertise(_ host: TCNetHost, webURL: String?) -> Advertising {
        var txt = [
            "protocol": "\(ProtocolVersion.current)",
            "name": host.configuration.hostName,
            "games": GameCatalog.classroom.descriptors.map(\.id).joined(separator: ","),
        ]
        if let webURL { txt["web"] = webURL }
        do {
            let advertiser = try ServiceAdvertiser(name: host.configuration.hostName, port: host.port, txt: txt)
            return Advertising(advertiser: advertiser, failure: nil)
        } catch {
            return Advertising(advertiser: nil, failure: "\(error)")
        }
    }
}
