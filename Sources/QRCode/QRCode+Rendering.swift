// MARK: - Drawing a QR Code

extension QRCode {
    /// The symbol as an SVG image, one unit per module, with the standard's light border of four modules.
    /// - Parameter label: the image's accessible name (what a screen reader says).
    public func svg(label: String) -> String {
        let border = 4
        let side = self.size + 2 * border
        var path = ""
        for y in 0..<self.size {
            for x in 0..<self.size where self[x, y] {
                path += "M\(x + border) \(y + border)h1v1h-1z"
            }
        }
        let escaped = label.replacing("&", with: "&amp;").replacing("<", with: "&lt;").replacing("\"", with: "&quot;")
        return """
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 \(side) \(side)" role="img" aria-label="\(escaped)" \
            shape-rendering="crispEdges"><rect width="\(side)" height="\(side)" fill="#fff"/>\
            <path d="\(path)" fill="#000"/></svg>
            """
    }

    /// The symbol for a terminal: two rows of modules per line in half blocks, black on white (set
    /// with ANSI colours, so it reads the same on dark and light terminals), with a border of two.
    public var terminalLines: [String] {
        let border = 2
        let range = -border..<(self.size + border)
        func dark(_ x: Int, _ y: Int) -> Bool {
            (0..<self.size).contains(x) && (0..<self.size).contains(y) && self[x, y]
        }
        return stride(from: range.lowerBound, to: range.upperBound, by: 2).map { y in
            let cells = String(
                range.map { x -> Character in
                    switch (dark(x, y), dark(x, y + 1)) {
                    case (false, false): " "
                    case (true, false): "\u{2580}"
                    case (false, true): "\u{2584}"
                    case (true, true): "\u{2588}"
                    }
                })
            return "\u{1B}[30;107m" + cells + "\u{1B}[0m"
        }
    }
}
