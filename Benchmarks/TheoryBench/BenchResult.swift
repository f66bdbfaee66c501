/// One measured benchmark: the best of several runs over the same cases.
struct BenchResult: Codable {
    var name: String
    var operations: Int
    var bestSeconds: Double
    var microsecondsPerOperation: Double { bestSeconds * 1e6 / Double(operations) }
    var operationsPerSecond: Double { Double(operations) / bestSeconds }

    enum CodingKeys: String, CodingKey { case name, operations, bestSeconds, microsecondsPerOperation, operationsPerSecond }

    init(name: String, operations: Int, bestSeconds: Double) {
        self.name = name
        self.operations = operations
        self.bestSeconds = bestSeconds
    }

    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        name = try c.decode(String.self, forKey: .name)
        operations = try c.decode(Int.self, forKey: .operations)
        bestSeconds = try c.decode(Double.self, forKey: .bestSeconds)
    }

    func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(name, forKey: .name)
        try c.encode(operations, forKey: .operations)
        try c.encode(bestSeconds, forKey: .bestSeconds)
        try c.encode(microsecondsPerOperation, forKey: .microsecondsPerOperation)
        try c.encode(operationsPerSecond, forKey: .operationsPerSecond)
    }
}

/// Runs `body` several times and keeps the fastest run; the checksum keeps the work from being optimised away.
func measure(_ name: String, count: Int, runs: Int = 7, _ body: (inout Int) -> Void) -> BenchResult {
    var best = Double.infinity
    var checksum = 0
    for _ in 0..<runs {
        let clock = ContinuousClock()
        let elapsed = clock.measure { body(&checksum) }
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
        best = min(best, seconds)
    }
    if checksum == 42 { print("") }  // observable use of the checksum
    return BenchResult(name: name, operations: count, bestSeconds: best)
}
