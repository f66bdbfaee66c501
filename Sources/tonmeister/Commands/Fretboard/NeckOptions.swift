import ArgumentParser
import Foundation
import Fretboard
import ScoreLayout

/// Options shared by the fretboard commands: the tuning, a capo and the playing hand.
struct NeckOptions: ParsableArguments {
    @Option(help: "A tuning id from `tonmeister tunings` (guitar-standard, bass-5, ukulele-soprano, banjo-open-g, …) or open pitches from string 1 in quotes (\"E2 A2 D3 G3 B3 E4\").")
    var tuning = "guitar-standard"

    @Option(help: "Capo at this fret.")
    var capo = 0

    @Flag(help: "Draw diagrams for a left-handed player (mirrored).")
    var leftHanded = false

    /// The neck described by the options.
    func neck() throws -> Neck {
        try Neck(try Tuning.resolve(tuning), capo: capo, handedness: leftHanded ? .left : .right)
    }
}

/// The sentence every fretboard JSON document carries about string numbers.
let stringOrderNote = "string 1 is the string nearest the player's thumb"
