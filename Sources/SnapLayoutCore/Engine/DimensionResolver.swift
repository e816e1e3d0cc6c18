/// Turns dimensions into lengths against a container and snaps fractional results to the pixel
/// grid (docs/LAYOUT-RULES.md, "Dimensions", "Pixel snapping").
struct DimensionResolver {
  /// Pixels per point; 0 keeps exact arithmetic.
  let displayScale: Double

  /// Floors a fractional length to the pixel grid, as iOS 26 does (docs/LAYOUT-RULES.md, "Pixel
  /// snapping"). The small bias keeps values that are on the grid in exact arithmetic
  /// (`390 * 0.5`) from dropping a pixel because of binary rounding.
  func snap(_ value: Double) -> Double {
    guard displayScale > 0 else { return value }
    return (value * displayScale + 1e-7).rounded(.down) / displayScale
  }

  /// The length of `dimension` in a container whose effective size is `container`.
  func resolve(_ dimension: Dimension, in container: Size) -> Double {
    switch dimension {
    case .fractionalWidth(let f): return snap(container.width * f)
    case .fractionalHeight(let f): return snap(container.height * f)
    case .absolute(let v), .estimated(let v), .uniformAcrossSiblings(let v): return v
    }
  }

  func resolve(_ size: LayoutSize, in container: Size) -> Size {
    Size(
      width: resolve(size.widthDimension, in: container),
      height: resolve(size.heightDimension, in: container))
  }
}
