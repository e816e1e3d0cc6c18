import Testing

@testable import SnapLayoutCore

/// Scroll into view (docs/SNAPPING.md, "Scroll into view"): CSS's "nearest" checked against its
/// meaning — the least move that shows the whole item, or that fills the snapport with an item
/// longer than it — and the alignments on a list.
@Suite struct ScrollIntoViewTests {
  @Test func nearestIsTheLeastMoveThatShowsTheItem() {
    var generator = Lcg(state: 5)
    for _ in 0..<20_000 {
      let low = Double(generator.next() % 2000)
      let high = low + Double(generator.next() % 1500)
      let start = Double(generator.next() % 3000) - 500
      let length = Double(generator.next() % 900) + 1
      let got = Layout.nearestAlignment(low: low, high: high, start: start, length: length)
      // Where the snapport may start: the item inside it, or it inside a longer item.
      let (from, to) = high - low <= length ? (high - length, low) : (low, high - length)
      let reference = min(max(start, from), to)
      #expect(got == reference, "item \(low)...\(high), snapport \(start) + \(length)")
    }
  }

  @Test func alignmentsOnAList() throws {
    let row = hgroup(fw(1), abs_(50), .subitems([item(fw(1), fh(1))]))
    let layout = try solve([LayoutSection(group: row, itemCount: 40)])
    func show(_ item: Int64, _ alignment: ScrollAlignment) throws -> Double {
      try layout.offsetToShow(section: 0, item: item, alignment: alignment, container: -1).offset
    }
    #expect(try show(10, .start) == 500)
    #expect(try show(10, .center) == 525 - 422)
    #expect(try show(20, .end) == 1050 - 844)
    #expect(try show(39, .start) == 2000 - 844)
    #expect(try show(3, .nearest) == 0)
    #expect(try show(30, .nearest) == 1550 - 844)
    #expect(try layout.offsetToShow(section: 0, item: 1, alignment: .start, container: -1).index == -1)
  }
}
