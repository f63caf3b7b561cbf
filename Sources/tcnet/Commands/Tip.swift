import ArgumentParser
import Foundation
import GameKit
import Play
import Terminal
import TipCalculator

extension TCNet {
    /// `tcnet tip`: the seed's tip calculator, on the terminal or for scripts.
    struct Tip: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "The tip calculator: a screen, or one line for scripts (tcnet tip 42.50 18%).",
            discussion: """
                Without arguments, opens the tip calculator's screen: type the check amount and the tip \
                percentage, Tab or the arrows to move, Enter to calculate, Esc to quit.
                With AMOUNT and PERCENT, prints the tip and the total; --split N shares the total between N \
                people in whole cents (the first people pay the odd cents); --json prints one JSON object.
                Amounts may have a leading $, spaces around, commas between groups of three digits \
                (1,234.50) and any number of decimals, rounded half up to the cent; a percentage may end \
                with %, and has at most 4 decimals, from 0 to 1000. Arithmetic is in exact cents. \
                docs/TIP.md has every rule.
                """)

        @Argument(help: ArgumentHelp("The check amount, e.g. 42.50 or $1,234.", valueName: "amount"))
        var amount: String?

        @Argument(help: ArgumentHelp("The tip percentage, e.g. 18% or 18.5.", valueName: "percent"))
        var percent: String?

        @Option(
            name: .long, help: ArgumentHelp("Share the total between this many people (1 to 1000).", valueName: "n"))
        var split: Int = 1

        @Flag(name: .long, help: "Print one JSON object.")
        var json = false

        func validate() throws {
            guard (self.amount == nil) == (self.percent == nil) else {
                throw ValidationError("give both the check amount and the tip percentage, like: tcnet tip 42.50 18%")
            }
            guard (1...1000).contains(self.split) else {
                throw ValidationError("--split takes 1 to 1000 people, not \(self.split)")
            }
            if self.amount == nil, self.split != 1 || self.json {
                throw ValidationError(
                    "--split and --json need the check amount and the percentage: tcnet tip 42.50 18%")
            }
        }

        func run() async throws {
            guard let amount, let percent else {
                guard RawTerminal.isInteractive else {
                    throw CommandFailure(
                        "tcnet tip without arguments opens a screen and needs a terminal; "
                            + "give the amount and the percentage to print the result (tcnet tip 42.50 18%)")
                }
                try await ToolApp.run(TipForm())
                return
            }
            let check: Money
            switch TipInput.amount(amount) {
            case .success(let value): check = value
            case .failure(let error):
                throw CommandFailure("check amount \"\(amount)\": \(error.message(for: .check))")
            }
            let rate: Percentage
            switch TipInput.percentage(percent) {
            case .success(let value): rate = value
            case .failure(let error):
                throw CommandFailure("tip percentage \"\(percent)\": \(error.message(for: .percentage))")
            }
            let tip = TipCalculator.Tip(check: check, percentage: rate)
            print(self.json ? TipReport.json(tip, split: self.split) : TipReport.text(tip, split: self.split))
        }
    }
}
