import SnapLayoutCore
import Testing

/// docs/LAYOUT-RULES.md, "Sections" and "Stacking sections": repetition, insets, spacing, partial
/// groups and section stacking.
@Suite("Sections and stacking (LAYOUT-RULES.md, Sections, Stacking sections)")
struct SectionTests {
  let row = hgroup(fw(1), abs_(100), .subitems([item(fw(1), fh(1))]))

  @Test("root group edge spacing along the repeat axis adds to the step (Sections)")
  func rootEdgesAlongAxis() throws {
    for top in [Spacing.fixed(5), .flexible(5)] {  // flexible counts only its minimum
      var group = row
      group.edgeSpacing = EdgeSpacing(top: top, bottom: .fixed(7))
      let layout = try solve([LayoutSection(group: group, itemCount: 3)], width: 400)
      try expectItem(layout, 0, 0, 5, 400, 100)
      try expectItem(layout, 2, 0, 5 + 2 * 112, 400, 100)
      #expect(layout.contentSize == Size(width: 400, height: 336))
    }
  }

  @Test("flexible root edges across the repeat axis centre a narrower group (Sections)")
  func rootEdgesAcross() throws {
    let group = hgroup(
      fw(0.5), abs_(100), .subitems([item(fw(1), fh(1))]),
      edges: EdgeSpacing(leading: .flexible(0), trailing: .flexible(0)))
    let layout = try solve([LayoutSection(group: group, itemCount: 2)], width: 400)
    try expectItem(layout, 1, 100, 100, 200, 100)
  }

  @Test("insets, interGroupSpacing and a header outside the top inset (Sections)")
  func insetsSpacingHeader() throws {
    let section = LayoutSection(
      group: hgroup(fw(1), abs_(50), .subitems([item(fw(1), fh(1))])), itemCount: 3,
      contentInsets: DirectionalEdgeInsets(top: 10, leading: 16, bottom: 20, trailing: 16),
      interGroupSpacing: 8, boundarySupplementaryItems: [header()])
    let layout = try solve([section], width: 400)
    expectFrame(try frame(layout, kind: "header", section: 0), 16, 0, 368, 44)
    try expectItem(layout, 0, 16, 54, 368, 50)
    try expectItem(layout, 2, 16, 54 + 2 * 58, 368, 50)
    expectFrame(try layout.sectionInfo(0).frame, 0, 0, 400, 44 + 10 + 166 + 20)
  }

  @Test("a partial vertical stack is shorter than a full one (Partial last group)")
  func partialVerticalStack() throws {
    let stack = vgroup(fw(1), abs_(300), .repeatingSubitem(item(fw(1), abs_(100)), count: 3))
    let layout = try solve(
      [LayoutSection(group: stack, itemCount: 4, interGroupSpacing: 10)], width: 400)
    let info = try layout.sectionInfo(0)
    #expect(info.groupCount == 2)
    // 300 + 10 + (300 - (300 - 100))
    #expect(info.frame.height == 410)
    try expectItem(layout, 3, 0, 310, 400, 100)
  }

