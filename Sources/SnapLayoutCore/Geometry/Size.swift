/// A width and a height in points.
public struct Size: Equatable, Sendable {
  public var width: Double
  public var height: Double

  public init(width: Double, height: Double) {
    self.width = width
    self.height = height
  }

  public static let zero = Size(width: 0, height: 0)

  /// The same size with width and height exchanged.
  public var transposed: Size { Size(width: height, height: width) }
}
