import ArgumentParser

extension TCNet {
    struct Host: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Run a lobby that other machines join.")
        func run() async throws {}
    }
}
