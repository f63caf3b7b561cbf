/// The `Encoder` behind ``JSONValueEncoder``: every container writes into a ``JSONTreeNode``.
struct JSONTreeEncoder: Encoder {
    let node: JSONTreeNode
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy _: Key.Type) -> KeyedEncodingContainer<Key> {
        self.node.becomeObject()
        return KeyedEncodingContainer(Keyed(node: self.node, codingPath: self.codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        self.node.becomeArray()
        return Unkeyed(node: self.node, codingPath: self.codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        Single(node: self.node, codingPath: self.codingPath)
    }

    struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let node: JSONTreeNode
        let codingPath: [any CodingKey]

        mutating func encodeNil(forKey key: Key) throws {
            self.node.child(forKey: key.stringValue).storeNil()
        }

        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
            try self.node.child(forKey: key.stringValue).store(value, codingPath: self.codingPath + [key])
        }

        mutating func nestedContainer<NestedKey: CodingKey>(
            keyedBy keyType: NestedKey.Type, forKey key: Key
        ) -> KeyedEncodingContainer<NestedKey> {
            JSONTreeEncoder(node: self.node.child(forKey: key.stringValue), codingPath: self.codingPath + [key])
                .container(keyedBy: keyType)
        }

        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            JSONTreeEncoder(node: self.node.child(forKey: key.stringValue), codingPath: self.codingPath + [key])
                .unkeyedContainer()
        }

        mutating func superEncoder() -> any Encoder {
            JSONTreeEncoder(node: self.node.child(forKey: "super"), codingPath: self.codingPath)
        }

        mutating func superEncoder(forKey key: Key) -> any Encoder {
            JSONTreeEncoder(node: self.node.child(forKey: key.stringValue), codingPath: self.codingPath + [key])
        }
    }

    struct Unkeyed: UnkeyedEncodingContainer {
        let node: JSONTreeNode
        let codingPath: [any CodingKey]
        var count: Int { self.node.count }

        mutating func encodeNil() throws {
            self.node.appendChild().storeNil()
        }

        mutating func encode<T: Encodable>(_ value: T) throws {
            try self.node.appendChild().store(value, codingPath: self.codingPath)
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
            -> KeyedEncodingContainer<NestedKey>
        {
            JSONTreeEncoder(node: self.node.appendChild(), codingPath: self.codingPath).container(keyedBy: keyType)
        }

        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
            JSONTreeEncoder(node: self.node.appendChild(), codingPath: self.codingPath).unkeyedContainer()
        }

        mutating func superEncoder() -> any Encoder {
            JSONTreeEncoder(node: self.node.appendChild(), codingPath: self.codingPath)
        }
    }

    struct Single: SingleValueEncodingContainer {
        let node: JSONTreeNode
        let codingPath: [any CodingKey]

        mutating func encodeNil() throws {
            self.node.storeNil()
        }

        mutating func encode<T: Encodable>(_ value: T) throws {
            try self.node.store(value, codingPath: self.codingPath)
        }
    }
}
