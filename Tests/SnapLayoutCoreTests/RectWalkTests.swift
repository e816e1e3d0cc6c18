import SnapLayoutCore
import Testing

/// The work of a rect query is bounded by what it returns, not by the repetitions it passes:
/// cells beside the query, cells far from their own repetition and dense sections are found
/// without walking every repetition whose envelope reaches the query (the hostile corpus's
/// `rect-walk` and `rect-refusal-time` cases).
@Suite("Rect query walk")
struct RectWalkTests {
  /// Collects elements and refuses, like the C export, past `limit` elements or
  /// `examineLimit` examined cells; records what it was told.
  struct BoundedCollector: ElementVisitor {
    var limit = 1 << 26
    var examineLimit = QueryBounds.maxExamined
    var elements: [LayoutElement] = []
    var expected: Int64 = 0
    var examined: Int64 = 0
    var isRefused = false

    var isFinished: Bool {
      elements.count > limit || isRefused || examined > examineLimit
    }
    mutating func visit(_ element: LayoutElement) { elements.append(element) }
    mutating func expect(atLeast count: Int64) {
      expected += count
      if count > Int64(limit - elements.count) { isRefused = true }
    }
    mutating func examine(_ count: Int64) { examined += count }
  }

  func bounded(
    _ layout: Layout, in rect: Rect, limit: Int = 1 << 26,
    examineLimit: Int64 = QueryBounds.maxExamined
  ) throws -> BoundedCollector {
    var collector = BoundedCollector(limit: limit, examineLimit: examineLimit)
    try layout.visitElements(in: rect, &collector)
    return collector
  }

  /// Sections whose envelopes reach far past their cells: a grid with a column 600 pt beside
  /// the container and badges hanging above the cells, a pair of cells 5,000 pt apart in 2-pt
  /// groups, and an orthogonal strip of 0.5-pt groups whose cells hang below the row.
  static func farReachingLayout(offset: Double) throws -> Layout {
    let badge = SupplementaryItem(
      elementKind: "badge",
      layoutSize: LayoutSize(widthDimension: .absolute(8), heightDimension: .absolute(30)),
      containerAnchor: Anchor(edges: [.top, .trailing], offset: Point(x: 2, y: -25)))
    let grid = LayoutSection(
      group: hgroup(
        fw(1), abs_(4),
        .subitems([
          item(abs_(50), fh(1), badges: [badge]), item(abs_(60), fh(1)),
          item(abs_(40), fh(1), edges: EdgeSpacing(leading: .fixed(600))),
        ])),
      itemCount: 3_000, interGroupSpacing: 1)
    let pairs = LayoutSection(
      group: vgroup(
        fw(1), abs_(2), .subitem(item(fw(0.5), abs_(2)), count: 2), spacing: .fixed(5_000)),
      itemCount: 4_001)
    let strip = LayoutSection(
      group: hgroup(abs_(0.5), abs_(20), .subitems([item(abs_(0.5), abs_(45))])), itemCount: 6_000,
      orthogonalScrollingBehavior: .continuous)
    var layout = try Layout.solving(LayoutDescription(sections: [grid, pairs, strip]))
    try layout.setContainerSize(Size(width: 390, height: 844))
    try layout.setOrthogonalOffset(offset, section: 2)
    return layout
  }

  @Test("rects of thousands of repetitions return exactly what intersects, in order", arguments: [0.0, 4_321.5])
  func farReachingMatchesBruteForce(offset: Double) throws {
    let layout = try Self.farReachingLayout(offset: offset)
    // Every repetition of every section is walked for the whole plane: the brute force.
    let everything = try allElements(layout)
    let content = try #require(layout.contentSize)
    #expect(everything.count > 14_000)
    var generator = QueryTests.Generator(state: 7)
    for round in 0..<300 {
      let width = round % 11 == 0 ? 0 : generator.next(0...700)
      let height = round % 3 == 0 ? generator.next(0...900) : generator.next(2_000...40_000)
      // The far edge anywhere in the content, so runs end inside every section.
      let bottom = generator.next(-100...content.height + 100)
      let rect = Rect(
        x: generator.next(-300...1_000), y: bottom - height, width: width, height: height)
      let expected = everything.filter { $0.frame.intersects(rect) }
      let actual = try elements(layout, in: rect)
      if actual != expected {
        let index = Array(zip(actual, expected)).firstIndex { $0 != $1 } ?? Swift.min(actual.count, expected.count)
        Issue.record(
          "rect \(rect): \(actual.count) elements, expected \(expected.count); first difference at \(index)")
      }
    }
  }

  @Test("a dense column beside the screen costs nothing; a rect on it finds its cells")
  func denseCellsBesideTheScreen() throws {
    // 1e-9-pt groups of one cell at x = 1000 (the hostile extreme-dense-cells-beside-first-screen).
    let column = LayoutSection(
      group: vgroup(
        fw(1), abs_(1e-9),
        .subitem(item(abs_(10), fh(1), edges: EdgeSpacing(leading: .fixed(1_000))), count: 1)),
      itemCount: Int64.max)
    let layout = try solve([column])
    let screen = try bounded(layout, in: Rect(x: 0, y: 0, width: 390, height: 844))
    #expect(screen.elements.isEmpty && !screen.isRefused && screen.examined == 0)
    let deep = try bounded(layout, in: Rect(x: 0, y: 1e9, width: 390, height: 844))
    #expect(deep.elements.isEmpty && !deep.isRefused)
    // On the column, 1e-6 pt tall: about 1,000 cells, in item order, each intersecting.
    let rect = Rect(x: 1_000, y: 0.5, width: 5, height: 1e-6)
    let hits = try bounded(layout, in: rect).elements
    #expect((998...1_002).contains(hits.count), "\(hits.count) cells")
    #expect(hits.allSatisfy { $0.frame.intersects(rect) })
    #expect(zip(hits, hits.dropFirst()).allSatisfy { $0.item + 1 == $1.item })
    // A tall rect on it holds ~8e11 cells: refused before any is visited.
    let tall = try bounded(layout, in: Rect(x: 1_000, y: 0, width: 5, height: 844))
    #expect(tall.isRefused && tall.elements.isEmpty && tall.expected > 1 << 26)
  }

