import WhichBillRules

/// A small drawing for each aisle, five lines of at most twelve columns: the item's picture in a
/// terminal (the state also carries an emoji for screens that can show one).
///
/// NB: an emoji takes two columns in a terminal but one character of a ``ScreenKit/Canvas``, which would
/// shift the rest of its line; these drawings use one-column characters only.
enum ItemDrawings {
    static func drawing(_ category: ItemCategory) -> [String] {
        switch category {
        case .fruit: [#"    ,(.    "#, #"  .-'  `-. "#, #" /        \"#, #" \        /"#, #"  `-.__.-' "#]
        case .vegetables: [#"   \ | /  "#, #"    \|/   "#, #"   /  \   "#, #"   \  /   "#, #"    \/    "#]
        case .dairy: [#"   _____  "#, #"  /____/| "#, #"  |MILK|| "#, #"  |    || "#, #"  |____|/ "#]
        case .bakery: [#"  _______ "#, #" /       \"#, #"(  ~~~~~  )"#, #" |       |"#, #" |_______|"#]
        case .drinks: [#"  ______  "#, #" |~~~~~~| "#, #" |      |]"#, #" |      | "#, #"  \____/  "#]
        case .snacks: [#"          "#, #" _      _ "#, #"( >====< )"#, #" -      - "#, #"          "#]
        case .pantry: [#"  .----.  "#, #"  |____|  "#, #" /      \ "#, #" |      | "#, #" \______/ "#]
        case .frozen: [#"  ______  "#, #" | *  * | "#, #" |  **  | "#, #" | *  * | "#, #" |______| "#]
        case .household: [#"   _||_   "#, #"  /    \  "#, #" |      | "#, #" |      | "#, #" |______| "#]
        case .school: [#"   ______ "#, #"  /     /|"#, #" /_____/ |"#, #" |     | /"#, #" |_____|/ "#]
        case .toys: [#"   ____   "#, #"  / /\ \  "#, #" | |  | | "#, #"  \ \/ /  "#, #"   ----   "#]
        case .clothing: [#" __    __ "#, #"/  \__/  \"#, #"\_|    |_/"#, #"  |    |  "#, #"  |____|  "#]
        case .electronics: [#" .------. "#, #" | .--. | "#, #" | |  | | "#, #" | '--' | "#, #" '------' "#]
        }
    }
}
