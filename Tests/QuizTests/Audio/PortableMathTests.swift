import Foundation
@testable import Quiz
import Testing

@Suite("Portable mathematics")
struct PortableMathTests {
    @Test("sine and cosine agree with libm to within 1e-15, and repeat every turn")
    func sineAndCosine() {
        for i in -2_000...2_000 {
            let turns = Double(i) * 0.000_249_7                      // within ±half a turn: libm's argument is exact enough
            let radians = 2 * Double.pi * turns
            #expect(abs(PortableMath.sin(turns: turns + 3) - sin(radians)) < 1e-14)   // whole turns drop out (turns + 3 rounds)
            #expect(abs(PortableMath.sin(turns: turns) - sin(radians)) < 1e-15)
            #expect(abs(PortableMath.cos(turns: turns) - cos(radians)) < 1e-15)
        }
        #expect(PortableMath.sin(turns: 0) == 0 && PortableMath.cos(turns: 0) == 1)
        #expect(PortableMath.cos(turns: 0.5) == -1 && PortableMath.sin(turns: 0.25) == 1)
    }

    @Test("exp2, exp and log2 agree with libm to within 1e-15 relative")
    func exponentialAndLogarithm() {
        for i in -400...400 {
            let y = Double(i) * 0.0517
            #expect(abs(PortableMath.exp2(y) / Foundation.exp2(y) - 1) < 1e-15)
            #expect(abs(PortableMath.exp(y) / Foundation.exp(y) - 1) < 5e-15)   // y / ln 2 rounds: |y|·1e-16
            let x = Foundation.exp2(y) * 1.37
            #expect(abs(PortableMath.log2(x) - Foundation.log2(x)) < 1e-15 * max(1, abs(Foundation.log2(x))))
        }
        #expect(PortableMath.exp2(0) == 1 && PortableMath.exp2(10) == 1_024 && PortableMath.exp2(-3) == 0.125)
        #expect(PortableMath.log2(1) == 0 && PortableMath.log2(1_024) == 10)
    }
}
