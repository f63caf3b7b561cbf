import Protocol

extension Lobby {
    /// Answers a request for a list with the page it asks for (PROTOCOL.md P-3), or refuses an `after`
    /// this host never gave with `invalid-message`.
    /// - Parameters:
    ///   - list: the whole list in order, each entry with its position key (increasing).
    ///   - after: the request's `after`.
    ///   - limit: the request's `limit`.
    ///   - connection: the requester.
    ///   - re: the request's id.
    ///   - outcome: where the reply goes.
    ///   - message: the reply holding a page and its `next`.
    func sendPage<Entry: Encodable>(
        _ list: [(position: UInt64, entry: Entry)], after: String?, limit: Int?, to connection: ConnectionID,
        re: RequestID?, into outcome: inout LobbyOutcome, _ message: ([Entry], String?) -> HostMessage
    ) {
        let maxFrame = self.referee.paginatesLists ? self.configuration.maxFrame : nil
        let page = ListPage.cut(list, after: after, limit: limit, maxFrame: maxFrame) { entries, next in
            HostEnvelope(re: re, message(entries, next))
        }
        switch page {
        case .success(let page): outcome.send(message(page.entries, page.next), to: connection, re: re)
        case .failure(let refusal): outcome.send(.error(refusal), to: connection, re: re)
        }
    }
}
