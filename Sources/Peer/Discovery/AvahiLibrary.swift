#if canImport(Glibc)
    import Glibc
#endif

/// libavahi-client, loaded at run time with `dlopen`, so tcnet builds and runs without Avahi.
///
/// NB: only the functions tcnet calls are looked up; every one of them has a fixed C signature in
/// Avahi 0.6 and later. Without the library (or without a running avahi-daemon) discovery is simply
/// unavailable, and the commands say so in one line.
struct AvahiLibrary: @unchecked Sendable {
    typealias Pointer = OpaquePointer
    typealias CString = UnsafePointer<CChar>
    typealias ClientCallback = @convention(c) (Pointer?, Int32, UnsafeMutableRawPointer?) -> Void
    typealias GroupCallback = @convention(c) (Pointer?, Int32, UnsafeMutableRawPointer?) -> Void
    typealias BrowserCallback =
        @convention(c) (
            Pointer?, Int32, Int32, Int32, CString?, CString?, CString?, UInt32, UnsafeMutableRawPointer?
        ) -> Void
    typealias ResolverCallback =
        @convention(c) (
            Pointer?, Int32, Int32, Int32, CString?, CString?, CString?, CString?, UnsafeRawPointer?, UInt16, Pointer?,
            UInt32, UnsafeMutableRawPointer?
        ) -> Void

    let pollNew: @convention(c) () -> Pointer?
    let pollGet: @convention(c) (Pointer?) -> Pointer?
    let pollIterate: @convention(c) (Pointer?, Int32) -> Int32
    let pollFree: @convention(c) (Pointer?) -> Void
    let clientNew:
        @convention(c) (Pointer?, Int32, ClientCallback?, UnsafeMutableRawPointer?, UnsafeMutablePointer<Int32>?) ->
            Pointer?
    let clientFree: @convention(c) (Pointer?) -> Void
    let clientErrno: @convention(c) (Pointer?) -> Int32
    let strerror: @convention(c) (Int32) -> CString?
    let groupNew: @convention(c) (Pointer?, GroupCallback?, UnsafeMutableRawPointer?) -> Pointer?
    let groupAdd:
        @convention(c) (Pointer?, Int32, Int32, UInt32, CString?, CString?, CString?, CString?, UInt16, Pointer?) ->
            Int32
    let groupCommit: @convention(c) (Pointer?) -> Int32
    let groupReset: @convention(c) (Pointer?) -> Int32
    let stringListFromArray: @convention(c) (UnsafeMutablePointer<CString?>?, Int32) -> Pointer?
    let stringListFree: @convention(c) (Pointer?) -> Void
    let alternativeName: @convention(c) (CString?) -> UnsafeMutablePointer<CChar>?
    let browserNew:
        @convention(c) (Pointer?, Int32, Int32, CString?, CString?, UInt32, BrowserCallback?, UnsafeMutableRawPointer?)
            -> Pointer?
    let browserFree: @convention(c) (Pointer?) -> Int32
    let resolverNew:
        @convention(c) (
            Pointer?, Int32, Int32, CString?, CString?, CString?, Int32, UInt32, ResolverCallback?,
            UnsafeMutableRawPointer?
        ) -> Pointer?
    let resolverFree: @convention(c) (Pointer?) -> Int32
    let addressPrint:
        @convention(c) (UnsafeMutablePointer<CChar>?, Int, UnsafeRawPointer?) -> UnsafeMutablePointer<CChar>?

    static let clientRunning: Int32 = 2
    static let clientCollision: Int32 = 3
    static let clientFailure: Int32 = 100
    static let groupCollision: Int32 = 3
    static let groupFailure: Int32 = 4
    static let browserNew: Int32 = 0
    static let browserAllForNow: Int32 = 3
    static let browserFailure: Int32 = 4
    static let resolverFound: Int32 = 0
    static let unspecified: Int32 = -1
    static let inet: Int32 = 0

    /// The library, or why it cannot be loaded.
    static let shared: Result<AvahiLibrary, DiscoveryUnavailable> = Self.load()

