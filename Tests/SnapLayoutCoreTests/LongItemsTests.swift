import Testing

import SnapLayoutCore

/// Items longer than the viewport (issue 21, point 2; docs/SNAPPING.md, "Items longer than the
/// viewport"): a measured cell, a flow line and a template group longer than the snapport each
/// cover a range of rest offsets, and releases inside stay inside.
@Suite struct LongItemsTests {
  static func snapping(_ unit: SnapUnit = .item) -> LayoutConfiguration {
    var scrolling = ScrollingProperties()
    scrolling.snapUnit = unit
    return LayoutConfiguration(scrolling: scrolling)
  }

  @Test func aMeasuredCellTallerThanTheViewportCoversARange() throws {
    let row = vgroup(fw(1), est(100), .subitems([item(fw(1), est(100))]))
    let layout = try solve(
      [LayoutSection(group: row, itemCount: 20)], width: 390, height: 400,
      configuration: LongItemsTests.snapping())
    // Row 5 rests at 500 and is a point until it is measured 1000 tall.
    #expect(try layout.snapRange(5, container: mainScrollContainer) == (500, 500))
    _ = try layout.reportItemSize(Size(width: 390, height: 1000), section: 0, item: 5)
    let range = try layout.snapRange(5, container: mainScrollContainer)
    #expect(range.low == 500 && range.high == 1100)
    // A slow release inside rests where it is; a fling stops at the far edge.
    let slow = try layout.resolveScroll(
      ScrollRelease(startOffset: 700, releaseOffset: 720, velocity: 0), container: mainScrollContainer)
    #expect(slow.targetOffset == 720 && slow.snapIndex == 5)
    let fling = try layout.resolveScroll(
      ScrollRelease(startOffset: 700, releaseOffset: 720, velocity: 9000),
      container: mainScrollContainer)
    #expect(fling.targetOffset == 1100 && fling.snapIndex == 5)
    // Measured back to 100: a point again, and a release comes back to its offset.
    _ = try layout.reportItemSize(Size(width: 390, height: 100), section: 0, item: 5)
    #expect(try layout.snapRange(5, container: mainScrollContainer) == (500, 500))
  }

  /// Through a change, a container at an end of a long unit's range (within half a point)
  /// stays at that end; elsewhere in the range it keeps its place in the unit (docs/
  /// SNAPPING.md, "Items longer than the viewport", "Through changes").
  @Test(arguments: [
    (1100.0, "high"), (1099.7, "high"), (500.0, "low"), (500.4, "low"), (1099.4, "place"),
    (800.0, "place"), (500.6, "place"),
  ])
  func anEndOfALongUnitsRangeStaysThatEnd(_ offset: Double, _ expected: String) throws {
    let row = vgroup(fw(1), est(100), .subitems([item(fw(1), est(100))]))
    let layout = try solve(
      [LayoutSection(group: row, itemCount: 20)], width: 390, height: 400,
      configuration: LongItemsTests.snapping())
    _ = try layout.reportItemSize(Size(width: 390, height: 1000), section: 0, item: 5)
    try layout.setScrollOffset(offset, container: mainScrollContainer)
    // A row above row 5 measured 0.25 taller (sizes are kept as Float): the unit's range
    // moves down by that.
    _ = try layout.reportItemSize(Size(width: 390, height: 100.25), section: 0, item: 2)
    let range = try layout.snapRange(5, container: mainScrollContainer)
    let moved = try layout.scrollOffset(mainScrollContainer)
    switch expected {
    case "high": #expect(moved == range.high, "from \(offset)")
    case "low": #expect(moved == range.low, "from \(offset)")
    default:
      #expect(moved > range.low && moved < range.high, "from \(offset): \(moved)")
      #expect(Swift.abs(moved - (offset + 0.25)) < 1e-9, "from \(offset): \(moved)")
    }
    // Reset: back to where it was, bit for bit at an end.
    _ = try layout.reportItemSize(nil, section: 0, item: 2)
    let back = try layout.scrollOffset(mainScrollContainer)
    switch expected {
    case "high": #expect(back == 1100)
    case "low": #expect(back == 500)
    default: #expect(Swift.abs(back - offset) < 1e-9, "from \(offset): \(back)")
    }
  }

  @Test func aCardWiderThanTheViewportInACarousel() throws {
    var properties = ScrollingProperties()
    properties.snapUnit = .group
    let card = hgroup(abs_(600), abs_(200), .subitems([item(fw(1), fh(1))]))
    let layout = try solve(
      [LayoutSection(
        group: card, itemCount: 5, interGroupSpacing: 10,
        orthogonalScrollingBehavior: .continuous, orthogonalScrollingProperties: properties)],
      width: 390, height: 844)
    for index in Int64(0)..<5 {
      let range = try layout.snapRange(index, container: 0)
      let point = try layout.snapOffset(index, container: 0)
      #expect(range.low == point && range.high > range.low, "card \(index): \(range)")
    }
    // Every offset inside a card rests there: the progress is its index.
    let position = try layout.snapPosition(at: 610 + 100, container: 0)
    #expect(position.index == 1 && position.progress == 1)
    // A fling from the far edge of card 1 moves to card 2's near edge.
    let far = try layout.snapRange(1, container: 0).high
    let decision = try layout.resolveScroll(
      ScrollRelease(startOffset: far, releaseOffset: far, velocity: 3000), container: 0)
    #expect(decision.snapIndex >= 2)
    #expect(decision.targetOffset >= (try layout.snapRange(decision.snapIndex, container: 0).low))
  }

  @Test func cardsThatFitStayPoints() throws {
    var properties = ScrollingProperties()
    properties.snapUnit = .group
    let card = hgroup(abs_(300), abs_(200), .subitems([item(fw(1), fh(1))]))
    let layout = try solve(
      [LayoutSection(
        group: card, itemCount: 8, interGroupSpacing: 10,
        orthogonalScrollingBehavior: .continuous, orthogonalScrollingProperties: properties)])
    for index in Int64(0)..<(try layout.snapCount(0)) {
      let range = try layout.snapRange(index, container: 0)
      #expect(range.low == range.high)
    }
  }
}
