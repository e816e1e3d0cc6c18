import SnapLayoutCore
import Testing

/// docs/LAYOUT-RULES.md, "Orthogonal sections", "Coordinates" (horizontal layouts) and
/// "Right-to-left".
@Suite("Orthogonal sections, horizontal and right-to-left layouts (LAYOUT-RULES.md)")
struct OrthogonalAndDirectionTests {
  /// The sample OrthogonalScrollBehavior's section (docs/LAYOUT-RULES.md §13): a container group of fractionalWidth(0.85) (1.0 for .none) x
  /// fractionalHeight(0.4) holding a leading item (0.7 x 1.0, insets 10) and a trailing vertical
  /// group (0.3 x 1.0) of two items (1.0 x 0.3 with subitem:count: 2, insets 10), with an
  /// estimated(44) header.
  static func appleSection(_ behavior: OrthogonalScrollingBehavior) -> LayoutSection {
    let leading = item(fw(0.7), fh(1), insets: insets(10))
    let trailingItem = item(fw(1), fh(0.3), insets: insets(10))
    let trailing = vgroup(fw(0.3), fh(1), .subitem(trailingItem, count: 2))
    let container = hgroup(
      fw(behavior == .none ? 1 : 0.85), fh(0.4), .subitems([leading, .group(trailing)]))
    return LayoutSection(
      group: container, itemCount: 6, orthogonalScrollingBehavior: behavior,
      boundarySupplementaryItems: [header(height: est(44))])
  }

  @Test("Apple's orthogonal sample: frames of a groupPagingCentered and a none section")
  func appleOrthogonalSample() throws {
    let layout = try solve(
      [Self.appleSection(.groupPagingCentered), Self.appleSection(.none)], width: 390,
      height: 844, configuration: LayoutConfiguration(interSectionSpacing: 20))
    let gw = 390 * 0.85  // 331.5
    let gh = 844 * 0.4  // 337.6
    // groupPagingCentered starts with its first group centred: offset -(390 - 331.5)/2.
    let c = (390 - gw) / 2
    #expect(try layout.orthogonalOffset(section: 0) == -c)
    try expectItem(layout, 0, c + 10, 54, 0.7 * gw - 20, gh - 20)
    try expectItem(layout, 1, c + 0.7 * gw + 10, 54, 0.3 * gw - 20, gh * 0.5 - 20)
    try expectItem(
      layout, 2, c + 0.7 * gw + 10, 44 + gh * 0.5 + 10, 0.3 * gw - 20, gh * 0.5 - 20)
    try expectItem(layout, 3, c + gw + 10, 54, 0.7 * gw - 20, gh - 20)
    expectFrame(try frame(layout, kind: "header", section: 0), 0, 0, 390, 44)
    let first = try layout.sectionInfo(0)
    expectFrame(first.frame, 0, 0, 390, 44 + gh)
    #expect(first.orthogonalContentLength == 2 * gw)
    #expect(first.behavior == .groupPagingCentered)

    // The .none section stacks its groups vertically, 20 pt below the first section.
    let top = 44 + gh + 20
    expectFrame(try frame(layout, kind: "header", section: 1), 0, top, 390, 44)
    try expectItem(layout, section: 1, 0, 10, top + 54, 0.7 * 390 - 20, gh - 20)
    try expectItem(layout, section: 1, 3, 10, top + 44 + gh + 10, 0.7 * 390 - 20, gh - 20)
    #expect(layout.contentSize?.height == top + 44 + 2 * gh)
  }

  @Test("the section offset moves cells and badges, not headers or backgrounds (choice 11)")
  func orthogonalOffset() throws {
    var section = Self.appleSection(.continuous)
    section.decorationItems = [DecorationItem(elementKind: "background")]
    var layout = try solve([section], width: 390, height: 844)
    try layout.setOrthogonalOffset(100, section: 0)
    #expect(try layout.orthogonalOffset(section: 0) == 100)
    try expectItem(layout, 0, 10 - 100, 54, 0.7 * 331.5 - 20, 337.6 - 20)
    expectFrame(try frame(layout, kind: "header", section: 0), 0, 0, 390, 44)
    expectFrame(try frame(layout, kind: "background", section: 0), 0, 0, 390, 44 + 337.6)
    // A rect on screen now finds item 3 (at 331.5 + 10 - 100) but not item 0's old place.
    let visible = try elements(layout, in: Rect(x: 300, y: 100, width: 10, height: 10))
    #expect(visible.contains { $0.category == .cell && $0.item == 3 })
  }

