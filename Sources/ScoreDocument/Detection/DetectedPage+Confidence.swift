extension DetectedPage {
    /// A system's quality, shared by both readings: how evenly its least even staff is spaced, halved when it has
    /// no barline, 10 % less when its last barline stops more than two staff spaces before its end.
    static func systemQuality(regularity: Double, lastBarline: Double?, barlines: Int, right: Double, space: Double) -> Double {
        var quality = regularity
        if barlines == 0 { quality *= 0.5 }
        if let last = lastBarline, last < right - 2 * space { quality *= 0.9 }
        return quality
    }

    /// A page's status and confidence from its systems' qualities: `ok` with their mean when there are systems,
    /// else `empty` (confidently, fewer than three long lines) or `unreadable` (0.2).
    static func judged(qualities: [Double], longLines: Int) -> (status: Status, confidence: Double) {
        if qualities.isEmpty { return longLines < 3 ? (.empty, 1) : (.unreadable, 0.2) }
        return (.ok, qualities.reduce(0, +) / Double(qualities.count))
    }

    /// Rounds a confidence to three decimals, as reported.
    static func reported(_ confidence: Double) -> Double { (confidence * 1000).rounded() / 1000 }
}
