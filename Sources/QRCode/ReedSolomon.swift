/// Reed-Solomon error correction over GF(2^8) with the QR Code polynomial x^8 + x^4 + x^3 + x^2 + 1.
enum ReedSolomon {
    /// The generator polynomial of a degree, highest coefficient first, the leading 1 left out.
    static func divisor(degree: Int) -> [UInt8] {
        precondition((1...255).contains(degree), "degree out of range")
        var result = [UInt8](repeating: 0, count: degree)
        result[degree - 1] = 1
        var root: UInt8 = 1
        for _ in 0..<degree {
            for index in result.indices {
                result[index] = self.multiply(result[index], root)
                if index + 1 < result.count { result[index] ^= result[index + 1] }
            }
            root = self.multiply(root, 0x02)
        }
        return result
    }

    /// The error correction codewords of a block: the remainder of its polynomial by the divisor.
    static func remainder(of data: [UInt8], divisor: [UInt8]) -> [UInt8] {
        var result = [UInt8](repeating: 0, count: divisor.count)
        for byte in data {
            let factor = byte ^ result.removeFirst()
            result.append(0)
            for index in result.indices {
                result[index] ^= self.multiply(divisor[index], factor)
            }
        }
        return result
    }

    /// The product of two field elements.
    static func multiply(_ x: UInt8, _ y: UInt8) -> UInt8 {
        var z = 0
        for bit in stride(from: 7, through: 0, by: -1) {
            z = (z << 1) ^ ((z >> 7) * 0x11D)
            z ^= Int((y >> UInt8(bit)) & 1) * Int(x)
        }
        return UInt8(z)
    }
}
