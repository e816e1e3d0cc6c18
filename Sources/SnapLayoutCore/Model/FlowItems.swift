/// The items of a flow-layout section (`UICollectionViewFlowLayout`): every item the same size,
/// placed in lines across the scroll axis that break when the next item does not fit
/// (docs/FLOW-LAYOUT.md). The line depends on the container, so the section's group is built
/// when the layout is solved (`FlowLine`); the section's `group` is only a placeholder.
public struct FlowItems: Equatable, Sendable {
  /// `itemSize` (or `estimatedItemSize`: the estimate is the size until measuring exists).
  public var itemSize: Size
  /// The least space between neighbours in a line; full lines spread theirs evenly.
  public var minimumInteritemSpacing: Double

  public init(itemSize: Size, minimumInteritemSpacing: Double) {
    self.itemSize = itemSize
    self.minimumInteritemSpacing = minimumInteritemSpacing
  }

  public var transposed: FlowItems {
    FlowItems(itemSize: itemSize.transposed, minimumInteritemSpacing: minimumInteritemSpacing)
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
