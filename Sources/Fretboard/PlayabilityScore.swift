/// How hard a voicing is to play, as a sum of documented penalty points: lower is easier.
///
/// Each part follows one general principle of the fretting hand; none mentions a particular chord.
/// The weights are ``Weights/standard``; docs/fretboard.md lists them.
public struct PlayabilityScore: Hashable, Sendable {
    /// Fret distance between the lowest and highest fretted note, weighted by fret width (frets narrow up the neck).
    public var span: Double = 0
    /// Frets between neighbouring fingers beyond one fret per finger.
    public var stretch: Double = 0
    /// How far up the neck the hand sits (lowest fretted fret above the first).
    public var position: Double = 0
    /// Open strings ring without a finger: a small bonus (negative points) while the hand is near the nut,
    /// a cost when the hand is far up the neck (the chord then mixes far-apart registers and shapes).
    public var openStrings: Double = 0
    /// Muted strings at the edges (bass side cheaper than treble side).
    public var mutedEdges: Double = 0
    /// Muted strings between sounding strings, which need a damping finger.
    public var mutedInner: Double = 0
    /// Fretting fingers used (a barre counts as one).
    public var fingers: Double = 0
    /// A barre, more for a wide one.
    public var barre: Double = 0
    /// Optional chord tones left out (the fifth of a seventh chord).
    public var omitted: Double = 0
    /// The lowest sounding note is not the root (only where inversions are allowed).
    public var inversion: Double = 0
    /// Two strings sounding the very same pitch: a string spent without adding anything.
    public var doublings: Double = 0

    /// The total: the sum of every part.
    public var total: Double {
        span + stretch + position + openStrings + mutedEdges + mutedInner + fingers + barre + omitted + inversion + doublings
    }

    /// The parts by name, in documentation order.
    public var parts: [(String, Double)] {
        [("span", span), ("stretch", stretch), ("position", position), ("openStrings", openStrings),
         ("mutedEdges", mutedEdges), ("mutedInner", mutedInner), ("fingers", fingers), ("barre", barre),
         ("omitted", omitted), ("inversion", inversion), ("doublings", doublings)]
    }

    /// The weights of the score.
    public struct Weights: Hashable, Sendable {
        /// Points per fret of span at the first fret of a 648 mm guitar neck (scaled by fret width further up
        /// and by the instrument's scale length).
        public var spanPerFret = 0.75
        /// Points per fret of stretch between neighbouring fingers (scaled like the span).
        public var stretchPerFret = 1.0
        /// Points per fret of hand position above the first fret.
        public var positionPerFret = 0.2
        /// Points per open string while every fretted note is at or below ``openPositionFrets`` (negative: a bonus).
        public var perOpenString = -0.25
        /// Points per open string when some fretted note lies above ``openPositionFrets``.
        public var perOpenStringFarFromHand = 0.5
        /// The highest fret (above the nut or capo) that still counts as open position.
        public var openPositionFrets = 5
        /// Points per muted string on the bass side below the lowest sounding string (per six strings).
        public var perMutedBassEdge = 0.6
        /// Points per muted string on the treble side above the highest sounding string (per six strings).
        public var perMutedTrebleEdge = 2.0
        /// Points per muted string between sounding strings.
        public var perMutedInner = 3.0
        /// Points per fretting finger.
        public var perFinger = 0.6
        /// Points for a barre over two or three strings.
        public var partialBarre = 0.5
        /// Points for a barre over four or more strings.
        public var fullBarre = 0.8
        /// Points per optional tone left out.
        public var perOmittedTone = 1.0
        /// Points when the lowest sounding note is not the root.
        public var inversion = 0.75
        /// Points per string that doubles another string's exact pitch.
        public var perUnisonDoubling = 0.5

        /// The weights used by `tonmeister voicings`.
        public static let standard = Weights()
    }
}
