/// The layout's main scroll axis.
public enum ScrollDirection: Equatable, Sendable {
  case vertical
  case horizontal
}

/// Layout-wide settings (`UICollectionViewCompositionalLayoutConfiguration`).
public struct LayoutConfiguration: Equatable, Sendable {
  public var scrollDirection: ScrollDirection
  public var interSectionSpacing: Double
  public var boundarySupplementaryItems: [BoundarySupplementaryItem]
  /// Scrolling and snapping of the main scroll (not in UIKit's configuration: UIKit leaves it
  /// to the scroll view and its delegate).
  public var scrolling: ScrollingProperties

  public init(
    scrollDirection: ScrollDirection = .vertical, interSectionSpacing: Double = 0,
    boundarySupplementaryItems: [BoundarySupplementaryItem] = [],
    scrolling: ScrollingProperties = ScrollingProperties()
  ) {
    self.scrollDirection = scrollDirection
    self.interSectionSpacing = interSectionSpacing
    self.boundarySupplementaryItems = boundarySupplementaryItems
    self.scrolling = scrolling
  }
}
