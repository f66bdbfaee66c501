/// Values of the theory commands that begin with a minus sign (`transpose C4 -M3`, `interval C4 -bh`).
///
/// ArgumentParser reads `-M3` as an unknown option and `-bh` as the flags `-b -h` (printing help); these commands take
/// no single-dash options but `-h`, so such words are values: they are passed after `--`, behind the options.
enum TheoryArguments {
    /// The commands whose values may begin with a minus sign.
    static let commands: Set<String> = ["interval", "transpose", "enharmonics", "scale", "chord", "harmonize"]
    /// Options of those commands that take one value.
    static let valueOptions: Set<String> = ["--key", "--limit", "--from", "--to", "--mode", "--octave", "--minor-form", "--names"]
    /// Options of those commands that take several values (up to the next option).
    static let arrayOptions: Set<String> = ["--containing", "--romans"]

    /// The arguments (without the program name) with dash-leading values moved behind `--`; others unchanged.
    static func normalized(_ arguments: [String]) -> [String] {
        guard let command = arguments.first, commands.contains(command), !arguments.contains("--") else { return arguments }
        var options: [String] = [], values: [String] = []
        var sawDashValue = false
        var k = 1
        while k < arguments.count {
            let a = arguments[k]
            k += 1
            if a.hasPrefix("--") || a == "-h" {
                options.append(a)
                if valueOptions.contains(a), k < arguments.count {
                    options.append(arguments[k])
                    k += 1
                } else if arrayOptions.contains(a) {
                    while k < arguments.count, !arguments[k].hasPrefix("-") { options.append(arguments[k]); k += 1 }
                }
            } else {
                if a.hasPrefix("-") && a.count > 1 { sawDashValue = true }
                values.append(a)
            }
        }
        return sawDashValue ? [command] + options + ["--"] + values : arguments
    }
}
