import ScreenKit

/// How styles look on a terminal: the games' colours, or attributes only (NO_COLOR, TERM=dumb).
public struct Palette: Sendable, Equatable {
    /// Whether colours are used.
    public let colour: Bool

    /// Creates a palette.
    public init(colour: Bool) {
        self.colour = colour
    }

    /// Colour unless NO_COLOR is set (https://no-color.org) or the terminal is "dumb" or unknown.
    /// - Parameter environment: the process environment.
    public static func detect(environment: [String: String]) -> Palette {
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return Palette(colour: false) }
        let term = environment["TERM"] ?? ""
        return Palette(colour: !(term.isEmpty || term == "dumb"))
    }

    /// The SGR parameters of a style ("" for none).
    public func sgr(_ style: Style) -> String {
        if self.colour {
            switch style {
            case .plain: return ""
            case .title: return "7"
            case .focus: return "1;30;43"
            case .turnFlag: return "1;7"
            case .warning: return "1;33"
            case .good: return "1;32"
            case .dim: return "2"
            case .key: return "1"
            case .tile(.grey): return "48;5;240;97"
            case .tile(.red): return "1;97;41"
            case .tile(.orange): return "30;48;5;208"
            case .tile(.purple): return "97;48;5;91"
            case .tile(.green): return "97;48;5;28"
            case .tile(.blue): return "97;48;5;25"
            case .tile(.white): return "30;107"
            }
        }
        // NB: without colour every role still reads: its text carries the meaning, attributes stress it.
        switch style {
        case .title, .focus: return "7"
        case .tile(.red), .turnFlag: return "1;7"
        case .warning, .key: return "1"
        case .good: return "1;4"
        case .plain, .dim, .tile: return ""
        }
    }
}

/// Turns a frame into the bytes that draw it: every line rewritten in place, no flicker.
public enum FramePainter {
    /// The escape sequence that draws the frame from the top-left corner.
    /// - Parameters:
    ///   - frame: the frame.
    ///   - palette: colours or none.
    public static func paint(_ frame: Frame, palette: Palette) -> String {
        var out = "\u{1B}[?25l"
        for (row, spans) in frame.lines.enumerated() {
            out += "\u{1B}[\(row + 1);1H"
            for span in spans {
                let sgr = palette.sgr(span.style)
                out += sgr.isEmpty ? "\u{1B}[0m" : "\u{1B}[0;\(sgr)m"
                out += span.text
            }
            out += "\u{1B}[0m\u{1B}[K"
        }
        return out
    }
}
