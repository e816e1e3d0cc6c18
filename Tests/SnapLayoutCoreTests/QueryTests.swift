import SnapLayoutCore
import Testing

/// The queries: rect queries against brute force, O(1) item frames at any count, argument
/// checking and solving errors.
@Suite("Queries")
struct QueryTests {
  /// A deterministic generator (64-bit LCG) so failures reproduce.
  struct Generator {
    var state: UInt64
    mutating func next(_ range: ClosedRange<Double>) -> Double {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      let unit = Double(state >> 11) / Double(1 << 53)
      return range.lowerBound + unit * (range.upperBound - range.lowerBound)
    }
  }

  /// A layout with everything that can hang outside its section: badges above cells, a header
  /// pulled upward by its offset, an orthogonal section scrolled sideways, insets and spacing.
  static func busyLayout(
    direction: ScrollDirection, layoutDirection: LayoutDirection
  ) throws -> Layout {
    let badge = SupplementaryItem(
      elementKind: "badge",
      layoutSize: LayoutSize(widthDimension: .absolute(30), heightDimension: .absolute(30)),
      containerAnchor: Anchor(edges: [.top, .trailing], offset: Point(x: 10, y: -25)))
    let grid = LayoutSection(
      group: hgroup(fw(1), abs_(90), .subitem(item(fw(1), fh(1), insets: insets(4), badges: [badge]), count: 3)),
      itemCount: 1000, contentInsets: insets(12), interGroupSpacing: 6,
      boundarySupplementaryItems: [header(height: abs_(40), offset: Point(x: 0, y: -30))],
      decorationItems: [DecorationItem(elementKind: "background", contentInsets: insets(2))])
    let carousel = LayoutSection(
      group: hgroup(fw(0.8), abs_(150), .subitems([item(fw(1), fh(1), insets: insets(5))])),
      itemCount: 50, interGroupSpacing: 10, orthogonalScrollingBehavior: .groupPaging,
      boundarySupplementaryItems: [header("title", height: abs_(30))])
    let list = LayoutSection(
      group: vgroup(fw(1), abs_(200), .repeatingSubitem(item(fw(1), abs_(60)), count: 3)),
      itemCount: 77, interGroupSpacing: 1,
      boundarySupplementaryItems: [
        header("footer", height: abs_(30), alignment: .bottom),
        header("side", height: abs_(20), alignment: .trailing, width: abs_(20)),
      ])
    var layout = try Layout.solving(
      LayoutDescription(
        configuration: LayoutConfiguration(
          scrollDirection: direction, interSectionSpacing: 16,
          boundarySupplementaryItems: [header("banner", height: abs_(50))]),
        environment: LayoutEnvironment(layoutDirection: layoutDirection),
        sections: [grid, carousel, list, grid]))
    try layout.setContainerSize(Size(width: 390, height: 844))
    try layout.setOrthogonalOffset(555, section: 1)
    return layout
  }

  @Test(
    "rect queries return exactly the elements that intersect, in every orientation",
    arguments: [ScrollDirection.vertical, .horizontal],
    [LayoutDirection.leftToRight, .rightToLeft])
  func rectQueriesMatchBruteForce(direction: ScrollDirection, layoutDirection: LayoutDirection) throws {
    let layout = try Self.busyLayout(direction: direction, layoutDirection: layoutDirection)
    try expectRectQueriesMatchBruteForce(layout)
  }

  @Test("rect queries find cells that overflow an orthogonal row across the scroll axis")
  func overflowingOrthogonalRows() throws {
    // 10 × 40 cells in 40 × 20 groups: each hangs 20 pt below its row (found by the Python
    // property tests: the row's frame was the query's bound).
    let carousel = LayoutSection(
      group: hgroup(abs_(40), abs_(20), .subitems([item(abs_(10), abs_(40))])), itemCount: 30,
      orthogonalScrollingBehavior: .continuous)
    let list = LayoutSection(group: hgroup(fw(1), abs_(50), .subitems([item(fw(1), fh(1))])),
      itemCount: 10)
    var layout = try Layout.solving(LayoutDescription(sections: [carousel, list]))
    try layout.setContainerSize(Size(width: 390, height: 844))
    #expect(try layout.itemFrame(section: 0, item: 0).maxY == 40)
    #expect(try elements(layout, in: Rect(x: 0, y: 30, width: 390, height: 5)).count >= 1)
    try expectRectQueriesMatchBruteForce(layout)
    try layout.setOrthogonalOffset(123, section: 0)
    try expectRectQueriesMatchBruteForce(layout)
  }

  func expectRectQueriesMatchBruteForce(_ layout: Layout) throws {
    let everything = try allElements(layout)
    let content = try #require(layout.contentSize)
    var generator = Generator(state: 42)
    for round in 0..<400 {
      let width = round % 10 == 0 ? 0 : generator.next(0...500)
      let height = round % 13 == 0 ? 0 : generator.next(0...900)
      let rect = Rect(
        x: generator.next(-200...content.width + 200), y: generator.next(-200...content.height + 200),
        width: width, height: height)
      let expected = everything.filter { $0.frame.intersects(rect) }
      let actual = try elements(layout, in: rect)
      #expect(actual == expected, "rect \(rect)")
    }
  }

