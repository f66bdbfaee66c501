// Compiled into the ScoreDocument module by scripts/fuzz (not part of the package build): libFuzzer entry
// points for Tonmeister's own readers of untrusted bytes. Each takes the fuzzer's input and must return
// without a crash, a hang or unbounded memory, whatever the bytes.
import Foundation

/// The PDF structure reader (and its repair of a file it refuses, and of stray object headers in one it reads):
/// cross-reference sections, objects, the page tree, page sizes, the image checks; and the raw scan of a file's
/// bytes for pages no reader of ours can check (``RawImageScan``: declared image sizes, every stream inflated and
/// judged when it reads as content).
@_cdecl("tm_fuzz_pdf_structure")
public func fuzzPDFStructure(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data else { return 0 }
    let bytes = UnsafeRawBufferPointer(start: data, count: size)
    _ = PDFFile.repairRefusal(bytes)
    let readable = try? PDFFile(bytes: bytes)
    if let readable {
        // The stray headers' repair, on a private copy (the fuzzer's input must stay as it is).
        let copy = UnsafeMutableRawBufferPointer.allocate(byteCount: max(1, size), alignment: 1)
        defer { copy.deallocate() }
        copy.copyMemory(from: bytes)
        PDFFile.repair(readable.strayHeaders(), in: UnsafeMutableRawBufferPointer(rebasing: copy[0..<size]))
    }
    // The raw scan's own readers (declared image sizes; every stream inflated, and judged when it reads as content),
    // where the product runs them (`PageReader`): when the structure cannot be read, or cannot check a page. The rest
    // of ``RawImageScan/Once`` is the repaired structure's limits check, run below. Once per input: at -Onone under
    // AddressSanitizer a 39 KB file inflating to 400 KB of content took 15 s with the scan run for every such page.
    var scanned = false
    func rawScan() {
        guard !scanned else { return }
        scanned = true
        if RawImageScan.refusal(bytes) == nil { _ = RawImageScan.streamRefusals(bytes) }
    }
    if readable == nil { rawScan() }
    guard var file = readable ?? (try? PDFFile(repairing: bytes)) else { return 0 }
    let pages = (try? file.pageSizes())?.count ?? 0
    for index in 0..<min(pages, 4) {
        _ = try? file.page(index)
        _ = try? file.drawsNoImage(page: index)
        do throws(PDFCheckError) { _ = try file.checkLimits(page: index) } catch {
            if case .unreadable = error { rawScan() }
        }
        _ = try? PDFPageImage.find(in: &file, page: index)
    }
    for number in file.entries.keys.sorted().prefix(64) { _ = try? file.object(number) }
    return 0
}

/// The content-stream reader: the input is the content stream of a one-page PDF whose resources name a form,
/// a graphics state and a CFF-less font.
@_cdecl("tm_fuzz_content")
public func fuzzContent(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data else { return 0 }
    let content = Array(UnsafeBufferPointer(start: data, count: size))
    // The raw scan's judgement of a stream found outside any structure: does it read as content, and at what cost.
    content.withUnsafeBytes { _ = RawImageScan.contentRefusal($0, at: 0) }
    let pdf = FuzzPDF.page(content: content)
    pdf.withUnsafeBytes { bytes in
        guard let file = try? PDFFile(bytes: bytes) else { return }
        var checked = file
        guard (try? checked.checkLimits(page: 0)) != nil else { return }
        if let drawing = try? ContentDrawingReader.read(file, page: 0) { _ = VectorLayoutDetector.detect(drawing, page: 1) }
    }
    return 0
}

/// The font programs' reading through FreeType (CFF, Type 1, TrueType, OpenType): glyph boxes of up to 256
/// glyphs, the built-in encoding, glyph names and the CID table.
@_cdecl("tm_fuzz_font")
public func fuzzFont(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data, let font = try? FreeTypeFont(Array(UnsafeBufferPointer(start: data, count: size))) else { return 0 }
    for glyph in 0..<min(font.glyphCount, 256) { _ = font.box(glyph: glyph); _ = font.name(of: glyph) }
    _ = font.builtinEncoding
    _ = font.glyph(cmap: 3, 1, code: 65)
    _ = font.glyphsByCID()
    return 0
}

