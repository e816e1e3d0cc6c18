/// Lengths kept in single precision while every one of them is exact in it — 4 bytes each, the
/// common case of measured lengths against estimates of a few points — and in double precision
/// once one is not: a length is read back exactly as it was stored (docs/SELF-SIZING.md rule 9).
/// NaN ("none") is kept as it is.
struct CompactLengths {
  private var narrow: [Float32]
  /// All the lengths, once one is not exact in single precision (`narrow` is then empty).
  private var wide: [Double]?
  /// How many lengths are off the grid (`isOnGrid`). While none is, every sum of the lengths
  /// (up to `gridCount` of them, in any order and grouping) is exact in double precision and
  /// converts exactly to an `ExactLength`: a walk adding them need not test that row by row
  /// (`MeasuredSizes.forEachSingleCell`).
  private(set) var offGrid: Int

  /// The most lengths whose sums `offGrid` vouches for: a page's repetitions, at most
  /// `MeasuredSizes.cellsPerPage`.
  static let gridCount = Int(MeasuredSizes.cellsPerPage)

  /// Whether `length` is a whole number of 2⁻⁷ pt of at most 2³⁸ pt: sums of up to
  /// `gridCount` such lengths are whole numbers of 2⁻⁷ pt of at most 2⁴⁵ pt, exact in a
  /// double's 53 bits, and 0 or at least 2⁻⁷ pt, so exact `ExactLength`s
  /// (`ExactLength.convertsExactly`). Quarter points are; thirds of a point are not. NaN is not.
  @inline(__always)
  static func isOnGrid(_ length: Double) -> Bool {
    let units = length * 128
    return Swift.abs(length) <= 0x1p38 && units == units.rounded(.towardZero)
  }

  /// `count` lengths of `value`, which must be exact in single precision (0, NaN).
  init(repeating value: Double, count: Int) {
    assert(count <= CompactLengths.gridCount, "more lengths than offGrid vouches for")
    narrow = Array(repeating: Float32(value), count: count)
    wide = nil
    offGrid = CompactLengths.isOnGrid(value) ? 0 : count
  }

  var count: Int { wide?.count ?? narrow.count }

  /// The lengths `0 ..< end` summed in order, in double precision: `self[0] + self[1] + ...`
  /// to the bit, without a check per length.
  func sum(upTo end: Int) -> Double {
    var sum = 0.0
    if let wide {
      wide.withUnsafeBufferPointer { for index in 0..<end { sum += $0[index] } }
    } else {
      narrow.withUnsafeBufferPointer { for index in 0..<end { sum += Double($0[index]) } }
    }
    return sum
  }

  /// The lengths `0 ..< end` summed exactly, each as `ExactLength` converts it (the sum a page's
  /// total holds, docs/ARCHITECTURE.md "Exact sums").
  func exactSum(upTo end: Int) -> ExactLength {
    var sum = ExactLength.zero
    if let wide {
      wide.withUnsafeBufferPointer { for index in 0..<end { sum = sum + ExactLength($0[index]) } }
    } else {
      narrow.withUnsafeBufferPointer {
        for index in 0..<end { sum = sum + ExactLength(Double($0[index])) }
      }
    }
    return sum
  }

  /// Walks consecutive spans, span `i` `stride + self[i]` long, in blocks of four (the last
  /// block may be shorter): a block's spans are summed on their own, in order, and a span's
  /// start is its block's start plus the spans before it in the block; the next block starts
  /// at the block's start plus its sum. Returns the first span whose end is past `position`
  /// with its block's start, or nil and the end of the last span. A block takes four loads
  /// and one addition and test on the walk's chain, a fourth of a span at a time (a rect
  /// query's walk to its first row, docs/PERFORMANCE.md "Own sizes"), and rounds at the walk's
  /// magnitude once a block (its error within the rect search's slack, docs/LAYOUT-RULES.md
  /// "Rect queries"). The walk begins at the block holding span `first`, which starts at
  /// `start`: a walk resumed where an earlier one stopped, from the start it returned, sums
  /// the same spans in the same order.
  func firstSpan(from start: Double, at first: Int = 0, stride: Double, past position: Double)
    -> (index: Int?, start: Double)
  {
    if let wide {
      return wide.withUnsafeBufferPointer {
        CompactLengths.firstSpan($0, from: start, at: first, stride: stride, past: position)
      }
    }
    return narrow.withUnsafeBufferPointer {
      CompactLengths.firstSpan($0, from: start, at: first, stride: stride, past: position)
    }
  }

