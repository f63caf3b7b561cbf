/// Why a JSON payload is not a message, found while decoding an envelope.
enum EnvelopeProblem: Error {
    case notAnObject
    case missingType
    case invalidID(detail: String)
    case unknownType(type: String, id: RequestID?)
    case invalidFields(type: String, id: RequestID?, detail: String)

    static func readType(_ decoder: any Decoder) throws -> (String, KeyedDecodingContainer<EnvelopeKey>) {
        let container: KeyedDecodingContainer<EnvelopeKey>
        do {
            container = try decoder.container(keyedBy: EnvelopeKey.self)
        } catch {
            throw EnvelopeProblem.notAnObject
        }
        guard let type = try? container.decodeIfPresent(String.self, forKey: .type) else {
            throw EnvelopeProblem.missingType
        }
        return (type, container)
    }
}

/// Turns a `DecodingError` into one sentence that names the field.
enum ReadableDecodingError {
    static func describe(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "\(error)" }
        switch error {
        case .keyNotFound(let key, let context):
            return "missing field \(self.path(context.codingPath + [key]))"
        case .typeMismatch(let type, let context):
            return "field \(self.path(context.codingPath)) should be \(self.kind(type))"
        case .valueNotFound(let type, let context):
            return "field \(self.path(context.codingPath)) is null but should be \(self.kind(type))"
        case .dataCorrupted(let context):
            return "field \(self.path(context.codingPath)): \(context.debugDescription)"
        @unknown default:
            return "\(error)"
        }
    }

    private static func path(_ keys: [any CodingKey]) -> String {
        let names = keys.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
        return names.isEmpty ? "(the message)" : "'\(names.joined(separator: "."))'"
    }

    private static func kind(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Bool.Type: "true or false"
        case is any FixedWidthInteger.Type: "an integer"
        case is Double.Type: "a number"
        case is [String: Any].Type: "an object"
        case is [Any].Type: "an array"
        default: "a value of the documented kind"
        }
    }
}
