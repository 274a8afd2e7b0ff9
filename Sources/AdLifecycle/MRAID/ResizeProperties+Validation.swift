extension ResizeProperties {
    /// The frame these properties give in `geometry`, checked by MRAID 3.0's rules.
    ///
    /// Width and height must be at least 50 and at most the max size. With `allowOffscreen` false the
    /// frame is moved back inside the max-size area; with it true the frame stays where the offsets put
    /// it, but the 50 x 50 close region must stay on screen.
    /// - Throws: `tooSmall`, `tooLarge` or `closeRegionOffscreen`, with `action` as the command.
    public func frame(in geometry: MRAIDGeometry, action: String) throws(MRAIDError) -> Rect {
        guard width >= 50, height >= 50 else { throw MRAIDError(.tooSmall, action: action) }
        let area = geometry.maxArea
        guard width <= area.width, height <= area.height else { throw MRAIDError(.tooLarge, action: action) }
        var frame = Rect(
            x: geometry.defaultFrame.x + offsetX, y: geometry.defaultFrame.y + offsetY, width: width, height: height)
        if allowOffscreen {
            guard geometry.screen.contains(closeRegion(in: frame)) else {
                throw MRAIDError(.closeRegionOffscreen, action: action)
            }
        } else {
            frame.x = min(max(frame.x, area.x), area.maxX - width)
            frame.y = min(max(frame.y, area.y), area.maxY - height)
        }
        return frame
    }

    /// The 50 x 50 close region inside `frame`.
    public func closeRegion(in frame: Rect) -> Rect {
        let side = 50.0
        let left = frame.x
        let right = frame.maxX - side
        let middleX = frame.x + (frame.width - side) / 2
        let top = frame.y
        let bottom = frame.maxY - side
        let middleY = frame.y + (frame.height - side) / 2
        let (x, y): (Double, Double) =
            switch customClosePosition {
            case .topLeft: (left, top)
            case .topRight: (right, top)
            case .center: (middleX, middleY)
            case .bottomLeft: (left, bottom)
            case .bottomRight: (right, bottom)
            case .topCenter: (middleX, top)
            case .bottomCenter: (middleX, bottom)
            }
        return Rect(x: x, y: y, width: side, height: side)
    }
}
