/// A header, footer or other view attached to a section's or the layout's boundary
/// (`NSCollectionLayoutBoundarySupplementaryItem`).
public struct BoundarySupplementaryItem: Equatable, Sendable {
  public var elementKind: String
  public var layoutSize: LayoutSize
  public var alignment: RectAlignment
  /// Shifts the anchored frame (`absoluteOffset`).
  public var offset: Point
  /// Whether an item on a main-axis edge grows the section instead of overlapping it.
  public var extendsBoundary: Bool
  /// Parsed now; pinning behaves once scrolling exists.
  public var pinToVisibleBounds: Bool
  public var zIndex: Int32
  public var contentInsets: DirectionalEdgeInsets

  public init(
    elementKind: String, layoutSize: LayoutSize, alignment: RectAlignment,
    offset: Point = .zero, extendsBoundary: Bool = true, pinToVisibleBounds: Bool = false,
    zIndex: Int32 = 1, contentInsets: DirectionalEdgeInsets = .zero
  ) {
    self.elementKind = elementKind
    self.layoutSize = layoutSize
    self.alignment = alignment
    self.offset = offset
    self.extendsBoundary = extendsBoundary
    self.pinToVisibleBounds = pinToVisibleBounds
    self.zIndex = zIndex
    self.contentInsets = contentInsets
  }

  public var transposed: BoundarySupplementaryItem {
    BoundarySupplementaryItem(
      elementKind: elementKind, layoutSize: layoutSize.transposed, alignment: alignment.transposed,
      offset: Point(x: offset.y, y: offset.x), extendsBoundary: extendsBoundary,
      pinToVisibleBounds: pinToVisibleBounds, zIndex: zIndex, contentInsets: contentInsets.transposed
    )
  }
}

extension BoundarySupplementaryItem {
  /// Equal field by field, the element kind byte for byte (`String.sameBytes`), last.
  public static func == (a: BoundarySupplementaryItem, b: BoundarySupplementaryItem) -> Bool {
    a.layoutSize == b.layoutSize && a.alignment == b.alignment && a.offset == b.offset && a.extendsBoundary == b.extendsBoundary && a.pinToVisibleBounds == b.pinToVisibleBounds && a.zIndex == b.zIndex && a.contentInsets == b.contentInsets && a.elementKind.sameBytes(b.elementKind)
  }
}
