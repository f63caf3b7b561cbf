/// Reads a JSON text value by value, in the order it is written: how a ``JSONTextReadable`` value reads
/// itself without a `Decoder`.
///
/// The text is one the caller has checked as JSON (the protocol module's parser checks every message);
/// the reader reads only what it reads exactly as the protocol's `Decodable` reading does, and refuses
/// the rest: a string with an escape, a number not written as an integer of at most 18 digits (and
/// `-0`), as PROTOCOL.md M-8 reads them. Each method reads the value at the reader when it is of its
/// kind, and otherwise returns `nil` (or `false`); after a refusal the value being read gives up, and
/// `Decodable` reads the text.
///
/// NB: a concrete type, not a protocol over the protocol module's parser: a value's reader written over
/// a protocol stays generic across the module boundary, and read Tax Collection's state in about 30 000
/// instructions (100 000 through the tree and `Decodable`), against 18 000 here. Not copyable: it reads
/// memory it does not own, only inside ``read(_:_:)``.
public struct JSONTextReader: ~Copyable {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0

    private init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// Reads a whole checked text as `read` reads it: `nil` when `read` gives up, or leaves anything but
    /// white space after the value.
    public static func read<T>(_ text: UnsafeBufferPointer<UInt8>, _ read: (inout JSONTextReader) -> T?) -> T? {
        var reader = JSONTextReader(text)
        guard let value = read(&reader) else { return nil }
        reader.skipWhitespace()
        return reader.index == reader.bytes.count ? value : nil
    }

    /// Reads an object: `member` gets each member's name and reads its value, or returns `false` to give
    /// up. `false` when there is no object here, a name has an escape, or `member` gave up.
    public mutating func readObject(_ member: (inout JSONTextReader, String) -> Bool) -> Bool {
        guard self.opens(UInt8(ascii: "{")) else { return false }
        if self.take(UInt8(ascii: "}")) { return true }
        repeat {
            self.skipWhitespace()
            guard let name = self.readString() else { return false }
            self.skipWhitespace()
            guard self.take(UInt8(ascii: ":")), member(&self, name) else { return false }
            self.skipWhitespace()
        } while self.take(UInt8(ascii: ","))
        return self.take(UInt8(ascii: "}"))
    }

    /// Reads an array: `item` reads each item, or returns `false` to give up. `false` when there is no
    /// array here, or `item` gave up.
    public mutating func readArray(_ item: (inout JSONTextReader) -> Bool) -> Bool {
        guard self.opens(UInt8(ascii: "[")) else { return false }
        if self.take(UInt8(ascii: "]")) { return true }
        repeat {
            guard item(&self) else { return false }
            self.skipWhitespace()
        } while self.take(UInt8(ascii: ","))
        return self.take(UInt8(ascii: "]"))
    }

    /// An array of whole numbers.
    public mutating func readIntegers() -> [Int]? {
        var integers: [Int] = []
        let read = self.readArray { json in
            guard let integer = json.readInteger() else { return false }
            integers.append(integer)
            return true
        }
        return read ? integers : nil
    }

    /// A number written as an integer of at most 18 digits, other than `-0`.
    public mutating func readInteger() -> Int? {
        self.skipWhitespace()
        let negative = self.take(UInt8(ascii: "-"))
        let start = self.index
        var value = 0
        while self.index < self.bytes.count, case let digit = self.bytes[self.index] &- UInt8(ascii: "0"), digit < 10 {
            value = value * 10 + Int(digit)
            self.index += 1
            guard self.index - start <= 18 else { return nil }
        }
        guard self.index > start, !(negative && value == 0) else { return nil }
        if self.index < self.bytes.count {
            switch self.bytes[self.index] {
            case UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"): return nil
            default: break
            }
        }
        return negative ? -value : value
    }

    /// A string written without an escape.
    public mutating func readString() -> String? {
        self.skipWhitespace()
        guard self.take(UInt8(ascii: "\"")) else { return nil }
        let start = self.index
        while self.index < self.bytes.count {
            switch self.bytes[self.index] {
            case UInt8(ascii: "\""):
                let string = String(
                    decoding: UnsafeBufferPointer(rebasing: self.bytes[start..<self.index]), as: UTF8.self)
                self.index += 1
                return string
            case UInt8(ascii: "\\"): return nil
            default: self.index += 1
            }
        }
        return nil
    }

    /// `true` or `false`.
    public mutating func readBool() -> Bool? {
        if self.takeLiteral("true") { return true }
        if self.takeLiteral("false") { return false }
        return nil
    }

    /// Whether the value here is `null`; it is read when it is, and left to be read otherwise.
    public mutating func readNull() -> Bool {
        self.takeLiteral("null")
    }

    /// Steps past white space and an opening bracket; `false` when there is none here.
    private mutating func opens(_ opener: UInt8) -> Bool {
        self.skipWhitespace()
        guard self.take(opener) else { return false }
        self.skipWhitespace()
        return true
    }

    private mutating func take(_ byte: UInt8) -> Bool {
        guard self.index < self.bytes.count, self.bytes[self.index] == byte else { return false }
        self.index += 1
        return true
    }

    private mutating func takeLiteral(_ literal: StaticString) -> Bool {
        self.skipWhitespace()
        let count = literal.utf8CodeUnitCount
        guard self.index + count <= self.bytes.count,
            UnsafeBufferPointer(rebasing: self.bytes[self.index..<(self.index + count)])
                .elementsEqual(UnsafeBufferPointer(start: literal.utf8Start, count: count))
        else { return false }
        self.index += count
        return true
    }

    private mutating func skipWhitespace() {
        while self.index < self.bytes.count {
            switch self.bytes[self.index] {
            case 0x20, 0x09, 0x0A, 0x0D: self.index += 1
            default: return
            }
        }
    }
}

/// A value that reads itself from its JSON text where that happens often: a game's state, which a client
/// reads at the start of every match (and after a `sync`) to check the moves that follow against it.
///
/// The contract, which the game's tests hold it to (`JSONTextReadableCheck` in the tests' support):
/// ``init(readingJSON:)`` returns a value only when `Decodable` reads the same value from the same text;
/// for anything else (a member it does not know, a name written twice, a value the type refuses) it
/// returns `nil`, and `Decodable` decides, with its error.
///
/// NB: optional, as ``JSONTextWritable`` is. A game whose state does not conform is read through
/// `Decodable`, as before (docs/GAMES.md, "Writing JSON fast").
public protocol JSONTextReadable: Decodable {
    /// Reads the value at the reader, or returns `nil` to leave the text to `Decodable`.
    init?(readingJSON json: inout JSONTextReader)
}
