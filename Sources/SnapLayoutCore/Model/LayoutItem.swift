/// A leaf of the layout tree: one cell per data item (`NSCollectionLayoutItem`).
public struct LayoutItem: Equatable, Sendable {
  public var layoutSize: LayoutSize
  public var contentInsets: DirectionalEdgeInsets
  public var edgeSpacing: EdgeSpacing
  public var supplementaryItems: [SupplementaryItem]

  public init(
    layoutSize: LayoutSize, contentInsets: DirectionalEdgeInsets = .zero,
    edgeSpacing: EdgeSpacing = .none, supplementaryItems: [SupplementaryItem] = []
  ) {
    self.layoutSize = layoutSize
    self.contentInsets = contentInsets
    self.edgeSpacing = edgeSpacing
    self.supplementaryItems = supplementaryItems
  }

  public var transposed: LayoutItem {
    LayoutItem(
      layoutSize: layoutSize.transposed, contentInsets: contentInsets.transposed,
      edgeSpacing: edgeSpacing.transposed,
      supplementaryItems: supplementaryItems.map { $0.transposed })
  }
}
