/// A set of rectangle edges, leading/trailing following the layout direction.
public struct RectEdges: OptionSet, Equatable, Sendable {
  public let rawValue: UInt8

  public init(rawValue: UInt8) {
    self.rawValue = rawValue
  }

  public static let top = RectEdges(rawValue: 1)
  public static let leading = RectEdges(rawValue: 2)
  public static let bottom = RectEdges(rawValue: 4)
  public static let trailing = RectEdges(rawValue: 8)

  /// The edges with top/leading and bottom/trailing exchanged.
  public var transposed: RectEdges {
    var result: RectEdges = []
    if contains(.top) { result.insert(.leading) }
    if contains(.leading) { result.insert(.top) }
    if contains(.bottom) { result.insert(.trailing) }
    if contains(.trailing) { result.insert(.bottom) }
    return result
  }

  /// The unit anchor point of the edges: 0 at leading/top, 1 at trailing/bottom, ½ when neither
  /// edge of an axis is named (docs/LAYOUT-RULES.md, "Boundary supplementary items").
  public var unitPoint: Point {
    func unit(_ low: RectEdges, _ high: RectEdges) -> Double {
      let hasLow = contains(low)
      let hasHigh = contains(high)
      if hasLow == hasHigh { return 0.5 }
      return hasLow ? 0 : 1
    }
    return Point(x: unit(.leading, .trailing), y: unit(.top, .bottom))
  }
}
