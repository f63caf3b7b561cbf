import Protocol

/// One page of a list the host sends in pages (`players`, `tables`: PROTOCOL.md P-3): as many entries
/// as the request's `limit` allows and the reply's frame holds within `maxFrame`.
struct ListPage<Entry: Encodable> {
    /// The entries on this page.
    var entries: [Entry]
    /// The cursor of the next page, when entries remain.
    var next: String?

    /// Cuts the page that follows `after` from a list.
    ///
    /// A cursor is the position key of the last entry on a page, in decimal; the next page starts after
    /// it, so entries that leave the list between two pages do not shift the others.
    /// - Parameters:
    ///   - list: the whole list in order, each entry with its position key (increasing).
    ///   - after: the request's `after`; the first page when `nil`.
    ///   - limit: the request's `limit`.
    ///   - maxFrame: the payload size no reply may exceed; `nil` for no limit at all (a broken host).
    ///   - reply: the reply holding a page, to measure it.
    /// - Returns: the page, or the refusal of an `after` this host never gave.
    static func cut(
        _ list: [(position: UInt64, entry: Entry)], after: String?, limit: Int?, maxFrame: Int?,
        reply: ([Entry], String?) -> HostEnvelope
    ) -> Result<ListPage, ErrorMessage> {
        var start = list.startIndex
        if let after {
            guard let position = UInt64(after), String(position) == after else {
                return .failure(
                    ErrorMessage(
                        code: .invalidMessage,
                        message: "bad after: \"\(after.prefix(40))\" is not a next this host gave",
                        fatal: false))
            }
            start = list.firstIndex { $0.position > position } ?? list.endIndex
        }
        let rest = list[start...]
        guard let maxFrame else { return .success(ListPage(entries: rest.map(\.entry), next: nil)) }
        // NB: sizes add up exactly: the writer is compact, so a page is its empty frame plus each entry
        // and a comma between two. The empty frame is measured with the longest cursor there can be.
        var size = WireCodec.payload(reply([], String(UInt64.max))).count
        var entries: [Entry] = []
        for item in rest.prefix(limit ?? Int.max) {
            let grown = size + WireCodec.payload(item.entry).count + (entries.isEmpty ? 0 : 1)
            // NB: a page holds at least one entry, so that paging always moves on.
            if grown > maxFrame, !entries.isEmpty { break }
            size = grown
            entries.append(item.entry)
        }
        guard entries.count < rest.count else { return .success(ListPage(entries: entries, next: nil)) }
        let last = rest[rest.startIndex + entries.count - 1]
        return .success(ListPage(entries: entries, next: String(last.position)))
    }
}