  @inline(__always)
  private static func firstSpan<Length: BinaryFloatingPoint>(
    _ lengths: UnsafeBufferPointer<Length>, from start: Double, at first: Int, stride: Double,
    past position: Double
  ) -> (index: Int?, start: Double) {
    var start = start
    var index = first & ~3
    let count = lengths.count
    while index &+ 4 <= count {
      let end1 = stride + Double(lengths[index])
      let end2 = end1 + (stride + Double(lengths[index &+ 1]))
      let end3 = end2 + (stride + Double(lengths[index &+ 2]))
      let end4 = end3 + (stride + Double(lengths[index &+ 3]))
      if start + end4 > position {
        if start + end1 > position { return (index, start) }
        if start + end2 > position { return (index &+ 1, start) }
        if start + end3 > position { return (index &+ 2, start) }
        return (index &+ 3, start)
      }
      start += end4
      index &+= 4
    }
    var end = 0.0
    while index < count {
      end += stride + Double(lengths[index])
      if start + end > position { return (index, start) }
      index &+= 1
    }
    return (nil, start + end)
  }

  /// `firstSpan(from:stride:past:)` from the first length (`start` where it starts), and the
  /// lengths before span `index − offset` (`offset` in 0...4) summed in order as `sum(upTo:)`
  /// sums them, to the bit (nil when that span is before the first, or none is found). The
  /// in-order sums at the start of the found span's block and of the block before it are kept
  /// as the walk goes (four additions a block, on their own chain), and the sum asked for is
  /// made from the nearer one. So a rect query's walk to its first row also gives the shift
  /// within its page of the row before it, instead of a second walk (`MeasuredSizes.Shifts`,
  /// docs/PERFORMANCE.md "Own sizes").
  func firstSpanSummed(
    from start: Double, stride: Double, past position: Double, before offset: Int
  ) -> (index: Int?, start: Double, sum: Double?) {
    if let wide {
      return wide.withUnsafeBufferPointer {
        CompactLengths.firstSpanSummed(
          $0, from: start, stride: stride, past: position, before: offset)
      }
    }
    return narrow.withUnsafeBufferPointer {
      CompactLengths.firstSpanSummed(
        $0, from: start, stride: stride, past: position, before: offset)
    }
  }

  @inline(__always)
  private static func firstSpanSummed<Length: BinaryFloatingPoint>(
    _ lengths: UnsafeBufferPointer<Length>, from start: Double, stride: Double,
    past position: Double, before offset: Int
  ) -> (index: Int?, start: Double, sum: Double?) {
    var start = start
    // The lengths before the block being walked, and before the one before it, in order.
    var sum = 0.0
    var previous = 0.0
    var index = 0
    let count = lengths.count
    // The in-order sum of the lengths before `target`, which lies in the block at `block`
    // (whose sum before is `sum`) or in the one before it (`previous`); nil before the first.
    @inline(__always)
    func summed(before target: Int, block: Int, _ sum: Double, _ previous: Double) -> Double? {
      guard target >= 0 else { return nil }
      var from = block
      var result = sum
      if target < block {
        from = block &- 4
        result = previous
      }
      while from < target {
        result += Double(lengths[from])
        from &+= 1
      }
      return result
    }
    while index &+ 4 <= count {
      let l0 = Double(lengths[index])
      let l1 = Double(lengths[index &+ 1])
      let l2 = Double(lengths[index &+ 2])
      let l3 = Double(lengths[index &+ 3])
      let end1 = stride + l0
      let end2 = end1 + (stride + l1)
      let end3 = end2 + (stride + l2)
      let end4 = end3 + (stride + l3)
      if start + end4 > position {
        let found =
          start + end1 > position
          ? index
          : start + end2 > position ? index &+ 1 : start + end3 > position ? index &+ 2 : index &+ 3
        return (found, start, summed(before: found &- offset, block: index, sum, previous))
      }
      start += end4
      previous = sum
      sum = sum + l0 + l1 + l2 + l3
      index &+= 4
    }
    var end = 0.0
    let block = index
    while index < count {
      end += stride + Double(lengths[index])
      if start + end > position {
        return (index, start, summed(before: index &- offset, block: block, sum, previous))
      }
      index &+= 1
    }
    return (nil, start + end, nil)
  }

  /// Calls `body` with the lengths in single precision, or in double precision once they are
  /// kept so (the other nil): a walk reads them without a check per length.
  @inline(__always)
  func withBuffers<R>(
    _ body: (UnsafeBufferPointer<Float32>?, UnsafeBufferPointer<Double>?) -> R
  ) -> R {
    if let wide { return wide.withUnsafeBufferPointer { body(nil, $0) } }
    return narrow.withUnsafeBufferPointer { body($0, nil) }
  }

  subscript(index: Int) -> Double {
    @inline(__always) get {
      if let wide { return wide[index] }
      return Double(narrow[index])
    }
    set {
      offGrid +=
        (CompactLengths.isOnGrid(newValue) ? 0 : 1) - (CompactLengths.isOnGrid(self[index]) ? 0 : 1)
      if wide != nil {
        wide![index] = newValue
      } else if Double(Float32(newValue)) == newValue || newValue.isNaN {
        narrow[index] = Float32(newValue)
      } else {
        var all = narrow.map { Double($0) }
        all[index] = newValue
        wide = all
        narrow = []
      }
    }
  }
}
