/// The `Encoder` behind ``JSONValueEncoder``: every container writes into a ``JSONTreeBox``.
///
/// NB: a member's coding path is built only when the member is a container itself (it is read only
/// by the error of a non-finite number), not for every leaf.
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
            let tree = try JSONTreeBox.value(of: value, exact: self.box.exact, path: self.codingPath, key: key)
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
            self.box.append(try JSONTreeBox.value(of: value, exact: self.box.exact, path: self.codingPath, key: nil))
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
                try JSONTreeBox.value(of: value, exact: self.box.exact, path: self.codingPath, key: nil, checked: true))
        }
    }
}
