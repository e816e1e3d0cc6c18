/// The elementary functions the motion formulas need, in pure Swift: the core imports nothing,
/// not even libm. Accurate to a few ulps over the ranges motion uses (tested against libm).
enum Math {
  private static let ln2Hi = 6.93147180369123816490e-01
  private static let ln2Lo = 1.90821492927058770002e-10
  private static let log2e = 1.44269504088896338700e+00

  /// e^x.
  static func exp(_ x: Double) -> Double {
    if x.isNaN { return x }
    if x > 709.78 { return .infinity }
    if x < -745.2 { return 0 }
    // x = k·ln2 + r with |r| <= ln2/2, then e^x = 2^k · e^r.
    let k = (x * log2e).rounded()
    let r = (x - k * ln2Hi) - k * ln2Lo
    // Taylor series of e^r; |r| < 0.35, so degree 14 reaches double precision. Estrin's
    // scheme (pairs, then pairs of pairs) keeps the dependency chain short.
    let sum = estrin(r, exponentialCoefficients)
    return scale(sum, by: Int(k))
  }

  /// `x` as whole periods and what is left: `x = laps · period + within` with `0 <= within <
  /// period`, `within` exact (the remainder of a fused multiply-add with the right quotient is
  /// representable), for loops (docs/SNAPPING.md, "Looping"). Quotients past 2^52 take the
  /// exact but slower `fmod`. `period` is positive and finite, `x` finite.
  static func laps(_ x: Double, period: Double) -> (laps: Double, within: Double) {
    var q = (x / period).rounded(.down)
    guard Swift.abs(q) < 4.0e15 else {
      var within = x.truncatingRemainder(dividingBy: period)
      if within < 0 { within += period }
      if within >= period { within = 0 }
      return (((x - within) / period).rounded(), within)
    }
    var within = x.addingProduct(-q, period)
    if within < 0 {
      q -= 1
      within = x.addingProduct(-q, period)
    } else if within >= period {
      q += 1
      within = x.addingProduct(-q, period)
    }
    // The corrected quotient leaves an exact remainder inside the period; a period so small
    // against `x` that even that fails rests on the lap's start.
    if within >= period {
      q += 1
      within = 0
    } else if !(within >= 0) {
      within = 0
    }
    return (q, within + 0)  // +0, never -0
  }

  /// The whole laps of `period` nearest `distance`, as a length: `(distance / period).rounded()
  /// · period`, or `distance` itself where that is not finite (a period of a few subnormal
  /// points against a far offset: the nearest lap is within a period of it; found by the
  /// fuzzer, docs/FUZZING.md). `period` is positive, `distance` finite.
  static func nearestLaps(_ distance: Double, period: Double) -> Double {
    let laps = (distance / period).rounded() * period
    return laps.isFinite ? laps : distance
  }

  /// The natural logarithm; NaN below 0, -infinity at 0.
  static func log(_ x: Double) -> Double {
    // One unsigned comparison admits every positive, normal, finite x (the settling bounds'
    // amplitudes); zero, subnormals, infinities, NaN and negatives take the careful path.
    let bits = x.bitPattern
    if bits &- 0x0010_0000_0000_0000 < 0x7FE0_0000_0000_0000 {
      return logOfNormal(bits, scale: 0)
    }
    if x.isNaN || x < 0 { return .nan }
    if x == 0 { return -.infinity }
    if x.isInfinite { return x }
    // A subnormal: scaled by 2^54 into the normal range.
    return logOfNormal((x * 18014398509481984.0).bitPattern, scale: 54)
  }

  /// ln(x / 2^scale) for a positive, normal, finite x given by its bits.
  @inline(always)
  private static func logOfNormal(_ bits: UInt64, scale: Int) -> Double {
    // x = m · 2^e with m in [1, 2), read from the bits. The top seven bits of m pick an
    // interval of width 1/128 and its centre c (LogTable.swift); ln m = ln c + ln(1 + r) with
    // r = (m − c)/c, |r| < 1/256, without a division.
    let e = Int(truncatingIfNeeded: bits >> 52) &- 1023 &- scale
    let fraction = bits & 0x000F_FFFF_FFFF_FFFF
    let interval = Int(truncatingIfNeeded: fraction >> 45)
    let m = Double(bitPattern: fraction | 0x3FF0_0000_0000_0000)
    let centre = Double(bitPattern: (fraction >> 45) << 45 | 1 << 44 | 0x3FF0_0000_0000_0000)
    let r = (m - centre) * logInverseCentres[interval]  // m − c is exact
    // ln(1 + r) = r − r²/2 + r³/3 − … − r⁸/8; the next term is below 1e-20.
    let r2 = r * r
    let r4 = r2 * r2
    let low = r + r2 * (-0.5 + r * 0.3333333333333333)
    let high =
      (-0.25 + r * 0.2) + r2 * (-0.16666666666666666 + r * 0.14285714285714285 - r2 * 0.125)
    let series = low + r4 * high
    let exponent = Double(e)
    return exponent * ln2Hi + (logCentres[interval] + (series + exponent * ln2Lo))
  }

  static func sin(_ x: Double) -> Double {
    let (quadrant, r) = reduce(x)
    switch quadrant {
    case 0: return sinKernel(r)
    case 1: return cosKernel(r)
    case 2: return -sinKernel(r)
    default: return -cosKernel(r)
    }
  }

