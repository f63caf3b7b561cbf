import Protocol

/// The faults that change only what the lobby sends, applied to its outcome on the way out: the
/// lobby's own code stays the documented host's.
enum OutcomeFaults {
    /// The outcome as a host with these faults would send it.
    static func distort(_ outcome: LobbyOutcome, _ faults: Set<HostFault>) -> LobbyOutcome {
        guard !faults.isEmpty else { return outcome }
        var outcome = outcome
        let journaled = Self.journaledMoves(outcome)
        outcome.deliveries = outcome.deliveries.compactMap { delivery in
            var delivery = delivery
            switch delivery.envelope.message {
            case .state(var update) where faults.contains(.wrongHash):
                update.hash = String(update.hash.reversed())
                delivery.envelope.message = .state(update)
            case .state(var update) where faults.contains(.diceSecretLeaked):
                // NB: the journal's copy of the move is the host's own, with the secrets viewers must not see.
                if let own = journaled["\(update.table) \(update.seq)"], update.last != nil { update.last?.move = own }
                delivery.envelope.message = .state(update)
            case .state(var update) where faults.contains(.diceRevealMismatch):
                if let last = update.last { update.last?.move = Self.reversing("reveal", in: last.move) }
                update.events = update.events.map { event in
                    guard case .object(let members) = event, members["type"] == .string("revealed") else {
                        return event
                    }
                    return Self.reversing("secret", in: event)
                }
                delivery.envelope.message = .state(update)
            case .error(var error) where faults.contains(.refusalDetailsDropped) && error.rule != nil:
                error.details = nil
                delivery.envelope.message = .error(error)
            case .welcome(var welcome) where faults.contains(.resumedFlagFalse):
                welcome.resumed = false
                delivery.envelope.message = .welcome(welcome)
            case .tables(var list) where faults.contains(.tablesUnordered):
                list.tables.reverse()
                delivery.envelope.message = .tables(list)
            case .error(let error) where faults.contains(.noSuchTableSilent) && error.code == .noSuchTable:
                return nil
            default:
                break
            }
            return delivery
        }
        return outcome
    }

    /// The moves the outcome journals, as the host keeps them, by table and the seq they lead to.
    private static func journaledMoves(_ outcome: LobbyOutcome) -> [String: JSONValue] {
        var moves: [String: JSONValue] = [:]
        for case .move(let record) in outcome.journal { moves["\(record.table) \(record.seq)"] = record.move }
        return moves
    }

    /// A JSON object with the string member `key` reversed (a secret other than the committed one).
    private static func reversing(_ key: String, in value: JSONValue) -> JSONValue {
        guard case .object(var members) = value, case .string(let text)? = members[key] else { return value }
        members[key] = .string(String(text.reversed()))
        return .object(members)
    }
}
