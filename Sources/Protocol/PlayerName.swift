/// The rules for a player's name, checked by the host at `hello` and usable by clients beforehand.
public enum PlayerName {
    /// The most characters (extended grapheme clusters) a name may hold.
    public static let maxCharacters = 24
    /// The most UTF-8 bytes a name may take, so combining marks cannot make a name huge.
    public static let maxBytes = 96

    /// Checks a name as typed.
    /// - Parameter raw: the name as the player entered it.
    /// - Returns: the name trimmed of surrounding white space, or why it is refused.
    public static func validate(_ raw: String) -> Result<String, ErrorMessage> {
        let trimmed = raw.trimmingWhitespace()
        if trimmed.isEmpty {
            return .failure(
                self.refusal("Please enter your username: a name of 1 to \(self.maxCharacters) characters."))
        }
        if trimmed.count > self.maxCharacters || trimmed.utf8.count > self.maxBytes {
            return .failure(self.refusal("A name holds at most \(self.maxCharacters) characters."))
        }
        let forbidden = trimmed.unicodeScalars.contains { scalar in
            switch scalar.properties.generalCategory {
            case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .privateUse, .unassigned: true
            default: false
            }
        }
        if forbidden {
            return .failure(self.refusal("A name may not hold control or invisible formatting characters."))
        }
        return .success(trimmed)
    }

    /// The key under which two names count as the same: names differing only in case clash.
    /// - Parameter name: a validated name.
    /// - Returns: the comparison key.
    public static func uniquenessKey(_ name: String) -> String {
        name.lowercased()
    }

    private static func refusal(_ message: String) -> ErrorMessage {
        ErrorMessage(code: .invalidName, message: message, fatal: false)
    }
}

extension String {
    func trimmingWhitespace() -> String {
        let scalars = self.unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(scalars[first...last])
    }
}