  @Test("offsets need an orthogonal section and a finite value")
  func offsetErrors() throws {
    var layout = try solve([Self.appleSection(.none), Self.appleSection(.paging)])
    expectLayoutError(.invalidArgument, path: "section", messageContains: "does not scroll") {
      try layout.setOrthogonalOffset(10, section: 0)
    }
    expectLayoutError(.invalidArgument, path: "offset", messageContains: "finite") {
      try layout.setOrthogonalOffset(.nan, section: 1)
    }
    expectLayoutError(.outOfRange, path: "section", messageContains: "does not exist") {
      try layout.setOrthogonalOffset(10, section: 2)
    }
  }

  @Test("a horizontal layout is the transpose of a vertical one (Horizontal layouts)")
  func horizontalLayout() throws {
    let column = vgroup(abs_(100), fh(1), .subitem(item(fw(1), fh(1)), count: 3))
    let section = LayoutSection(
      group: column, itemCount: 7,
      contentInsets: DirectionalEdgeInsets(top: 10, leading: 20, bottom: 10, trailing: 20),
      boundarySupplementaryItems: [header(height: fh(1), alignment: .leading, width: abs_(50))])
    let layout = try solve(
      [section], width: 400, height: 300,
      configuration: LayoutConfiguration(scrollDirection: .horizontal))
    // The leading header extends the section to the left; heights follow the section insets.
    expectFrame(try frame(layout, kind: "header", section: 0), 0, 10, 50, 280)
    let h = 280.0 / 3
    try expectItem(layout, 0, 70, 10, 100, h)
    try expectItem(layout, 4, 170, 10 + h, 100, h)
    try expectItem(layout, 6, 270, 10, 100, h)
    #expect(layout.contentSize == Size(width: 50 + 20 + 300 + 20, height: 300))
  }

  @Test("right-to-left mirrors frames, insets and leading alignments (Right-to-left)")
  func rightToLeft() throws {
    let section = LayoutSection(
      group: hgroup(fw(1), abs_(100), .subitems([item(abs_(100), fh(1))])), itemCount: 3,
      contentInsets: DirectionalEdgeInsets(top: 0, leading: 10, bottom: 0, trailing: 30),
      boundarySupplementaryItems: [header(alignment: .topLeading, width: abs_(50))])
    for direction in [LayoutDirection.leftToRight, .rightToLeft] {
      let layout = try solve(
        [section], width: 400, environment: LayoutEnvironment(layoutDirection: direction))
      let ltr = direction == .leftToRight
      expectFrame(try frame(layout, kind: "header", section: 0), ltr ? 10 : 340, 0, 50, 44)
      try expectItem(layout, 0, ltr ? 10 : 290, 44, 100, 100)
      try expectItem(layout, 2, ltr ? 210 : 90, 44, 100, 100)
    }
  }

  @Test("right-to-left orthogonal sections start at the right and scroll rightward")
  func rightToLeftOrthogonal() throws {
    let section = LayoutSection(
      group: hgroup(abs_(100), abs_(100), .subitems([item(fw(1), fh(1))])), itemCount: 5,
      contentInsets: DirectionalEdgeInsets(top: 0, leading: 10, bottom: 0, trailing: 0),
      orthogonalScrollingBehavior: .continuous)
    var layout = try solve(
      [section], width: 400, environment: LayoutEnvironment(layoutDirection: .rightToLeft))
    try expectItem(layout, 0, 290, 0, 100, 100)
    try layout.setOrthogonalOffset(50, section: 0)
    try expectItem(layout, 0, 340, 0, 100, 100)
    try expectItem(layout, 4, -60, 0, 100, 100)
  }

  @Test("right-to-left horizontal layouts mirror about the content length")
  func rightToLeftHorizontal() throws {
    let section = LayoutSection(
      group: vgroup(abs_(100), fh(1), .subitems([item(fw(1), fh(1))])), itemCount: 3)
    let layout = try solve(
      [section], width: 250, height: 300,
      configuration: LayoutConfiguration(scrollDirection: .horizontal),
      environment: LayoutEnvironment(layoutDirection: .rightToLeft))
    #expect(layout.contentSize == Size(width: 300, height: 300))
    try expectItem(layout, 0, 200, 0, 100, 300)
    try expectItem(layout, 2, 0, 0, 100, 300)
    let first = try elements(layout, in: Rect(x: 250, y: 0, width: 1, height: 1))
    #expect(first.map(\.item) == [0])
  }
}
