/// A kind of fretted (or fingerboard) instrument: its name, number of strings or courses and neck length.
///
/// Tunings (``Tuning``) belong to an instrument; the catalogue is ``Tuning/all``.
public struct Instrument: Hashable, Sendable, Identifiable, CustomStringConvertible {
    /// Kebab-case identifier: `guitar`, `bass-5`, `ukulele-soprano`, `mandolin`, `banjo-5`.
    public let id: String
    /// Display name: "6-string guitar".
    public let name: String
    /// The number of frets (for fretless instruments, semitone positions on the fingerboard).
    public let frets: Int
    /// True for fingerboards without frets (violin family): positions are semitone steps.
    public let isFretless: Bool
    /// The instrument family used to group the catalogue: `guitar`, `bass`, `ukulele`, `mandolin`, `banjo`, …
    public let family: String
    /// The vibrating string length in millimetres (nut to bridge); fret distances, and so stretches, scale with it.
    public let scaleLength: Double

    /// The scale length of a typical 6-string guitar, the reference for stretches.
    public static let referenceScaleLength = 648.0

    /// Creates an instrument description.
    public init(id: String, name: String, frets: Int, family: String, isFretless: Bool = false,
                scaleLength: Double = Instrument.referenceScaleLength) {
        self.scaleLength = scaleLength
        self.id = id
        self.name = name
        self.frets = frets
        self.family = family
        self.isFretless = isFretless
    }

    /// The display name.
    public var description: String { name }
}
