import Foundation

/// What both encoders to JSON (``JSONTreeBox``, ``JSONBytesBox``) ask of a value's type before encoding it.
enum EncodableKind {
    /// The largest integer a Double holds exactly with its neighbours: 2^53 - 1.
    static let exactLimit: Int64 = 9_007_199_254_740_991

    /// Whether a Double holds an integer exactly, as JSONValue's numbers must (within ±(2^53 - 1)).
    static func isExact(_ integer: Int64) -> Bool {
        (-Self.exactLimit...Self.exactLimit).contains(integer)
    }

    /// Whether a type is one `JSONEncoder` writes as a number or in its own way, by comparing types.
    static func isScalar(_ type: Any.Type) -> Bool {
        type == Double.self || type == Int64.self || type == UInt8.self || type == Int32.self || type == UInt.self
            || type == UInt64.self || type == UInt32.self || type == Int16.self || type == UInt16.self
            || type == Int8.self || type == Float.self || type == Data.self || type == URL.self
            || type == Decimal.self || type == Date.self
    }

    /// Whether a type encodes itself through containers: not a number, nor a Foundation type.
    static func isStructured(_ type: Any.Type) -> Bool {
        !(type is any BinaryInteger.Type) && !(type is any BinaryFloatingPoint.Type)
    }
}
