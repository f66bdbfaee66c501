/// Common voicings as a teacher's chord book shows them first, each checked by hand (string 1 = thumb side).
///
/// Shapes list one fret per string from string 1, `x` for a muted string. The set is fixed: the playability
/// score is tuned on general principles and measured against it, never adjusted for single chords.
enum TeacherChordBook {
    struct Entry: CustomStringConvertible, Sendable {
        var tuning: String
        var symbol: String
        var shape: String
        var description: String { "\(symbol) \(shape) on \(tuning)" }

        /// The shape as frets (`nil` for muted strings).
        var frets: [Int?] { shape.map { $0 == "x" ? nil : Int(String($0)) } }
    }

    static let guitar: [(String, String)] = [
        // open majors and minors
        ("C", "x32010"), ("A", "x02220"), ("G", "320003"), ("G", "320033"), ("E", "022100"), ("D", "xx0232"),
        ("Am", "x02210"), ("Em", "022000"), ("Dm", "xx0231"),
        // dominant sevenths
        ("C7", "x32310"), ("A7", "x02020"), ("G7", "320001"), ("E7", "020100"), ("E7", "022130"), ("D7", "xx0212"),
        ("B7", "x21202"),
        // major and minor sevenths
        ("Cmaj7", "x32000"), ("Amaj7", "x02120"), ("Dmaj7", "xx0222"), ("Fmaj7", "xx3210"), ("Gmaj7", "320002"),
        ("Am7", "x02010"), ("Em7", "020000"), ("Em7", "022030"), ("Dm7", "xx0211"),
        // E-shape barre chords
        ("F", "133211"), ("G", "355433"), ("A", "577655"), ("Fm", "133111"), ("Gm", "355333"), ("F#m", "244222"),
        ("F7", "131211"), ("Am", "577555"),
        // A-shape barre chords
        ("Bb", "x13331"), ("B", "x24442"), ("C", "x35553"), ("D", "x57775"), ("Bm", "x24432"), ("Cm", "x35543"),
        ("Bbm", "x13321"), ("Dm", "x57765"), ("Bb7", "x13131"), ("Cm7", "x35343"),
        // small shapes, suspensions, added notes, slash chords
        ("F", "xx3211"), ("Bm7", "x20202"), ("Asus2", "x02200"), ("Asus4", "x02230"), ("Dsus4", "xx0233"),
        ("Dsus2", "xx0230"), ("Esus4", "022200"), ("Cadd9", "x32030"), ("C9", "x32333"), ("A7sus4", "x02030"),
        ("C/G", "332010"), ("G/B", "x20003"), ("D/F#", "200232"),
    ]

    static let ukulele: [(String, String)] = [
        ("C", "0003"), ("G", "0232"), ("Am", "2000"), ("F", "2010"), ("D", "2220"), ("Em", "0432"), ("Dm", "2210"),
        ("A", "2100"), ("G7", "0212"), ("C7", "0001"), ("E7", "1202"), ("A7", "0100"), ("D7", "2223"), ("Bb", "3211"),
        ("Cmaj7", "0002"), ("Am7", "0000"),
    ]

    static let mandolin: [(String, String)] = [
        ("G", "0023"), ("C", "0230"), ("D", "2002"), ("A", "2245"), ("Em", "0220"), ("Am", "2230"), ("D7", "2032"),
        ("G7", "0021"),
    ]

    static let all: [Entry] =
        guitar.map { Entry(tuning: "guitar-standard", symbol: $0.0, shape: $0.1) }
        + ukulele.map { Entry(tuning: "ukulele-soprano", symbol: $0.0, shape: $0.1) }
        + mandolin.map { Entry(tuning: "mandolin", symbol: $0.0, shape: $0.1) }
}
