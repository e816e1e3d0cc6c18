/// One axis of a layout size (`NSCollectionLayoutDimension`).
public enum Dimension: Equatable, Sendable {
  /// A fraction of the container's effective width.
  case fractionalWidth(Double)
  /// A fraction of the container's effective height.
  case fractionalHeight(Double)
  /// A fixed length in points.
  case absolute(Double)
  /// A first guess, replaced by the size the host measures (`Layout.reportItemSize`).
  case estimated(Double)
  /// An estimate shared by siblings: every item of the parent group with this dimension takes
  /// the largest length among them (measured, else estimated) — across the whole section when
  /// the parent is the section's root group (iOS 17's `uniformAcrossSiblings(estimate:)`).
  case uniformAcrossSiblings(Double)

  /// Whether the dimension self-sizes: `estimated` or `uniformAcrossSiblings` (its axis ignores
  /// content insets, LAYOUT-RULES.md "Content insets", and takes measured sizes, SELF-SIZING.md).
  public var isEstimated: Bool {
    switch self {
    case .estimated, .uniformAcrossSiblings: return true
    default: return false
    }
  }

  /// Whether the dimension is shared among siblings.
  public var isUniformAcrossSiblings: Bool {
    if case .uniformAcrossSiblings = self { return true }
    return false
  }

  /// Whether the dimension is a fraction of the container's width.
  public var isFractionalWidth: Bool {
    if case .fractionalWidth = self { return true }
    return false
  }

  /// Whether the dimension is a fraction of the container's height.
  public var isFractionalHeight: Bool {
    if case .fractionalHeight = self { return true }
    return false
  }

  /// The dimension with width and height exchanged (for horizontal layouts).
  public var transposed: Dimension {
    switch self {
    case .fractionalWidth(let f): return .fractionalHeight(f)
    case .fractionalHeight(let f): return .fractionalWidth(f)
    case .absolute, .estimated, .uniformAcrossSiblings: return self
    }
  }
}
