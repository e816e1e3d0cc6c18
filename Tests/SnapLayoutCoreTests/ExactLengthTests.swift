@testable import SnapLayoutCore
import Testing

/// `ExactLength` (docs/ARCHITECTURE.md, "Exact sums"): conversions from the double's bits agree
/// with the standard library's generic ones, and sums do not depend on their order.
@Suite("Exact sums")
struct ExactLengthTests {
  /// A double of every magnitude the engine meets, with a full significand.
  static func randomLength(_ random: inout Lcg) -> Double {
    let significand = Double(random.next() | 1) / Double(1 << 31)  // (0, 2)
    let exponent = random.below(80) - 30  // 2^-30 ... 2^49
    let value = significand * Double(sign: .plus, exponent: exponent, significand: 1)
    return random.below(4) == 0 ? -value : value
  }

  @Test("from a double: the nearest unit of 2^-59 pt, halves away from zero, as rounded()")
  func fromDouble() {
    var random = Lcg(state: 11)
    for _ in 0..<20_000 {
      let value = Self.randomLength(&random)
      let expected = Int128((value * 0x1p59).rounded())
      #expect(ExactLength(value).units == expected, "\(value)")
    }
    for value in [0.0, -0.0, 1, -1, 0x1p-7, 0x1p-60, 0x1p-59, 0x1.8p-60, 1e-300, 5e-324, 95.28] {
      #expect(ExactLength(value).units == Int128((value * 0x1p59).rounded()), "\(value)")
    }
    // Every double from 2^-7 pt up is a whole number of units: it comes back as it was.
    for _ in 0..<20_000 {
      let value = Swift.abs(Self.randomLength(&random)) + 0x1p-7
      #expect(ExactLength(value).points == value, "\(value)")
    }
    #expect(ExactLength(.infinity) == ExactLength(ExactLength.limit))
    #expect(ExactLength(-1e300) == ExactLength(-ExactLength.limit))
    #expect(ExactLength(.nan) == .zero)
  }

