import TheoryCore

/// Chord-symbol parsing and chord identification benchmarks (filled in when chords land).
func chordBenchmarks(_ cases: BenchCases) -> [BenchResult] {
    []
}
