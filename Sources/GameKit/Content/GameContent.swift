/// Content a host keeps for a game and a table names by a ``GameOption/Kind/library(builtIn:default:)``
/// option: a teacher's word list. Rows of text fields, in the format the game documents (a spelling
/// list: `word` or `word, wrong1, wrong2`).
///
/// NB: the lobby resolves the name when the table is created and journals the rows with the table, so a
/// match replays with the words it was played with even if the teacher later imports the list again.
public struct GameContent: Sendable, Hashable, Codable {
    /// The rows, in order; each a list of fields.
    public var rows: [[String]]

    /// Content of some rows.
    public init(rows: [[String]]) {
        self.rows = rows
    }

    public init(from decoder: any Decoder) throws {
        self.rows = try decoder.singleValueContainer().decode([[String]].self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(self.rows)
    }
}

/// Something a game may need from the host beyond the rules, which a host may lack.
public enum HostFeature: String, Sendable, Hashable, Codable, CaseIterable {
    /// Speaking text aloud (`Game/speech(in:for:)`), e.g. with espeak-ng.
    case speech
}
