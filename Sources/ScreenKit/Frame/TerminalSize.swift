/// A terminal's size in columns and rows.
public struct TerminalSize: Sendable, Hashable, CustomStringConvertible {
    /// Columns.
    public var width: Int
    /// Rows.
    public var height: Int

    /// A size.
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// The classic terminal, and the smallest most screens need.
    public static let standard = TerminalSize(width: 80, height: 24)

    /// Whether something of size `minimum` fits.
    public func fits(_ minimum: TerminalSize) -> Bool {
        self.width >= minimum.width && self.height >= minimum.height
    }

    public var description: String { "\(self.width)x\(self.height)" }

    /// What a screen shows when the terminal is too small for it. Keys wait until it fits (the board
    /// they would act on is hidden), so the notice says so.
    /// - Parameter minimum: what the screen needs.
    /// - Returns: the notice, wrapped to the terminal.
    public func tooSmallFrame(for minimum: TerminalSize) -> Frame {
        var canvas = Canvas(width: self.width, height: self.height)
        let text =
            "This terminal is \(self.description); the board needs \(minimum.description). Enlarge it: "
            + "keys wait until the board fits. Ctrl-C quits."
        var y = 0
        for row in Canvas.wrap(text, width: max(1, self.width)) where y < self.height {
            canvas.put(row, x: 0, y: y, y == 0 ? .warning : .plain)
            y += 1
        }
        var frame = canvas.frame
        // NB: a terminal this small cuts text by necessity; that is not a layout fault.
        frame.overflow = []
        return frame
    }
}
