import CPoppler
import Foundation

/// Cairo script devices that have written their page: finished, and kept for the rest of the process instead of
/// destroyed, so that no later device is ever allocated at their address.
///
/// Cairo 1.16's script surface marks each glyph it has written with the writing device's address
/// (`scaled_glyph->dev_private_key`, in `_emit_scaled_glyph_vector`) and never clears the mark; fonts outlive the
/// device (poppler keeps them per document and shares system fonts between documents, cairo keeps recently used
/// ones). A new device allocated where a destroyed one lived took every such glyph for already written and left its
/// definition out, so the page's script drew glyphs it never defined: the reader found no box for them, and the
/// repeat dots of a LilyPond page were lost whenever the allocator reused the address (seen as a flaky
/// `FormCorpusTests`). A finished device is small (about a kilobyte: its state and two id bitmaps; its stream is
/// closed and the fonts it named drop it when they go).
final class RetiredScriptDevices: @unchecked Sendable {
    static let shared = RetiredScriptDevices()

    private let lock = NSLock()
    private var devices: [OpaquePointer] = []

    /// Finishes `device` and keeps it.
    func keep(_ device: OpaquePointer) {
        cairo_device_finish(device)
        lock.withLock { devices.append(device) }
    }

    /// How many devices are kept.
    var count: Int { lock.withLock { devices.count } }
}
