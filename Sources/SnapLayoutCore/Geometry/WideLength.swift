/// A length kept exactly in 192 bits: a whole number of 2⁻⁵⁹ pt, for sums of section lengths
/// (docs/ARCHITECTURE.md, "Many sections").
///
/// Sums of doubles depend on their order, so a section's start summed by a tree would differ
/// in the last bit from the same start summed one section after another, or before and after a
/// change that was undone. Whole numbers sum to one value in any order and grouping; a sum is
/// rounded to a double once, when it is read (to the nearest, ties to even). Every double from
/// 2⁻⁷ pt up converts exactly; smaller magnitudes round to the nearest 2⁻⁵⁹ pt, the same way
/// every time. Magnitudes clamp at 2¹¹⁰ pt, past any content (2⁶³ items of 10¹² pt reach 2¹⁰³):
/// 100,000 sections that long still sum within the 192 bits (2¹⁸⁶ units).
struct WideLength: Equatable, Comparable, Sendable {
  /// The two's-complement value: `high · 2¹²⁸ + low`, in units of 2⁻⁵⁹ pt.
  private(set) var high: Int64
  private(set) var low: UInt128

  static let zero = WideLength(high: 0, low: 0)
  /// Magnitudes past this many points clamp to it.
  static let limit = 0x1p110

  private init(high: Int64, low: UInt128) {
    self.high = high
    self.low = low
  }

  /// `points` rounded to the nearest unit (halves away from zero); magnitudes past `limit`
  /// (infinities included) clamp to it and NaN gives 0. From the double's bits.
  init(_ points: Double) {
    let bits = points.bitPattern
    let negative = bits >> 63 != 0
    let exponent = Int((bits >> 52) & 0x7FF)
    var magnitude = WideLength.zero
    if points.isNaN || exponent == 0 {
      // NaN, zero and subnormals (far below half a unit) give 0.
    } else if Swift.abs(points) >= WideLength.limit {
      magnitude = WideLength(high: 1 << (110 + 59 - 128), low: 0)
    } else {
      // points = significand · 2^(exponent − 1075), so units = significand · 2^(exponent − 1016).
      let significand = (bits & 0xF_FFFF_FFFF_FFFF) | 0x10_0000_0000_0000
      let shift = exponent - 1016
      if shift >= 0 {
        magnitude = WideLength(significand: significand, shift: shift)
      } else if shift > -64 {
        let rounded = (significand + (UInt64(1) << (-shift - 1))) >> -shift
        magnitude = WideLength(high: 0, low: UInt128(rounded))
      }
    }
    self = negative ? .zero - magnitude : magnitude
  }

  /// `significand · 2^shift` for `shift` below 192 − 53.
  private init(significand: UInt64, shift: Int) {
    if shift < 128 - 53 {
      self.init(high: 0, low: UInt128(significand) << shift)
    } else if shift >= 128 {
      self.init(high: Int64(bitPattern: significand << (shift - 128)), low: 0)
    } else {
      let wide = UInt128(significand)
      self.init(
        high: Int64(bitPattern: UInt64(truncatingIfNeeded: wide >> (128 - shift))),
        low: wide << shift)
    }
  }

  /// `count` sections' worth of `length`: `count · length`, exactly.
  /// - Precondition: `count · length` stays within ±2¹²⁷ units (spacings of up to 10¹² pt
  ///   times 100,000 sections are within 2¹¹⁷).
  init(_ count: Int, times length: WideLength) {
    let product = Int128(count) * Int128(bitPattern: length.low)
    self.init(high: product < 0 ? -1 : 0, low: UInt128(bitPattern: product))
  }

  var isNegative: Bool { high < 0 }

  /// The length in points, rounded once to the nearest double (ties to even).
  var points: Double {
    let magnitude = isNegative ? WideLength.zero - self : self
    let top = UInt64(bitPattern: magnitude.high)
    let value: Double
    if top == 0 {
      let width = 128 - magnitude.low.leadingZeroBitCount
      if width <= 64 {
        value = Double(UInt64(truncatingIfNeeded: magnitude.low)) * 0x1p-59
      } else {
        value = WideLength.round(magnitude.low, width: width)
      }
    } else {
      // The top 64 bits and whether anything below them is set: a double rounds them as the
      // whole number.
      let width = 192 - top.leadingZeroBitCount
      let drop = width - 64
      let wide = (UInt128(top) << 64) | (magnitude.low >> 64)
      let shifted = wide >> (drop - 64)
      let lost =
        (magnitude.low & ((UInt128(1) << 64) - 1)) != 0
        || (wide & ((UInt128(1) << (drop - 64)) - 1)) != 0
      let bits = UInt64(truncatingIfNeeded: shifted) | (lost ? 1 : 0)
      value = Double(bits) * Double(sign: .plus, exponent: drop - 59, significand: 1)
    }
    return isNegative ? -value : value
  }

  /// A magnitude of 65 to 128 bits in points: its top 64 bits, the ones below folded into the
  /// last, round as the whole number does.
  private static func round(_ magnitude: UInt128, width: Int) -> Double {
    let drop = width - 64
    let dropped = magnitude & ((UInt128(1) << drop) - 1)
    let top = UInt64(truncatingIfNeeded: magnitude >> drop) | (dropped != 0 ? 1 : 0)
    return Double(top) * Double(sign: .plus, exponent: drop - 59, significand: 1)
  }

  static func + (a: WideLength, b: WideLength) -> WideLength {
    let (low, carry) = a.low.addingReportingOverflow(b.low)
    return WideLength(high: a.high &+ b.high &+ (carry ? 1 : 0), low: low)
  }

  static func - (a: WideLength, b: WideLength) -> WideLength {
    let (low, borrow) = a.low.subtractingReportingOverflow(b.low)
    return WideLength(high: a.high &- b.high &- (borrow ? 1 : 0), low: low)
  }

  static func += (a: inout WideLength, b: WideLength) { a = a + b }

  static func < (a: WideLength, b: WideLength) -> Bool {
    a.high != b.high ? a.high < b.high : a.low < b.low
  }
}
