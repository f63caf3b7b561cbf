// libFuzzer target: WireCodec on any payload, as a client's and as a host's message; what decodes
// must encode and decode again to the same message.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWireCodec(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let payload = Array(UnsafeBufferPointer(start: data, count: size))
    if case .success(let envelope) = WireCodec.decodeClient(payload) {
        let again = WireCodec.decodeClient(WireCodec.payload(envelope))
        precondition((try? again.get()) == envelope, "client message does not round-trip")
    }
    if case .success(let envelope) = WireCodec.decodeHost(payload) {
        _ = WireCodec.payload(envelope)
    }
    return 0
}
