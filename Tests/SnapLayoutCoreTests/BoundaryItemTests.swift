import SnapLayoutCore
import Testing

/// docs/LAYOUT-RULES.md, "Boundary supplementary items", "Item supplementary items", "zIndex":
/// headers and footers, badges, backgrounds and zIndex.
@Suite("Boundary, supplementary and decoration items (LAYOUT-RULES.md)")
struct BoundaryItemTests {
  func section(_ items: [BoundarySupplementaryItem], count: Int64 = 1) -> LayoutSection {
    LayoutSection(
      group: hgroup(fw(1), abs_(100), .subitems([item(fw(1), fh(1))])), itemCount: count,
      boundarySupplementaryItems: items)
  }

  static let alignments: [(RectAlignment, Double, Double, Double)] = [
    // alignment, header x, header y, first item y — a 100 x 20 item in a 400-wide container
    (.top, 150, 0, 20), (.topLeading, 0, 0, 20), (.topTrailing, 300, 0, 20),
    (.bottom, 150, 100, 0), (.bottomLeading, 0, 100, 0), (.bottomTrailing, 300, 100, 0),
    // No main-axis edge: placed inside the section, centred vertically, not extending it.
    (.leading, 0, 40, 0), (.trailing, 300, 40, 0),
  ]

  @Test("the eight alignments, extending the boundary where they name a main-axis edge", arguments: alignments)
  func alignment(alignment: RectAlignment, x: Double, y: Double, itemY: Double) throws {
    let layout = try solve(
      [section([header(height: abs_(20), alignment: alignment, width: abs_(100))])], width: 400)
    expectFrame(try frame(layout, kind: "header", section: 0), x, y, 100, 20)
    try expectItem(layout, 0, 0, itemY, 400, 100)
    let extended = alignment.edges.contains(.top) || alignment.edges.contains(.bottom)
    #expect(layout.contentSize == Size(width: 400, height: extended ? 120 : 100))
  }

  @Test("extendsBoundary false overlays the content without growing the section")
  func notExtending() throws {
    let layout = try solve([section([header(height: abs_(20), extends: false)])], width: 400)
    expectFrame(try frame(layout, kind: "header", section: 0), 0, 0, 400, 20)
    try expectItem(layout, 0, 0, 0, 400, 100)
    #expect(layout.contentSize == Size(width: 400, height: 100))
  }

  @Test("offset moves the header; the extension follows the moved frame (choice 7)")
  func offsets() throws {
    let gap = try solve(
      [section([header(height: abs_(20), width: abs_(100), offset: Point(x: 5, y: -10))])],
      width: 400)
    expectFrame(try frame(gap, kind: "header", section: 0), 155, 0, 100, 20)
    try expectItem(gap, 0, 0, 30, 400, 100)

    let overlap = try solve(
      [section([header(height: abs_(20), offset: Point(x: 0, y: 5))])], width: 400)
    expectFrame(try frame(overlap, kind: "header", section: 0), 0, 0, 400, 20)
    try expectItem(overlap, 0, 0, 15, 400, 100)
  }

  @Test("two extending headers stack outward in declaration order (choice 6)")
  func stackedHeaders() throws {
    let layout = try solve(
      [section([header("a", height: abs_(20)), header("b", height: abs_(30))])], width: 400)
    expectFrame(try frame(layout, kind: "a", section: 0), 0, 30, 400, 20)
    expectFrame(try frame(layout, kind: "b", section: 0), 0, 0, 400, 30)
    try expectItem(layout, 0, 0, 50, 400, 100)
  }

  @Test("header and footer with insets and a second section")
  func headerFooter() throws {
    var first = section(
      [header(height: abs_(40)), header("footer", height: abs_(30), alignment: .bottom)],
      count: 2)
    first.contentInsets = DirectionalEdgeInsets(top: 10, leading: 0, bottom: 10, trailing: 0)
    let layout = try solve([first, section([])], width: 400)
    expectFrame(try frame(layout, kind: "footer", section: 0), 0, 40 + 10 + 200 + 10, 400, 30)
    try expectItem(layout, section: 1, 0, 0, 290, 400, 100)
  }

