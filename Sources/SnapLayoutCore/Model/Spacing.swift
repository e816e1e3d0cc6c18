/// Spacing between neighbours (`NSCollectionLayoutSpacing`).
public enum Spacing: Equatable, Sendable {
  /// Exactly this many points.
  case fixed(Double)
  /// At least this many points; grows to share leftover room evenly.
  case flexible(Double)

  /// The minimum length, whether fixed or flexible.
  public var value: Double {
    switch self {
    case .fixed(let v), .flexible(let v): return v
    }
  }

  public var isFlexible: Bool {
    if case .flexible = self { return true }
    return false
  }
}