  @Test("item frames in a batch equal one call per item; bad ranges are refused whole")
  func itemFramesInBatches() throws {
    let layout = try Self.busyLayout(direction: .vertical, layoutDirection: .rightToLeft)
    for section in 0..<4 {
      let count = try layout.sectionInfo(section).itemCount
      for (first, n) in [(Int64(0), count), (count / 3, count / 2), (count, 0), (count - 1, 1)] {
        var frames: [Rect] = []
        try layout.itemFrames(section: section, first: first, count: n) { index, frame in
          #expect(index == Int64(frames.count))
          frames.append(frame)
        }
        let single = try (first..<first + n).map { try layout.itemFrame(section: section, item: $0) }
        #expect(frames == single, "section \(section), \(first) + \(n)")
      }
      for (first, n, path) in [
        (count - 1, Int64(2), "count"), (-1, 1, "first"), (count + 1, 0, "first"),
        (1, Int64.max, "count"),
      ] {
        var calls = 0
        expectLayoutError(.outOfRange, path: path, messageContains: "section \(section)") {
          try layout.itemFrames(section: section, first: first, count: n) { _, _ in calls += 1 }
        }
        #expect(calls == 0)
      }
      expectLayoutError(.invalidArgument, path: "count", messageContains: "negative") {
        try layout.itemFrames(section: section, first: 0, count: -1) { _, _ in }
      }
    }
  }

  @Test("every cell's element frame equals its item frame")
  func cellsMatchItemFrames() throws {
    let layout = try Self.busyLayout(direction: .vertical, layoutDirection: .leftToRight)
    for element in try allElements(layout) where element.category == .cell {
      #expect(
        try layout.itemFrame(section: Int(element.section), item: element.item) == element.frame)
    }
  }

  @Test("item frames and rect queries cost O(1) at 2^63 - 1 items")
  func hugeItemCounts() throws {
    let grid = hgroup(fw(1), abs_(100), .subitem(item(fw(1), fh(1)), count: 3))
    let layout = try solve([LayoutSection(group: grid, itemCount: Int64.max)], width: 390)
    let info = try layout.sectionInfo(0)
    #expect(info.groupCount == Int64.max / 3 + 1)
    let last = try layout.itemFrame(section: 0, item: Int64.max - 1)
    #expect(last.y.isFinite && last.y > 1e20)
    let deep = try elements(layout, in: Rect(x: 0, y: 1e15, width: 390, height: 844))
    #expect(deep.count == 3 * 9 || deep.count == 3 * 10)
    #expect(deep.allSatisfy { $0.frame.maxY > 1e15 && $0.frame.minY < 1e15 + 844 })
  }

  @Test("queries check their arguments")
  func argumentErrors() throws {
    let section = LayoutSection(
      group: hgroup(fw(1), abs_(100), .subitems([item(fw(1), fh(1))])), itemCount: 3)
    var layout = try Layout.solving(LayoutDescription(sections: [section]))
    expectLayoutError(.noContainer, path: "layout", messageContains: "no container size") {
      _ = try layout.itemFrame(section: 0, item: 0)
    }
    try layout.setContainerSize(Size(width: 400, height: 800))
    expectLayoutError(.outOfRange, path: "item", messageContains: "section 0 has 3 items") {
      _ = try layout.itemFrame(section: 0, item: 3)
    }
    expectLayoutError(.outOfRange, path: "item", messageContains: "does not exist") {
      _ = try layout.itemFrame(section: 0, item: -1)
    }
    expectLayoutError(.outOfRange, path: "section", messageContains: "has 1 sections") {
      _ = try layout.sectionInfo(1)
    }
    for rect in [
      Rect(x: .nan, y: 0, width: 1, height: 1), Rect(x: 0, y: 0, width: -1, height: 1),
      Rect(x: 0, y: 0, width: 1, height: .infinity),
    ] {
      expectLayoutError(.invalidArgument, path: "rect", messageContains: "finite") {
        _ = try elements(layout, in: rect)
      }
    }
    for (width, height, path) in [
      (0.0, 10.0, "width"), (10, -1, "height"), (.nan, 10, "width"), (10, .infinity, "height"),
    ] {
      expectLayoutError(.invalidArgument, path: path, messageContains: "greater than zero") {
        try layout.setContainerSize(Size(width: width, height: height))
      }
    }
  }

  @Test("a size the layout cannot be solved at leaves the previous solution in place")
  func failedResizeKeepsState() throws {
    let section = LayoutSection(
      group: hgroup(fw(1), abs_(100), .subitems([item(abs_(500), fh(1))])), itemCount: 2)
    var layout = try solve([section], width: 600)
    expectLayoutError(
      .invalidLayout, path: "/sections/0/group/subitems/0", messageContains: "cannot fit"
    ) {
      try layout.setContainerSize(Size(width: 400, height: 800))
    }
    #expect(layout.containerSize == Size(width: 600, height: 844))
    try expectItem(layout, 1, 0, 100, 500, 100)
  }

  @Test("the solved state does not grow with the item count")
  func periodicState() throws {
    let grid = hgroup(fw(1), abs_(100), .subitem(item(fw(1), fh(1)), count: 3))
    let small = try solve([LayoutSection(group: grid, itemCount: 10)])
    let large = try solve([LayoutSection(group: grid, itemCount: 10_000_000)])
    let smallInfo = try small.sectionInfo(0)
    let largeInfo = try large.sectionInfo(0)
    #expect(smallInfo.itemsPerGroup == largeInfo.itemsPerGroup)
    let smallFrame = try small.itemFrame(section: 0, item: 5)
    let largeFrame = try large.itemFrame(section: 0, item: 5)
    #expect(smallFrame == largeFrame)
    #expect(large.contentSize == Size(width: 390, height: 100 * 3_333_334))
  }
}
