import TheoryCore

/// Chord-symbol parsing (symbol to spelled notes) and chord identification (notes to the best symbol).
func chordBenchmarks(_ cases: BenchCases) -> [BenchResult] {
    [
        measure("chord-symbol-parse", count: cases.chordSymbols.count) { checksum in
            for symbol in cases.chordSymbols {
                if let chord = try? Chord(symbol) { checksum &+= chord.notes.count } else { checksum &-= 1 }
            }
        },
        measure("chord-identify", count: cases.chordNotes.count, runs: 3) { checksum in
            for notes in cases.chordNotes {
                checksum &+= Chord.identify(notes).first?.symbol.utf8.count ?? 0
            }
        },
    ]
}