  @Test("exact points: the double when it converts back to the same units, else NaN")
  func exactPoints() {
    var lengths: [ExactLength] = [
      .zero, ExactLength(units: 1), ExactLength(units: -1), ExactLength(units: (1 << 53) - 1),
      ExactLength(units: 1 << 53), ExactLength(units: (1 << 53) + 1),
      ExactLength(units: ((1 << 53) + 1) << 60), ExactLength(units: ((1 << 53) + 2) << 60),
      ExactLength(units: Int128(1) << 125), ExactLength(units: -(Int128(1) << 125)),
      ExactLength(units: (Int128(1) << 125) + (Int128(1) << 73)), ExactLength(units: Int128.max),
      ExactLength(units: Int128.min + 1), ExactLength(95.28), ExactLength(0x1p-60),
    ]
    var random = Lcg(state: 17)
    for _ in 0..<20_000 {
      // Sums of random lengths (exact or not as doubles), and runs of bits of every span.
      let sum = ExactLength(Self.randomLength(&random)) + ExactLength(Self.randomLength(&random))
      lengths.append(sum)
      let span = 1 + random.below(70)
      let bits = (Int128(random.next()) << 32 | Int128(random.next())) & ((Int128(1) << span) - 1)
      let shifted = (bits | 1) << random.below(126 - span)
      lengths.append(ExactLength(units: random.below(2) == 0 ? shifted : -shifted))
    }
    for length in lengths {
      let points = length.points
      let expected = ExactLength(points) == length ? points : .nan
      let got = length.exactPoints
      #expect(
        got.bitPattern == expected.bitPattern || (got.isNaN && expected.isNaN),
        "\(length.units)")
    }
  }

  @Test("converts exactly: 0, or a magnitude from 2^-7 pt up and below the limit, as stated")
  func convertsExactly() {
    func stated(_ value: Double) -> Bool {
      let magnitude = Swift.abs(value)
      return (magnitude >= 0x1p-7 || value == 0) && magnitude < ExactLength.limit
    }
    var edges: [Double] = [
      0, -0.0, 0x1p-7, (0x1p-7).nextDown, (0x1p-7).nextUp, ExactLength.limit,
      ExactLength.limit.nextDown, .infinity, .nan, -.nan, .leastNonzeroMagnitude,
      .leastNormalMagnitude, .greatestFiniteMagnitude, 1, 95.28, 1e-300,
    ]
    edges += edges.map { -$0 }
    var random = Lcg(state: 13)
    for _ in 0..<20_000 {
      // Any bits, and exponents near both bounds with any significand and sign.
      let bits = random.next() << 33 ^ random.next() << 2 ^ random.next()
      let near = UInt64(random.below(2) == 0 ? 1010 + random.below(12) : 1083 + random.below(12))
      edges.append(Double(bitPattern: bits))
      edges.append(Double(bitPattern: bits & 0x800F_FFFF_FFFF_FFFF | near << 52))
    }
    for value in edges {
      #expect(ExactLength.convertsExactly(value) == stated(value), "\(value)")
      // What it promises: the value comes back as it was.
      if ExactLength.convertsExactly(value) {
        #expect(ExactLength(value).points == value, "\(value)")
      }
    }
  }

  @Test("to a double: rounded once to the nearest, ties to even, as the generic conversion")
  func toDouble() {
    var random = Lcg(state: 12)
    for _ in 0..<20_000 {
      // Up to 125 significant bits, some with long runs of ones and zeros (ties).
      let width = 1 + random.below(125)
      var units = Int128(random.next()) << 64 | Int128(random.next()) << 33 | Int128(random.next())
      units &= (Int128(1) << width) - 1
      if random.below(3) == 0 { units |= (Int128(1) << (width / 2)) - 1 }
      if random.below(2) == 0 { units = -units }
      let length = ExactLength(units: units)
      #expect(length.points == Double(units) * 0x1p-59, "\(units)")
    }
  }

  @Test("sums are the same in any order, and a difference added and taken away leaves nothing")
  func orderFree() {
    var random = Lcg(state: 13)
    var values: [Double] = []
    for _ in 0..<2_000 { values.append(Double(random.below(100_000)) / 100 + 0.01) }
    var forward = ExactLength.zero
    for value in values { forward = forward + ExactLength(value) }
    var backward = ExactLength.zero
    for value in values.reversed() { backward = backward + ExactLength(value) }
    #expect(forward == backward)
    let tree = FenwickTree(values.map { ExactLength($0) })
    #expect(tree.total == forward)
    var drifting = tree
    for index in stride(from: 0, to: values.count, by: 7) {
      drifting.add(ExactLength(values[index] * 3.3), at: index)
      drifting.add(ExactLength(values[(index * 13) % values.count]), at: index)
    }
    for index in stride(from: 0, to: values.count, by: 7).reversed() {
      drifting.add(.zero - ExactLength(values[(index * 13) % values.count]), at: index)
      drifting.add(.zero - ExactLength(values[index] * 3.3), at: index)
    }
    for index in stride(from: 0, through: values.count, by: 97) {
      #expect(drifting.prefix(index) == tree.prefix(index))
    }
    // Cut and grown again value by value, it holds the tree built from the values.
    for keep in [0, 1, 5, 64, values.count / 2, values.count] {
      var grown = tree
      grown.truncate(to: keep)
      #expect(grown.count == keep && grown.total == FenwickTree(values[..<keep].map { ExactLength($0) }).total)
      for value in values[keep...] { grown.append(ExactLength(value)) }
      #expect(grown.count == values.count)
      for index in 0...values.count where index % 13 == 0 || index == values.count {
        #expect(grown.prefix(index) == tree.prefix(index))
      }
      #expect(grown.count(atOrBelow: tree.prefix(values.count / 3)).count == tree.count(atOrBelow: tree.prefix(values.count / 3)).count)
    }
  }

  @Test("two exact doubles of at least 2^-7 pt: the exact sum rounded once is their double sum")
  func exactSumOfDoublesIsTheDoubleSum() {
    // The claim MeasuredSizes.Shifts.shift rests on: where both terms convert exactly, the
    // 128-bit sum rounded once (ties to even) is IEEE addition's result, bit for bit.
    var random = Lcg(state: 23)
    func value() -> Double {
      let magnitude = Double(sign: .plus, exponent: random.below(90) - 7, significand: 1 + Double(random.below(1 << 30)) / Double(1 << 30))
      let rounded = random.below(3) == 0 && magnitude >= 1 ? magnitude.rounded() : magnitude
      return random.below(2) == 0 ? rounded : -rounded
    }
    var checked = 0
    for _ in 0..<200_000 {
      let a = value()
      let b = random.below(10) == 0 ? 0 : random.below(5) == 0 ? -a + value() / 1e6 : value()
      guard ExactLength(a).points == a, ExactLength(b).points == b else { continue }
      #expect((ExactLength(a) + ExactLength(b)).points.bitPattern == (a + b).bitPattern, "\(a) + \(b)")
      checked += 1
    }
    #expect(checked > 100_000)
    // A zero total is +0 (`points`), so a page sum of −0 adds to +0 either way.
    #expect((ExactLength(0) + ExactLength(-0.0)).points.bitPattern == (ExactLength(0).points + -0.0).bitPattern)
    // Ties: halfway between two doubles, to the even one.
    let big = 0x1p53
    #expect((ExactLength(big) + ExactLength(1)).points == big + 1)
    #expect((ExactLength(big + 2) + ExactLength(1)).points == (big + 2) + 1)
  }

  @Test("steps: how many whole lengths fit, exactly, at most a limit")
  func steps() {
    let step = ExactLength(0.1)
    #expect((10 * step).steps(of: step, atMost: 100) == 10)
    #expect(((10 * step) - ExactLength(units: 1)).steps(of: step, atMost: 100) == 9)
    #expect((10 * step).steps(of: step, atMost: 4) == 4)
    #expect(ExactLength(-5).steps(of: step, atMost: 4) == 0)
    #expect(ExactLength(5).steps(of: .zero, atMost: 4) == 0)
    var random = Lcg(state: 14)
    for _ in 0..<10_000 {
      let length = ExactLength(Double(random.below(1_000_000)) / 64 + 0.5)
      let count = random.below(1 << 20)
      let extra = ExactLength(units: Int128(random.next()) % length.units)
      #expect((count * length + extra).steps(of: length, atMost: Int.max) == count)
    }
  }
}
