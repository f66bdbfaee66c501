import Dispatch

/// A task executor with threads of its own, for servers that tests run in-process.
///
/// Swift Testing runs every test as a job on the global cooperative pool (as many threads as cores); with the
/// whole suite queued there, a live server's request handlers wait behind hundreds of test jobs and a client's
/// 30 s timeout can pass. Tasks that prefer this executor (`Task(executorPreference:)`, and their child tasks)
/// run on its own dispatch queue instead.
public final class DedicatedExecutor: TaskExecutor, @unchecked Sendable {
    private let queue: DispatchQueue

    public init(label: String) {
        queue = DispatchQueue(label: label, qos: .userInitiated, attributes: .concurrent)
    }

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        queue.async { job.runSynchronously(on: executor) }
    }
}
