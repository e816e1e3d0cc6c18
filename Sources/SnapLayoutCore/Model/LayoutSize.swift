/// A width and a height dimension (`NSCollectionLayoutSize`).
public struct LayoutSize: Equatable, Sendable {
  public var widthDimension: Dimension
  public var heightDimension: Dimension

  public init(widthDimension: Dimension, heightDimension: Dimension) {
    self.widthDimension = widthDimension
    self.heightDimension = heightDimension
  }

  /// The size with its axes exchanged.
  public var transposed: LayoutSize {
    LayoutSize(widthDimension: heightDimension.transposed, heightDimension: widthDimension.transposed)
  }
}
