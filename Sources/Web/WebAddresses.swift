import NIOCore
import NIOPosix

/// The web addresses of this machine that students can type.
enum WebAddresses {
    /// `http://ADDRESS:PORT/` for the bound address, or, bound to every interface, for each IPv4
    /// address of an interface that is up and not loopback (then loopback, when there is no other).
    static func urls(bindAddress: String, port: Int) -> [String] {
        let suffix = port == 80 ? "/" : ":\(port)/"
        guard bindAddress == "0.0.0.0" || bindAddress == "::" else {
            let host = bindAddress.contains(":") ? "[\(bindAddress)]" : bindAddress
            return ["http://" + host + suffix]
        }
        let devices = (try? System.enumerateDevices()) ?? []
        var addresses: [String] = []
        for device in devices {
            guard case .v4? = device.address, let ip = device.address?.ipAddress, !ip.hasPrefix("127."),
                !addresses.contains(ip)
            else { continue }
            addresses.append(ip)
        }
        if addresses.isEmpty { addresses = ["127.0.0.1"] }
        return addresses.map { "http://" + $0 + suffix }
    }
}