    private static func load() -> Result<AvahiLibrary, DiscoveryUnavailable> {
        guard let client = dlopen("libavahi-client.so.3", RTLD_NOW | RTLD_GLOBAL),
            let common = dlopen("libavahi-common.so.3", RTLD_NOW | RTLD_GLOBAL)
        else {
            return .failure(
                DiscoveryUnavailable(reason: "libavahi-client.so.3 is not installed (Debian: libavahi-client3)"))
        }
        func symbol<T>(_ name: String, _: T.Type) throws(DiscoveryUnavailable) -> T {
            guard let address = dlsym(client, name) ?? dlsym(common, name) else {
                throw DiscoveryUnavailable(reason: "libavahi-client.so.3 has no \(name)")
            }
            return unsafeBitCast(address, to: T.self)
        }
        do {
            return .success(
                AvahiLibrary(
                    pollNew: try symbol("avahi_simple_poll_new", (@convention(c) () -> Pointer?).self),
                    pollGet: try symbol("avahi_simple_poll_get", (@convention(c) (Pointer?) -> Pointer?).self),
                    pollIterate: try symbol(
                        "avahi_simple_poll_iterate", (@convention(c) (Pointer?, Int32) -> Int32).self),
                    pollFree: try symbol("avahi_simple_poll_free", (@convention(c) (Pointer?) -> Void).self),
                    clientNew: try symbol(
                        "avahi_client_new",
                        (@convention(c) (
                            Pointer?, Int32, ClientCallback?, UnsafeMutableRawPointer?, UnsafeMutablePointer<Int32>?
                        ) -> Pointer?).self),
                    clientFree: try symbol("avahi_client_free", (@convention(c) (Pointer?) -> Void).self),
                    clientErrno: try symbol("avahi_client_errno", (@convention(c) (Pointer?) -> Int32).self),
                    strerror: try symbol("avahi_strerror", (@convention(c) (Int32) -> CString?).self),
                    groupNew: try symbol(
                        "avahi_entry_group_new",
                        (@convention(c) (Pointer?, GroupCallback?, UnsafeMutableRawPointer?) -> Pointer?).self),
                    groupAdd: try symbol(
                        "avahi_entry_group_add_service_strlst",
                        (@convention(c) (
                            Pointer?, Int32, Int32, UInt32, CString?, CString?, CString?, CString?, UInt16, Pointer?
                        ) -> Int32).self),
                    groupCommit: try symbol("avahi_entry_group_commit", (@convention(c) (Pointer?) -> Int32).self),
                    groupReset: try symbol("avahi_entry_group_reset", (@convention(c) (Pointer?) -> Int32).self),
                    stringListFromArray: try symbol(
                        "avahi_string_list_new_from_array",
                        (@convention(c) (UnsafeMutablePointer<CString?>?, Int32) -> Pointer?).self),
                    stringListFree: try symbol("avahi_string_list_free", (@convention(c) (Pointer?) -> Void).self),
                    alternativeName: try symbol(
                        "avahi_alternative_service_name",
                        (@convention(c) (CString?) -> UnsafeMutablePointer<CChar>?).self),
                    browserNew: try symbol(
                        "avahi_service_browser_new",
                        (@convention(c) (
                            Pointer?, Int32, Int32, CString?, CString?, UInt32, BrowserCallback?,
                            UnsafeMutableRawPointer?
                        ) -> Pointer?).self),
                    browserFree: try symbol("avahi_service_browser_free", (@convention(c) (Pointer?) -> Int32).self),
                    resolverNew: try symbol(
                        "avahi_service_resolver_new",
                        (@convention(c) (
                            Pointer?, Int32, Int32, CString?, CString?, CString?, Int32, UInt32, ResolverCallback?,
                            UnsafeMutableRawPointer?
                        ) -> Pointer?).self),
                    resolverFree: try symbol("avahi_service_resolver_free", (@convention(c) (Pointer?) -> Int32).self),
                    addressPrint: try symbol(
                        "avahi_address_snprint",
                        (@convention(c) (UnsafeMutablePointer<CChar>?, Int, UnsafeRawPointer?) -> UnsafeMutablePointer<
                            CChar
                        >?).self)))
        } catch {
            return .failure(error)
        }
    }

    /// A new client on a new simple poll, or why the daemon cannot be reached.
    func connect(callback: ClientCallback?, context: UnsafeMutableRawPointer?) throws(DiscoveryUnavailable) -> (
        poll: Pointer, client: Pointer
    ) {
        guard let poll = self.pollNew() else { throw DiscoveryUnavailable(reason: "avahi_simple_poll_new failed") }
        var error: Int32 = 0
        guard let client = self.clientNew(self.pollGet(poll), 0, callback, context, &error) else {
            self.pollFree(poll)
            let why = self.strerror(error).map { String(cString: $0) } ?? "error \(error)"
            throw DiscoveryUnavailable(reason: "cannot reach avahi-daemon over D-Bus (\(why))")
        }
        return (poll, client)
    }

    /// The strings of an AvahiStringList (TXT records).
    func strings(_ list: Pointer?) -> [String] {
        var result: [String] = []
        var node = UnsafeRawPointer(list)
        while let current = node {
            // NB: struct AvahiStringList { AvahiStringList *next; size_t size; uint8_t text[]; }
            let size = current.load(fromByteOffset: MemoryLayout<UnsafeRawPointer>.size, as: Int.self)
            let text = current + MemoryLayout<UnsafeRawPointer>.size + MemoryLayout<Int>.size
            result.append(String(decoding: UnsafeRawBufferPointer(start: text, count: size), as: UTF8.self))
            node = current.load(as: UnsafeRawPointer?.self)
        }
        return result
    }
}

/// Discovery cannot be used on this machine.
public struct DiscoveryUnavailable: Error, Sendable, CustomStringConvertible {
    /// Why.
    public let reason: String

    /// One line: why, and how to join without discovery.
    public var description: String {
        "discovery is unavailable: \(self.reason); join by address instead: tcnet join HOST:PORT --name NAME"
    }
}
