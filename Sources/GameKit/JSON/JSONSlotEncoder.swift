/// The `Encoder` behind ``OrderedJSON``: each container writes into a ``JSONSlot``.
struct JSONSlotEncoder: Encoder {
    let slot: JSONSlot
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if case .object = slot.content {} else { slot.content = .object([]) }
        return KeyedEncodingContainer(KeyedSlotContainer<Key>(slot: slot, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if case .array = slot.content {} else { slot.content = .array([]) }
        return UnkeyedSlotContainer(slot: slot, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleSlotContainer(slot: slot, codingPath: codingPath)
    }
}

/// A JSON key for unkeyed positions in coding paths.
struct IndexKey: CodingKey {
    let intValue: Int?
    var stringValue: String { String(intValue ?? 0) }
    init(intValue: Int) { self.intValue = intValue }
    init?(stringValue: String) { nil }
}

struct KeyedSlotContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let slot: JSONSlot
    let codingPath: [any CodingKey]

    mutating func encodeNil(forKey key: Key) throws {
        _ = slot.addEntry(key.stringValue)
    }

    mutating func encode(_ value: some Encodable, forKey key: Key) throws {
        try slot.addEntry(key.stringValue).store(value, codingPath: codingPath + [key])
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        JSONSlotEncoder(slot: slot.addEntry(key.stringValue), codingPath: codingPath + [key])
            .container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        JSONSlotEncoder(slot: slot.addEntry(key.stringValue), codingPath: codingPath + [key]).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        JSONSlotEncoder(slot: slot.addEntry("super"), codingPath: codingPath)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        JSONSlotEncoder(slot: slot.addEntry(key.stringValue), codingPath: codingPath + [key])
    }
}

struct UnkeyedSlotContainer: UnkeyedEncodingContainer {
    let slot: JSONSlot
    let codingPath: [any CodingKey]
    var count: Int { slot.itemCount }

    private var nextPath: [any CodingKey] { codingPath + [IndexKey(intValue: count)] }

    mutating func encodeNil() throws {
        _ = slot.addItem()
    }

    mutating func encode(_ value: some Encodable) throws {
        let path = nextPath
        try slot.addItem().store(value, codingPath: path)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
        -> KeyedEncodingContainer<NestedKey>
    {
        let path = nextPath
        return JSONSlotEncoder(slot: slot.addItem(), codingPath: path).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let path = nextPath
        return JSONSlotEncoder(slot: slot.addItem(), codingPath: path).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        let path = nextPath
        return JSONSlotEncoder(slot: slot.addItem(), codingPath: path)
    }
}

struct SingleSlotContainer: SingleValueEncodingContainer {
    let slot: JSONSlot
    let codingPath: [any CodingKey]

    mutating func encodeNil() throws {
        slot.content = .leaf("null")
    }

    mutating func encode(_ value: some Encodable) throws {
        try slot.store(value, codingPath: codingPath)
    }
}
