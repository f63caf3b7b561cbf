import Protocol

/// The faults that change only what the lobby sends, applied to its outcome on the way out: the
/// lobby's own code stays the documented host's.
enum OutcomeFaults {
    /// The outcome as a host with these faults would send it.
    static func distort(_ outcome: LobbyOutcome, _ faults: Set<HostFault>) -> LobbyOutcome {
        guard !faults.isEmpty else { return outcome }
        var outcome = outcome
        outcome.deliveries = outcome.deliveries.compactMap { delivery in
            var delivery = delivery
            switch delivery.envelope.message {
            case .state(var update) where faults.contains(.wrongHash):
                update.hash = String(update.hash.reversed())
                delivery.envelope.message = .state(update)
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
}
