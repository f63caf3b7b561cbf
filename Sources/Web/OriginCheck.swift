/// Which pages may open the tcnet WebSocket: the host's own, and programs that are not browsers.
///
/// A browser sends `Origin` with every WebSocket upgrade; a page from another site (a student's
/// homework page, an advert) would otherwise be able to open a connection to the class's host from a
/// student's browser. Programs that are not browsers (tcnet's clients, the conformance suite) send no
/// `Origin`, and are let in as they are on TCP.
public enum OriginCheck {
    /// Whether an upgrade request may proceed.
    /// - Parameters:
    ///   - origin: the request's `Origin` header, if any.
    ///   - host: the request's `Host` header (the authority the page was loaded from), if any.
    /// - Returns: `true` without an `Origin`, or when it is `http://` followed by the `Host`.
    public static func allows(origin: String?, host: String?) -> Bool {
        guard let origin else { return true }
        guard let host, !host.isEmpty else { return false }
        return origin.lowercased() == "http://" + host.lowercased()
    }
}