  @Test("a boundary item's contentInsets shrink its frame, not the extension (choice 8)")
  func boundaryInsets() throws {
    var item = header(height: abs_(44))
    item.contentInsets = DirectionalEdgeInsets(top: 4, leading: 16, bottom: 4, trailing: 16)
    let layout = try solve([section([item])], width: 400)
    expectFrame(try frame(layout, kind: "header", section: 0), 16, 4, 368, 36)
    try expectItem(layout, 0, 0, 44, 400, 100)
  }

  static func badge(_ edges: RectEdges, fractional: Point? = nil, offset: Point = .zero,
                    itemAnchor: Anchor? = nil, size: LayoutSize? = nil) -> SupplementaryItem {
    SupplementaryItem(
      elementKind: "badge",
      layoutSize: size ?? LayoutSize(widthDimension: .absolute(20), heightDimension: .absolute(20)),
      containerAnchor: fractional.map { Anchor(edges: edges, offset: $0, isFractional: true) }
        ?? Anchor(edges: edges, offset: offset),
      itemAnchor: itemAnchor)
  }

  func badgeLayout(_ badge: SupplementaryItem) throws -> Layout {
    let group = hgroup(
      fw(1), abs_(100), .subitems([item(fw(0.25), fh(1), insets: insets(5), badges: [badge])]))
    return try solve([LayoutSection(group: group, itemCount: 6)], width: 400)
  }

  @Test("Apple's badge: top-trailing, fractional offset (0.3, -0.3), 20 x 20 (badges)")
  func appleBadge() throws {
    let layout = try badgeLayout(Self.badge([.top, .trailing], fractional: Point(x: 0.3, y: -0.3)))
    // cell (5, 5, 90, 90): x = 95 - 20 + 6, y = 5 - 6
    expectFrame(try frame(layout, kind: "badge", section: 0, item: 0), 81, -1, 20, 20)
    expectFrame(try frame(layout, kind: "badge", section: 0, item: 5), 181, 99, 20, 20)
  }

  @Test("badge anchors: centred, absolute offset, a different item anchor, fractional size")
  func badgeAnchors() throws {
    expectFrame(
      try frame(try badgeLayout(Self.badge([])), kind: "badge", section: 0), 40, 40, 20, 20)
    expectFrame(
      try frame(
        try badgeLayout(Self.badge([.bottom, .leading], offset: Point(x: 2, y: 3))),
        kind: "badge", section: 0), 7, 78, 20, 20)
    expectFrame(
      try frame(
        try badgeLayout(
          Self.badge([.top, .trailing], itemAnchor: Anchor(edges: [.bottom, .leading]))),
        kind: "badge", section: 0), 95, -15, 20, 20)
    expectFrame(
      try frame(
        try badgeLayout(
          Self.badge([.top, .leading], size: LayoutSize(widthDimension: fw(0.5), heightDimension: fh(0.1)))),
        kind: "badge", section: 0), 5, 5, 45, 9)
  }

  @Test("a background covers the whole section, inset; it promotes zIndex (Decorations, zIndex)")
  func background() throws {
    var plain = section([header(height: abs_(44), zIndex: 0)], count: 2)
    plain.contentInsets = insets(10)
    var decorated = plain
    decorated.decorationItems = [DecorationItem(elementKind: "background", contentInsets: insets(4))]
    let layout = try solve([plain, decorated], width: 400)
    let start = 44 + 10 + 200 + 10.0
    expectFrame(try frame(layout, kind: "background", section: 1), 4, start + 4, 392, start - 8)
    let elements = try allElements(layout)
    let zByCategory = elements.map { ($0.section, $0.category, $0.zIndex) }
    #expect(zByCategory.contains { $0 == (0, .cell, 0) })
    #expect(zByCategory.contains { $0 == (0, .supplementary, 0) })
    #expect(zByCategory.contains { $0 == (1, .cell, 1) })
    #expect(zByCategory.contains { $0 == (1, .supplementary, 1) })
    #expect(zByCategory.contains { $0 == (1, .decoration, 0) })
  }
}
