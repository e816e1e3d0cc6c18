import SnapLayoutCore
import Testing

/// docs/SELF-SIZING.md rule 12: boundary supplementary items with estimated dimensions take
/// the sizes the host measures.
@Suite("Self-sizing boundary items")
struct BoundarySizeTests {
  /// A header or footer whose height is `height`, with cross-axis insets (they apply on any
  /// axis) and main-axis insets (ignored on an estimated axis, so left out of `absolute`).
  /// In a horizontal layout the main axis is x: `height` is the item's width and a header
  /// sits at the leading edge.
  static func boundary(
    _ kind: String, _ alignment: RectAlignment, _ height: Dimension, horizontal: Bool = false
  ) -> BoundarySupplementaryItem {
    let main = height.isEstimated ? 3.0 : 0
    if horizontal {
      return BoundarySupplementaryItem(
        elementKind: kind, layoutSize: size(height, fh(1)),
        alignment: alignment == .top ? .leading : .trailing,
        contentInsets: DirectionalEdgeInsets(top: 6, leading: main, bottom: 6, trailing: main))
    }
    return BoundarySupplementaryItem(
      elementKind: kind, layoutSize: size(fw(1), height), alignment: alignment,
      contentInsets: DirectionalEdgeInsets(top: main, leading: 6, bottom: main, trailing: 6))
  }

  /// Three list sections with a header and a footer each, and a layout header and footer;
  /// `heights[k]` is the height of boundary item `k` (sections' header, footer in order, then
  /// the layout's), estimated or absolute.
  static func description(_ heights: [Dimension], horizontal: Bool = false) -> LayoutDescription {
    var sections: [LayoutSection] = []
    for index in 0..<3 {
      sections.append(
        LayoutSection(
          group: vgroup(fw(1), abs_(50), .subitems([item(fw(1), fh(1))])),
          itemCount: Int64(20 + index), contentInsets: insets(10), interGroupSpacing: 5,
          boundarySupplementaryItems: [
            boundary("header\(index)", .top, heights[2 * index], horizontal: horizontal),
            boundary("footer\(index)", .bottom, heights[2 * index + 1], horizontal: horizontal),
          ]))
    }
    let configuration = LayoutConfiguration(
      scrollDirection: horizontal ? .horizontal : .vertical, interSectionSpacing: 12,
      boundarySupplementaryItems: [
        boundary("top", .top, heights[6], horizontal: horizontal),
        boundary("bottom", .bottom, heights[7], horizontal: horizontal),
      ])
    return LayoutDescription(configuration: configuration, sections: sections)
  }

  static let estimates: [Dimension] = (0..<8).map { est(Double(20 + 4 * $0)) }

  static func solved(_ heights: [Dimension], horizontal: Bool = false) throws -> Layout {
    let layout = try Layout.solving(description(heights, horizontal: horizontal))
    try layout.setContainerSize(Size(width: 390, height: 844))
    return layout
  }

  /// Where boundary item `k` lives: its section (nil for the layout's) and kind name.
  static func owner(_ k: Int) -> (section: Int?, kind: String) {
    switch k {
    case 6: return (nil, "top")
    case 7: return (nil, "bottom")
    default: return (k / 2, (k % 2 == 0 ? "header" : "footer") + "\(k / 2)")
    }
  }

  @Test("reports in random order end as a layout built with those heights from the start",
    arguments: [false, true])
  func randomReportsMatchReference(horizontal: Bool) throws {
    let layout = try Self.solved(Self.estimates, horizontal: horizontal)
    var random = Lcg(state: horizontal ? 11 : 5)
    var final: [Double?] = Array(repeating: nil, count: 8)
    for _ in 0..<60 {
      let k = random.below(8)
      let (section, name) = Self.owner(k)
      let kind = try #require(layout.kinds.id(of: name))
      if random.below(5) == 0 {
        _ = try layout.reportSupplementarySize(nil, section: section, kind: kind)
        final[k] = nil
      } else {
        // Along the main axis the measured length counts; the other is ignored.
        let length = Double(random.below(120)) + 0.25
        let measured = horizontal ? Size(width: length, height: 77) : Size(width: 77, height: length)
        _ = try layout.reportSupplementarySize(measured, section: section, kind: kind)
        final[k] = length
        #expect(try layout.measuredSupplementarySize(section: section, kind: kind) == measured)
      }
    }
    let heights = (0..<8).map { k in final[k].map { abs_($0) } ?? Self.estimates[k] }
    let reference = try Self.solved(heights, horizontal: horizontal)
    #expect(try allElements(layout) == allElements(reference))
    #expect(layout.contentSize == reference.contentSize)
    for section in 0..<3 {
      #expect(try layout.sectionInfo(section) == reference.sectionInfo(section))
    }
  }

