import GameKit
import WhichBillRules

/// The seed's messages: WhichBill asks which bill pays, asks the player to try a different bill after a
/// wrong one (saying why), congratulates the player on the right one, and offers Play Again.
public enum SeedMessages {
    /// A new item: "Which bill pays for the apple ($1.25)?"
    public static func ask(_ item: GroceryItem, _ cost: Money) -> String {
        "Which bill pays for the \(item.name) (\(cost))?"
    }

    /// A wrong bill: "$5 is too small for $7.49. Try a different bill."
    public static func wrong(_ bill: Money, _ verdict: BillVerdict, _ cost: Money) -> String {
        "\(Bills.name(bill)) is \(verdict.reason) for \(cost). Try a different bill."
    }

    /// The right bill: "Yes! $10 is the right bill for the T-shirt. Great job!"
    public static func right(_ bill: Money, _ item: GroceryItem) -> String {
        "Yes! \(Bills.name(bill)) is the right bill for the \(item.name). Great job!"
    }

    /// After the right bill, while the session goes on.
    public static let playAgain = "Press P to Play Again."

    /// The session's end: "That was the last item: 7 of 10 right at the first try."
    public static func sessionOver(items: Int, firstTry: Int) -> String {
        "That was the last item: \(firstTry) of \(items) right at the first try. Press P for a new session."
    }

    /// The number line points at the right bill: the others rest for the moment.
    public static func pointing(_ bill: Money) -> String {
        "The number line points at \(Bills.name(bill)): the other bills rest while it is there."
    }
}