  static func cos(_ x: Double) -> Double {
    let (quadrant, r) = reduce(x)
    switch quadrant {
    case 0: return cosKernel(r)
    case 1: return -sinKernel(r)
    case 2: return -cosKernel(r)
    default: return sinKernel(r)
    }
  }

  /// x = q·π/2 + r with |r| <= π/4 (Cody–Waite with a three-part π/2; accurate while
  /// |x| < 1e9, far beyond what a settling spring reaches).
  private static func reduce(_ x: Double) -> (Int, Double) {
    // Past that the three parts lose the phase and `r` grows without bound (NaN and ∞ from the
    // kernels): a spring whose damping ratio is 10⁻⁴⁸ settles in 10⁴⁶ s, and sampled there
    // its phase only has to be some angle (found by the fuzzer, docs/FUZZING.md). The
    // remainder by the double 2π is exact and within the range; not finite, the angle 0.
    guard Swift.abs(x) < 1e9 else {
      return x.isFinite ? reduce(x.truncatingRemainder(dividingBy: 2 * Double.pi)) : (0, 0)
    }
    let pio2_1 = 1.57079632673412561417e+00
    let pio2_2 = 6.07710050650619224932e-11
    let pio2_3 = 2.02226624879595063154e-21
    let q = (x * 6.36619772367581382433e-01).rounded()
    let r = ((x - q * pio2_1) - q * pio2_2) - q * pio2_3
    let quadrant = Int(q.truncatingRemainder(dividingBy: 4))
    return ((quadrant + 4) % 4, r)
  }

  private static func sinKernel(_ r: Double) -> Double {
    let r2 = r * r
    return r + r * r2 * estrin(r2, sineCoefficients)
  }

  private static func cosKernel(_ r: Double) -> Double {
    let r2 = r * r
    return 1 + r2 * estrin(r2, cosineCoefficients)
  }

  /// 1/k! for k = 0 … 14.
  private static let exponentialCoefficients:
    (
      Double, Double, Double, Double, Double, Double, Double, Double, Double, Double, Double,
      Double, Double, Double, Double, Double
    ) = (
      1.0, 1.0, 0.5, 0.16666666666666666, 0.041666666666666664, 0.008333333333333333,
      0.001388888888888889, 0.0001984126984126984, 2.48015873015873e-05,
      2.7557319223985893e-06, 2.755731922398589e-07, 2.505210838544172e-08,
      2.08767569878681e-09, 1.6059043836821613e-10, 1.1470745597729725e-11, 0
    )

  /// (−1)^(k+1)/(2k + 3)! for k = 0 … 8.
  private static let sineCoefficients:
    (
      Double, Double, Double, Double, Double, Double, Double, Double, Double, Double, Double,
      Double, Double, Double, Double, Double
    ) = (
      -0.16666666666666666, 0.008333333333333333, -0.0001984126984126984,
      2.7557319223985893e-06, -2.505210838544172e-08, 1.6059043836821613e-10,
      -7.647163731819816e-13, 2.8114572543455206e-15, -8.22063524662433e-18, 0, 0, 0, 0, 0, 0, 0
    )

  /// (−1)^(k+1)/(2k + 2)! for k = 0 … 8.
  private static let cosineCoefficients:
    (
      Double, Double, Double, Double, Double, Double, Double, Double, Double, Double, Double,
      Double, Double, Double, Double, Double
    ) = (
      -0.5, 0.041666666666666664, -0.001388888888888889, 2.48015873015873e-05,
      -2.755731922398589e-07, 2.08767569878681e-09, -1.1470745597729725e-11,
      4.779477332387385e-14, -1.5619206968586225e-16, 0, 0, 0, 0, 0, 0, 0
    )

  /// c0 + c1·x + … + c15·x¹⁵ by Estrin's scheme: four levels of independent multiply-adds
  /// instead of fifteen dependent ones (trailing zero coefficients cost nothing measurable).
  @inline(__always)
  private static func estrin(
    _ x: Double,
    _ c: (
      Double, Double, Double, Double, Double, Double, Double, Double, Double, Double, Double,
      Double, Double, Double, Double, Double
    )
  ) -> Double {
    let x2 = x * x
    let x4 = x2 * x2
    let x8 = x4 * x4
    let p0 = (c.0 + c.1 * x) + (c.2 + c.3 * x) * x2
    let p1 = (c.4 + c.5 * x) + (c.6 + c.7 * x) * x2
    let p2 = (c.8 + c.9 * x) + (c.10 + c.11 * x) * x2
    let p3 = (c.12 + c.13 * x) + (c.14 + c.15 * x) * x2
    return (p0 + p1 * x4) + (p2 + p3 * x4) * x8
  }

  /// value · 2^k without overflowing in the intermediate steps.
  private static func scale(_ value: Double, by k: Int) -> Double {
    if k > -1022 && k < 1024 {
      return value * Double(bitPattern: UInt64(k + 1023) << 52)
    }
    // Far ends: two steps, so neither factor over- or underflows on its own.
    let half = k / 2
    return value * Double(bitPattern: UInt64(half + 1023) << 52)
      * Double(bitPattern: UInt64(k - half + 1023) << 52)
  }
}
