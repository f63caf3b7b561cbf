/// A run of text in one style.
public struct Span: Sendable, Hashable {
    /// The text.
    public var text: String
    /// Its style.
    public var style: Style

    /// Creates a span.
    public init(_ text: String, _ style: Style = .plain) {
        self.text = text
        self.style = style
    }
}

/// One drawn screen: lines of styled spans, exactly `height` lines that never exceed `width` characters.
public struct Frame: Sendable, Equatable {
    /// The columns the frame was drawn for.
    public let width: Int
    /// The lines, top to bottom.
    public let lines: [[Span]]
    /// Texts that did not fit where they were drawn, cut (a screen that draws them is wrong; tests
    /// look here).
    public var overflow: [String] = []

    /// The frame without styling, one string per line (trailing blanks trimmed).
    public var textLines: [String] {
        self.lines.map { line in
            var text = line.map(\.text).joined()
            while text.last == " " { text.removeLast() }
            return text
        }
    }

    /// The whole frame as plain text.
    public var text: String { self.textLines.joined(separator: "\n") }
}

/// A grid of characters and styles to draw on; ``frame`` turns it into a ``Frame``.
public struct Canvas: Sendable {
    /// Columns.
    public let width: Int
    /// Rows.
    public let height: Int
    private var cells: [[(Character, Style)]]
    /// Texts cut because they did not fit.
    public private(set) var overflow: [String] = []

    /// Creates a blank canvas.
    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        self.cells = Array(repeating: Array(repeating: (" ", .plain), count: self.width), count: self.height)
    }

    /// Writes text from a column of a row; what falls outside the canvas is cut.
    /// - Parameters:
    ///   - text: the text.
    ///   - x: the column of its first character.
    ///   - y: the row.
    ///   - style: its style.
    public mutating func put(_ text: String, x: Int, y: Int, _ style: Style = .plain) {
        guard (0..<self.height).contains(y) else {
            if !text.isEmpty { self.overflow.append(text) }
            return
        }
        var column = x
        var cut = false
        for character in text {
            if (0..<self.width).contains(column) {
                self.cells[y][column] = (character, style)
            } else {
                cut = true
            }
            column += 1
        }
        if cut { self.overflow.append(text) }
    }

    /// Writes text into a box of `width` columns: what does not fit is cut, and recorded in
    /// ``overflow``.
    public mutating func put(_ text: String, x: Int, y: Int, width: Int, _ style: Style = .plain) {
        guard text.count > width else {
            self.put(text, x: x, y: y, style)
            return
        }
        self.put(String(text.prefix(max(0, width))), x: x, y: y, style)
        self.overflow.append(text)
    }

    /// Writes text word-wrapped into a box of `width` columns and at most `lines` rows; returns the rows
    /// used. Text that needs more rows is recorded in ``overflow``.
    @discardableResult
    public mutating func wrap(_ text: String, x: Int, y: Int, width: Int, lines: Int, _ style: Style = .plain) -> Int {
        let rows = Self.wrap(text, width: width)
        for (index, row) in rows.prefix(lines).enumerated() {
            self.put(row, x: x, y: y + index, style)
        }
        if rows.count > lines { self.overflow.append(text) }
        return min(rows.count, lines)
    }

    /// Splits text into rows of at most `width` characters, between words where it can.
    public static func wrap(_ text: String, width: Int) -> [String] {
        guard width > 0 else { return [text] }
        var rows: [String] = []
        var row = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: false).map(String.init) {
            var word = word
            if row.isEmpty, word.isEmpty, !rows.isEmpty { continue }
            let candidate = row.isEmpty ? word : row + " " + word
            if candidate.count <= width {
                row = candidate
                continue
            }
            if !row.isEmpty { rows.append(row) }
            while word.count > width {
                rows.append(String(word.prefix(width)))
                word = String(word.dropFirst(width))
            }
            row = word
        }
        if !row.isEmpty || rows.isEmpty { rows.append(row) }
        return rows
    }

    /// Writes text centred in a range of columns.
    public mutating func center(_ text: String, from x: Int, width: Int, y: Int, _ style: Style = .plain) {
        let pad = max(0, (width - text.count) / 2)
        self.put(text, x: x + pad, y: y, style)
    }

    /// Paints a block of blanks in a style (a square's background).
    public mutating func fill(x: Int, y: Int, width: Int, height: Int = 1, _ style: Style) {
        for row in y..<(y + height) {
            self.put(String(repeating: " ", count: max(0, width)), x: x, y: row, style)
        }
    }

    /// The canvas as a frame: each row cut into runs of one style.
    public var frame: Frame {
        let lines = self.cells.map { row -> [Span] in
            var spans: [Span] = []
            for (character, style) in row {
                if let last = spans.last, last.style == style {
                    spans[spans.count - 1].text.append(character)
                } else {
                    spans.append(Span(String(character), style))
                }
            }
            return spans
        }
        return Frame(width: self.width, lines: lines, overflow: self.overflow)
    }
}
