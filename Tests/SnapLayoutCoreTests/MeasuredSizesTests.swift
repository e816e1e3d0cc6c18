import Testing

@testable import SnapLayoutCore

/// The page directory of `MeasuredSizes`: pages opened and closed anywhere among the others
/// (its own block moves, `MeasuredSizes.insert` and `remove`) against a plain dictionary.
@Suite("Measured sizes: the page directory")
struct MeasuredSizesTests {
  /// A fixed sequence of numbers (xorshift64), so that a failure replays.
  struct XorShift {
    var state: UInt64
    mutating func next() -> UInt64 {
      state ^= state << 13
      state ^= state >> 7
      state ^= state << 17
      return state
    }
  }

  @Test("sizes set and forgotten in random order read back as a dictionary has them")
  func randomOpensAndCloses() {
    var random = XorShift(state: 0x9E37_79B9_7F4A_7C15)
    func next() -> UInt64 { random.next() }
    for itemsPerGroup: Int64 in [1, 3] {
      let sizes = MeasuredSizes(itemsPerGroup: itemsPerGroup, tracksCross: false, uniformFlags: [])
      var reference: [Int64: Size] = [:]
      let items: Int64 = 40 * MeasuredSizes.cellsPerPage
      for step in 0..<6_000 {
        let item = Int64(next() % UInt64(items))
        // Two sets for each forget, so that pages open and close all along.
        if next() % 3 == 0 {
          sizes.setSize(nil, ofItem: item)
          reference[item] = nil
        } else {
          let size = Size(width: Double(next() % 300), height: Double(next() % 700) / 4)
          sizes.setSize(size, ofItem: item)
          reference[item] = size
        }
        if step % 500 == 0 || step == 5_999 {
          #expect(sizes.count == reference.count, "step \(step): the count")
          #expect(sizes.keys == sizes.keys.sorted(), "step \(step): the pages in order")
          #expect(sizes.keys.count == sizes.pages.count, "step \(step): a page per key")
          var listed: [Int64] = []
          sizes.forEachMeasuredItem { item, size in
            listed.append(item)
            #expect(reference[item] == size, "step \(step): item \(item)")
          }
          #expect(listed == reference.keys.sorted(), "step \(step): the measured items in order")
          for probe in stride(from: Int64(0), to: items, by: 7) {
            #expect(sizes.size(ofItem: probe) == reference[probe], "step \(step): item \(probe)")
          }
        }
      }
    }
  }

  @Test("the repetition at a position is the last one starting by it, first page or not")
  func repetitionAtPosition() {
    var random = XorShift(state: 0xD1B5_4A32_D192_ED03)
    func next() -> UInt64 { random.next() }
    let stride = 44.5
    let repetitions: Int64 = 40 * MeasuredSizes.cellsPerPage
    // Which repetitions are measured: from the first page on, from a later page on, one page
    // alone (the first page's own answer, `isFirstPage`), pages far apart.
    let layouts: [(String, [Int64])] = [
      ("every page", (0..<repetitions).filter { $0 % 5 == 0 }),
      ("from page 3", (3 * MeasuredSizes.cellsPerPage..<repetitions).filter { $0 % 7 == 0 }),
      ("page 0 alone", [0, 5, 127]),
      ("page 9 alone", [9 * MeasuredSizes.cellsPerPage + 4]),
      ("pages 0 and 1, the first shrunk to nothing", Array(0..<2 * MeasuredSizes.cellsPerPage)),
      ("pages 2 and 30", [2 * MeasuredSizes.cellsPerPage + 1, 30 * MeasuredSizes.cellsPerPage]),
    ]
    for (name, measured) in layouts {
      let sizes = MeasuredSizes(itemsPerGroup: 1, tracksCross: false, uniformFlags: [])
      sizes.setStride(stride)
      for repetition in measured {
        sizes.setSize(Size(width: 100, height: 10), ofItem: repetition)
        // As short as 0 (the first page of the fifth layout) up to 3 strides longer.
        let delta =
          name.hasSuffix("nothing") && repetition < MeasuredSizes.cellsPerPage
          ? -stride : Double(Int(next() % 700) - 178) / 4
        var shape = RepetitionShape.unmeasured
        shape.delta = delta
        sizes.setShape(shape, repetition: repetition)
      }
      var starts: [Double] = []
      for r in 0..<repetitions { starts.append(Double(r) * stride + sizes.shift(before: r)) }
      func expected(_ position: Double) -> Int64 {
        var low = 0
        var high = starts.count
        while low < high {
          let mid = (low + high) / 2
          if starts[mid] <= position { low = mid + 1 } else { high = mid }
        }
        return Int64(max(low - 1, 0))
      }
      var probes: [Double] = [-1e6, -1, 0, 1e-12, starts.last! + 1e6]
      for r in Swift.stride(from: 0, to: starts.count, by: 3) {
        probes += [starts[r] - 0.01, starts[r] + 0.01, starts[r] + stride / 2]
      }
      for position in probes {
        let found = sizes.repetition(at: position, stride: stride, repetitions: repetitions)
        #expect(found == expected(position), "\(name): the repetition at \(position)")
      }
    }
  }
}
