// MARK: - The mask penalty (ISO/IEC 18004 section 7.8.3)

extension QRMatrix {
    /// The penalty of this (masked) grid: long runs, 2×2 blocks, finder-like patterns and an
    /// unbalanced count of dark modules all add to it; the mask with the lowest penalty is used.
    var penalty: Int {
        var result = 0
        for line in 0..<self.size {
            result += self.linePenalty { self[$0, line] }
            result += self.linePenalty { self[line, $0] }
        }
        for y in 0..<(self.size - 1) {
            for x in 0..<(self.size - 1) {
                let colour = self[x, y]
                if colour == self[x + 1, y] && colour == self[x, y + 1] && colour == self[x + 1, y + 1] { result += 3 }
            }
        }
        let dark = (0..<self.size).reduce(0) { sum, y in sum + (0..<self.size).filter { self[$0, y] }.count }
        let total = self.size * self.size
        let steps = (abs(dark * 20 - total * 10) + total - 1) / total - 1
        return result + steps * 10
    }

    /// Runs of five or more modules of one colour (rule 1) and 1:1:3:1:1 finder-like patterns with
    /// four light modules on a side (rule 3) in one row or column; the symbol's light border counts.
    private func linePenalty(_ module: (Int) -> Bool) -> Int {
        var result = 0
        var runColour = false
        var runLength = 0
        var history = FinderHistory(size: self.size)
        for index in 0..<self.size {
            if module(index) == runColour {
                runLength += 1
                if runLength == 5 { result += 3 } else if runLength > 5 { result += 1 }
            } else {
                history.add(runLength)
                if !runColour { result += history.finderLikePatterns * 40 }
                runColour = module(index)
                runLength = 1
            }
        }
        if runColour {
            history.add(runLength)
            runLength = 0
        }
        history.add(runLength + self.size)
        return result + history.finderLikePatterns * 40
    }
}

/// The last seven run lengths of a line, newest first, for spotting finder-like patterns.
private struct FinderHistory {
    let size: Int
    private var runs = [Int](repeating: 0, count: 7)

    init(size: Int) {
        self.size = size
    }

    mutating func add(_ length: Int) {
        // NB: the first run is extended by the light border before the line.
        let length = self.runs[0] == 0 ? length + self.size : length
        self.runs.removeLast()
        self.runs.insert(length, at: 0)
    }

    /// 0, 1 or 2: a dark-light-dark(3)-light-dark core with four light modules before or after it.
    var finderLikePatterns: Int {
        let unit = self.runs[1]
        let core =
            unit > 0 && self.runs[2] == unit && self.runs[3] == unit * 3 && self.runs[4] == unit && self.runs[5] == unit
        return (core && self.runs[0] >= unit * 4 && self.runs[6] >= unit ? 1 : 0)
            + (core && self.runs[6] >= unit * 4 && self.runs[0] >= unit ? 1 : 0)
    }
}
