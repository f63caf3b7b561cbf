import Classroom
import Storage
import Logging
import Peer
import Protocol

extension TCNet.Host {
    /// Advertises the host on the LAN as `_tcnet._tcp`; logs one line and goes on without Avahi.
    /// - Parameters:
    ///   - host: the bound host (its port and name are advertised).
    ///   - webURL: the web client's address, advertised as `web` in the TXT record.
    ///   - logger: where to say what happened.
    /// - Returns: the advertiser, to stop at shutdown, or `nil`.
    static func advertise(_ host: TCNetHost, webURL: String?, logger: Logger) -> ServiceAdvertiser? {
        var txt = [
            "protocol": "\(ProtocolVersion.current)",
            "name": host.configuration.hostName,
            "games": GameCatalog.classroom.descriptors.map(\.id).joined(separator: ","),
        ]
        if let webURL { txt["web"] = webURL }
        do {
            let advertiser = try ServiceAdvertiser(name: host.configuration.hostName, port: host.port, txt: txt)
            logger.info("advertising on the LAN", metadata: ["service": "\(ServiceDiscovery.serviceType)", "status": "\(advertiser.status)"])
            return advertiser
        } catch {
            logger.info("not advertised on the LAN", metadata: ["why": "\(error)"])
            return nil
        }
    }
}

import Lobby
