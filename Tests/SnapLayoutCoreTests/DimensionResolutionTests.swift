import SnapLayoutCore
import Testing

/// docs/LAYOUT-RULES.md, "Dimensions": which container each level resolves its dimensions
/// against, pixel snapping and content insets.
@Suite("Dimension resolution (LAYOUT-RULES.md, Dimensions)")
struct DimensionResolutionTests {
  @Test("items resolve against their group minus the group's contentInsets (Dimensions)")
  func itemInGroupWithInsets() throws {
    let group = hgroup(
      fw(1), abs_(100), .subitems([item(fw(0.5), fh(0.5))]),
      insets: DirectionalEdgeInsets(top: 10, leading: 20, bottom: 10, trailing: 20))
    let layout = try solve([LayoutSection(group: group, itemCount: 3)], width: 400)
    // Content container 360 x 80: items 180 x 40, two per repetition.
    try expectItem(layout, 0, 20, 10, 180, 40)
    try expectItem(layout, 1, 200, 10, 180, 40)
    try expectItem(layout, 2, 20, 110, 180, 40)
  }

  @Test("a normal section's root group: section insets shrink only the cross axis (Dimensions)")
  func rootGroupOfNormalSection() throws {
    let section = LayoutSection(
      group: hgroup(fw(0.5), fh(0.25), .subitems([item(fw(1), fh(1))])), itemCount: 3,
      contentInsets: DirectionalEdgeInsets(top: 20, leading: 30, bottom: 40, trailing: 50))
    let layout = try solve([section], width: 400, height: 800)
    // width (400 - 30 - 50) * 0.5 = 160; height 800 * 0.25 = 200 (top/bottom not subtracted)
    try expectItem(layout, 0, 30, 20, 160, 200)
    try expectItem(layout, 2, 30, 420, 160, 200)
    #expect(layout.contentSize == Size(width: 400, height: 20 + 600 + 40))
  }

  @Test("an orthogonal section's root group: full width, height minus section insets (Dimensions)")
  func rootGroupOfOrthogonalSection() throws {
    let section = LayoutSection(
      group: hgroup(fw(0.5), fh(0.25), .subitems([item(fw(1), fh(1))])), itemCount: 3,
      contentInsets: DirectionalEdgeInsets(top: 20, leading: 30, bottom: 40, trailing: 50),
      orthogonalScrollingBehavior: .continuous)
    let layout = try solve([section], width: 400, height: 800)
    // width 400 * 0.5 = 200; height (800 - 60) * 0.25 = 185
    try expectItem(layout, 0, 30, 20, 200, 185)
    try expectItem(layout, 2, 430, 20, 200, 185)
    let info = try layout.sectionInfo(0)
    expectFrame(info.frame, 0, 0, 400, 20 + 185 + 40)
    #expect(info.orthogonalContentLength == 30 + 3 * 200 + 50)
  }

  @Test(
    "boundary items resolve against the container, minus section insets when they follow them",
    arguments: [true, false])
  func boundaryItemContainer(follow: Bool) throws {
    let section = LayoutSection(
      group: hgroup(fw(1), abs_(50), .subitems([item(fw(1), fh(1))])), itemCount: 1,
      contentInsets: DirectionalEdgeInsets(top: 0, leading: 30, bottom: 0, trailing: 50),
      boundarySupplementaryItems: [header(height: fw(0.1))],
      supplementariesFollowContentInsets: follow)
    let layout = try solve([section], width: 400)
    let width: Double = follow ? 320 : 400
    expectFrame(
      try frame(layout, kind: "header", section: 0), follow ? 30 : 0, 0, width, width * 0.1)
  }

  @Test("displayScale floors fractional lengths to the pixel grid; absolute values stay")
  func pixelSnapping() throws {
    func firstWidth(scale: Double, _ dimension: Dimension, width: Double = 390) throws -> Double {
      let group = hgroup(fw(1), abs_(100.7), .subitems([item(dimension, fh(1))]))
      let layout = try solve(
        [LayoutSection(group: group, itemCount: 1)], width: width,
        environment: LayoutEnvironment(displayScale: scale))
      return try layout.itemFrame(section: 0, item: 0).width
    }
    // 390 * 0.3333 = 129.987
    #expect(try firstWidth(scale: 0, fw(0.3333)) == 390 * 0.3333)
    #expect(try firstWidth(scale: 2, fw(0.3333)) == 129.5)
    #expect(try firstWidth(scale: 3, fw(0.3333)) == 389.0 / 3)
    // On-grid values survive binary rounding: 330 * 0.7 is 230.99999999999997 in doubles.
    #expect(try firstWidth(scale: 0, fw(0.7), width: 330) == 230.99999999999997)
    #expect(try firstWidth(scale: 3, fw(0.7), width: 330) == 231)
    #expect(try firstWidth(scale: 3, abs_(100.7)) == 100.7)
  }

  @Test("environment contentInsets shrink the container and move content across (choice 9)")
  func environmentInsets() throws {
    let section = LayoutSection(
      group: hgroup(fw(1), fh(0.5), .subitems([item(fw(1), fh(1))])), itemCount: 2)
    let layout = try solve(
      [section], width: 400, height: 800,
      environment: LayoutEnvironment(
        contentInsets: DirectionalEdgeInsets(top: 5, leading: 10, bottom: 5, trailing: 20)))
    try expectItem(layout, 0, 10, 0, 370, 395)
    try expectItem(layout, 1, 10, 395, 370, 395)
  }

  @Test("item contentInsets shrink the cell but not its slot; estimated axes ignore them")
  func itemInsets() throws {
    let group = hgroup(
      fw(1), est(60), .subitems([item(fw(0.5), est(60), insets: insets(10))]))
    let layout = try solve([LayoutSection(group: group, itemCount: 2)], width: 400)
    // Width insets apply (leading/trailing 10); the estimated height ignores top/bottom.
    try expectItem(layout, 0, 10, 0, 180, 60)
    try expectItem(layout, 1, 210, 0, 180, 60)
  }

  @Test("insets larger than the slot leave a zero-size cell (choice 19)")
  func oversizedInsets() throws {
    let group = hgroup(fw(1), abs_(10), .subitems([item(abs_(10), fh(1), insets: insets(8))]))
    let layout = try solve([LayoutSection(group: group, itemCount: 1)], width: 400)
    try expectItem(layout, 0, 8, 8, 0, 0)
  }
}
