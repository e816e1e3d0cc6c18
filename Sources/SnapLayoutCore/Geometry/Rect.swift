/// A rectangle in points: an origin and a size.
public struct Rect: Equatable, Sendable {
  public var x: Double
  public var y: Double
  public var width: Double
  public var height: Double

  public init(x: Double, y: Double, width: Double, height: Double) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }

  public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

  public var minX: Double { x }
  public var minY: Double { y }
  public var maxX: Double { x + width }
  public var maxY: Double { y + height }
  public var midX: Double { x + width / 2 }
  public var midY: Double { y + height / 2 }

  /// The same rectangle with the x and y axes exchanged.
  public var transposed: Rect { Rect(x: y, y: x, width: height, height: width) }

  /// The rectangle moved by `dx`, `dy`.
  public func offsetBy(dx: Double, dy: Double) -> Rect {
    Rect(x: x + dx, y: y + dy, width: width, height: height)
  }

  /// The rectangle mirrored about the vertical line through `axisX / 2`
  /// (`x' = axisX - x - width`), as a right-to-left layout flips its frames.
  public func mirroredHorizontally(within axisX: Double) -> Rect {
    Rect(x: axisX - x - width, y: y, width: width, height: height)
  }

  /// Whether the two rectangles share area; a zero-length side counts when its edge lies
  /// inside the other rectangle's half-open span. Always inlined: it is the rect query's inner
  /// test (left to itself, the optimizer outlined it once it had more callers: +10% per query).
  @inline(always)
  public func intersects(_ other: Rect) -> Bool {
    Rect.spansOverlap(x, width, other.x, other.width)
      && Rect.spansOverlap(y, height, other.y, other.height)
  }

  /// Whether the span `[a, a + la)` of an element overlaps the query span `[b, b + lb)`.
  @inline(__always) @usableFromInline
  static func spansOverlap(_ a: Double, _ la: Double, _ b: Double, _ lb: Double) -> Bool {
    if la > 0 { return a < b + lb && b < a + la }
    return b <= a && a < b + lb
  }
}
