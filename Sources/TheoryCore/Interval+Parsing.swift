extension Interval {
    /// The longest input the interval parser looks at.
    public static let maximumTextLength = 48

    /// Parses an interval written as a short name (`M3`, `m-3`, `AA4`, `P11`, `dd7`, `maj3`, `dim5`),
    /// a degree label relative to the major scale (`3`, `b3`, `#11`, `bb7`) or a long name
    /// ("major third", "doubly augmented fourth", "minor 10th").
    public init(_ text: String) throws {
        let input = text.trimmingWhitespace()
        if input.isEmpty { throw TheoryError.empty(what: "an interval such as M3, P-5 or b7") }
        if input.count > Self.maximumTextLength {
            throw TheoryError.tooLong(what: "an interval", length: input.count, limit: Self.maximumTextLength)
        }
        if input.contains(" ") {
            self = try Self.parseLongName(input)
        } else if let first = input.first, first.isNumber || "#b♯♭x".contains(first) {
            self = try Self(degree: input)
        } else {
            self = try Self.parseShortName(input)
        }
    }

    /// Parses a degree label relative to the major scale: `1`, `b3`, `#4`, `bb7`, `b9`, `#11`, `13`.
    public init(degree text: String) throws {
        let input = text.trimmingWhitespace()
        if input.isEmpty { throw TheoryError.empty(what: "a degree label such as b3 or #11") }
        let chars = Array(input)
        var i = 0
        var alteration = 0
        while i < chars.count, !chars[i].isNumber {
            switch chars[i] {
            case "#", "♯": alteration += 1
            case "x": alteration += 2
            case "b", "♭": alteration -= 1
            default:
                throw TheoryError.invalidInterval(input: input, reason: "'\(chars[i])' is not an accidental in a degree label (use b or #)")
            }
            i += 1
            if abs(alteration) > AccidentalReader.maximum {
                throw TheoryError.invalidInterval(input: input, reason: "more than \(AccidentalReader.maximum) accidentals in a degree label")
            }
        }
        let digits = String(chars[i...])
        guard !digits.isEmpty, digits.allSatisfy(\.isASCII), let number = Int(digits) else {
            throw TheoryError.invalidInterval(input: input, reason: digits.isEmpty ? "missing degree number" : "'\(TheoryError.excerpt(digits, limit: 12))' is not a degree number")
        }
        guard (1...Self.maximumNumber).contains(number) else {
            throw TheoryError.invalidInterval(input: input, reason: "degree \(number) is outside 1…\(Self.maximumNumber)")
        }
        let size = Self.majorSemitones(steps: number - 1) + alteration
        if number == 1 && alteration < 0 {
            throw TheoryError.invalidInterval(input: input, reason: "a lowered unison is written as a descending augmented unison", suggestion: "A-1")
        }
        self.init(steps: number - 1, semitones: size)
    }

    // MARK: - Short names

    private static func parseShortName(_ input: String) throws -> Interval {
        let chars = Array(input)
        var i = 0
        var descending = false
        if chars.first == "-" { descending = true; i = 1 }
        let qualityStart = i
        while i < chars.count, chars[i] != "-", !chars[i].isNumber { i += 1 }
        let qualityText = String(chars[qualityStart..<i])
        if i < chars.count, chars[i] == "-" {
            if descending {
                throw TheoryError.invalidInterval(input: input, reason: "two minus signs")
            }
            descending = true
            i += 1
        }
        let digits = String(chars[i...])
        guard let quality = quality(from: qualityText) else {
            let reason = qualityText.isEmpty
                ? "missing quality (P, M, m, A or d) before the number"
                : "'\(TheoryError.excerpt(qualityText, limit: 12))' is not an interval quality (use P, M, m, A, AA, d, dd …)"
            throw TheoryError.invalidInterval(input: input, reason: reason)
        }
        guard !digits.isEmpty, digits.count <= 3, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(digits) else {
            let reason = digits.isEmpty ? "missing interval number" : "'\(TheoryError.excerpt(digits, limit: 12))' is not an interval number"
            throw TheoryError.invalidInterval(input: input, reason: reason)
        }
        return try Interval(quality, number, descending ? .descending : .ascending)
    }

    /// Reads `P`, `M`, `m`, `A…`, `d…` and the word forms `perf`, `maj`, `min`, `aug`, `dim`.
    package static func quality(from text: String) -> IntervalQuality? {
        switch text {
        case "P", "perf", "perfect": return .perfect
        case "M", "maj", "Maj", "major": return .major
        case "m", "min", "minor": return .minor
        case "aug", "augmented", "+": return .augmented(1)
        case "dim", "diminished", "°", "o": return .diminished(1)
        default: break
        }
        guard let first = text.first, first == "A" || first == "d", text.allSatisfy({ $0 == first }) else { return nil }
        return first == "A" ? .augmented(text.count) : .diminished(text.count)
    }

    // MARK: - Long names

    private static func parseLongName(_ input: String) throws -> Interval {
        var words = input.lowercased().split(separator: " ").map(String.init)
        var direction = Direction.ascending
        if let d = words.firstIndex(where: { $0 == "descending" || $0 == "down" }) {
            direction = .descending
            words.remove(at: d)
        } else if let a = words.firstIndex(where: { $0 == "ascending" || $0 == "up" }) {
            words.remove(at: a)
        }
        guard words.count >= 2, let numberWord = words.last else {
            throw TheoryError.invalidInterval(input: input, reason: "expected a quality and a number, as in 'major third'")
        }
        guard let number = number(fromWord: numberWord) else {
            throw TheoryError.invalidInterval(input: input, reason: "'\(TheoryError.excerpt(numberWord, limit: 16))' is not an interval number word")
        }
        let qualityWords = words.dropLast()
        var count = 1
        var rest = Array(qualityWords)
        if rest.count == 2 {
            switch rest[0] {
            case "doubly", "double": count = 2
            case "triply", "triple": count = 3
            case "quadruply": count = 4
            case "quintuply": count = 5
            case let word where word.hasSuffix("-fold") && Int(word.dropLast(5)).map({ (1...Self.maximumNumber).contains($0) }) == true:
                count = Int(word.dropLast(5))!
            default:
                throw TheoryError.invalidInterval(input: input, reason: "'\(TheoryError.excerpt(rest[0], limit: 16))' is not a quality multiplier (doubly, triply)")
            }
            rest.removeFirst()
        }
        guard rest.count == 1 else {
            throw TheoryError.invalidInterval(input: input, reason: "too many words")
        }
        let quality: IntervalQuality
        switch rest[0] {
        case "perfect" where count == 1: quality = .perfect
        case "major" where count == 1: quality = .major
        case "minor" where count == 1: quality = .minor
        case "augmented", "aug": quality = .augmented(count)
        case "diminished", "dim": quality = .diminished(count)
        default:
            throw TheoryError.invalidInterval(input: input, reason: "'\(TheoryError.excerpt(rest[0], limit: 16))' is not an interval quality")
        }
        return try Interval(quality, number, direction)
    }

    private static func number(fromWord word: String) -> Int? {
        let names = ["unison": 1, "prime": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6,
                     "seventh": 7, "octave": 8, "eighth": 8, "ninth": 9, "tenth": 10, "eleventh": 11,
                     "twelfth": 12, "thirteenth": 13, "fourteenth": 14, "fifteenth": 15]
        if let n = names[word] { return n }
        let digits = word.prefix { $0.isASCII && $0.isNumber }
        let suffix = word.dropFirst(digits.count)
        guard !digits.isEmpty, digits.count <= 3, ["st", "nd", "rd", "th", ""].contains(String(suffix)),
              let n = Int(digits), (1...maximumNumber).contains(n) else { return nil }
        return n
    }
}
