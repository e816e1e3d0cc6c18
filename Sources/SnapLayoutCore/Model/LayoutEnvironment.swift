/// The reading direction, which decides where "leading" is.
public enum LayoutDirection: Equatable, Sendable {
  case leftToRight
  case rightToLeft
}

/// What the layout is solved against (`NSCollectionLayoutEnvironment`).
public struct LayoutEnvironment: Equatable, Sendable {
  /// The collection view's bounds size; `nil` until the host sets it.
  public var containerSize: Size?
  /// The container's insets (safe area); they reduce the size fractions resolve against and
  /// move content on the cross axis.
  public var contentInsets: DirectionalEdgeInsets
  public var layoutDirection: LayoutDirection
  /// Pixels per point for snapping fractional lengths; 0 keeps exact arithmetic
  /// (docs/LAYOUT-RULES.md, "Pixel snapping").
  public var displayScale: Double

  public init(
    containerSize: Size? = nil, contentInsets: DirectionalEdgeInsets = .zero,
    layoutDirection: LayoutDirection = .leftToRight, displayScale: Double = 0
  ) {
    self.containerSize = containerSize
    self.contentInsets = contentInsets
    self.layoutDirection = layoutDirection
    self.displayScale = displayScale
  }
}
