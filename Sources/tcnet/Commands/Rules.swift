import ArgumentParser

extension TCNet {
    struct Rules: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Tax Collection rules tools.")
    }
}
