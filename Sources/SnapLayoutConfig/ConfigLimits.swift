#if canImport(SnapLayoutCore)
  import SnapLayoutCore
#endif

/// The documented limits of a configuration (docs/CONFIG.md, "Limits").
public enum ConfigLimits {
  /// The longest configuration text accepted, in bytes.
  public static let maxTextLength = 64 << 20
  /// The deepest JSON nesting accepted by the parser.
  public static let maxJSONDepth = 256
  /// The deepest nesting of groups below a section's root group.
  public static let maxGroupDepth = 32
  public static let maxSections = Layout.maxSections
  /// Children in one `subitems` list, and the largest `count`.
  public static let maxSubitems = 10_000
  /// Boundary, decoration or supplementary items in one list.
  public static let maxAccessories = 100
  /// The largest magnitude of any length, spacing, inset or offset, in points.
  public static let maxLength = 1e12
  /// The largest fraction of the container's other axis (e.g. a height of fractionalWidth(2)).
  public static let maxCrossAxisFraction = 100.0
  /// The longest element kind, in bytes.
  public static let maxKindLength = 256
  /// Variants of one section (docs/CONFIG.md, "Variants").
  public static let maxVariants = 16
  /// The largest `displayScale`.
  public static let maxDisplayScale = 16.0
  /// The largest `initialIndex` (a rest position; larger ones start at the last).
  public static let maxInitialIndex: Int64 = 1 << 53
}
