/// The axis along which a group arranges its subitems.
public enum GroupAxis: Equatable, Sendable {
  case horizontal
  case vertical

  public var transposed: GroupAxis { self == .horizontal ? .vertical : .horizontal }
}

/// A child of a group: an item or a nested group.
public indirect enum Subitem: Equatable, Sendable {
  case item(LayoutItem)
  case group(LayoutGroup)

  /// The child's size description.
  public var layoutSize: LayoutSize {
    switch self {
    case .item(let item): return item.layoutSize
    case .group(let group): return group.layoutSize
    }
  }

  /// The child's edge spacing inside its parent group.
  public var edgeSpacing: EdgeSpacing {
    switch self {
    case .item(let item): return item.edgeSpacing
    case .group(let group): return group.edgeSpacing
    }
  }

  public var transposed: Subitem {
    switch self {
    case .item(let item): return .item(item.transposed)
    case .group(let group): return .group(group.transposed)
    }
  }

  /// The same child with one dimension replaced (used by `subitem:count:`, docs/LAYOUT-RULES.md,
  /// "Groups" 3).
  func replacingDimension(along axis: GroupAxis, with dimension: Dimension) -> Subitem {
    switch self {
    case .item(var item):
      item.layoutSize.replace(along: axis, with: dimension)
      return .item(item)
    case .group(var group):
      group.layoutSize.replace(along: axis, with: dimension)
      return .group(group)
    }
  }
}

/// The three ways UIKit builds a group.
public enum GroupContent: Equatable, Sendable {
  /// `horizontal(layoutSize:subitems:)`: children taken cyclically while they fit.
  case subitems([Subitem])
  /// `horizontal(layoutSize:subitem:count:)`: `count` equal children; the subitem's length
  /// along the group's axis is replaced by `1/count` of the group.
  case subitem(Subitem, count: Int)
  /// `horizontal(layoutSize:repeatingSubitem:count:)`: `count` children of the subitem's size.
  case repeatingSubitem(Subitem, count: Int)

  public var transposed: GroupContent {
    switch self {
    case .subitems(let children): return .subitems(children.map { $0.transposed })
    case .subitem(let child, let count): return .subitem(child.transposed, count: count)
    case .repeatingSubitem(let child, let count):
      return .repeatingSubitem(child.transposed, count: count)
    }
  }
}

/// A container of items and groups arranged along one axis (`NSCollectionLayoutGroup`).
public struct LayoutGroup: Equatable, Sendable {
  public var axis: GroupAxis
  public var layoutSize: LayoutSize
  public var content: GroupContent
  public var interItemSpacing: Spacing?
  public var contentInsets: DirectionalEdgeInsets
  public var edgeSpacing: EdgeSpacing

  public init(
    axis: GroupAxis, layoutSize: LayoutSize, content: GroupContent,
    interItemSpacing: Spacing? = nil, contentInsets: DirectionalEdgeInsets = .zero,
    edgeSpacing: EdgeSpacing = .none
  ) {
    self.axis = axis
    self.layoutSize = layoutSize
    self.content = content
    self.interItemSpacing = interItemSpacing
    self.contentInsets = contentInsets
    self.edgeSpacing = edgeSpacing
  }

  public var transposed: LayoutGroup {
    LayoutGroup(
      axis: axis.transposed, layoutSize: layoutSize.transposed, content: content.transposed,
      interItemSpacing: interItemSpacing, contentInsets: contentInsets.transposed,
      edgeSpacing: edgeSpacing.transposed)
  }
}

extension LayoutGroup {
  /// The child of a `subitem` + `count` group as the group lays it out: its length along the
  /// group's axis is `1/count` of the group (docs/LAYOUT-RULES.md, Groups 3).
  func counted(_ child: Subitem, count: Int) -> Subitem {
    let share: Dimension =
      axis == .horizontal
      ? .fractionalWidth(1 / Double(count)) : .fractionalHeight(1 / Double(count))
    return child.replacingDimension(along: axis, with: share)
  }
}

extension LayoutSize {
  /// The dimension along a group axis.
  func dimension(along axis: GroupAxis) -> Dimension {
    axis == .horizontal ? widthDimension : heightDimension
  }

  mutating func replace(along axis: GroupAxis, with dimension: Dimension) {
    if axis == .horizontal { widthDimension = dimension } else { heightDimension = dimension }
  }
}
