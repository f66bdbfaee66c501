/// An 8-bit grayscale raster of a page: 0 is black ink, 255 white paper, row-major from the top-left.
public struct GrayImage: Sendable {
    public let width: Int
    public let height: Int
    /// Pixels per PDF point (dpi / 72).
    public let scale: Double
    public var pixels: [UInt8]

    public init(width: Int, height: Int, scale: Double, pixels: [UInt8]) {
        precondition(pixels.count == width * height, "pixel count must match the size")
        self.width = width
        self.height = height
        self.scale = scale
        self.pixels = pixels
    }

    @inlinable public subscript(x: Int, y: Int) -> UInt8 { pixels[y * width + x] }
}
