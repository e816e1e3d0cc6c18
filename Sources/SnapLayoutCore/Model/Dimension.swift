/// One axis of a layout size (`NSCollectionLayoutDimension`).
public enum Dimension: Equatable, Sendable {
  /// A fraction of the container's effective width.
  case fractionalWidth(Double)
  /// A fraction of the container's effective height.
  case fractionalHeight(Double)
  /// A fixed length in points.
  case absolute(Double)
  /// A first guess; until measuring exists the estimate is the length.
  case estimated(Double)

  /// Whether the dimension is an estimate (its axis ignores content insets, spec §3.4).
  public var isEstimated: Bool {
    if case .estimated = self { return true }
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
    case .absolute, .estimated: return self
    }
  }
}
