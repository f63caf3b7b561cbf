import Foundation

/// What both encoders to JSON (``JSONTreeBox``, ``JSONBytesBox``) ask of a value's type before encoding it.
enum EncodableKind {
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
