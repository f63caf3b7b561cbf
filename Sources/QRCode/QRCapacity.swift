/// How many codewords each version holds, and how a text becomes them: the byte-mode segment, the
/// padding, and the error correction blocks interleaved (ISO/IEC 18004 sections 7.4 to 7.6).
enum QRCapacity {
    /// Error correction codewords per block, by level (low, medium, quartile, high) and version 1-40.
    static let eccPerBlock: [[Int]] = [
        [
            7, 10, 15, 20, 26, 18, 20, 24, 30, 18, 20, 24, 26, 30, 22, 24, 28, 30, 28, 28,
            28, 28, 30, 30, 26, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30,
        ],
        [
            10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26,
            26, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28,
        ],
        [
            13, 22, 18, 26, 18, 24, 18, 22, 20, 24, 28, 26, 24, 20, 30, 24, 28, 28, 26, 30,
            28, 30, 30, 30, 30, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30,
        ],
        [
            17, 28, 22, 16, 22, 28, 26, 26, 24, 28, 24, 28, 22, 24, 24, 30, 28, 28, 26, 28,
            30, 24, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30,
        ],
    ]

    /// Error correction blocks, by level and version 1-40.
    static let blocks: [[Int]] = [
        [
            1, 1, 1, 1, 1, 2, 2, 2, 2, 4, 4, 4, 4, 4, 6, 6, 6, 6, 7, 8,
            8, 9, 9, 10, 12, 12, 12, 13, 14, 15, 16, 17, 18, 19, 19, 20, 21, 22, 24, 25,
        ],
        [
            1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16,
            17, 17, 18, 20, 21, 23, 25, 26, 28, 29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49,
        ],
        [
            1, 1, 2, 2, 4, 4, 6, 6, 8, 8, 8, 10, 12, 16, 12, 17, 16, 18, 21, 20,
            23, 23, 25, 27, 29, 34, 34, 35, 38, 40, 43, 45, 48, 51, 53, 56, 59, 62, 65, 68,
        ],
        [
            1, 1, 2, 4, 4, 4, 5, 6, 8, 8, 11, 11, 16, 16, 18, 16, 19, 21, 25, 25,
            25, 34, 30, 32, 35, 37, 40, 42, 45, 48, 51, 54, 57, 60, 63, 66, 70, 74, 77, 81,
        ],
    ]

    /// The modules left for data and error correction once the function patterns are drawn.
    static func rawDataModules(version: Int) -> Int {
        var result = (16 * version + 128) * version + 64
        if version >= 2 {
            let alignments = version / 7 + 2
            result -= (25 * alignments - 10) * alignments - 55
            if version >= 7 { result -= 36 }
        }
        return result
    }

    /// The data codewords (those not for error correction) of a version at a level.
    static func dataCodewords(version: Int, correction: QRCode.Correction) -> Int {
        let level = correction.rawValue
        return self.rawDataModules(version: version) / 8
            - self.eccPerBlock[level][version - 1] * self.blocks[level][version - 1]
    }

    /// Bits of the character count in byte mode.
    static func countBits(version: Int) -> Int { version <= 9 ? 8 : 16 }

    /// Whether `count` bytes fit in a version at a level.
    static func fits(_ count: Int, version: Int, correction: QRCode.Correction) -> Bool {
        count < 1 << self.countBits(version: version)
            && 4 + self.countBits(version: version) + 8 * count <= 8
                * self.dataCodewords(version: version, correction: correction)
    }

    /// Every codeword of the symbol, data and error correction, in the order they are placed.
    static func codewords(for bytes: [UInt8], version: Int, correction: QRCode.Correction) -> [UInt8] {
        let capacity = 8 * self.dataCodewords(version: version, correction: correction)
        var bits = BitBuffer()
        bits.append(0b0100, count: 4)
        bits.append(bytes.count, count: self.countBits(version: version))
        for byte in bytes { bits.append(Int(byte), count: 8) }
        bits.append(0, count: min(4, capacity - bits.count))
        bits.append(0, count: (8 - bits.count % 8) % 8)
        var data = bits.bytes
        var pad: UInt8 = 0xEC
        while data.count * 8 < capacity {
            data.append(pad)
            pad ^= 0xEC ^ 0x11
        }
        return self.interleaved(data, version: version, correction: correction)
    }

    /// Splits the data into blocks, adds each block's error correction, and interleaves them.
    static func interleaved(_ data: [UInt8], version: Int, correction: QRCode.Correction) -> [UInt8] {
        let blockCount = self.blocks[correction.rawValue][version - 1]
        let eccLength = self.eccPerBlock[correction.rawValue][version - 1]
        let raw = self.rawDataModules(version: version) / 8
        let shortBlocks = blockCount - raw % blockCount
        let shortLength = raw / blockCount
        let divisor = ReedSolomon.divisor(degree: eccLength)
        var blocks: [[UInt8]] = []
        var start = 0
        for index in 0..<blockCount {
            let length = shortLength - eccLength + (index < shortBlocks ? 0 : 1)
            var block = Array(data[start..<(start + length)])
            start += length
            let ecc = ReedSolomon.remainder(of: block, divisor: divisor)
            // NB: short blocks get a placeholder so all blocks line up; it is skipped when interleaving.
            if index < shortBlocks { block.append(0) }
            blocks.append(block + ecc)
        }
        var result: [UInt8] = []
        result.reserveCapacity(raw)
        for column in 0..<blocks[0].count {
            for (index, block) in blocks.enumerated() where column != shortLength - eccLength || index >= shortBlocks {
                result.append(block[column])
            }
        }
        return result
    }
}

/// Bits appended most significant first.
struct BitBuffer {
    private(set) var bits: [Bool] = []

    var count: Int { self.bits.count }

    mutating func append(_ value: Int, count: Int) {
        for shift in stride(from: count - 1, through: 0, by: -1) {
            self.bits.append((value >> shift) & 1 == 1)
        }
    }

    /// The bits as bytes; the count must be a multiple of 8.
    var bytes: [UInt8] {
        stride(from: 0, to: self.bits.count, by: 8).map { start in
            self.bits[start..<(start + 8)].reduce(UInt8(0)) { $0 << 1 | ($1 ? 1 : 0) }
        }
    }
}
