import SnapLayoutCore
import Testing

/// docs/LAYOUT-RULES.md, "Groups": the fit loop, the spacing re-solve, arrangement along and
/// across a group, nesting.
@Suite("Group solving (LAYOUT-RULES.md, Groups)")
struct GroupSolverTests {
  func oneSection(_ group: LayoutGroup, items: Int64, width: Double = 400) throws -> Layout {
    try solve([LayoutSection(group: group, itemCount: items)], width: width)
  }

  @Test("subitems repeat cyclically while they fit (Apple Grid sample: 5 per row)")
  func cyclicFit() throws {
    let layout = try oneSection(
      hgroup(fw(1), abs_(50), .subitems([item(fw(0.2), fh(1))])), items: 12)
    #expect(try layout.sectionInfo(0).itemsPerGroup == 5)
    try expectItem(layout, 7, 160, 50, 80, 50)
    try expectItem(layout, 11, 80, 100, 80, 50)
  }

  @Test("mixed subitems cycle A, B, A, ... and stop at the first that overflows")
  func mixedCycle() throws {
    let layout = try oneSection(
      hgroup(fw(1), abs_(50), .subitems([item(abs_(100), fh(1)), item(abs_(150), fh(1))])),
      items: 4)
    // 100 + 150 + 100 fit (350); the next B would need 500.
    #expect(try layout.sectionInfo(0).itemsPerGroup == 3)
    try expectItem(layout, 1, 100, 0, 150, 50)
    try expectItem(layout, 2, 250, 0, 100, 50)
    try expectItem(layout, 3, 0, 50, 100, 50)
  }

  @Test("a subitem that does not fit is not placed, and every repetition starts over")
  func overflowingSecondSubitemNeverAppears() throws {
    let layout = try oneSection(
      hgroup(fw(1), abs_(50), .subitems([item(abs_(200), fh(1)), item(abs_(250), fh(1))])),
      items: 3)
    #expect(try layout.sectionInfo(0).itemsPerGroup == 1)
    try expectItem(layout, 2, 0, 100, 200, 50)
  }

  @Test("a subitems group tolerates 0.25 pt of overflow", arguments: [(200.25, 2), (200.5, 1)] as [(Double, Int64)])
  func fitTolerance(secondWidth: Double, expected: Int64) throws {
    let layout = try oneSection(
      hgroup(
        fw(1), abs_(50), .subitems([item(abs_(200), fh(1)), item(abs_(secondWidth), fh(1))])),
      items: 2)
    #expect(try layout.sectionInfo(0).itemsPerGroup == expected)
  }

  @Test(
    "items thinner than a point overflow by at most a quarter of themselves (issue 16, defect 6)",
    arguments: [(100, 0.001, 1000), (0.1, 1, 1), (1e-6, 1, 1), (1e-300, 0.5, 2), (3, 0.1, 10)]
      as [(Double, Double, Int64)])
  func relativeFitTolerance(width: Double, fraction: Double, expected: Int64) throws {
    let layout = try oneSection(
      hgroup(fw(1), abs_(50), .subitems([item(fw(fraction), fh(1))])), items: expected + 1,
      width: width)
    #expect(try layout.sectionInfo(0).itemsPerGroup == expected)
    let last = try layout.itemFrame(section: 0, item: expected - 1)
    #expect(last.maxX <= width * (1 + 1e-12), "the row ends at \(last.maxX) in \(width) pt")
    #expect(try layout.itemFrame(section: 0, item: expected).y == 50)
  }

  @Test("a group of more than 10,000 subitems says how many, the axis and the subitem's length")
  func tooManySubitems() {
    expectLayoutError(
      .invalidLayout, path: "/sections/0/group",
      messageContains: "would hold about 100000 subitems in one repetition, more than 10000: "
        + "its horizontal axis is 400.0 pt and its subitem is 0.004 pt long"
    ) {
      _ = try oneSection(hgroup(fw(1), abs_(50), .subitems([item(fw(1e-5), fh(1))])), items: 1)
    }
  }

  @Test("a group that cannot fit even one item is invalid, naming the subitem")
  func cannotFit() {
    expectLayoutError(
      .invalidLayout, path: "/sections/0/group/subitems/0",
      messageContains: "cannot fit even a single item"
    ) {
      _ = try oneSection(hgroup(fw(1), abs_(50), .subitems([item(abs_(500), fh(1))])), items: 1)
    }
  }

  @Test("subitems that take no room would repeat forever: refused")
  func zeroLengthSubitems() {
    expectLayoutError(
      .invalidLayout, path: "/sections/0/group", messageContains: "without end"
    ) {
      _ = try oneSection(hgroup(fw(1), abs_(50), .subitems([item(abs_(0), fh(1))])), items: 1)
    }
  }

  @Test("repeatingSubitem keeps the subitem's size, even when count overflows the group")
  func repeatingSubitemOverflows() throws {
    let layout = try oneSection(
      hgroup(fw(1), abs_(50), .repeatingSubitem(item(abs_(150), fh(1)), count: 3)), items: 3)
    try expectItem(layout, 2, 300, 0, 150, 50)
  }

  @Test("subitem+count rewrites the subitem's width to 1/count (Groups 3)")
  func subitemCountRewritesSize() throws {
    let layout = try oneSection(
      hgroup(fw(1), abs_(50), .subitem(item(fw(0.3), fh(1)), count: 3)), items: 3, width: 390)
    try expectItem(layout, 1, 130, 0, 130, 50)
    try expectItem(layout, 2, 260, 0, 130, 50)
  }

