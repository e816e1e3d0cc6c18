@testable import SnapLayoutCore
import Testing

/// Measured cells in the states real apps reach (issue 16): cells measured longer than their
/// absolute group and the rest positions with them (docs/SNAPPING.md, "Rest positions").
@Suite("Measured cells")
struct MeasuredCellsTests {
  static let badge = SupplementaryItem(
    elementKind: "badge",
    layoutSize: LayoutSize(widthDimension: .absolute(10), heightDimension: .absolute(10)),
    containerAnchor: Anchor(edges: [.bottom, .trailing], offset: Point(x: 3, y: 4)))

  /// A list of 50-pt absolute rows, a grid of two-cell absolute rows with badges, and an
  /// orthogonal strip of absolute groups: estimated cells in all three.
  static func layout(
    direction: LayoutDirection = .leftToRight, horizontal: Bool = false,
    more: [LayoutSection] = [], alignment: Double = 1
  ) throws -> Layout {
    let list = LayoutSection(
      group: vgroup(fw(1), abs_(50), .subitems([item(fw(1), est(50))])), itemCount: 300,
      interGroupSpacing: 2)
    let grid = LayoutSection(
      group: hgroup(fw(1), abs_(80), .subitems([item(fw(0.5), est(80), badges: [badge])])),
      itemCount: 200)
    var strip = LayoutSection(
      group: hgroup(abs_(120), abs_(90), .subitems([item(est(120), est(90), badges: [badge])])),
      itemCount: 100, interGroupSpacing: 6, orthogonalScrollingBehavior: .continuous)
    var scrolling = ScrollingProperties()
    scrolling.snapUnit = .item
    scrolling.alignment = alignment
    var stripScrolling = ScrollingProperties()
    stripScrolling.snapUnit = .item
    stripScrolling.alignment = alignment
    strip.orthogonalScrollingProperties = stripScrolling
    let description = LayoutDescription(
      configuration: LayoutConfiguration(
        scrollDirection: horizontal ? .horizontal : .vertical, scrolling: scrolling),
      environment: LayoutEnvironment(layoutDirection: direction),
      sections: ([list, grid, strip] + more).map { horizontal ? $0.transposed : $0 })
    let layout = try Layout.solving(description)
    try layout.setContainerSize(
      horizontal ? Size(width: 700, height: 390) : Size(width: 390, height: 700))
    return layout
  }

  static func measure(_ layout: Layout, horizontal: Bool = false) throws {
    // (section, item, length along the main axis, across it); canonical lengths, turned for
    // horizontal layouts.
    let reports: [(Int, Int64, Double, Double)] = [
      (0, 0, 130, 390), (0, 7, 20, 390), (0, 120, 900, 390), (0, 299, 75.5, 390),
      (1, 5, 260.25, 100), (1, 6, 10, 100), (1, 150, 400, 100),
      (2, 3, 310, 200), (2, 4, 40, 20), (2, 99, 125, 95),
    ]
    for (section, item, along, across) in reports {
      let size = Size(width: across, height: along)
      _ = try layout.reportItemSize(
        horizontal ? size.transposed : size, section: section, item: item)
    }
  }

  static func overlaps(_ a: Rect, _ b: Rect, margin: Double) -> Bool {
    a.maxX - b.minX > margin && b.maxX - a.minX > margin && a.maxY - b.minY > margin
      && b.maxY - a.minY > margin
  }

  @Test("rest offsets stay sorted and within bounds; each rests its own item")
  func restOffsetsSorted() throws {
    for alignment in [0.0, 0.5, 1.0] {
      let layout = try Self.layout(alignment: alignment)
      try Self.measure(layout)
      for container in [mainScrollContainer, 2] {
        let info = try layout.scrollInfo(container)
        var previous = -Double.infinity
        for index in 0..<info.snapCount {
          let offset = try layout.snapOffset(index, container: container)
          #expect(offset >= previous, "container \(container), rest \(index)")
          #expect(offset >= info.minimumOffset && offset <= info.maximumOffset)
          previous = offset
          let position = try layout.snapPosition(at: offset, container: container)
          #expect(try layout.snapOffset(position.index, container: container) == offset)
        }
      }
    }
  }

  @Test("cells that trade places in a measured repetition rest in the order of their positions")
  func measuredRepetitionInOrder() throws {
    // Two columns of two cells, 40 and 50 pt estimated: the template's cells start at 0, 40
    // and 50. Measuring the left column's first cell 100 pt tall moves its second cell to 100,
    // below the right column's second cell at 50.
    let left = Subitem.group(vgroup(fw(0.5), fh(1), .subitems([item(fw(1), est(40))])))
    let right = Subitem.group(vgroup(fw(0.5), fh(1), .subitems([item(fw(1), est(50))])))
    var scrolling = ScrollingProperties()
    scrolling.snapUnit = .item
    scrolling.alignment = 0
    let layout = try solve(
      [LayoutSection(
        group: hgroup(fw(1), est(100), .subitems([left, right])), itemCount: 400,
        interGroupSpacing: 10)],
      configuration: LayoutConfiguration(scrolling: scrolling))
    #expect(try layout.sectionInfo(0).itemsPerGroup == 4)
    _ = try layout.reportItemSize(Size(width: 10, height: 100), section: 0, item: 80)
    _ = try layout.reportItemSize(Size(width: 10, height: 30), section: 0, item: 120)
    let info = try layout.scrollInfo(mainScrollContainer)
    var previous = -Double.infinity
    for index in 0..<info.snapCount {
      let offset = try layout.snapOffset(index, container: mainScrollContainer)
      #expect(offset >= previous)
      previous = offset
      // The item resting there starts there (start alignment, no padding).
      let position = try layout.snapPosition(at: offset, container: mainScrollContainer)
      if offset > info.minimumOffset && offset < info.maximumOffset {
        let frame = try layout.itemFrame(section: 0, item: position.item)
        #expect(frame.minY == offset, "rest \(index) holds item \(position.item)")
        let rest = try layout.snapOffset(forSection: 0, item: position.item, container: -1)
        #expect(rest.offset == offset)
      }
    }
  }
}
