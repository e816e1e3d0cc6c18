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

  public init(
    scrollDirection: ScrollDirection = .vertical, interSectionSpacing: Double = 0,
    boundarySupplementaryItems: [BoundarySupplementaryItem] = []
  ) {
    self.scrollDirection = scrollDirection
    self.interSectionSpacing = interSectionSpacing
    self.boundarySupplementaryItems = boundarySupplementaryItems
  }
}
