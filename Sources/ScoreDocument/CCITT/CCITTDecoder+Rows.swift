extension CCITTDecoder {
    /// Decodes a one-dimensional (Modified Huffman) row: alternate white and black runs, starting with white,
    /// that add up to the row's width.
    mutating func decodeOneDimensionalRow(_ row: Int) throws(CCITTError) {
        let columns = parameters.columns
        count = 0
        var a0 = 0, colour = 0
        while a0 < columns {
            let a1 = a0 &+ (try run(colour, row: row))
            guard a1 <= columns else { throw .badRowLength(row: row) }
            add(a1)
            a0 = a1
            colour ^= 1
        }
        finishRow()
    }

    /// Decodes a two-dimensional row (T.4 §4.2, T.6) against the reference row: pass, horizontal and vertical
    /// modes move a₀ across the row until it reaches the row's width.
    mutating func decodeTwoDimensionalRow(_ row: Int) throws(CCITTError) {
        let columns = parameters.columns
        count = 0
        // a₀ starts on an imaginary white element before the row; `colour` is a₀'s (0 white, 1 black); `b`
        // indexes b₁, the first changing element of the reference row right of a₀ whose colour is not a₀'s
        // (even elements turn black, odd ones white).
        var a0 = -1, colour = 0, b = 0
        while a0 < columns {
            while b > 0 && Int(reference[b &- 1]) > a0 { b &-= 1 }
            while Int(reference[b]) <= a0 { b &+= 1 }
            if b & 1 != colour { b &+= 1 }
            let b1 = Int(reference[b])
            let code = reader.peek(7), entry = Int(modes[code])
            let mode = entry &>> 4
            reader.skip(entry & 15)
            switch mode {
            case CCITTCodes.vertical0 - 3...CCITTCodes.vertical0 + 3:
                let a1 = b1 &+ mode &- CCITTCodes.vertical0
                guard a1 >= max(a0, 0), a1 <= columns else { throw .badRowLength(row: row) }
                add(a1)
                a0 = a1
                colour ^= 1
            case CCITTCodes.pass:
                a0 = Int(reference[b &+ 1])
            case CCITTCodes.horizontal:
                let a1 = max(a0, 0) &+ (try run(colour, row: row))
                let a2 = a1 &+ (try run(colour ^ 1, row: row))
                guard a2 <= columns else { throw .badRowLength(row: row) }
                add(a1)
                add(a2)
                a0 = a2
            default:
                // 0000001111 switches to uncompressed mode (T.4 §4.2.2, rarely written); any other code is damage.
                if code == 1 && reader.peek(3) == 0b111 { throw .unsupported("uncompressed mode") }
                throw .invalidCode(row: row)
            }
        }
        finishRow()
    }

    /// One run length of `colour` (0 white, 1 black): make-up codes, then a terminating code.
    @inline(__always)
    private mutating func run(_ colour: Int, row: Int) throws(CCITTError) -> Int {
        let table = colour == 0 ? white : black, bits = colour == 0 ? CCITTCodes.whiteBits : CCITTCodes.blackBits
        var total = 0
        while true {
            let entry = Int(table[reader.peek(bits)])
            let length = entry & 15, value = entry &>> 4
            guard length != 0, value != CCITTCodes.endOfLine else { throw .invalidCode(row: row) }
            reader.skip(length)
            total &+= value
            if value < 64 { return total }
            guard total <= parameters.columns else { throw .badRowLength(row: row) }
        }
    }

    /// Appends a changing element (at the row's end there is none); one at the place of the last cancels it (a
    /// run of no pixels), as in poppler.
    @inline(__always)
    private mutating func add(_ position: Int) {
        guard position < parameters.columns else { return }
        if count > 0 && Int(current[count &- 1]) == position {
            count &-= 1
        } else {
            current[count] = Int32(truncatingIfNeeded: position)
            count &+= 1
        }
    }

    /// Ends the current row's list with its sentinels.
    @inline(__always)
    private mutating func finishRow() {
        let end = Int32(truncatingIfNeeded: parameters.columns)
        current[count] = end
        current[count &+ 1] = end
        current[count &+ 2] = end
    }
}