  @Test("a partial group of cells that overflow their count group: never negative, monotone")
  func partialOverflowingStack() throws {
    // Three 60-pt rows in a 100-pt vertical group overflow it to 180 pt. Within the group the
    // missing rows reach 100 at most: one row leaves 100 − 60 = 40 unused (length 60), two
    // rows fill it (100); the partial-group formula without that clamp gave −20 and 40.
    let stack = vgroup(fw(1), abs_(100), .repeatingSubitem(item(fw(1), abs_(60)), count: 3))
    var heights: [Double] = []
    for count in 0...4 {
      let layout = try solve(
        [LayoutSection(group: stack, itemCount: Int64(count))], width: 390, height: 844)
      heights.append(try #require(layout.contentSize).height)
    }
    #expect(heights == [0, 60, 100, 100, 160])
    // Through the fit loop's 0.25-pt tolerance: three 3.4-pt rows (10.2 pt) fill a 10-pt group;
    // one of them is a 3.4-pt partial group (the unclamped formula gave 10 − 6.8 = 3.2). (With
    // 0.1-pt rows in a 1-pt group, twelve fitted and one gave −0.1, until the tolerance became a
    // quarter of a row thinner than a point: now ten fit exactly.)
    let thin = vgroup(fw(1), abs_(10), .subitems([item(fw(1), fh(0.34))]))
    let one = try solve([LayoutSection(group: thin, itemCount: 1)], width: 390, height: 844)
    #expect(try one.sectionInfo(0).itemsPerGroup == 3)
    #expect(Swift.abs(try #require(one.contentSize).height - 3.4) < 1e-9)
    let tiny = vgroup(fw(1), abs_(1), .subitems([item(fw(1), fh(0.1))]))
    let ten = try solve([LayoutSection(group: tiny, itemCount: 1)], width: 390, height: 844)
    #expect(try ten.sectionInfo(0).itemsPerGroup == 10)
    #expect(Swift.abs(try #require(ten.contentSize).height - 0.1) < 1e-9)
  }

  @Test("a partial horizontal row takes the full step")
  func partialRow() throws {
    let grid = hgroup(fw(1), abs_(100), .subitem(item(fw(1), fh(1)), count: 3))
    let layout = try solve([LayoutSection(group: grid, itemCount: 4)], width: 390)
    #expect(layout.contentSize == Size(width: 390, height: 200))
  }

  @Test("interSectionSpacing only between sections, empty sections included (Stacking sections)")
  func interSectionSpacing() throws {
    let layout = try solve(
      [
        LayoutSection(group: row, itemCount: 1), LayoutSection(group: row, itemCount: 0),
        LayoutSection(group: row, itemCount: 1),
      ], width: 400, configuration: LayoutConfiguration(interSectionSpacing: 20))
    expectFrame(try layout.sectionInfo(1).frame, 0, 120, 400, 0)
    try expectItem(layout, section: 2, 0, 0, 140, 400, 100)
    #expect(layout.contentSize == Size(width: 400, height: 240))
  }

  @Test("an empty section is its insets and boundary items (choice 20)")
  func emptySection() throws {
    let section = LayoutSection(
      group: row, itemCount: 0, contentInsets: DirectionalEdgeInsets(top: 5, bottom: 6),
      boundarySupplementaryItems: [header()])
    let layout = try solve([section], width: 400)
    #expect(layout.contentSize == Size(width: 400, height: 55))
    #expect(try layout.sectionInfo(0).groupCount == 0)
  }

  @Test("Apple List sample: 94 rows of 44 pt give contentSize (W, 44 * 94) (Stacking sections)")
  func appleList() throws {
    let list = hgroup(fw(1), abs_(44), .subitems([item(fw(1), fh(1))]))
    let layout = try solve([LayoutSection(group: list, itemCount: 94)], width: 375, height: 667)
    #expect(layout.contentSize == Size(width: 375, height: 44 * 94))
  }

  @Test("the 3-column grid (item 0.3 x 1.0, insets 8, subitem count 3, 0.3 high)")
  func threeColumnGrid() throws {
    let grid = hgroup(fw(1), fh(0.3), .subitem(item(fw(0.3), fh(1), insets: insets(8)), count: 3))
    let layout = try solve(
      [LayoutSection(group: grid, itemCount: 7, orthogonalScrollingBehavior: .continuous)],
      width: 390, height: 844)
    // count: 3 makes each item 390 / 3 = 130 wide; the group is 844 * 0.3 = 253.2 high.
    try expectItem(layout, 0, 8, 8, 114, 253.2 - 16)
    try expectItem(layout, 4, 390 + 130 + 8, 8, 114, 253.2 - 16)
    // Partial last group (LAYOUT-RULES.md): one item of three reaches x = 8 + 114 = 122 instead
    // of 382, so the last repetition is 390 - (382 - 122) = 130 long.
    #expect(try layout.sectionInfo(0).orthogonalContentLength == 2 * 390 + 130)
  }

  @Test("layout-level header and footer wrap the sections (Boundary supplementary items)")
  func globalBoundaryItems() throws {
    let configuration = LayoutConfiguration(
      interSectionSpacing: 10,
      boundarySupplementaryItems: [
        header("banner", height: abs_(60)), header("legal", height: abs_(30), alignment: .bottom),
      ])
    let layout = try solve(
      [LayoutSection(group: row, itemCount: 1), LayoutSection(group: row, itemCount: 1)],
      width: 400, configuration: configuration)
    expectFrame(try frame(layout, kind: "banner", section: -1), 0, 0, 400, 60)
    try expectItem(layout, 0, 0, 60, 400, 100)
    try expectItem(layout, section: 1, 0, 0, 170, 400, 100)
    expectFrame(try frame(layout, kind: "legal", section: -1), 0, 270, 400, 30)
    #expect(layout.contentSize == Size(width: 400, height: 300))
  }

  @Test("layout-level boundary items are dropped when there are no sections (Layout-level items)")
  func globalItemsWithoutSections() throws {
    let layout = try solve(
      [], configuration: LayoutConfiguration(boundarySupplementaryItems: [header("banner")]))
    #expect(try allElements(layout).isEmpty)
    #expect(layout.contentSize == Size(width: 390, height: 0))
  }
}
