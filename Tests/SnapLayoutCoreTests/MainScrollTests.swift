import SnapLayoutCore
import Testing

/// Snapping the main scroll across sections, containment modes and degenerate containers.
@Suite("Main scroll snapping")
struct MainScrollTests {
  /// A vertical layout 400 x 800: a 3-column grid of 7 items (rows of 100: 0…300), an
  /// orthogonal carousel row of 150 (300…450), an empty section, and a list of 10 rows of 80
  /// (450…1250). Content 1250; bounds [0, 450].
  func feed(_ unit: SnapUnit, containment: SnapContainment? = nil, alignment: Double? = nil)
    throws -> Layout
  {
    var scrolling = ScrollingProperties()
    scrolling.snapUnit = unit
    scrolling.containment = containment
    scrolling.alignment = alignment
    let grid = LayoutSection(
      group: hgroup(fw(1), abs_(100), .subitem(item(fw(1), fh(1)), count: 3)), itemCount: 7)
    let carousel = LayoutSection(
      group: hgroup(abs_(200), abs_(150), .subitems([item(fw(1), fh(1))])), itemCount: 5,
      orthogonalScrollingBehavior: .groupPaging)
    let empty = LayoutSection(
      group: hgroup(fw(1), abs_(80), .subitems([item(fw(1), fh(1))])), itemCount: 0)
    let list = LayoutSection(
      group: hgroup(fw(1), abs_(80), .subitems([item(fw(1), fh(1))])), itemCount: 10)
    return try solve(
      [grid, carousel, empty, list], width: 400, height: 800,
      configuration: LayoutConfiguration(scrolling: scrolling))
  }

  func offsets(_ layout: Layout) throws -> [Double] {
    try (0..<layout.snapCount(mainScrollContainer)).map {
      try layout.snapOffset($0, container: mainScrollContainer)
    }
  }

  @Test("group units: every row of every section, an orthogonal section as one unit")
  func groupUnits() throws {
    let layout = try feed(.group, containment: .keepSnaps)
    // Grid rows 0, 100, 200; the carousel row 300; list rows 450 + 80k, clamped to 450.
    #expect(try offsets(layout) == [0, 100, 200, 300] + Array(repeating: 450.0, count: 10))
    let trimmed = try feed(.group)
    #expect(try offsets(trimmed) == [0, 100, 200, 300, 450])
    // Which item rests where: the carousel's unit is its section, the last its first list row.
    let position = try trimmed.snapPosition(at: 310, container: mainScrollContainer)
    #expect(position.index == 3 && position.section == 1 && position.item == 0)
    let last = try trimmed.snapPosition(at: 450, container: mainScrollContainer)
    #expect(last.section == 3 && last.item == 0)
  }

  @Test("item units: a 3-column row is one position; offsets for items find their row")
  func itemUnits() throws {
    let layout = try feed(.item)
    #expect(try offsets(layout) == [0, 100, 200, 300, 450])
    let row = try layout.snapOffset(forSection: 0, item: 4, container: mainScrollContainer)
    #expect(row.offset == 100 && row.index == 1)
    let list = try layout.snapOffset(forSection: 3, item: 2, container: mainScrollContainer)
    #expect(list.offset == 450 && list.index == 4)
  }

  @Test("containment none keeps aligned positions past the content; they are the bounds")
  func containmentNone() throws {
    let layout = try feed(.group, containment: SnapContainment.none, alignment: 0.5)
    // Centred rows: grid row 0 centre 50 → 50 − 400 = −350 …
    let positions = try offsets(layout)
    #expect(positions.first == -350 && positions.last == 450 + 9 * 80 + 40 - 400)
    // The first and last rest positions are the scroll bounds (docs/SNAPPING.md, "Rest
    // positions", Containment): the container starts at −350, and a fling back rests there, as
    // a programmatic scroll to row 0 does (this test once expected the content bound 0, where
    // no rest position lies).
    let info = try layout.scrollInfo(mainScrollContainer)
    #expect(info.minimumOffset == -350 && info.maximumOffset == positions.last)
    #expect(info.offset == -350)
    let decision = try layout.resolveScroll(
      ScrollRelease(startOffset: 0, releaseOffset: 0, velocity: -3000), container: -1)
    #expect(decision.targetOffset == -350 && decision.snapIndex == 0)
    let row = try layout.snapOffset(forSection: 0, item: 0, container: mainScrollContainer)
    #expect(row.offset == -350 && row.index == 0)
  }

