/// The rules walk-through: a few pages with small board drawings, paged with the arrow keys, as the
/// seed's instruction screens are paged with their toolbar.
public enum Walkthrough {
    /// One page: a title and up to 14 lines of at most 72 characters.
    public struct Page: Sendable {
        /// The page's title.
        public let title: String
        /// Its lines.
        public let lines: [String]
    }

    /// The pages, in order.
    public static let pages: [Page] = [
        Page(title: "The board", lines: [
            "Ten banks (dark grey) start with 5 dollars each: the left column",
            "is player A's, the right column player B's. Two treasuries",
            "(orange) start with 10. Each player's collection (purple) keeps",
            "what they capture.",
            "",
            "                 +------- top  10 -------+",
            "   collection A  | A1  5 |       | 5  B1 |  collection B",
            "       0         | A2  5 |       | 5  B2 |       0",
            "                 |  ...  |       |  ...  |",
            "                 | A5  5 |       | 5  B5 |",
            "                 +------ bottom 10 ------+",
        ]),
        Page(title: "A turn: sow", lines: [
            "Press 1-5 to select one of your banks that holds dollars (it turns",
            "red), then Up or Down (or u / d) to sow: take all its dollars and",
            "drop one into each following square, treasuries included. Down",
            "goes toward the bottom treasury, up toward the top one, and the",
            "hand keeps turning the same way round the board:",
            "",
            "        top <- B1 <- B2 ... B5 <- bottom",
            "         |                         ^",
            "         v                         |",
            "         A1 -> A2 -> ... -> A5 ----+      (A sowing down)",
        ]),
        Page(title: "Relay and capture", lines: [
            "When the hand is empty, look at the next square:",
            "",
            "  a treasury     the turn ends.",
            "  a bank with $  pick them all up and sow on (a relay).",
            "  an empty bank  capture the square after it into your collection,",
            "                 then keep capturing while an empty bank is",
            "                 followed by dollars (a chain).",
            "",
            "   A2 [0]  A3 [4]   sowing down ends before the empty A2:",
            "   ^ gap   ^ captured: +4 to your collection",
        ]),
        Page(title: "Refill", lines: [
            "When all five of your banks are empty at the start of your turn,",
            "press r: one dollar from your collection goes into each bank,",
            "then you sow. If your collection holds fewer than 5, the rest is",
            "borrowed from your opponent and counted as your debt.",
            "",
            "Choose a bank while all yours are empty, and the board reminds you:",
            "  \"" + SeedMessages.refillNeeded + "\"",
            "Press r while one of your banks still holds dollars, and it says:",
            "  \"" + SeedMessages.refillRefused + "\"",
        ]),
        Page(title: "The end, and the keys", lines: [
            "The game ends when both treasuries are empty (or after the rule",
            "set's number of turns). Each player adds their banks to their",
            "collection; score = collection - debt + what the other owes you.",
            "The higher score wins, and the winner is announced.",
            "",
            "  1-5 select a bank     Up/Down u/d sow     r refill",
            "  Esc deselect          space skip the animation",
            "  ? this walk-through   n rematch (names kept)",
            "  q leave the table (asks first during a match)",
        ]),
    ]
}