  @Test("only estimated axes take the measured size")
  func estimatedAxesOnly() throws {
    let badge = BoundarySupplementaryItem(
      elementKind: "tag", layoutSize: size(est(100), abs_(20)), alignment: .topLeading)
    let section = LayoutSection(
      group: vgroup(fw(1), abs_(50), .subitems([item(fw(1), fh(1))])), itemCount: 2,
      boundarySupplementaryItems: [badge])
    let layout = try solve([section])
    let kind = try #require(layout.kinds.id(of: "tag"))
    _ = try layout.reportSupplementarySize(Size(width: 150, height: 99), section: 0, kind: kind)
    expectFrame(try frame(layout, kind: "tag", section: 0), 0, 0, 150, 20)
    try expectItem(layout, 0, 0, 20, 390, 50)
    // The size is kept as reported, as for cells.
    #expect(
      try layout.measuredSupplementarySize(section: 0, kind: kind) == Size(width: 150, height: 99))
  }

  @Test("a header measured above the visible bounds moves the offset with it; below, nothing")
  func anchoring() throws {
    let layout = try Self.solved(Self.estimates)
    try layout.setScrollOffset(900, container: mainScrollContainer)
    let header1 = try #require(layout.kinds.id(of: "header1"))
    let footer2 = try #require(layout.kinds.id(of: "footer2"))
    let top = try #require(layout.kinds.id(of: "top"))
    // Section 1 starts near 1,100: the first visible cells are in section 0, its header is
    // below the leading edge: the content there stays, the offset does not move.
    let firstVisible = try layout.itemFrame(section: 0, item: 15)
    var report = try layout.reportSupplementarySize(
      Size(width: 1, height: 100), section: 1, kind: header1)
    #expect(report.mainOffsetAdjustment == 0)
    #expect(try layout.itemFrame(section: 0, item: 15) == firstVisible)

    // The layout's header is above: everything visible moves down by the growth (60 - 44)
    // and so does the offset.
    let before = try layout.itemFrame(section: 0, item: 15)
    report = try layout.reportSupplementarySize(Size(width: 1, height: 60), section: nil, kind: top)
    #expect(report.mainOffsetAdjustment == 60 - 44)
    #expect(try layout.itemFrame(section: 0, item: 15).y == before.y + 16)
    #expect(try layout.scrollOffset(mainScrollContainer) == 916)
    #expect(report.contentSize == layout.contentSize)

    // Scrolled into section 2: a footer below moves nothing visible.
    try layout.setScrollOffset(2600, container: mainScrollContainer)
    let visible = try layout.itemFrame(section: 2, item: 10)
    report = try layout.reportSupplementarySize(Size(width: 1, height: 5), section: 2, kind: footer2)
    #expect(report.mainOffsetAdjustment == 0)
    #expect(try layout.itemFrame(section: 2, item: 10) == visible)
  }

  @Test("a pinned header pins with its measured height")
  func pinnedMeasured() throws {
    var pinned = Self.boundary("header", .top, est(30))
    pinned.pinToVisibleBounds = true
    let section = LayoutSection(
      group: vgroup(fw(1), abs_(50), .subitems([item(fw(1), fh(1))])), itemCount: 10,
      boundarySupplementaryItems: [pinned])
    let next = LayoutSection(
      group: vgroup(fw(1), abs_(50), .subitems([item(fw(1), fh(1))])), itemCount: 30)
    let layout = try solve([section, next])
    let kind = try #require(layout.kinds.id(of: "header"))
    _ = try layout.reportSupplementarySize(Size(width: 0, height: 70), section: 0, kind: kind)
    // The section is 70 + 500 long; scrolled to 540 the header is pushed up by the section's
    // end: its bottom at 570.
    try layout.setScrollOffset(540, container: mainScrollContainer)
    let header = try elements(layout, in: Rect(x: 0, y: 540, width: 390, height: 844)).filter {
      $0.kind == kind
    }
    try #require(header.count == 1)
    expectFrame(header[0].frame, 6, 500, 378, 70)
  }

  @Test("measured sizes follow their sections through section changes")
  func sectionChanges() throws {
    let layout = try Self.solved(Self.estimates)
    let header1 = try #require(layout.kinds.id(of: "header1"))
    let footer1 = try #require(layout.kinds.id(of: "footer1"))
    _ = try layout.reportSupplementarySize(Size(width: 0, height: 90), section: 1, kind: header1)
    _ = try layout.reportSupplementarySize(Size(width: 0, height: 15), section: 1, kind: footer1)
    let extra = LayoutSection(
      group: vgroup(fw(1), abs_(50), .subitems([item(fw(1), fh(1))])), itemCount: 3)
    _ = try layout.changeSections(.insert([extra], at: 0))
    #expect(try layout.measuredSupplementarySize(section: 2, kind: header1)?.height == 90)
    #expect(try frame(layout, kind: "header1", section: 2).height == 90)
    _ = try layout.changeSections(.move(from: 2, to: 0))
    #expect(try layout.measuredSupplementarySize(section: 0, kind: footer1)?.height == 15)

    // Described anew with the header but without the footer: the header keeps its size.
    var replacement = Self.description(Self.estimates).sections[1]
    replacement.boundarySupplementaryItems.removeLast()
    _ = try layout.changeSections(.replace(replacement, at: 0))
    #expect(try layout.measuredSupplementarySize(section: 0, kind: header1)?.height == 90)
    #expect(throws: LayoutError.self) {
      try layout.measuredSupplementarySize(section: 0, kind: footer1)
    }
    // An inserted section with the same kinds starts unmeasured.
    _ = try layout.changeSections(.insert([replacement], at: 1))
    #expect(try layout.measuredSupplementarySize(section: 1, kind: header1) == nil)
    _ = try layout.changeSections(.delete(at: 0, count: 1))
    #expect(try layout.measuredSupplementarySize(section: 0, kind: header1) == nil)
    // Item changes leave them alone.
    _ = try layout.reportSupplementarySize(Size(width: 0, height: 33), section: 0, kind: header1)
    _ = try layout.changeItems(.insert(at: 0, count: 4), section: 0)
    #expect(try frame(layout, kind: "header1", section: 0).height == 33)
  }

  @Test("bad reports fail with the argument named and change nothing")
  func badInput() throws {
    let layout = try Self.solved(Self.estimates)
    let header0 = try #require(layout.kinds.id(of: "header0"))
    let header1 = try #require(layout.kinds.id(of: "header1"))
    let before = try allElements(layout)
    for bad in [Double.nan, -1, .infinity, Layout.maxMeasuredLength * 2] {
      expectLayoutError(.invalidArgument, path: "height", messageContains: "finite") {
        _ = try layout.reportSupplementarySize(Size(width: 1, height: bad), section: 0, kind: header0)
      }
    }
    expectLayoutError(.outOfRange, path: "section", messageContains: "does not exist") {
      _ = try layout.reportSupplementarySize(Size(width: 1, height: 1), section: 3, kind: header0)
    }
    // header1 belongs to section 1, not 0; the message lists section 0's kinds.
    expectLayoutError(.outOfRange, path: "kind", messageContains: "'header0', 'footer0'") {
      _ = try layout.reportSupplementarySize(Size(width: 1, height: 1), section: 0, kind: header1)
    }
    expectLayoutError(.outOfRange, path: "kind", messageContains: "of the layout") {
      _ = try layout.reportSupplementarySize(Size(width: 1, height: 1), section: nil, kind: header1)
    }
    expectLayoutError(.outOfRange, path: "kind", messageContains: "is not a boundary") {
      _ = try layout.reportSupplementarySize(Size(width: 1, height: 1), section: 0, kind: 999)
    }
    expectLayoutError(.outOfRange, path: "kind", messageContains: "is not a boundary") {
      _ = try layout.measuredSupplementarySize(section: 0, kind: -1)
    }
    #expect(try allElements(layout) == before)

    let unsolved = Layout(Self.description(Self.estimates))
    expectLayoutError(.noContainer, path: "layout", messageContains: "container") {
      _ = try unsolved.reportSupplementarySize(Size(width: 1, height: 1), section: 0, kind: header0)
    }
  }

  @Test("a self-sizing flow section's header and footer are estimated along the scroll axis")
  func flowHeader() throws {
    var section = flowSection(
      items: 7, itemSize: Size(width: 100, height: 40), selfSizing: true, inset: 10)
    section.boundarySupplementaryItems = [
      BoundarySupplementaryItem(
        elementKind: "header", layoutSize: size(fw(1), est(30)), alignment: .top)
    ]
    let layout = try solve([section], width: 340)
    let kind = try #require(layout.kinds.id(of: "header"))
    try expectItem(layout, 0, 10, 40, 100, 40)
    _ = try layout.reportItemSize(Size(width: 100, height: 60), section: 0, item: 0)
    _ = try layout.reportSupplementarySize(Size(width: 999, height: 75), section: 0, kind: kind)
    expectFrame(try frame(layout, kind: "header", section: 0), 0, 0, 340, 75)
    // Three items fill a 320 pt line. The first line is as tall as its tallest item, 60; the
    // 40-tall items are centred in it.
    try expectItem(layout, 0, 10, 85, 100, 60)
    try expectItem(layout, 1, 120, 95, 100, 40)
    try expectItem(layout, 3, 10, 155, 100, 40)
  }
}
