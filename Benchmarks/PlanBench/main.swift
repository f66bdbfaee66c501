// PlanBench: the edit planner on 1 000 bars × 500 takes — the worst case (every take covers every bar) and a
// plausible day (takes of 1 to 200 bars) — timing the coverage-index build and the planning separately, over
// several runs (median and max). Writes the "plan" section of docs/benchmarks.md.
//
// Usage: PlanBench REPORT.md   (run through Benchmarks/PlanBench/run.sh, release build)
import BenchSupport
import Foundation
import RecordingProtocol
import ScoreLayout
import TheoryCore

let report = CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : "docs/benchmarks.md"
let runs = 15

func seconds(_ body: () throws -> Void) rethrows -> Double {
    let d = try ContinuousClock().measure(body)
    return Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18
}

func ms(_ s: Double) -> String { String(format: "%.1f ms", s * 1e3) }

/// Median and max of `runs` timings of `body`.
func measure(_ body: () throws -> Void) rethrows -> (median: Double, max: Double) {
    var times: [Double] = []
    for _ in 0..<runs { times.append(try seconds(body)) }
    times.sort()
    return (times[times.count / 2], times.last!)
}

struct Row {
    var name: String
    var marks: Int
    var cells: Int
    var index: (median: Double, max: Double)
    var plans: [(String, (median: Double, max: Double), EditPlan)]
}

var rows: [Row] = []
var worst = 0.0
for (name, seed, shortest, longest) in [("every take covers every bar", UInt64(1), 1_000, 1_000),
                                        ("takes of 1–200 bars", UInt64(2), 1, 200)] {
    var rng = SplitMix64(seed: seed)
    let session = PlanSession.make(bars: 1_000, takes: 500, shortest: shortest, longest: longest, marksPerTake: 20, rng: &rng)
    var index: CoverageIndex?
    let build = try measure { index = try session.coverageIndex() }
    let coverageIndex = index!
    var plans: [(String, (median: Double, max: Double), EditPlan)] = []
    for (label, options) in [("default objective", PlanOptions()),
                             ("--prefer-edit-points --min-rating 2", PlanOptions(minimumRating: 2, preferEditPoints: true))] {
        var plan: EditPlan?
        let time = try measure { plan = try coverageIndex.plan(options) }
        worst = max(worst, time.median)
        plans.append((label, time, plan!))
    }
    let cells = (0..<coverageIndex.barCount).reduce(0) { sum, bar in
        sum + coverageIndex.covers(barIndex: bar).filter { $0.coverage == .full }.count
    }
    rows.append(Row(name: name, marks: session.marks.count, cells: cells, index: build, plans: plans))
}

var lines = [
    "## Edit plan: 1 000 bars × 500 takes",
    "",
    "Written by `Benchmarks/PlanBench/run.sh` (release build): a 50-page score of 1 000 bars, 500 takes with 20 marks each "
        + "(ratings, problems over ranges, edit points); \(runs) runs of each step, median and max. The planner's "
        + "time includes computing quality(take, bar) for every fully covering take and bar (the candidates), the "
        + "backward dynamic program and assembling the plan; the coverage index is built once and timed separately.",
    "",
    "| session | takes fully covering a bar (Σ over bars) | step | median | max |",
    "|---|---:|---|---:|---:|",
]
for row in rows {
    lines.append("| \(row.name) | \(row.cells) | build the coverage index (\(row.marks) marks) | \(ms(row.index.median)) | \(ms(row.index.max)) |")
    for (label, time, plan) in row.plans {
        lines.append("| | | plan, \(label): \(plan.segments.count) segments, \(plan.splices.count) splices, "
            + "\(plan.uncovered.count) uncovered | \(ms(time.median)) | \(ms(time.max)) |")
    }
}
let load = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").first.map(String.init)
lines += ["", "Machine: \(ProcessInfo.processInfo.activeProcessorCount) cores"
    + (load.map { ", 1-minute load average \($0) at the end of the run (other builds share the cores; medians move with it)" } ?? "") + "."]
lines += ["", "Target: planning 1 000 bars × 500 takes under 100 ms: \(worst < 0.1 ? "met" : "NOT met") (slowest median \(ms(worst)))."]
try ReportSection.write(name: "plan", body: lines.joined(separator: "\n"), to: report)
print(lines.joined(separator: "\n"))
