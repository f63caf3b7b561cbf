/// Words a first grader hears alike: in the hear-and-type game the sound cannot tell them apart, so any
/// of them is a right answer.
///
/// NB: a small fixed table of common homophones, not a pronouncing dictionary; docs/SPELLING.md lists it.
public enum Homophones {
    /// The groups.
    public static let groups: [[String]] = [
        ["to", "too", "two"], ["for", "four"], ["no", "know"], ["one", "won"], ["by", "buy", "bye"],
        ["new", "knew"], ["right", "write"], ["ate", "eight"], ["there", "their"], ["here", "hear"],
        ["see", "sea"], ["be", "bee"], ["blue", "blew"], ["so", "sew"], ["our", "hour"], ["would", "wood"],
        ["sun", "son"], ["meet", "meat"], ["road", "rode"], ["tail", "tale"], ["wait", "weight"],
        ["week", "weak"], ["night", "knight"], ["not", "knot"], ["hole", "whole"], ["made", "maid"],
    ]

    /// The word and the words that sound like it.
    /// - Parameter word: a word.
    /// - Returns: the word first, then its homophones in the table's order.
    public static func alike(_ word: String) -> [String] {
        guard let group = Self.groups.first(where: { $0.contains(word) }) else { return [word] }
        return [word] + group.filter { $0 != word }
    }
}
