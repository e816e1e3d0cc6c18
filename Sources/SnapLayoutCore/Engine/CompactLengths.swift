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
