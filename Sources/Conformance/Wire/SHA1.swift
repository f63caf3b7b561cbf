/// SHA-1 (FIPS 180-4), for the one place the suite needs it: checking a host's
/// `Sec-WebSocket-Accept` (RFC 6455 section 4.2.2). Not for anything secret.
enum SHA1 {
    static func digest(_ message: [UInt8]) -> [UInt8] {
        var h: [UInt32] = [0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476, 0xC3D2_E1F0]
        var bytes = message + [0x80]
        while bytes.count % 64 != 56 { bytes.append(0) }
        let bits = UInt64(message.count) * 8
        bytes += (0..<8).reversed().map { UInt8((bits >> (8 * UInt64($0))) & 0xFF) }
        var w = [UInt32](repeating: 0, count: 80)
        for block in stride(from: 0, to: bytes.count, by: 64) {
            for t in 0..<16 {
                w[t] = bytes[(block + 4 * t)..<(block + 4 * t + 4)].reduce(0) { $0 << 8 | UInt32($1) }
            }
            for t in 16..<80 {
                let x = w[t - 3] ^ w[t - 8] ^ w[t - 14] ^ w[t - 16]
                w[t] = x << 1 | x >> 31
            }
            var (a, b, c, d, e) = (h[0], h[1], h[2], h[3], h[4])
            for t in 0..<80 {
                let (f, k): (UInt32, UInt32) =
                    switch t {
                    case ..<20: ((b & c) | (~b & d), 0x5A82_7999)
                    case ..<40: (b ^ c ^ d, 0x6ED9_EBA1)
                    case ..<60: ((b & c) | (b & d) | (c & d), 0x8F1B_BCDC)
                    default: (b ^ c ^ d, 0xCA62_C1D6)
                    }
                let temp = (a << 5 | a >> 27) &+ f &+ e &+ k &+ w[t]
                (e, d, c, b, a) = (d, c, b << 30 | b >> 2, a, temp)
            }
            h[0] &+= a
            h[1] &+= b
            h[2] &+= c
            h[3] &+= d
            h[4] &+= e
        }
        return h.flatMap { word in (0..<4).reversed().map { UInt8((word >> (8 * UInt32($0))) & 0xFF) } }
    }
}
