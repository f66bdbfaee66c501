// TheoryBench: measures TheoryCore on fixed sets of 100 000 cases and writes the cases and results
// so that Benchmarks/TheoryBench/music21_bench.py can do the same work with music21 in the same run.
//
// Usage: TheoryBench OUTPUT_DIR   (run through Benchmarks/TheoryBench/run.sh)
import Foundation
import TheoryCore

let outputDirectory = URL(fileURLWithPath: CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : ".bench")
try FileManager.default.createDirectory(at: outputDirectory, withIntermediateDirectories: true)

let cases = BenchCases(count: 100_000, seed: 0x70E_3E15)
try cases.write(to: outputDirectory)

var results: [BenchResult] = []
results.append(measure("interval", count: cases.pitchPairs.count) { checksum in
    for (a, b) in cases.pitchPairs { checksum &+= Interval(from: a, to: b).semitones }
})
results.append(measure("interval+name", count: cases.pitchPairs.count) { checksum in
    for (a, b) in cases.pitchPairs { checksum &+= Interval(from: a, to: b).directedName.utf8.count }
})
results.append(measure("transpose", count: cases.transpositions.count) { checksum in
    for (p, i) in cases.transpositions { checksum &+= p.transposed(by: i).accidental }
})
results.append(measure("transpose+name", count: cases.transpositions.count) { checksum in
    for (p, i) in cases.transpositions { checksum &+= p.transposed(by: i).description.utf8.count }
})
results.append(contentsOf: chordBenchmarks(cases))

let encoder = JSONEncoder()
encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
try encoder.encode(results).write(to: outputDirectory.appendingPathComponent("swift-results.json"))
for r in results {
    print(r.name.padding(toLength: 20, withPad: " ", startingAt: 0) + String(format: "%10.4f µs/op  %14.0f ops/s", r.microsecondsPerOperation, r.operationsPerSecond))
}