  @Test("trimSnaps makes both content bounds rest positions: a header above the rows shows")
  func boundsAreReachable() throws {
    var scrolling = ScrollingProperties()
    scrolling.snapUnit = .item
    let grid = LayoutSection(
      group: hgroup(fw(1), abs_(100), .subitem(item(fw(1), fh(1)), count: 3)), itemCount: 30,
      boundarySupplementaryItems: [header(height: abs_(44))])
    let footer = LayoutSection(
      group: hgroup(fw(1), abs_(300), .subitems([item(fw(1), fh(1))])), itemCount: 1)
    let layout = try solve(
      [grid], width: 400, height: 800, configuration: LayoutConfiguration(scrolling: scrolling))
    // Rows rest at 44 + 100k; the start bound 0 (the header) is prepended; content
    // 44 + 1000 = 1044, so the end bound is 244 = the row at 244 itself.
    #expect(try offsets(layout) == [0, 44, 144, 244])
    let up = try layout.resolveScroll(
      ScrollRelease(startOffset: 144, releaseOffset: 140, velocity: -3000), container: -1)
    #expect(up.targetOffset == 0 && up.section == 0 && up.item == 0)
    // Followed by a 300-pt section, row 5 (at 544) is the end bound 1344 − 800 itself.
    let long = try solve(
      [grid, footer], width: 400, height: 800,
      configuration: LayoutConfiguration(scrolling: scrolling))
    #expect(try offsets(long) == [0, 44, 144, 244, 344, 444, 544])
    // Three rows and a 900-pt layout footer: no row reaches the end bound 444, so it is
    // appended after the last row.
    var short = grid
    short.itemCount = 9
    let tall = try solve(
      [short], width: 400, height: 800,
      configuration: LayoutConfiguration(
        boundarySupplementaryItems: [header("legal", height: abs_(900), alignment: .bottom)],
        scrolling: scrolling))
    #expect(try offsets(tall) == [0, 44, 144, 244, 444])
    let end = try tall.snapPosition(at: 444, container: mainScrollContainer)
    #expect(end.index == 4 && end.section == 0 && end.item == 6)
  }

  @Test("page units on the main scroll, with a custom page length")
  func pages() throws {
    var scrolling = ScrollingProperties()
    scrolling.snapUnit = .page
    scrolling.pageLength = 300
    let list = LayoutSection(
      group: hgroup(fw(1), abs_(80), .subitems([item(fw(1), fh(1))])), itemCount: 20)
    let layout = try solve(
      [list], width: 400, height: 800, configuration: LayoutConfiguration(scrolling: scrolling))
    // Content 1600, bounds [0, 800]: pages 0, 300, 600, then 800.
    #expect(try offsets(layout) == [0, 300, 600, 800])
    // Item 5 (400 ... 480) is on page 1, which holds its start: a page, so that a release
    // there stays (docs/SNAPPING.md, "Rest positions").
    let shown = try layout.snapOffset(forSection: 0, item: 5, container: mainScrollContainer)
    #expect(shown.offset == 300 && shown.index == 1)
  }

  @Test("an orthogonal section without items rests at 0 whatever the release")
  func emptyOrthogonal() throws {
    let section = LayoutSection(
      group: hgroup(abs_(200), abs_(150), .subitems([item(fw(1), fh(1))])), itemCount: 0,
      orthogonalScrollingBehavior: .groupPagingCentered)
    let layout = try solve([section], width: 400, height: 800)
    let info = try layout.scrollInfo(0)
    #expect(info.snapCount == 1 && info.minimumOffset == 0 && info.maximumOffset == 0)
    let decision = try layout.resolveScroll(
      ScrollRelease(startOffset: 0, releaseOffset: 40, velocity: 5000), container: 0)
    #expect(decision.targetOffset == 0 && decision.snapIndex == 0 && decision.item == -1)
  }

  @Test("a free main scroll decelerates to the projection, clamped, with no rest positions")
  func freeMainScroll() throws {
    let layout = try feed(.none)
    #expect(try layout.snapCount(mainScrollContainer) == 0)
    let decision = try layout.resolveScroll(
      ScrollRelease(startOffset: 0, releaseOffset: 100, velocity: 400), container: -1)
    #expect(Swift.abs(decision.targetOffset - (100 + 0.4 * 0.998 / 0.002)) < 1e-9)
    #expect(decision.snapIndex == -1 && decision.motion.kind == .decay)
    let position = try layout.snapPosition(at: 100, container: mainScrollContainer)
    #expect(position.index == -1)
  }
}
