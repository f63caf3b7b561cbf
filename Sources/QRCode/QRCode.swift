/// A QR Code (ISO/IEC 18004) holding text in byte mode: a square of dark and light modules.
///
/// Enough of the standard for what tcnet shows: a web address on a projector or in a terminal, read
/// by a tablet's camera. Byte mode only (any UTF-8 text), versions 1 to 40, the four error correction
/// levels, and the mask chosen by the standard's penalty rules unless one is asked for.
public struct QRCode: Sendable, Equatable {
    /// How much of the symbol may be damaged and still read.
    public enum Correction: Int, Sendable, CaseIterable {
        /// About 7% of the codewords.
        case low
        /// About 15%.
        case medium
        /// About 25%.
        case quartile
        /// About 30%.
        case high

        /// The two bits of the format information (ISO/IEC 18004 table 12).
        var formatBits: Int {
            switch self {
            case .low: 1
            case .medium: 0
            case .quartile: 3
            case .high: 2
            }
        }
    }

    /// Why a text cannot be encoded.
    public enum EncodingError: Error, Equatable, CustomStringConvertible {
        /// The text needs more bytes than version 40 holds at this correction level.
        case tooLong(bytes: Int, correction: Correction)

        public var description: String {
            switch self {
            case .tooLong(let bytes, let correction):
                "\(bytes) bytes do not fit in a QR Code at correction level \(correction)"
            }
        }
    }

    /// The version, 1 to 40: the symbol is `17 + 4 × version` modules on a side.
    public let version: Int
    /// The error correction level.
    public let correction: Correction
    /// The mask pattern applied, 0 to 7.
    public let mask: Int
    /// Modules on a side.
    public var size: Int { self.matrix.size }

    let matrix: QRMatrix

    /// Encodes a text in byte mode, in the smallest version that holds it.
    /// - Parameters:
    ///   - text: the text (its UTF-8 bytes are encoded).
    ///   - correction: the error correction level; medium by default.
    ///   - mask: a mask pattern to use, 0 to 7; `nil` chooses the one the standard's penalty rules prefer.
    /// - Throws: ``EncodingError/tooLong(bytes:correction:)`` when no version holds the text.
    public init(_ text: String, correction: Correction = .medium, mask: Int? = nil) throws {
        precondition(mask.map { (0..<8).contains($0) } ?? true, "a QR mask pattern is 0 to 7, not \(mask ?? -1)")
        let bytes = Array(text.utf8)
        guard let version = (1...40).first(where: { QRCapacity.fits(bytes.count, version: $0, correction: correction) })
        else {
            throw EncodingError.tooLong(bytes: bytes.count, correction: correction)
        }
        let codewords = QRCapacity.codewords(for: bytes, version: version, correction: correction)
        let base = QRMatrix(version: version, correction: correction, codewords: codewords)
        let chosen = mask ?? (0..<8).min { base.masked($0).penalty < base.masked($1).penalty } ?? 0
        self.version = version
        self.correction = correction
        self.mask = chosen
        self.matrix = base.masked(chosen)
    }

    /// Whether the module at column `x`, row `y` is dark.
    public subscript(x: Int, y: Int) -> Bool {
        self.matrix[x, y]
    }
}
