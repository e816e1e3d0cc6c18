import Testing

@testable import SnapLayoutCore

/// The page directory of `MeasuredSizes`: pages opened and closed anywhere among the others
/// (its own block moves, `MeasuredSizes.insert` and `remove`) against a plain dictionary.
@Suite("Measured sizes: the page directory")
struct MeasuredSizesTests {
  @Test("sizes set and forgotten in random order read back as a dictionary has them")
  func randomOpensAndCloses() {
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    func next() -> UInt64 {
      state ^= state << 13
      state ^= state >> 7
      state ^= state << 17
      return state
    }
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
}
