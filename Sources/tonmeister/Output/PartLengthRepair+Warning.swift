import RecordingProtocol
import ScoreFollowing

extension PartLengthRepair {
    /// The repair as the warning a command reports (DESIGN §6), naming the notes' file.
    func warning(score path: String) -> SessionWarning {
        SessionWarning(kind: .partLength, message: "\(path): \(description)")
    }
}
