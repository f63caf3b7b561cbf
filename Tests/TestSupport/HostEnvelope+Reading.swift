import Protocol

/// Reading a host message in tests without a `switch` each time.
extension HostEnvelope {
    /// The error this message carries, if it is one.
    public var error: ErrorMessage? {
        if case .error(let error) = self.message { return error }
        return nil
    }

    /// The match update this message carries, if it is a `state`.
    public var state: MatchUpdate? {
        if case .state(let update) = self.message { return update }
        return nil
    }

    /// The table this message describes, if it is a `table`.
    public var tableInfo: TableInfo? {
        if case .table(let update) = self.message { return update.table }
        return nil
    }
}