  @Test("cells 1e12 pt below their 1-pt groups: the last screen walks two short runs")
  func cellsFarFromTheirGroups() throws {
    // The hostile extreme-overflowing-count-group-last-screen, 2^63 - 1 items.
    let pairs = LayoutSection(
      group: vgroup(fw(1), abs_(1), .subitem(item(fw(1), fh(1)), count: 2), spacing: .fixed(1e12)),
      itemCount: Int64.max)
    let layout = try solve([pairs])
    let content = try #require(layout.contentSize)
    let top = content.height - 844
    let last = try bounded(layout, in: Rect(x: 0, y: top, width: 390, height: 844))
    #expect(!last.isRefused && last.examined == 0)
    // Rows are 1 pt apart but positions up there are multiples of 512 pt or more: compare with
    // the item frames rather than counting rows.
    #expect(!last.elements.isEmpty)
    for element in last.elements {
      #expect(try layout.itemFrame(section: 0, item: element.item) == element.frame)
    }
    let first = try bounded(layout, in: Rect(x: 0, y: 0, width: 390, height: 844))
    #expect(first.elements.count == 844 || first.elements.count == 845)
    #expect(first.elements.allSatisfy { $0.item % 2 == 0 })
  }

  @Test("a rect of more elements than the bound is refused at once, even with subnormal lengths")
  func refusalIsImmediate() throws {
    // The hostile extreme-dense-subnormal-first-screen: 100 cells per 5e-324-pt group.
    let dense = LayoutSection(
      group: vgroup(abs_(5e-324), fw(100), .repeatingSubitem(item(abs_(390), est(1e12)), count: 100)),
      itemCount: Int64.max, decorationItems: [DecorationItem(elementKind: "bg")])
    let layout = try solve(
      [dense], configuration: LayoutConfiguration(scrollDirection: .horizontal))
    let screen = try bounded(layout, in: Rect(x: 0, y: 0, width: 390, height: 844))
    #expect(screen.isRefused)
    #expect(screen.elements.count <= 1, "only the decoration before the cells")
    // A small bound refuses a rect of the busy grid that holds more than it.
    let grid = try Self.farReachingLayout(offset: 0)
    let whole = try bounded(grid, in: Rect(x: -100, y: 0, width: 1_000, height: 15_000), limit: 100)
    #expect(whole.isRefused && whole.elements.count <= 101)
  }

  @Test("offsets past 1e100 and containers past 1e12 are refused; distances saturate")
  func offsetAndContainerBounds() throws {
    let cards = LayoutSection(
      group: hgroup(abs_(0.001), abs_(100), .subitems([item(fw(1), fh(1))])), itemCount: 3,
      orthogonalScrollingBehavior: .continuous)
    var layout = try solve([cards])
    expectLayoutError(.invalidArgument, path: "offset", messageContains: "1e100") {
      try layout.setOrthogonalOffset(1e101, section: 0)
    }
    expectLayoutError(.invalidArgument, path: "width", messageContains: "1e12") {
      try layout.setContainerSize(Size(width: 2e12, height: 10))
    }
    try layout.setContainerSize(Size(width: 1e12, height: 1e12))
    for offset in [1e100, -1e100] {
      try layout.setOrthogonalOffset(offset, section: 0)
      #expect(try layout.itemDistance(section: 0, item: 0).isFinite)
      let frame = try layout.itemFrame(section: 0, item: 2)
      #expect(frame.x.isFinite && frame.width.isFinite)
    }
  }

  @Test("measured sections count the cells they examine, and stop past the bound")
  func measuredSectionsAreBounded() throws {
    // Estimated 1e-9-pt rows beside the screen, one of them measured.
    let column = LayoutSection(
      group: vgroup(
        fw(1), est(1e-9),
        .subitem(item(abs_(10), est(1e-9), edges: EdgeSpacing(leading: .fixed(1_000))), count: 1)),
      itemCount: Int64.max)
    let layout = try solve([column])
    _ = try layout.reportItemSize(Size(width: 10, height: 2e-9), section: 0, item: 5)
    // (A bound of 10^5 cells instead of the export's 2^25 keeps the test fast.)
    let screen = try bounded(
      layout, in: Rect(x: 0, y: 0, width: 390, height: 1e-3), examineLimit: 100_000)
    #expect(screen.elements.isEmpty)
    #expect(screen.examined > 100_000, "stopped after \(screen.examined) cells")
    #expect(screen.examined < 100_010)
    // A short rect is walked whole and answered.
    let short = try bounded(layout, in: Rect(x: 1_000, y: 0, width: 10, height: 20e-9))
    #expect(!short.isFinished && (17...21).contains(short.elements.count))
  }
}
