import Foundation
import Synchronization

/// The bar-number OCR's Tesseract, loaded on a thread of its own ahead of its first use, so that its loading (about
/// 14 ms of processor time: its libraries and the LSTM model) runs on the second core while the layout of the last
/// scanned page is checked and numbered, instead of before the first group is read.
///
/// A document has one (``ScoreDocument``); detection starts it (``start()``) only where the process's peak memory
/// cannot rise by it (``PageReader``), and the first ``ScannedNumberReader`` of the printed numbers takes the reader
/// (``take()``), waiting for the loading to end. Never started, it costs nothing: the reader then loads Tesseract
/// itself, as before.
final class TesseractPreload: @unchecked Sendable {
    private enum State {
        case idle
        case loading
        case loaded(Result<TesseractReader, OCRUnavailable>)
        case taken
    }

    private let condition = NSCondition()
    private var state = State.idle

    /// About how much loading Tesseract adds to the process's resident memory: its 55 libraries and the model,
    /// 18 MB measured (docs/benchmarks.md "scans").
    static let cost = 18 << 20

    /// Whether Tesseract can be loaded now without raising the process's peak memory: the heap's free memory is
    /// handed back to the system first (detection's page buffers), then the resident memory with Tesseract's ``cost``
    /// added must stay within the peak so far. False where the memory cannot be read.
    static func fits() -> Bool {
        ScoreDocument.handFreeMemoryBack()
        guard let memory = ScoreDocument.residentMemory() else { return false }
        return memory.now + cost <= memory.peak
    }

    /// Whether loading has been started.
    var isStarted: Bool {
        condition.withLock { if case .idle = state { return false } else { return true } }
    }

    /// Starts loading Tesseract on a thread of its own; nothing when it was started already.
    func start() {
        let starts = condition.withLock {
            guard case .idle = state else { return false }
            state = .loading
            return true
        }
        guard starts else { return }
        let thread = Thread { [self] in
            let result = Result { () throws(OCRUnavailable) in try ScannedNumberReader.makeTesseract() }
            condition.withLock {
                state = .loaded(result)
                condition.broadcast()
            }
        }
        thread.start()
    }

    /// The preloaded reader, or why Tesseract cannot be loaded, once the loading ends; nil when it was never started
    /// or was taken already (one reader, for one thread).
    func take() -> Result<TesseractReader, OCRUnavailable>? {
        condition.withLock {
            while true {
                switch state {
                case .idle, .taken: return nil
                case .loading: condition.wait()
                case .loaded(let result):
                    state = .taken
                    return result
                }
            }
        }
    }
}
