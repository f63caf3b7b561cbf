/// Turns the WAV file espeak-ng writes (16-bit PCM, mono, 22050 Hz) into the compact one a `state`
/// carries: G.711 µ-law, mono, 11025 Hz, at most ``maxSeconds`` long (a word, within the 64 KiB frame
/// once in base64).
public enum CompactWave {
    /// The compact format's sample rate.
    public static let sampleRate = 11_025
    /// The longest sound kept; the rest is cut.
    public static let maxSeconds = 3.5

    /// The compact WAV file of a 16-bit PCM mono WAV file.
    /// - Parameter wave: the input file's bytes.
    /// - Returns: the compact file's bytes, or `nil` when the input is not 16-bit PCM mono.
    public static func compact(_ wave: [UInt8]) -> [UInt8]? {
        guard let (rate, samples) = Self.pcm16(wave), rate >= Self.sampleRate else { return nil }
        let step = Double(rate) / Double(Self.sampleRate)
        let count = min(Int(Double(samples.count) / step), Int(Self.maxSeconds * Double(Self.sampleRate)))
        var encoded: [UInt8] = []
        encoded.reserveCapacity(count)
        for index in 0..<count {
            // NB: the mean of the input samples each output sample covers: a crude low-pass before decimating.
            let start = Int(Double(index) * step)
            let end = max(start + 1, min(samples.count, Int(Double(index + 1) * step)))
            let sum = samples[start..<end].reduce(0) { $0 + Int($1) }
            encoded.append(Self.muLaw(Int16(clamping: sum / (end - start))))
        }
        // NB: RIFF pads a chunk of odd size with a byte its size does not count; a strict reader wants it.
        return Self.header(dataBytes: encoded.count) + encoded + (encoded.count % 2 == 1 ? [0] : [])
    }

    /// The sample rate and samples of a 16-bit PCM mono WAV file (espeak-ng may write unknown sizes).
    static func pcm16(_ wave: [UInt8]) -> (rate: Int, samples: [Int16])? {
        guard wave.count >= 44, Array(wave[0..<4]) == Array("RIFF".utf8), Array(wave[8..<12]) == Array("WAVE".utf8)
        else { return nil }
        var offset = 12
        var rate = 0
        var valid = false
        while offset + 8 <= wave.count {
            let id = String(decoding: wave[offset..<offset + 4], as: UTF8.self)
            let size = Int(Self.uint32(wave, offset + 4))
            let body = offset + 8
            if id == "fmt ", body + 16 <= wave.count {
                let format = Self.uint16(wave, body)
                let channels = Self.uint16(wave, body + 2)
                rate = Int(Self.uint32(wave, body + 4))
                valid = format == 1 && channels == 1 && Self.uint16(wave, body + 14) == 16
            } else if id == "data" {
                guard valid else { return nil }
                let end = size == 0 || size > wave.count - body ? wave.count : body + size
                var samples: [Int16] = []
                samples.reserveCapacity((end - body) / 2)
                var index = body
                while index + 1 < end {
                    samples.append(Int16(bitPattern: UInt16(wave[index]) | UInt16(wave[index + 1]) << 8))
                    index += 2
                }
                return (rate, samples)
            }
            offset = body + size + (size & 1)
        }
        return nil
    }

    /// G.711 µ-law of a 16-bit sample.
    static func muLaw(_ sample: Int16) -> UInt8 {
        let bias = 0x84
        let clip = 32_635
        var value = Int(sample)
        let sign = value < 0 ? 0x80 : 0
        if value < 0 { value = -value }
        value = min(value, clip) + bias
        var exponent = 7
        var mask = 0x4000
        while exponent > 0, value & mask == 0 {
            exponent -= 1
            mask >>= 1
        }
        let mantissa = (value >> (exponent + 3)) & 0x0F
        return ~UInt8(sign | (exponent << 4) | mantissa)
    }

    static func header(dataBytes: Int) -> [UInt8] {
        var bytes =
            Array("RIFF".utf8) + Self.le32(UInt32(4 + 26 + 12 + 8 + dataBytes + dataBytes % 2)) + Array("WAVE".utf8)
        // NB: a non-PCM format has an 18-byte fmt chunk (cbSize 0) and a fact chunk.
        bytes += Array("fmt ".utf8) + Self.le32(18) + Self.le16(7) + Self.le16(1)
        bytes += Self.le32(UInt32(Self.sampleRate)) + Self.le32(UInt32(Self.sampleRate)) + Self.le16(1) + Self.le16(8)
        bytes += Self.le16(0)
        bytes += Array("fact".utf8) + Self.le32(4) + Self.le32(UInt32(dataBytes))
        bytes += Array("data".utf8) + Self.le32(UInt32(dataBytes))
        return bytes
    }

    private static func uint16(_ bytes: [UInt8], _ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }

    private static func uint32(_ bytes: [UInt8], _ at: Int) -> UInt32 {
        (0..<4).reduce(0) { $0 | UInt32(bytes[at + $1]) << (8 * UInt32($1)) }
    }

    private static func le16(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)] }

    private static func le32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(value >> (8 * UInt32($0)) & 0xFF) } }
}
