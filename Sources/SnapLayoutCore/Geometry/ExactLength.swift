/// A length kept exactly: a whole number of 2⁻⁵⁹ pt in 128 bits (docs/ARCHITECTURE.md, "Exact
/// sums").
///
/// Sums of doubles depend on their order — `(a + b) + c` and `a + (b + c)` may differ in the
/// last bit — so a running sum, a Fenwick tree and a table of prefix sums over the same lengths
/// would give three answers, and a tree updated by differences drifts away from one built anew.
/// Added as whole numbers of 2⁻⁵⁹ pt, lengths sum exactly in any order and grouping; a sum is
/// rounded to a double once, when it is read. Every double from 2⁻⁷ pt up (and 0) converts
/// exactly; smaller ones round to the nearest 2⁻⁵⁹ pt, the same way every time. The range,
/// ±2⁶⁷ pt, holds 2²⁶ lines of 2·10¹² pt each (the most a flow section keeps) with room to spare.
struct ExactLength: AdditiveArithmetic, Comparable, Sendable {
  /// The length in units of 2⁻⁵⁹ pt.
  var units: Int128

  static let zero = ExactLength(units: 0)
  /// Points per unit.
  private static let unit = 0x1p-59
  /// Lengths beyond this many points clamp to it (farther than any content reaches).
  static let limit = 0x1p66

  init(units: Int128) {
    self.units = units
  }

  /// `points` rounded to the nearest unit (halves away from zero); magnitudes past `limit`
  /// (infinities included) clamp to it and NaN gives 0. From the double's bits: the generic
  /// conversion between `Double` and `Int128` costs ten times as much.
  @inline(__always)
  init(_ points: Double) {
    guard Swift.abs(points) < ExactLength.limit else {
      units = points.isNaN ? 0 : points < 0 ? -(Int128(1) << 125) : Int128(1) << 125
      return
    }
    let bits = points.bitPattern
    let exponent = Int((bits >> 52) & 0x7FF)
    // Zero and subnormals are far below half a unit.
    guard exponent != 0 else {
      units = 0
      return
    }
    // points = significand · 2^(exponent − 1075), so units = significand · 2^(exponent − 1016).
    let significand = Int64(bitPattern: (bits & 0xF_FFFF_FFFF_FFFF) | 0x10_0000_0000_0000)
    let shift = exponent - 1016
    let magnitude: Int128
    if shift >= 0 {
      magnitude = Int128(significand) << shift
    } else if shift > -64 {
      magnitude = Int128((significand + (Int64(1) << (-shift - 1))) >> -shift)
    } else {
      magnitude = 0
    }
    units = bits >> 63 == 0 ? magnitude : -magnitude
  }

  /// The length in points, rounded once to the nearest double (ties to even), from the
  /// integer's bits (see `init(_:)`).
  @inline(__always)
  var points: Double {
    let magnitude = units < 0 ? UInt128(bitPattern: 0 &- units) : UInt128(bitPattern: units)
    let width = 128 - magnitude.leadingZeroBitCount
    let value: Double
    if width <= 64 {
      value = Double(UInt64(truncatingIfNeeded: magnitude)) * ExactLength.unit
    } else {
      // The top 64 bits, the bits below them folded into the last one, round as the whole.
      let drop = width - 64
      let dropped = magnitude & ((UInt128(1) << drop) - 1)
      let top = UInt64(truncatingIfNeeded: magnitude >> drop) | (dropped != 0 ? 1 : 0)
      value = Double(top) * Double(sign: .plus, exponent: drop - 59, significand: 1)
    }
    return units < 0 ? -value : value
  }

