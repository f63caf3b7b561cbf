/// The word list that ships with tcnet: "first-grade", 131 common words a first grader learns to spell.
///
/// Source: the Dolch sight words (Edward W. Dolch, "Problems in Reading", 1948; the lists are in the public
/// domain): all of the pre-primer, primer and first-grade lists, less the one-letter words "a" and "I"
/// (a word here has at least two letters, so that it can be misspelled and scrambled). No wrong spellings
/// are given: the game makes them (``Misspeller``).
public enum FirstGradeWords {
    /// The list's name, the default of the `list` option.
    public static let name = "first-grade"

    /// The words, in the order of the Dolch lists.
    public static let words: [String] = prePrimer + primer + firstGrade

    /// The list.
    public static let list = WordList(name: name, words: words.map { SpellingWord($0) })

    static let prePrimer = [
        "and", "away", "big", "blue", "can", "come", "down", "find", "for", "funny", "go", "help", "here", "in",
        "is", "it", "jump", "little", "look", "make", "me", "my", "not", "one", "play", "red", "run", "said",
        "see", "the", "three", "to", "two", "up", "we", "where", "yellow", "you",
    ]

    static let primer = [
        "all", "am", "are", "at", "ate", "be", "black", "brown", "but", "came", "did", "do", "eat", "four",
        "get", "good", "have", "he", "into", "like", "must", "new", "no", "now", "on", "our", "out", "please",
        "pretty", "ran", "ride", "saw", "say", "she", "so", "soon", "that", "there", "they", "this", "too",
        "under", "want", "was", "well", "went", "what", "white", "who", "will", "with", "yes",
    ]

    static let firstGrade = [
        "after", "again", "an", "any", "as", "ask", "by", "could", "every", "fly", "from", "give", "going",
        "had", "has", "her", "him", "his", "how", "just", "know", "let", "live", "may", "of", "old", "once",
        "open", "over", "put", "round", "some", "stop", "take", "thank", "them", "then", "think", "walk",
        "were", "when",
    ]
}
