/// Frame counts: timecode to frames since midnight and back, drop-frame included.
extension Timecode {
    /// The whole number of frames per second a timecode counts (24 for 23.976, 30 for 29.97).
    public static func nominalRate(_ fps: Double) -> Int {
        max(1, Int(fps.rounded()))
    }

    /// The real frame rate: 24000/1001, 30000/1001, 60000/1001 for the NTSC rates, else `fps` itself.
    public static func realRate(_ fps: Double) -> Double {
        let nominal = Double(nominalRate(fps))
        let ntsc = nominal * 1000 / 1001
        return abs(fps - ntsc) < 0.005 && fps != nominal ? ntsc : fps
    }

    /// Frames dropped from the count each minute (except every tenth) in drop-frame timecode at this rate.
    static func droppedPerMinute(_ nominal: Int) -> Int { nominal / 15 }

    /// The number of frames from midnight to this timecode at a frame rate.
    ///
    /// Drop-frame timecode skips frame numbers 0 and 1 (0–3 at 60 fps) at the start of every minute
    /// except each tenth, so its frame count is the nominal count minus the skipped numbers.
    public func frameCount(fps: Double) -> Int {
        let nominal = Self.nominalRate(fps)
        let count = (hours * 3600 + minutes * 60 + seconds) * nominal + frames
        guard dropFrame else { return count }
        let totalMinutes = hours * 60 + minutes
        return count - Self.droppedPerMinute(nominal) * (totalMinutes - totalMinutes / 10)
    }

    /// The timecode of a frame count since midnight (wrapping at 24 hours).
    public init(frameCount: Int, fps: Double, dropFrame: Bool = false) {
        let nominal = Self.nominalRate(fps)
        var n = frameCount
        if dropFrame {
            let drop = Self.droppedPerMinute(nominal)
            let perMinute = nominal * 60 - drop
            let perTenMinutes = nominal * 600 - drop * 9
            let day = perTenMinutes * 6 * 24
            n = ((n % day) + day) % day
            let tens = n / perTenMinutes, rest = n % perTenMinutes
            n += drop * 9 * tens + (rest > drop ? drop * ((rest - drop) / perMinute) : 0)
        }
        let day = nominal * 86_400
        n = ((n % day) + day) % day
        frames = n % nominal
        let totalSeconds = n / nominal
        seconds = totalSeconds % 60
        minutes = (totalSeconds / 60) % 60
        hours = totalSeconds / 3600
        self.dropFrame = dropFrame
    }
}
