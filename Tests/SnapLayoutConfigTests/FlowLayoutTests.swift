import SnapLayoutConfig
import SnapLayoutCore
import Testing

/// `flowLayout` (docs/FLOW-LAYOUT.md): snapping, pinning and the scroll direction applied to
/// flow sections; the frames themselves are pinned down by the `flow-*` fixtures.
@Suite("Flow layout")
struct FlowLayoutTests {
  func layout(_ text: String) throws -> Layout {
    try Layout.solving(ConfigDecoder.decode(text))
  }

  static let scrolling = #"""
    "configuration": {"scrolling": {"contentInset": {"leading": 34, "trailing": 34},
      "snapUnit": "item", "decelerationRate": "fast", "maxPagesPerGesture": 1}},
    "environment": {"container": {"width": 390, "height": 844}, "displayScale": 3}
    """#

  @Test("the card carousel as a flow config rests and moves like the compositional one")
  func cardCarousel() throws {
    let flow = try layout(
      #"""
      {"flowLayout": {"scrollDirection": "horizontal", "itemSize": {"width": 320, "height": 744},
        "minimumLineSpacing": 7}, \#(Self.scrolling),
       "sections": [{"itemCount": 1000}]}
      """#)
    let compositional = try layout(
      #"""
      {"configuration": {"scrollDirection": "horizontal", "scrolling": {"contentInset":
        {"leading": 34, "trailing": 34}, "snapUnit": "item", "decelerationRate": "fast",
        "maxPagesPerGesture": 1}},
       "environment": {"container": {"width": 390, "height": 844}, "displayScale": 3},
       "sections": [{"itemCount": 1000, "interGroupSpacing": 7, "group": {"group": "horizontal",
         "layoutSize": {"widthDimension": {"absolute": 320}, "heightDimension": {"absolute": 744}},
         "subitems": [{"layoutSize": {"widthDimension": {"fractionalWidth": 1},
           "heightDimension": {"fractionalHeight": 1}}}]}}]}
      """#)
    #expect(try flow.snapOffset(0, container: mainScrollContainer) == -34)
    #expect(try flow.snapOffset(3, container: mainScrollContainer) == 3 * 327 - 34)
    var state: UInt64 = 0x5EED
    func next() -> Double {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Double(state >> 11) / 9_007_199_254_740_992
    }
    for _ in 0..<500 {
      let start = Double(Int(next() * 900)) * 327 - 34
      let release = ScrollRelease(
        startOffset: start, releaseOffset: start + (next() - 0.5) * 500,
        velocity: (next() - 0.5) * 12_000)
      let a = try flow.resolveScroll(release, container: mainScrollContainer)
      let b = try compositional.resolveScroll(release, container: mainScrollContainer)
      #expect(a == b, "\(release)")
    }
  }

  @Test("sectionHeadersPinToVisibleBounds pins every section's header to the top")
  func pinnedHeaders() throws {
    let flow = try layout(
      #"""
      {"flowLayout": {"itemSize": {"width": 100, "height": 100}, "sectionHeadersPinToVisibleBounds": true,
        "headerReferenceSize": {"width": 0, "height": 40}},
       "environment": {"container": {"width": 390, "height": 844}},
       "sections": [{"itemCount": 30}, {"itemCount": 30}]}
      """#)
    // Section 0: header 40, then 10 lines of 100 with 10 between: 40 + 1090 = 1130 long.
    func header(_ section: Int32) throws -> LayoutElement {
      var collector = Collector()
      try flow.visitAllElements(&collector)
      let id = try #require(flow.kinds.id(of: "header"))
      return try #require(collector.elements.first { $0.kind == id && $0.section == section })
    }
    try flow.setScrollOffset(500, container: mainScrollContainer)
    #expect(try header(0).frame.y == 500 && header(0).isPinned)
    try flow.setScrollOffset(1110, container: mainScrollContainer)
    #expect(try header(0).frame.y == 1130 - 40)
    try flow.setScrollOffset(1500, container: mainScrollContainer)
    #expect(try header(1).frame.y == 1500)
  }

  @Test("a self-sizing flow's header and footer lengths are estimates the host can measure")
  func measuredHeaderFooter() throws {
    func config(_ estimated: String) -> String {
      #"""
      {"flowLayout": {"scrollDirection": "horizontal", "itemSize": {"width": 100, "height": 100},
        \#(estimated) "headerReferenceSize": {"width": 40, "height": 0},
        "footerReferenceSize": {"width": 30, "height": 0}},
       "environment": {"container": {"width": 390, "height": 844}},
       "sections": [{"itemCount": 12}, {"itemCount": 4}]}
      """#
    }
    func frame(_ layout: Layout, kind: String, section: Int32) throws -> Rect {
      var collector = Collector()
      try layout.visitAllElements(&collector)
      let id = try #require(layout.kinds.id(of: kind))
      return try #require(collector.elements.first { $0.kind == id && $0.section == section }).frame
    }
    let fixed = try layout(config(""))
    let header = try #require(fixed.kinds.id(of: "header"))
    let footer = try #require(fixed.kinds.id(of: "footer"))
    // Without estimatedItemSize the reference sizes are fixed: a report is kept and ignored.
    #expect(try fixed.sectionDescription(0).boundarySupplementaryItems[0].layoutSize.widthDimension == .absolute(40))
    _ = try fixed.reportSupplementarySize(Size(width: 90, height: 5), section: 0, kind: header)
    #expect(try frame(fixed, kind: "header", section: 0).width == 40)

    let flow = try layout(config(#""estimatedItemSize": {"width": 100, "height": 100},"#))
    #expect(try flow.sectionDescription(0).boundarySupplementaryItems[0].layoutSize.widthDimension == .estimated(40))
    // Section 0: header 40, two columns (7 and 5 items) of 100 with 10 between, footer 30:
    // 40 + 210 + 30 = 280; section 1 starts there.
    #expect(try flow.itemFrame(section: 1, item: 0).x == 280 + 40)
    let report = try flow.reportSupplementarySize(Size(width: 90, height: 5), section: 0, kind: header)
    _ = try flow.reportSupplementarySize(Size(width: 12, height: 5), section: 0, kind: footer)
    // The header keeps the full height across the scroll axis and takes the measured width.
    let headerFrame = try frame(flow, kind: "header", section: 0)
    #expect(headerFrame == Rect(x: 0, y: 0, width: 90, height: 844))
    #expect(try flow.itemFrame(section: 0, item: 0).x == 90)
    #expect(try flow.itemFrame(section: 1, item: 0).x == 90 + 210 + 12 + 40)
    #expect(report.contentSize.width == 90 + 210 + 30 + 40 + 100 + 30)
  }

  @Test("flowLayout.scrollDirection names the scrolling options along it")
  func scrollDirection() throws {
    let description = try ConfigDecoder.decode(
      #"""
      {"flowLayout": {"scrollDirection": "horizontal"},
       "configuration": {"scrolling": {"contentInset": {"top": 5, "leading": 34}}},
       "sections": [{"itemCount": 3}]}
      """#)
    #expect(description.configuration.scrollDirection == .horizontal)
    #expect(description.configuration.scrolling.contentInset?.leading == 34)
    // Agreeing directions are fine; the defaults are UIKit's.
    let agreed = try ConfigDecoder.decode(
      #"""
      {"flowLayout": {"scrollDirection": "vertical"}, "configuration": {"scrollDirection": "vertical"},
       "sections": [{"itemCount": 3}]}
      """#)
    let section = agreed.sections[0]
    #expect(section.flowItems == FlowItems(
        itemSize: Size(width: 50, height: 50), minimumInteritemSpacing: 10,
        sectionInsetPath: "/flowLayout/sectionInset"))
    #expect(section.interGroupSpacing == 10 && section.contentInsets == DirectionalEdgeInsets())
    #expect(section.boundarySupplementaryItems.isEmpty)
  }

  @Test("estimatedItemSize stands in for the size; a section's zero estimate turns it off there")
  func estimatedItemSize() throws {
    let estimated = try ConfigDecoder.decode(
      #"""
      {"flowLayout": {"itemSize": {"width": 10, "height": 10}, "estimatedItemSize": {"width": 80, "height": 44}},
       "sections": [{"itemCount": 3}, {"itemCount": 1, "estimatedItemSize": {"width": 0, "height": 0}},
                    {"itemCount": 1, "itemSize": {"width": 30, "height": 30}},
                    {"itemCount": 1, "itemSize": {"width": 30, "height": 30},
                     "estimatedItemSize": {"width": 0, "height": 0}},
                    {"itemCount": 1, "estimatedItemSize": {"width": 60, "height": 20}}]}
      """#)
    let items = estimated.sections.map { $0.flowItems }
    // The layout's estimate.
    #expect(items[0]?.itemSize == Size(width: 80, height: 44) && items[0]?.isSelfSizing == true)
    // A section's own 0 x 0 replaces the layout's estimate: fixed items of the layout's itemSize.
    #expect(items[1]?.itemSize == Size(width: 10, height: 10) && items[1]?.isSelfSizing == false)
    // A section's own itemSize under the layout's estimate is its items' estimate.
    #expect(items[2]?.itemSize == Size(width: 30, height: 30) && items[2]?.isSelfSizing == true)
    #expect(items[3]?.itemSize == Size(width: 30, height: 30) && items[3]?.isSelfSizing == false)
    #expect(items[4]?.itemSize == Size(width: 60, height: 20) && items[4]?.isSelfSizing == true)
  }

  @Test("bad flow configurations name their key")
  func errors() throws {
    expectConfigError(
      #"{"flowLayout": {"itemSize": {"width": 10}}, "sections": [{"itemCount": 1}]}"#,
      .invalid, path: "/flowLayout/itemSize", "height")
    expectConfigError(
      #"{"flowLayout": {"itemSize": {"width": 10, "height": -1}}, "sections": [{"itemCount": 1}]}"#,
      .invalid, path: "/flowLayout/itemSize/height", "between 0")
    expectConfigError(
      #"{"flowLayout": {"minimumLineSpacin": 3}, "sections": [{"itemCount": 1}]}"#,
      .invalid, path: "/flowLayout/minimumLineSpacin", "minimumLineSpacing")
    expectConfigError(
      #"{"flowLayout": {}, "sections": [{"itemCount": 1, "sectionInset": {"leading": 3}}]}"#,
      .invalid, path: "/sections/0/sectionInset/leading", "unknown key")
    expectConfigError(
      #"{"flowLayout": {}, "sections": [{"itemCount": 1, "orthogonalScrollingBehavior": "paging"}]}"#,
      .invalid, path: "/sections/0/orthogonalScrollingBehavior", "unknown key")
    // A line that would hold more than 10,000 items is refused when the size is known.
    let tiny = try ConfigDecoder.decode(
      #"""
      {"flowLayout": {"itemSize": {"width": 0.01, "height": 1}, "minimumInteritemSpacing": 0},
       "sections": [{"itemCount": 5}]}
      """#)
    let layout = Layout(tiny)
    do {
      try layout.setContainerSize(Size(width: 390, height: 844))
      Issue.record("a 39,000-item line was accepted")
    } catch {
      #expect(error.kind == .invalidLayout && error.path == "/sections/0")
      #expect(error.message.contains("more than 10000 on one 390.0 pt line"), "\(error.message)")
    }
  }

  @Test("insets that leave no room are named where the configuration has them")
  func insetsLeavingNoRoom() throws {
    let grid = #""group": {"group": "horizontal", "layoutSize": {"widthDimension": {"fractionalWidth": 1}, "heightDimension": {"absolute": 44}}, "subitems": [{"layoutSize": {"widthDimension": {"fractionalWidth": 1}, "heightDimension": {"fractionalHeight": 1}}}]}"#
    for (text, path, message) in [
      (#"{"flowLayout": {"sectionInset": {"left": 200, "right": 200}}, "sections": [{"itemCount": 3}]}"#,
       "/flowLayout/sectionInset", "section's contentInsets"),
      (#"{"flowLayout": {"sectionInset": {"left": 1}}, "sections": [{"itemCount": 3}, {"itemCount": 3, "sectionInset": {"left": 390}}]}"#,
       "/sections/1/sectionInset", "section's contentInsets"),
      (#"{"flowLayout": {"scrollDirection": "horizontal", "sectionInset": {"top": 900}}, "sections": [{"itemCount": 3}]}"#,
       "/flowLayout/sectionInset", "section's contentInsets"),
      (#"{"environment": {"contentInsets": {"leading": 200, "trailing": 200}}, "sections": [{"itemCount": 3, \#(grid)}]}"#,
       "/environment/contentInsets", "environment's contentInsets"),
      (#"{"environment": {"contentInsets": {"top": 500, "bottom": 500}}, "sections": [{"itemCount": 3, "orthogonalScrollingBehavior": "paging", \#(grid)}]}"#,
       "/environment/contentInsets", "environment's contentInsets"),
      (#"{"environment": {"contentInsets": {"leading": 100}}, "sections": [{"itemCount": 3, "contentInsets": {"trailing": 290}, \#(grid)}]}"#,
       "/sections/0/contentInsets", "section's contentInsets"),
      (#"{"configuration": {"scrollDirection": "horizontal"}, "environment": {"contentInsets": {"top": 844}}, "sections": [{"itemCount": 3, \#(grid)}]}"#,
       "/environment/contentInsets", "environment's contentInsets"),
    ] {
      let layout = try layout(text)
      do {
        try layout.setContainerSize(Size(width: 390, height: 844))
        Issue.record("solved: \(text)")
      } catch {
        #expect(error.kind == .invalidLayout)
        #expect(error.path == path, "\(text): \(error.message)")
        #expect(error.message.contains(message) && error.message.contains("390.0 x 844.0 pt"))
      }
    }
  }
}
