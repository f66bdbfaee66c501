/// The passes a volta (first/second ending) is played on, read from its label as files write it.
///
/// MusicXML's `<ending number>` and MEI's `<ending n>` hold "1", "1, 2" or "1 2", and engravers also write "1.",
/// "1., 2." or a range "1-3" (every pass from 1 to 3): each number is a pass, whatever stands around it.
enum EndingNumbers {
    /// The passes `label` names, in order (empty when it names none).
    static func parse(_ label: String) -> [Int] {
        var passes: [Int] = []
        var number: Int?
        var rangeFrom: Int?
        func close() {
            guard let n = number else { return }
            if let from = rangeFrom, from < n, n - from <= 16 { passes += (from + 1)...n } else { passes.append(n) }
            rangeFrom = nil
            number = nil
        }
        for character in label {
            if let digit = character.wholeNumberValue, character.isASCII {
                number = min(999, (number ?? 0) * 10 + digit)
            } else if character == "-" || character == "–", let n = number {
                close()
                rangeFrom = n
            } else {
                close()
            }
        }
        close()
        return passes
    }
}
