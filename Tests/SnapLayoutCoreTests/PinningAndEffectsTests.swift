import SnapLayoutCore
import Testing

/// Pinned boundary items follow the main scroll (docs/LAYOUT-RULES.md, "Pinned boundary items");
/// visible-item effects scale, fade and restack items by their distance from the viewport's
/// centre (docs/SNAPPING.md, "Pinned headers and visible-item effects").
@Suite("Pinned headers and visible-item effects")
struct PinningAndEffectsTests {
  /// Three sections of 10 rows of 100 pt, each with a pinned 50-pt header and a pinned 30-pt
  /// footer: section s spans 1080·s ... 1080·s + 1080.
  func pinnedList(contentInsetTop: Double = 0) throws -> Layout {
    var top = header(height: abs_(50))
    top.pinToVisibleBounds = true
    var bottom = header("footer", height: abs_(30), alignment: .bottom)
    bottom.pinToVisibleBounds = true
    let section = LayoutSection(
      group: hgroup(fw(1), abs_(100), .subitems([item(fw(1), fh(1))])), itemCount: 10,
      boundarySupplementaryItems: [top, bottom])
    var scrolling = ScrollingProperties()
    scrolling.contentInset = (contentInsetTop, 0)
    return try solve(
      [section, section, section], width: 400, height: 800,
      configuration: LayoutConfiguration(scrolling: scrolling))
  }

  func element(_ layout: Layout, _ kind: String, _ section: Int32) throws -> LayoutElement {
    let id = try #require(layout.kinds.id(of: kind))
    return try #require(allElements(layout).first { $0.kind == id && $0.section == section })
  }

  @Test("a pinned header follows the top of the visible rect until its section ends")
  func pinnedHeader() throws {
    let layout = try pinnedList()
    var header = try element(layout, "header", 0)
    #expect(header.frame.y == 0 && !header.isPinned)
    try layout.setScrollOffset(500, container: mainScrollContainer)
    header = try element(layout, "header", 0)
    #expect(header.frame.y == 500 && header.isPinned)
    // Near the section's end it is pushed up by it: at most 1080 − 50.
    try layout.setScrollOffset(1050, container: mainScrollContainer)
    #expect(try element(layout, "header", 0).frame.y == 1030)
    #expect(try element(layout, "header", 1).frame.y == 1080)
    // The next section's header takes over.
    try layout.setScrollOffset(1500, container: mainScrollContainer)
    #expect(try element(layout, "header", 1).frame.y == 1500)
  }

  @Test("a pinned footer follows the bottom of the visible rect, not above its section")
  func pinnedFooter() throws {
    let layout = try pinnedList()
    var footer = try element(layout, "footer", 0)
    #expect(footer.frame.y == 800 - 30 && footer.isPinned)
    try layout.setScrollOffset(500, container: mainScrollContainer)
    footer = try element(layout, "footer", 0)
    #expect(footer.frame.y == 1050 && !footer.isPinned)
    // A rect query sees the pinned frame.
    let visible = try elements(layout, in: Rect(x: 0, y: 500, width: 400, height: 1))
    #expect(visible.contains { $0.section == 0 && $0.kind == layout.kinds.id(of: "header") })
  }

  @Test("the visible rect starts below the host's contentInset")
  func contentInset() throws {
    let layout = try pinnedList(contentInsetTop: 47)
    #expect(try layout.scrollOffset(mainScrollContainer) == -47)
    #expect(try element(layout, "header", 0).frame.y == 0)
    try layout.setScrollOffset(100, container: mainScrollContainer)
    #expect(try element(layout, "header", 0).frame.y == 147)
  }

  /// A centred carousel: groups 312 wide (0.8 of 390), 322 apart; the first rests centred at
  /// offset −39. Scale 1 → 0.9, alpha 1 → 0.5, zIndex 2 → 0 over one stride.
  func zoomingCarousel() throws -> Layout {
    let section = LayoutSection(
      group: hgroup(fw(0.8), abs_(200), .subitems([item(fw(1), fh(1))])), itemCount: 5,
      interGroupSpacing: 10, orthogonalScrollingBehavior: .groupPagingCentered,
      visibleItemEffects: VisibleItemEffects(
        scale: (1, 0.9), alpha: (1, 0.5), zIndex: (2, 0), distance: 1))
    return try solve([section], width: 390)
  }

  func cell(_ layout: Layout, _ item: Int64) throws -> LayoutElement {
    try #require(allElements(layout).first { $0.category == .cell && $0.item == item })
  }

  @Test("the card carousel's zoom: centred 1.0, neighbours 0.9, interpolated in between")
  func carouselZoom() throws {
    let layout = try zoomingCarousel()
    var centred = try cell(layout, 0)
    var next = try cell(layout, 1)
    #expect(centred.scale == 1 && centred.alpha == 1 && centred.zIndex == 2)
    #expect(next.scale == 0.9 && next.alpha == 0.5 && next.zIndex == 0)
    #expect(try layout.itemDistance(section: 0, item: 1) == 1)
    // Half way between the two.
    try layout.setScrollOffset(-39 + 161, container: 0)
    centred = try cell(layout, 0)
    next = try cell(layout, 1)
    #expect(Swift.abs(centred.scale - 0.95) < 1e-12 && Swift.abs(next.scale - 0.95) < 1e-12)
    #expect(Swift.abs(centred.alpha - 0.75) < 1e-12 && centred.zIndex == 1)
    #expect(try layout.itemDistance(section: 0, item: 0) == -0.5)
  }

  @Test("effects on the main scroll use its offset; items without effects are untouched")
  func mainScrollEffects() throws {
    let plain = LayoutSection(
      group: hgroup(fw(1), abs_(100), .subitems([item(fw(1), fh(1))])), itemCount: 3)
    var zoomed = plain
    zoomed.itemCount = 20
    zoomed.visibleItemEffects = VisibleItemEffects(alpha: (1, 0), distance: 4)
    let layout = try solve([plain, zoomed], width: 400, height: 800)
    // Section 1's rows start at 300; the viewport centre is at 400, row k's at 350 + 100k.
    #expect(try layout.itemDistance(section: 1, item: 0) == -0.5)
    let row = try #require(allElements(layout).first { $0.section == 1 && $0.item == 2 })
    #expect(row.alpha == 1 - 1.5 / 4)
    #expect(try allElements(layout).filter { $0.section == 0 }.allSatisfy { $0.alpha == 1 && $0.scale == 1 })
  }
}
