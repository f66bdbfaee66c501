import Quiz
import Testing

/// Seeded quizzes pinned byte for byte: the same spec and seed must give this JSON on every machine.
///
/// Each was checked by hand when pinned (e.g. C5–Gb5 is d5, a minor sixth above D5 is Bb5, E4 on string 5
/// fret 5 down to A3 on string 4 fret 2 is a fifth, A3 down to Gb3 is A2).
@Suite("Golden quizzes")
struct GoldenQuizTests {
    /// `tonmeister quiz --seed 1 --count 3 --level 3 --choices 4 --direction ascending --direction harmonic --json`
    @Test func golden1() throws {
        var spec = try QuizSpec(level: 3)
        spec.count = 3
        spec.choices = 4
        spec.directions = [.ascending, .harmonic]
        #expect(try QuizGenerator(spec: spec).quiz(seed: 1).json() == #"""
            {"seed":1,"spec":{"kinds":["name-interval"],"level":3,"intervals":["m2","M2","m3","M3","P4","A4","d5","P5","m6","M6","m7","M7","P8"],"directions":["ascending","harmonic"],"rootAccidentals":1,"noteAccidentals":1,"octaves":[3,5],"count":3,"choices":4,"enharmonicEquivalence":false,"tuning":"guitar-standard","frets":[0,12],"fretboardTasks":["find","name"],"a4":440.0,"timbre":"piano"},"questions":[{"number":1,"kind":"name-interval","prompt":"Name the harmonic interval C5–Gb5.","notes":["C5","Gb5"],"interval":"d5","direction":"harmonic","answer":"d5","choices":["m6","P5","d5","A4"],"acceptsEnharmonic":false,"item":"name-interval/d5/harmonic"},{"number":2,"kind":"name-interval","prompt":"Name the harmonic interval Eb3–A3.","notes":["Eb3","A3"],"interval":"A4","direction":"harmonic","answer":"A4","choices":["P4","d5","A4","P5"],"acceptsEnharmonic":false,"item":"name-interval/A4/harmonic"},{"number":3,"kind":"name-interval","prompt":"Name the interval from C3 up to F#3.","notes":["C3","F#3"],"interval":"A4","direction":"ascending","answer":"A4","choices":["A4","P4","d5","M3"],"acceptsEnharmonic":false,"item":"name-interval/A4/ascending"}]}
            """#)
    }

    /// `tonmeister quiz --seed 2 --count 2 --kind build-interval --level 2 --choices 3 --json`
    @Test func golden2() throws {
        var spec = try QuizSpec(level: 2, kinds: [.buildInterval])
        spec.count = 2
        spec.choices = 3
        #expect(try QuizGenerator(spec: spec).quiz(seed: 2).json() == #"""
            {"seed":2,"spec":{"kinds":["build-interval"],"level":2,"intervals":["m2","M2","m3","M3","P4","P5","m6","M6","m7","M7","P8"],"directions":["ascending","descending"],"rootAccidentals":0,"noteAccidentals":1,"octaves":[3,5],"count":2,"choices":3,"enharmonicEquivalence":false,"tuning":"guitar-standard","frets":[0,12],"fretboardTasks":["find","name"],"a4":440.0,"timbre":"piano"},"questions":[{"number":1,"kind":"build-interval","prompt":"Which note is a minor sixth above D5?","notes":["D5"],"interval":"m6","direction":"ascending","answer":"Bb5","choices":["A#5","C6","Bb5"],"acceptsEnharmonic":false,"item":"build-interval/m6/ascending"},{"number":2,"kind":"build-interval","prompt":"Which note is a perfect octave below D5?","notes":["D5"],"interval":"P-8","direction":"descending","answer":"D4","choices":["D#4","D4","Db4"],"acceptsEnharmonic":false,"item":"build-interval/P8/descending"}]}
            """#)
    }

    /// `tonmeister quiz --seed 3 --count 2 --kind fretboard-interval --level 1 --frets 0-5 --json`
    @Test func golden3() throws {
        var spec = try QuizSpec(level: 1, kinds: [.fretboardInterval])
        spec.count = 2
        spec.frets = 0...5
        #expect(try QuizGenerator(spec: spec).quiz(seed: 3).json() == #"""
            {"seed":3,"spec":{"kinds":["fretboard-interval"],"level":1,"intervals":["m3","M3","P4","P5","P8"],"directions":["ascending","descending"],"rootAccidentals":0,"noteAccidentals":0,"octaves":[3,5],"count":2,"choices":0,"enharmonicEquivalence":false,"tuning":"guitar-standard","frets":[0,5],"fretboardTasks":["find","name"],"a4":440.0,"timbre":"piano"},"questions":[{"number":1,"kind":"fretboard-interval","task":"name","prompt":"On guitar-standard, the root E4 is at string 5, fret 5. Name the interval down to string 4, fret 2.","cells":[{"string":5,"fret":5,"note":"E4"},{"string":4,"fret":2}],"interval":"P-5","direction":"descending","answer":"P5","acceptsEnharmonic":true,"item":"fretboard-interval/name/P5/descending"},{"number":2,"kind":"fretboard-interval","task":"find","prompt":"On guitar-standard (frets 0–5), the root B3 is at string 4, fret 4. Find every cell with the perfect fourth above it.","cells":[{"string":4,"fret":4,"note":"B3"}],"interval":"P4","direction":"ascending","answer":[{"string":5,"fret":5},{"string":6,"fret":0}],"acceptsEnharmonic":true,"item":"fretboard-interval/find/P4/ascending"}]}
            """#)
    }

    /// `tonmeister quiz --seed 4 --count 2 --kind ear-interval --level 4 --choices 3 --direction descending --direction harmonic --json`
    @Test func golden4() throws {
        var spec = try QuizSpec(level: 4, kinds: [.earInterval])
        spec.count = 2
        spec.choices = 3
        spec.directions = [.descending, .harmonic]
        #expect(try QuizGenerator(spec: spec).quiz(seed: 4).json() == #"""
            {"seed":4,"spec":{"kinds":["ear-interval"],"level":4,"intervals":["A1","m2","M2","A2","d3","m3","M3","A3","d4","P4","A4","d5","P5","A5","d6","m6","M6","A6","d7","m7","M7","A7","d8","P8","A8"],"directions":["descending","harmonic"],"rootAccidentals":1,"noteAccidentals":2,"octaves":[3,5],"count":2,"choices":3,"enharmonicEquivalence":false,"tuning":"guitar-standard","frets":[0,12],"fretboardTasks":["find","name"],"a4":440.0,"timbre":"piano"},"questions":[{"number":1,"kind":"ear-interval","prompt":"Listen: name the descending melodic interval.","notes":["A3","Gb3"],"interval":"A-2","direction":"descending","answer":"A2","choices":["A9","A2","M2"],"acceptsEnharmonic":true,"item":"ear-interval/A2/descending"},{"number":2,"kind":"ear-interval","prompt":"Listen: name the harmonic interval (both notes together).","notes":["A4","F#5"],"interval":"M6","direction":"harmonic","answer":"M6","choices":["A6","M6","m6"],"acceptsEnharmonic":true,"item":"ear-interval/M6/harmonic"}]}
            """#)
    }
}
