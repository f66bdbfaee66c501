import CQRencode

/// A QR code of a text (through libqrencode): its modules, drawn in a terminal or as a PBM picture.
public struct QRCode: Sendable, Equatable {
    /// The modules row by row; true is dark.
    public let modules: [[Bool]]

    /// Encodes `text` as 8-bit data with error correction level M.
    ///
    /// - Throws: `ServerError.qrCode` when libqrencode cannot encode it (too long for a QR code).
    public init(_ text: String) throws(ServerError) {
        guard let code = QRcode_encodeString8bit(text, 0, QR_ECLEVEL_M) else { throw .qrCode(text.count) }
        defer { QRcode_free(code) }
        let width = Int(code.pointee.width)
        var rows: [[Bool]] = []
        for y in 0..<width {
            rows.append((0..<width).map { x in code.pointee.data[y * width + x] & 1 == 1 })
        }
        modules = rows
    }

    /// The code for a terminal: two rows of modules per line with half blocks, dark on light, inside a 2-module quiet zone.
    public func terminalText() -> String {
        let quiet = 2, size = modules.count + 2 * quiet
        func dark(_ x: Int, _ y: Int) -> Bool {
            let (i, j) = (y - quiet, x - quiet)
            return i >= 0 && j >= 0 && i < modules.count && j < modules.count && modules[i][j]
        }
        var lines: [String] = []
        for y in stride(from: 0, to: size, by: 2) {
            var line = ""
            for x in 0..<size {
                // Light modules are printed as blocks (a light background), dark ones as spaces, so the code reads on dark terminals.
                switch (dark(x, y), dark(x, y + 1)) {
                case (false, false): line += "█"
                case (false, true): line += "▀"
                case (true, false): line += "▄"
                case (true, true): line += " "
                }
            }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }

    /// A plain PBM (P1) picture with `scale` pixels per module and a 4-module quiet zone (what a decoder such as zbarimg reads).
    public func pbm(scale: Int = 4) -> String {
        let quiet = 4, size = (modules.count + 2 * quiet) * scale
        var out = "P1\n\(size) \(size)\n"
        for y in 0..<size {
            let i = y / scale - quiet
            var row: [String] = []
            for x in 0..<size {
                let j = x / scale - quiet
                row.append(i >= 0 && j >= 0 && i < modules.count && j < modules.count && modules[i][j] ? "1" : "0")
            }
            out += row.joined(separator: " ") + "\n"
        }
        return out
    }
}
