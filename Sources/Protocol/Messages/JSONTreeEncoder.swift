/// The `Encoder` behind ``JSONValueEncoder``: every container writes into a ``JSONTreeBox``.
///
/// NB: a keyed member's coding path is built only for an error (the only reader is the error of a
/// non-finite number): an encoder or container a member's value is given holds the path of the
/// container the member is in.
struct JSONTreeEncoder: Encoder {
    let box: JSONTreeBox
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy _: Key.Type) -> KeyedEncodingContainer<Key> {
        self.box.becomeObject()
        return KeyedEncodingContainer(Keyed(box: self.box, codingPath: self.codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        self.box.becomeArray()
        return Unkeyed(box: self.box, codingPath: self.codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        Single(box: self.box, codingPath: self.codingPath)
    }

    struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let box: JSONTreeBox
        let codingPath: [any CodingKey]

        mutating func encodeNil(forKey key: Key) throws {
            self.box.setMember(key.stringValue, .null)
        }

        mutating func encode(_ value: String, forKey key: Key) throws {
            self.box.setMember(key.stringValue, .string(value))
        }

        mutating func encode(_ value: Bool, forKey key: Key) throws {
            self.box.setMember(key.stringValue, .bool(value))
        }

        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
            // NB: the member's key joins the coding path only when an error comes back through it, as
            // in the decoder; a path per member cost an allocation each.
            let tree: JSONValue
            do {
                tree = try JSONTreeBox.value(of: value, path: self.codingPath, key: nil)
            } catch let error as EncodingError {
                throw error.inserting(key, at: self.codingPath.count)
            }
            self.box.setMember(key.stringValue, tree)
        }

        mutating func nestedContainer<NestedKey: CodingKey>(
            keyedBy keyType: NestedKey.Type, forKey key: Key
        ) -> KeyedEncodingContainer<NestedKey> {
            JSONTreeEncoder(box: self.box.memberBox(key.stringValue), codingPath: self.codingPath + [key])
                .container(keyedBy: keyType)
        }

        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            JSONTreeEncoder(box: self.box.memberBox(key.stringValue), codingPath: self.codingPath + [key])
                .unkeyedContainer()
        }

        mutating func superEncoder() -> any Encoder {
            JSONTreeEncoder(box: self.box.memberBox("super"), codingPath: self.codingPath)
        }

        mutating func superEncoder(forKey key: Key) -> any Encoder {
            JSONTreeEncoder(box: self.box.memberBox(key.stringValue), codingPath: self.codingPath + [key])
        }
    }

    struct Unkeyed: UnkeyedEncodingContainer {
        let box: JSONTreeBox
        let codingPath: [any CodingKey]
        var count: Int { self.box.count }

        mutating func encodeNil() throws {
            self.box.append(.null)
        }

        mutating func encode<T: Encodable>(_ value: T) throws {
            self.box.append(try JSONTreeBox.value(of: value, path: self.codingPath, key: nil))
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
            -> KeyedEncodingContainer<NestedKey>
        {
            JSONTreeEncoder(box: self.box.appendBox(), codingPath: self.codingPath).container(keyedBy: keyType)
        }

        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
            JSONTreeEncoder(box: self.box.appendBox(), codingPath: self.codingPath).unkeyedContainer()
        }

        mutating func superEncoder() -> any Encoder {
            JSONTreeEncoder(box: self.box.appendBox(), codingPath: self.codingPath)
        }
    }

    struct Single: SingleValueEncodingContainer {
        let box: JSONTreeBox
        let codingPath: [any CodingKey]

        mutating func encodeNil() throws {
            self.box.setSingle(.null)
        }

        mutating func encode<T: Encodable>(_ value: T) throws {
            self.box.setSingle(
                try JSONTreeBox.value(of: value, path: self.codingPath, key: nil, checked: true))
        }
    }
}

extension EncodingError {
    /// The same error, with a key inserted into its coding path at a depth.
    func inserting(_ key: any CodingKey, at depth: Int) -> EncodingError {
        guard case .invalidValue(let value, let context) = self else { return self }
        var path = context.codingPath
        path.insert(key, at: min(depth, path.count))
        return .invalidValue(
            value,
            .init(
                codingPath: path, debugDescription: context.debugDescription, underlyingError: context.underlyingError))
    }
}
