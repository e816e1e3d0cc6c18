/// The items of a flow-layout section (`UICollectionViewFlowLayout`), placed in lines across
/// the scroll axis that break when the next item does not fit (docs/FLOW-LAYOUT.md). The line
/// depends on the container, so the section's group is built when the layout is solved
/// (`FlowLine`); the section's `group` is only a placeholder.
public struct FlowItems: Equatable, Sendable {
  /// `itemSize` (or `estimatedItemSize`): the size of every item that has none of its own.
  public var itemSize: Size
  /// The least space between neighbours in a line; full lines spread theirs evenly.
  public var minimumInteritemSpacing: Double
  /// Whether items size themselves (`estimatedItemSize`): the host reports measured sizes.
  public var isSelfSizing: Bool
  /// Each item's own size (`collectionView(_:layout:sizeForItemAt:)`), one per item, or nil
  /// when every item is `itemSize`. The layout moves them into its own storage when created
  /// (`FlowSizes`), where the host can change them.
  public var itemSizes: [Size]?
  /// The JSON Pointer of the `sectionInset` the section's insets come from (the section's own
  /// or `flowLayout`'s), named by the error when they leave no room; nil for none.
  public var sectionInsetPath: String?

  /// The most items a flow section whose items have sizes of their own may hold (they take
  /// two lengths each).
  public static let maxItemsWithSizes: Int64 = 1 << 26

  public init(
    itemSize: Size, minimumInteritemSpacing: Double, isSelfSizing: Bool = false,
    itemSizes: [Size]? = nil, sectionInsetPath: String? = nil
  ) {
    self.itemSize = itemSize
    self.minimumInteritemSpacing = minimumInteritemSpacing
    self.isSelfSizing = isSelfSizing
    self.itemSizes = itemSizes
    self.sectionInsetPath = sectionInsetPath
  }

  public var transposed: FlowItems {
    FlowItems(
      itemSize: itemSize.transposed, minimumInteritemSpacing: minimumInteritemSpacing,
      isSelfSizing: isSelfSizing, itemSizes: itemSizes?.map { $0.transposed },
      sectionInsetPath: sectionInsetPath)
  }

  /// The placeholder group of a flow section (replaced when the layout is solved).
  public var placeholderGroup: LayoutGroup {
    let item = LayoutItem(
      layoutSize: LayoutSize(
        widthDimension: .absolute(itemSize.width), heightDimension: .absolute(itemSize.height)))
    return LayoutGroup(
      axis: .horizontal,
      layoutSize: LayoutSize(
        widthDimension: .absolute(itemSize.width), heightDimension: .absolute(itemSize.height)),
      content: .subitems([.item(item)]))
  }
}

extension FlowItems {
  /// Equal field by field, the path byte for byte (`String.sameBytes`).
  public static func == (a: FlowItems, b: FlowItems) -> Bool {
    a.itemSize == b.itemSize && a.minimumInteritemSpacing == b.minimumInteritemSpacing
      && a.isSelfSizing == b.isSelfSizing && a.itemSizes == b.itemSizes
      && FlowItems.samePath(a.sectionInsetPath, b.sectionInsetPath)
  }

  private static func samePath(_ a: String?, _ b: String?) -> Bool {
    switch (a, b) {
    case (nil, nil): return true
    case (let a?, let b?): return a.sameBytes(b)
    default: return false
    }
  }
}
