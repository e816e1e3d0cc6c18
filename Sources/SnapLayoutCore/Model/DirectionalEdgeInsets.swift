/// Insets on four edges, leading/trailing following the layout direction
/// (`NSDirectionalEdgeInsets`).
public struct DirectionalEdgeInsets: Equatable, Sendable {
  public var top: Double
  public var leading: Double
  public var bottom: Double
  public var trailing: Double

  public init(top: Double = 0, leading: Double = 0, bottom: Double = 0, trailing: Double = 0) {
    self.top = top
    self.leading = leading
    self.bottom = bottom
    self.trailing = trailing
  }

  public static let zero = DirectionalEdgeInsets()

  /// Total horizontal inset.
  public var horizontal: Double { leading + trailing }
  /// Total vertical inset.
  public var vertical: Double { top + bottom }

  /// The insets with top/leading and bottom/trailing exchanged.
  public var transposed: DirectionalEdgeInsets {
    DirectionalEdgeInsets(top: leading, leading: top, bottom: trailing, trailing: bottom)
  }

  /// The insets with the edges of estimated axes removed (docs/LAYOUT-RULES.md, "Content insets").
  public func ignoringEstimatedAxes(of size: LayoutSize) -> DirectionalEdgeInsets {
    var result = self
    if size.widthDimension.isEstimated {
      result.leading = 0
      result.trailing = 0
    }
    if size.heightDimension.isEstimated {
      result.top = 0
      result.bottom = 0
    }
    return result
  }
}
