extension Duration {
    /// The duration in seconds, for rates, clocks and messages.
    public var inSeconds: Double {
        Double(self.components.seconds) + Double(self.components.attoseconds) * 1e-18
    }
}
