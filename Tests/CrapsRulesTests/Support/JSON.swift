import Foundation
import GameKit

/// The JSON text of a value in the documented key order.
func json(_ value: some Encodable) throws -> String {
    try OrderedJSON.string(from: value)
}

/// Decodes JSON text with Foundation's decoder, as a client would.
func decode<T: Decodable>(_ type: T.Type, _ text: String) throws -> T {
    try JSONDecoder().decode(type, from: Data(text.utf8))
}

/// The message a decoding error carries, for checking that it explains itself.
func decodingMessage(_ error: any Error) -> String {
    guard let error = error as? DecodingError else { return "\(error)" }
    switch error {
    case .dataCorrupted(let context), .keyNotFound(_, let context), .typeMismatch(_, let context),
        .valueNotFound(_, let context):
        return context.debugDescription
    @unknown default:
        return "\(error)"
    }
}
