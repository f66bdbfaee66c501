extension Array {
    /// The elements in runs: each element joins the run before it when `continues(run, element)`, else starts a
    /// new one (consecutive staves into systems).
    func runs(_ continues: ([Element], Element) -> Bool) -> [[Element]] {
        guard var current = first.map({ [$0] }) else { return [] }
        var result: [[Element]] = []
        for element in dropFirst() {
            if continues(current, element) {
                current.append(element)
            } else {
                result.append(current)
                current = [element]
            }
        }
        result.append(current)
        return result
    }
}