/// The JPEG decoding of scans (libjpeg-turbo through ``JPEGDecoder``), up to 16 million pixels, at full size and
/// reduced by 8 in the DCT.
@_cdecl("tm_fuzz_jpeg")
public func fuzzJPEG(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data, let decoder = try? JPEGDecoder(bytes: UnsafeRawBufferPointer(start: data, count: size)),
          decoder.width * decoder.height <= 16_000_000 else { return 0 }
    let out = UnsafeMutablePointer<UInt8>.allocate(capacity: decoder.width * decoder.height)
    defer { out.deallocate() }
    try? decoder.decode(into: out, stride: decoder.width)
    try? decoder.decode(reduction: 8, into: out, stride: decoder.size(reduction: 8).width)
    return 0
}

/// The digit reader of scans' bar-number groups (``DigitReader``): the first byte is the cut-out's width (1–256),
/// the rest its grey pixels, row by row (a last short row left out).
@_cdecl("tm_fuzz_digits")
public func fuzzDigits(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data, size >= 2 else { return 0 }
    let width = Int(data[0]) + 1
    let height = (size - 1) / width
    guard height > 0 else { return 0 }
    _ = DigitReader.read(pixels: Array(UnsafeBufferPointer(start: data + 1, count: width * height)), width: width, height: height)
    return 0
}

/// The CCITT fax decoding (libtiff through ``CCITTDecoder``): the first four bytes choose the parameters (K, columns, rows, flags), the rest is
/// the data.
@_cdecl("tm_fuzz_ccitt")
public func fuzzCCITT(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data, size >= 4 else { return 0 }
    var parameters = CCITTDecoder.Parameters()
    parameters.k = Int(Int8(bitPattern: data[0])) % 3
    parameters.columns = 1 + (Int(data[1]) << 4 | Int(data[2] >> 4))
    let flags = data[3]
    parameters.blackIs1 = flags & 1 != 0
    parameters.encodedByteAlign = flags & 2 != 0
    parameters.endOfBlock = flags & 4 != 0
    parameters.endOfLine = flags & 8 != 0
    let height = 1 + Int(data[2] & 15) << 6 | Int(flags >> 4) << 2
    parameters.rows = flags & 16 != 0 ? height : 0
    let out = UnsafeMutablePointer<UInt8>.allocate(capacity: parameters.columns * height)
    defer { out.deallocate() }
    try? CCITTDecoder.decode(UnsafeRawBufferPointer(start: data + 4, count: size - 4), parameters: parameters, height: height,
                             paper: 255, into: out, stride: parameters.columns)
    return 0
}

/// A one-page PDF around a content stream, for the content harness.
enum FuzzPDF {
    static func page(content: [UInt8]) -> [UInt8] {
        let form = "0 0 0 RG 1 w 10 100 m 190 100 l S"
        let objects: [[UInt8]] = [
            Array("<< /Type /Catalog /Pages 2 0 R >>".utf8),
            Array("<< /Type /Pages /Kids [3 0 R] /Count 1 >>".utf8),
            Array(("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 4 0 R /Resources << /XObject << /Fm0 5 0 R >> "
                   + "/ExtGState << /G0 6 0 R >> /Font << /F0 7 0 R >> >> >>").utf8),
            Array("<< /Length \(content.count) >>\nstream\n".utf8) + content + Array("\nendstream".utf8),
            Array("<< /Type /XObject /Subtype /Form /BBox [0 0 200 200] /Matrix [1 0 0 1 10 20] /Length \(form.utf8.count) >>\nstream\n\(form)\nendstream".utf8),
            Array("<< /LW 3 >>".utf8),
            Array("<< /Type /Font /Subtype /TrueType /FirstChar 32 /Widths [500 600] /FontDescriptor 8 0 R >>".utf8),
            Array("<< /Type /FontDescriptor /FontFile2 9 0 R >>".utf8),
            Array("<< /Length 4 >>\nstream\nfont\nendstream".utf8),
        ]
        var pdf = Array("%PDF-1.4\n".utf8)
        var offsets: [Int] = []
        for (n, object) in objects.enumerated() {
            offsets.append(pdf.count)
            pdf += Array("\(n + 1) 0 obj\n".utf8) + object + Array("\nendobj\n".utf8)
        }
        let xref = pdf.count
        var table = "xref\n0 \(objects.count + 1)\n0000000000 65535 f \n"
        for offset in offsets { table += String(format: "%010d 00000 n \n", offset) }
        table += "trailer\n<< /Size \(objects.count + 1) /Root 1 0 R >>\nstartxref\n\(xref)\n%%EOF\n"
        return pdf + Array(table.utf8)
    }
}
