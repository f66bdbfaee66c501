extension PageSize {
    /// ISO A4 portrait: 210 × 297 mm.
    public static let a4 = PageSize(width: 595.2756, height: 841.8898)
    /// US Letter portrait: 8.5 × 11 in.
    public static let letter = PageSize(width: 612, height: 792)
}
