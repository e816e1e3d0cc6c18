/// Spacing around an item or group inside its parent group (`NSCollectionLayoutEdgeSpacing`).
/// A missing edge is `fixed(0)`.
public struct EdgeSpacing: Equatable, Sendable {
  public var leading: Spacing?
  public var top: Spacing?
  public var trailing: Spacing?
  public var bottom: Spacing?

  public init(
    leading: Spacing? = nil, top: Spacing? = nil, trailing: Spacing? = nil, bottom: Spacing? = nil
  ) {
    self.leading = leading
    self.top = top
    self.trailing = trailing
    self.bottom = bottom
  }

  public static let none = EdgeSpacing()

  /// Whether any edge is flexible (shares leftover room, so depends on the item's size).
  public var hasFlexibleEdge: Bool {
    [leading, top, trailing, bottom].contains { $0?.isFlexible == true }
  }

  /// The edge spacing with top/leading and bottom/trailing exchanged.
  public var transposed: EdgeSpacing {
    EdgeSpacing(leading: top, top: leading, trailing: bottom, bottom: trailing)
  }
}
