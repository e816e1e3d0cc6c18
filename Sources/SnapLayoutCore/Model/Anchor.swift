/// Where an item supplementary item attaches to its item (`NSCollectionLayoutAnchor`).
public struct Anchor: Equatable, Sendable {
  public var edges: RectEdges
  /// An absolute offset in points, or a fraction of the supplementary item's size when
  /// `isFractional`.
  public var offset: Point
  public var isFractional: Bool

  public init(edges: RectEdges, offset: Point = .zero, isFractional: Bool = false) {
    self.edges = edges
    self.offset = offset
    self.isFractional = isFractional
  }

  /// The anchor with its axes exchanged.
  public var transposed: Anchor {
    Anchor(
      edges: edges.transposed, offset: Point(x: offset.y, y: offset.x), isFractional: isFractional)
  }
}