  @Test("subitem+count with fixed spacing shrinks items: (w - s(n-1))/n (Apple TwoColumn)")
  func subitemCountWithSpacing() throws {
    let layout = try oneSection(
      hgroup(fw(1), abs_(50), .subitem(item(fw(1), fh(1)), count: 3), spacing: .fixed(10)),
      items: 3, width: 390)
    let width = 370 * (1.0 / 3)
    try expectItem(layout, 0, 0, 0, width, 50)
    try expectItem(layout, 1, width + 10, 0, width, 50)
    try expectItem(layout, 2, 2 * (width + 10), 0, width, 50)
  }

  @Test("fractional children are re-sized so the spacing fits: 0.5 + fixed(10) in 400 → 195")
  func fractionalResolve() throws {
    let layout = try oneSection(
      hgroup(fw(1), abs_(50), .subitems([item(fw(0.5), fh(1))]), spacing: .fixed(10)), items: 2)
    try expectItem(layout, 0, 0, 0, 195, 50)
    try expectItem(layout, 1, 205, 0, 195, 50)
  }

  @Test("absolute children are never re-sized; spacing counts in the fit")
  func absoluteWithSpacing() throws {
    let layout = try oneSection(
      hgroup(fw(1), abs_(50), .subitems([item(abs_(100), fh(1))]), spacing: .fixed(10)),
      items: 4)
    #expect(try layout.sectionInfo(0).itemsPerGroup == 3)
    try expectItem(layout, 2, 220, 0, 100, 50)
  }

  @Test("flexible interItemSpacing shares the leftover room evenly (Groups 4)")
  func flexibleSpacing() throws {
    let layout = try oneSection(
      hgroup(
        fw(1), abs_(50), .repeatingSubitem(item(abs_(100), fh(1)), count: 3),
        spacing: .flexible(10)), items: 3)
    // used = 300 + 20, share = 80 / 2, gap = 10 + 40
    try expectItem(layout, 1, 150, 0, 100, 50)
    try expectItem(layout, 2, 300, 0, 100, 50)
  }

  @Test("flexible edge spacing on both sides centres an item (Groups 4)")
  func flexibleEdgesCentre() throws {
    let centred = EdgeSpacing(leading: .flexible(0), trailing: .flexible(0))
    let layout = try oneSection(
      hgroup(
        fw(1), abs_(50), .repeatingSubitem(item(abs_(100), fh(1), edges: centred), count: 1)),
      items: 1)
    try expectItem(layout, 0, 150, 0, 100, 50)
  }

  @Test("fixed edge spacing offsets items and counts in the fit")
  func fixedLeadingEdge() throws {
    let layout = try oneSection(
      hgroup(
        fw(1), abs_(50),
        .subitems([item(abs_(100), fh(1), edges: EdgeSpacing(leading: .fixed(10)))])), items: 3)
    #expect(try layout.sectionInfo(0).itemsPerGroup == 3)
    try expectItem(layout, 1, 120, 0, 100, 50)
  }

  @Test(
    "cross-axis placement by edge spacing (Groups 5)",
    arguments: [
      (EdgeSpacing(top: .flexible(0), bottom: .flexible(0)), 25.0),
      (EdgeSpacing(bottom: .flexible(0)), 0.0),
      (EdgeSpacing(top: .flexible(0)), 50.0),
      (EdgeSpacing(top: .fixed(5)), 5.0),
    ] as [(EdgeSpacing, Double)])
  func crossAxis(edges: EdgeSpacing, y: Double) throws {
    let layout = try oneSection(
      hgroup(fw(1), abs_(100), .subitems([item(abs_(100), abs_(50), edges: edges)])), items: 1)
    try expectItem(layout, 0, 0, y, 100, 50)
  }

  @Test("groups nest: a vertical group inside a horizontal one, a count group inside that")
  func nestedGroups() throws {
    let inner = hgroup(fw(1), fh(0.5), .subitem(item(fw(1), fh(1)), count: 2))
    let column = vgroup(fw(0.5), fh(1), .subitems([item(fw(1), fh(0.5)), .group(inner)]))
    let layout = try oneSection(
      hgroup(fw(1), abs_(200), .subitems([item(fw(0.5), fh(1)), .group(column)])), items: 5)
    #expect(try layout.sectionInfo(0).itemsPerGroup == 4)
    try expectItem(layout, 0, 0, 0, 200, 200)
    try expectItem(layout, 1, 200, 0, 200, 100)
    try expectItem(layout, 2, 200, 100, 100, 100)
    try expectItem(layout, 3, 300, 100, 100, 100)
    try expectItem(layout, 4, 0, 200, 200, 200)
  }

  @Test("a nested group's contentInsets leave no room: refused with its path")
  func insetsLeaveNoRoom() {
    let inner = vgroup(fw(1), fh(1), .subitems([item(fw(1), fh(1))]), insets: insets(30))
    expectLayoutError(
      .invalidLayout, path: "/sections/0/group/subitems/0/contentInsets",
      messageContains: "no room"
    ) {
      _ = try oneSection(hgroup(fw(1), abs_(50), .subitems([.group(inner)])), items: 1)
    }
  }

  @Test("an estimated group along its axis holds exactly one cycle of subitems (Groups 6)")
  func estimatedGroupOneCycle() throws {
    let group = vgroup(
      fw(1), est(100), .subitems([item(fw(1), abs_(44)), item(fw(1), abs_(80))]))
    let layout = try oneSection(group, items: 4)
    #expect(try layout.sectionInfo(0).itemsPerGroup == 2)
    try expectItem(layout, 1, 0, 44, 400, 80)
    // On an estimated axis the group follows its children: 44 + 80, not the estimate 100.
    try expectItem(layout, 2, 0, 124, 400, 44)
  }
}