  /// `points` when it is the length exactly (`ExactLength(points) == self`), else NaN: when
  /// the units' bits span at most 53 (a double's significand) and the magnitude is not past
  /// the clamp of `init(_:)` (2¹²⁵ units, `limit`). Two bit counts and a comparison instead of
  /// a conversion back and a 128-bit comparison: a walk of measured pages asks at every page.
  @inline(__always)
  var exactPoints: Double {
    let magnitude = units < 0 ? UInt128(bitPattern: 0 &- units) : UInt128(bitPattern: units)
    guard magnitude != 0 else { return 0 }
    let low = magnitude.trailingZeroBitCount
    let span = 128 &- magnitude.leadingZeroBitCount &- low
    guard span <= 53, magnitude <= UInt128(1) << 125 else { return .nan }
    // The bits as a whole number below 2⁵³ (exact in a double) times 2^(low − 59), a power of
    // two from 2⁻⁵⁹ to 2⁶⁶ made from its exponent's bits: both steps exact.
    let scale = Double(bitPattern: UInt64(truncatingIfNeeded: 1023 &- 59 &+ low) << 52)
    let value = Double(UInt64(truncatingIfNeeded: magnitude >> low)) * scale
    return units < 0 ? -value : value
  }

  /// `a + b` when it is exactly the sum of `a` and the `ExactLength` of `b`, else nil: when `b`
  /// converts exactly (0, or a magnitude from 2⁻⁷ pt up, in range), the double sum has no
  /// rounding error (a two-sum: docs/ARCHITECTURE.md, "Exact sums") and stays in range. With `a` the exact value of an
  /// `ExactLength` `x` (`ExactLength(a) == x`), it is then, bit for bit, `(x + ExactLength(b)).points`
  /// and again the exact value of that sum, for a few floating-point operations instead of the
  /// 128-bit ones: the walk of a flow section's lines steps from line to line so.
  @inline(__always)
  static func exactSum(_ a: Double, _ b: Double) -> Double? {
    let sum = a + b
    let bPart = sum - a
    let error = (a - (sum - bPart)) + (b - bPart)
    guard error == 0, convertsExactly(b), Swift.abs(sum) < limit else { return nil }
    return sum
  }

  /// Whether `points` converts exactly: it is 0, or its magnitude is from 2⁻⁷ pt up and below
  /// `limit` (so a whole number of units, not clamped). From the exponent's bits, both bounds
  /// being powers of two: a few integer operations, no constants of 64 bits, for walks that
  /// test it every row.
  @inline(__always)
  static func convertsExactly(_ points: Double) -> Bool {
    let exponent = Int(truncatingIfNeeded: points.bitPattern >> 52) & 0x7FF
    // 2⁻⁷ has the biased exponent 1016, `limit` (2⁶⁶) 1089; NaN and the infinities 2047.
    return UInt(bitPattern: exponent &- 1016) < 1089 - 1016 || points == 0
  }

  /// `count` times `length`, exactly. - Precondition: the product stays in range.
  @inline(__always)
  static func * (count: Int, length: ExactLength) -> ExactLength {
    ExactLength(units: Int128(count) * length.units)
  }

  @inline(__always)
  static func + (a: ExactLength, b: ExactLength) -> ExactLength {
    ExactLength(units: a.units + b.units)
  }

  @inline(__always)
  static func - (a: ExactLength, b: ExactLength) -> ExactLength {
    ExactLength(units: a.units - b.units)
  }

  @inline(__always)
  static func < (a: ExactLength, b: ExactLength) -> Bool { a.units < b.units }

  /// How many whole `step`s fit in `self` (not negative), at most `limit`: the index of the
  /// step that holds `self` when steps start at 0. A step of 0 gives 0.
  func steps(of step: ExactLength, atMost limit: Int) -> Int {
    guard step.units > 0, units > 0, limit > 0 else { return 0 }
    // The doubles' quotient is within one of the exact one; the exact products settle it.
    let estimate = (points / step.points).rounded(.down)
    var count = estimate >= Double(limit) ? limit : estimate > 0 ? Int(estimate) : 0
    while count > 0 && count * step > self { count -= 1 }
    while count < limit && (count + 1) * step <= self { count += 1 }
    return count
  }
}
