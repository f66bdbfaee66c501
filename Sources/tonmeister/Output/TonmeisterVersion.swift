/// The version `tonmeister --version` prints.
enum TonmeisterVersion {
    /// Semantic version of the command and its session format reader.
    static let current = "0.5.0"
}
