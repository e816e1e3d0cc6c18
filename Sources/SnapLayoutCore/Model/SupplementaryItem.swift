/// A supplementary view attached to every cell of an item, such as a badge
/// (`NSCollectionLayoutSupplementaryItem`).
public struct SupplementaryItem: Equatable, Sendable {
  public var elementKind: String
  public var layoutSize: LayoutSize
  public var containerAnchor: Anchor
  /// Defaults to the container anchor's edges with no offset (docs/LAYOUT-RULES.md, "Item
  /// supplementary items").
  public var itemAnchor: Anchor?
  public var zIndex: Int32

  public init(
    elementKind: String, layoutSize: LayoutSize, containerAnchor: Anchor, itemAnchor: Anchor? = nil,
    zIndex: Int32 = 1
  ) {
    self.elementKind = elementKind
    self.layoutSize = layoutSize
    self.containerAnchor = containerAnchor
    self.itemAnchor = itemAnchor
    self.zIndex = zIndex
  }

  public var transposed: SupplementaryItem {
    SupplementaryItem(
      elementKind: elementKind, layoutSize: layoutSize.transposed,
      containerAnchor: containerAnchor.transposed, itemAnchor: itemAnchor?.transposed,
      zIndex: zIndex)
  }
}

extension SupplementaryItem {
  /// Equal field by field, the element kind byte for byte (`String.sameBytes`), last.
  public static func == (a: SupplementaryItem, b: SupplementaryItem) -> Bool {
    a.layoutSize == b.layoutSize && a.containerAnchor == b.containerAnchor && a.itemAnchor == b.itemAnchor && a.zIndex == b.zIndex && a.elementKind.sameBytes(b.elementKind)
  }
}
