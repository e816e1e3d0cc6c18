/// Lengths kept in single precision while every one of them is exact in it — 4 bytes each, the
/// common case of measured lengths against estimates of a few points — and in double precision
/// once one is not: a length is read back exactly as it was stored (docs/SELF-SIZING.md rule 9).
/// NaN ("none") is kept as it is.
struct CompactLengths {
  private var narrow: [Float32]
  /// All the lengths, once one is not exact in single precision (`narrow` is then empty).
  private var wide: [Double]?

  /// `count` lengths of `value`, which must be exact in single precision (0, NaN).
  init(repeating value: Double, count: Int) {
    narrow = Array(repeating: Float32(value), count: count)
    wide = nil
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

  /// Walks consecutive spans from `start`, span `i` `stride + self[i]` long, and returns the
  /// first whose end is past `position` with its start, or nil and the end of the last. Each
  /// span is summed on its own and then added to the walk: one addition a span on the walk's
  /// chain of dependent additions instead of two (half a scan's latency), and one rounding at
  /// the walk's magnitude instead of two (its error within the rect search's slack,
  /// docs/LAYOUT-RULES.md "Rect queries"). The walk begins at span
  /// `first`, which starts at `start` (a walk resumed where an earlier one stopped sums the
  /// same spans in the same order).
  func firstSpan(from start: Double, at first: Int = 0, stride: Double, past position: Double)
    -> (index: Int?, start: Double)
  {
    var start = start
    var found: Int?
    if let wide {
      wide.withUnsafeBufferPointer { lengths in
        for index in first..<lengths.count {
          let next = start + (stride + lengths[index])
          if next > position {
            found = index
            return
          }
          start = next
        }
      }
    } else {
      narrow.withUnsafeBufferPointer { lengths in
        for index in first..<lengths.count {
          let next = start + (stride + Double(lengths[index]))
          if next > position {
            found = index
            return
          }
          start = next
        }
      }
    }
    return (found, start)
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
