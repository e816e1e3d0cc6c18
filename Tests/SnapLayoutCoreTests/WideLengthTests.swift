@testable import SnapLayoutCore
import Testing

/// Exact sums of section lengths (docs/ARCHITECTURE.md, "Many sections").
@Suite("Wide lengths")
struct WideLengthTests {
  @Test("doubles from 2^-7 pt up convert exactly, both ways, up to the clamp")
  func roundTrips() {
    var random = Lcg(state: 11)
    for _ in 0..<20_000 {
      let exponent = Double(Int(random.below(117)) - 7)
      let significand = 1 + Double(random.next() & 0xF_FFFF_FFFF_FFFF) * 0x1p-52
      let value = significand * Double(sign: .plus, exponent: Int(exponent), significand: 1)
      #expect(WideLength(value).points == value)
      #expect(WideLength(-value).points == -value)
    }
    #expect(WideLength(0).points == 0)
    #expect(WideLength(.nan).points == 0)
    #expect(WideLength(1e40).points == 0x1p110)
    #expect(WideLength(-.infinity).points == -0x1p110)
    // Below a unit: half a unit rounds away from zero, less to zero, every time.
    #expect(WideLength(0x1p-60).points == 0x1p-59)
    #expect(WideLength(0x1p-61).points == 0)
    #expect(WideLength(5e-324).points == 0)
  }

  @Test("a sum is rounded once, to the nearest double, ties to even")
  func roundsOnce() {
    let one = WideLength(1)
    #expect((one + WideLength(0x1p-53)).points == 1)  // a tie: to even
    #expect((one + WideLength(0x1p-53) + WideLength(0x1p-59)).points == 1 + 0x1p-52)
    #expect((WideLength(0x1p100) + one).points == 0x1p100)
    #expect((WideLength(0x1p100) + WideLength(0x1p48)).points == 0x1p100 + 0x1p48)
    #expect((WideLength(0x1p100) + WideLength(0x1p47)).points == 0x1p100)  // tie: to even
    #expect((WideLength(0x1p100) + WideLength(0x1p47) + one).points == 0x1p100 + 0x1p48)
    #expect((WideLength(-5.5) + WideLength(2.25)).points == -3.25)
    #expect((WideLength(2.25) - WideLength(5.5)).points == -3.25)
    #expect(WideLength(100_000, times: WideLength(1e12)).points == 1e17)
    // 100,000 lengths at the clamp sum without overflow.
    var total = WideLength.zero
    for _ in 0..<100_000 { total += WideLength(1e40) }
    #expect(total.points == 100_000 * 0x1p110)
  }

  @Test("random sums: any order gives one value, and its double is the nearest")
  func sumsAreExactAndNearest() {
    var random = Lcg(state: 5)
    for _ in 0..<200 {
      let count = 1 + random.below(300)
      var values: [Double] = []
      for _ in 0..<count {
        let scale = Double(sign: .plus, exponent: random.below(60) - 10, significand: 1)
        values.append(Double(random.next() % 1_000_003) / 1_000_003 * scale)
      }
      var forward = WideLength.zero
      for value in values { forward += WideLength(value) }
      var backward = WideLength.zero
      for value in values.reversed() { backward += WideLength(value) }
      // Pairwise, as a tree sums.
      var level = values.map { WideLength($0) }
      while level.count > 1 {
        level = stride(from: 0, to: level.count, by: 2).map {
          $0 + 1 < level.count ? level[$0] + level[$0 + 1] : level[$0]
        }
      }
      #expect(forward == backward)
      #expect(forward == level[0])
      let rounded = forward.points
      if rounded >= 0x1p-7 {
        // No double next to the answer is nearer the exact sum.
        func distance(_ x: Double) -> WideLength {
          let difference = WideLength(x) - forward
          return difference.isNegative ? .zero - difference : difference
        }
        #expect(!(distance(rounded.nextUp) < distance(rounded)))
        #expect(!(distance(rounded.nextDown) < distance(rounded)))
      }
    }
  }
}
