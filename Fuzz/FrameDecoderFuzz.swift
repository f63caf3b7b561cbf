// libFuzzer target: FrameDecoder on any byte stream, fed in pieces the input itself chooses.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFrameDecoder(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let first = bytes.first else { return 0 }
    var decoder = FrameDecoder(limits: FrameLimits(maxPayload: 1 + Int(first) * 64))
    var index = 1
    var step = Int(first % 7) + 1
    while index < bytes.count {
        let end = min(bytes.count, index + step)
        decoder.append(contentsOf: bytes[index..<end])
        index = end
        step = step * 3 % 11 + 1
        do {
            while let payload = try decoder.nextPayload() {
                precondition(!payload.isEmpty && payload.count <= decoder.limits.maxPayload)
            }
        } catch {
            return 0
        }
    }
    return 0
}
