/// The grid of a QR Code: the function patterns (finders, timing, alignment, format and version
/// information), the codewords placed in the standard's zigzag, and the masks with their penalty.
struct QRMatrix: Sendable, Equatable {
    let size: Int
    let version: Int
    let correction: QRCode.Correction
    private var modules: [Bool]
    private var isFunction: [Bool]

    /// Draws the function patterns and places the codewords, unmasked.
    init(version: Int, correction: QRCode.Correction, codewords: [UInt8]) {
        self.version = version
        self.correction = correction
        self.size = 17 + 4 * version
        self.modules = Array(repeating: false, count: self.size * self.size)
        self.isFunction = self.modules
        self.drawFunctionPatterns()
        self.place(codewords)
    }

    subscript(x: Int, y: Int) -> Bool {
        self.modules[y * self.size + x]
    }

    /// This grid with a mask applied and its format information drawn.
    func masked(_ mask: Int) -> QRMatrix {
        var copy = self
        for y in 0..<self.size {
            for x in 0..<self.size where !self.isFunction[y * self.size + x] && Self.maskBit(mask, x: x, y: y) {
                copy.modules[y * self.size + x].toggle()
            }
        }
        copy.drawFormatBits(mask: mask)
        return copy
    }

    static func maskBit(_ mask: Int, x: Int, y: Int) -> Bool {
        switch mask {
        case 0: (x + y) % 2 == 0
        case 1: y % 2 == 0
        case 2: x % 3 == 0
        case 3: (x + y) % 3 == 0
        case 4: (x / 3 + y / 2) % 2 == 0
        case 5: x * y % 2 + x * y % 3 == 0
        case 6: (x * y % 2 + x * y % 3) % 2 == 0
        default: ((x + y) % 2 + x * y % 3) % 2 == 0
        }
    }

    // MARK: Function patterns

    private mutating func set(_ x: Int, _ y: Int, _ dark: Bool) {
        self.modules[y * self.size + x] = dark
        self.isFunction[y * self.size + x] = true
    }

    private mutating func drawFunctionPatterns() {
        for index in 0..<self.size {
            self.set(6, index, index % 2 == 0)
            self.set(index, 6, index % 2 == 0)
        }
        for (x, y) in [(3, 3), (self.size - 4, 3), (3, self.size - 4)] {
            for dy in -4...4 {
                for dx in -4...4 where (0..<self.size).contains(x + dx) && (0..<self.size).contains(y + dy) {
                    let distance = max(abs(dx), abs(dy))
                    self.set(x + dx, y + dy, distance != 2 && distance != 4)
                }
            }
        }
        let centres = self.alignmentCentres
        for (i, x) in centres.enumerated() {
            for (j, y) in centres.enumerated() {
                let corner =
                    (i == 0 && j == 0) || (i == 0 && j == centres.count - 1) || (i == centres.count - 1 && j == 0)
                guard !corner else { continue }
                for dy in -2...2 {
                    for dx in -2...2 { self.set(x + dx, y + dy, max(abs(dx), abs(dy)) != 1) }
                }
            }
        }
        // NB: reserve the format areas now (mask 0); `masked` draws the real bits.
        self.drawFormatBits(mask: 0)
        self.drawVersionBits()
    }

    private var alignmentCentres: [Int] {
        guard self.version > 1 else { return [] }
        let count = self.version / 7 + 2
        let step = (self.version * 8 + count * 3 + 5) / (count * 4 - 4) * 2
        var result = [6]
        for index in 0..<(count - 1) {
            result.append(self.size - 7 - (count - 2 - index) * step)
        }
        return result
    }

    private mutating func drawFormatBits(mask: Int) {
        let data = self.correction.formatBits << 3 | mask
        var remainder = data
        for _ in 0..<10 { remainder = (remainder << 1) ^ ((remainder >> 9) * 0x537) }
        let bits = (data << 10 | remainder) ^ 0x5412
        func bit(_ index: Int) -> Bool { (bits >> index) & 1 == 1 }
        for index in 0...5 { self.set(8, index, bit(index)) }
        self.set(8, 7, bit(6))
        self.set(8, 8, bit(7))
        self.set(7, 8, bit(8))
        for index in 9..<15 { self.set(14 - index, 8, bit(index)) }
        for index in 0..<8 { self.set(self.size - 1 - index, 8, bit(index)) }
        for index in 8..<15 { self.set(8, self.size - 15 + index, bit(index)) }
        self.set(8, self.size - 8, true)
    }

    private mutating func drawVersionBits() {
        guard self.version >= 7 else { return }
        var remainder = self.version
        for _ in 0..<12 { remainder = (remainder << 1) ^ ((remainder >> 11) * 0x1F25) }
        let bits = self.version << 12 | remainder
        for index in 0..<18 {
            let dark = (bits >> index) & 1 == 1
            let a = self.size - 11 + index % 3
            let b = index / 3
            self.set(a, b, dark)
            self.set(b, a, dark)
        }
    }

    // MARK: Data

    /// Places the codewords' bits in two-column strips, right to left, alternately upward and downward.
    private mutating func place(_ codewords: [UInt8]) {
        var bitIndex = 0
        var right = self.size - 1
        while right >= 1 {
            if right == 6 { right = 5 }
            for vertical in 0..<self.size {
                for offset in 0..<2 {
                    let x = right - offset
                    let upward = (right + 1) & 2 == 0
                    let y = upward ? self.size - 1 - vertical : vertical
                    guard !self.isFunction[y * self.size + x], bitIndex < codewords.count * 8 else { continue }
                    self.modules[y * self.size + x] = (codewords[bitIndex >> 3] >> (7 - UInt8(bitIndex & 7))) & 1 == 1
                    bitIndex += 1
                }
            }
            right -= 2
        }
    }
}
