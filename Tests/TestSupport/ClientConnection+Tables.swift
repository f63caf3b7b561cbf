import Peer
import Protocol

extension ClientConnection {
    /// Asks for the list of tables and reads every page of it, as a client does before it opens one (the
    /// client suite's sessions check it reads them all).
    /// - Returns: the last page's answer.
    @discardableResult
    public mutating func readEveryTablePage() async throws -> HostEnvelope {
        var page = try await self.request(.tables(TablesRequest()))
        while case .tables(let list) = page.message, let next = list.next {
            page = try await self.request(.tables(TablesRequest(after: next)))
        }
        return page
    }
}
