@testable import SnapLayoutCore
import Testing

/// Many measured sizes in one call (`Layout.reportItemSizes`, docs/SELF-SIZING.md, "Many sizes
/// at once") against the same sizes reported one at a time, the reference: cells that outgrow
/// their group (badges, pages kept summed again), grids, orthogonal strips, the section-wide
/// share of `uniformAcrossSiblings`, horizontal layouts.
@Suite("Batch reports")
struct BatchReportTests {
  /// Every item frame, every element of a few rects, the content size and the offsets of `a`
  /// and `b` are the same.
  static func expectSame(_ a: Layout, _ b: Layout, _ note: String) throws {
    for section in 0..<a.sectionCount {
      for item in 0..<(try a.itemCount(section: section)) {
        let fa = try a.itemFrame(section: section, item: item)
        let fb = try b.itemFrame(section: section, item: item)
        #expect(fa == fb, "\(note): item \(section)/\(item)")
        if fa != fb { return }
      }
      // Sections of their own scroll have an offset; the others refuse to give one.
      #expect(
        (try? a.scrollOffset(section)) == (try? b.scrollOffset(section)),
        "\(note): section \(section)")
    }
    #expect(a.contentSize == b.contentSize, "\(note): content size")
    #expect(try a.scrollOffset(mainScrollContainer) == b.scrollOffset(mainScrollContainer), "\(note)")
    let content = a.contentSize ?? .zero
    for fraction in [0.0, 0.3, 0.55, 0.9] {
      let rect = Rect(
        x: content.width * fraction, y: content.height * fraction, width: 700, height: 700)
      #expect(try elements(a, in: rect) == elements(b, in: rect), "\(note): rect \(fraction)")
    }
  }

  /// Random runs of sizes in each section: one call on `batch`, single reports on `single`.
  static func check(_ make: () throws -> Layout, seed: UInt64, rounds: Int, horizontal: Bool) throws {
    let single = try make()
    let batch = try make()
    var random = Lcg(state: seed)
    for round in 0..<rounds {
      let section = random.below(single.sectionCount)
      let items = Int(try single.itemCount(section: section))
      let first = random.below(items)
      let count = 1 + random.below(min(items - first, round % 3 == 0 ? 4 : 150))
      var sizes: [Size] = []
      for _ in 0..<count {
        // Lengths from 0 (a cell that collapses) to far past the groups (outgrowing cells),
        // in quarters: kept exactly.
        let along = Double(random.below(2400)) / 4
        let across = Double(1 + random.below(1600)) / 4
        let size = Size(width: across, height: along)
        sizes.append(horizontal ? size.transposed : size)
      }
      var moved = 0.0
      for (index, size) in sizes.enumerated() {
        moved += try single.reportItemSize(size, section: section, item: Int64(first + index))
          .mainOffsetAdjustment
      }
      let report = try batch.reportItemSizes(count: count, section: section, from: Int64(first)) {
        sizes[$0]
      }
      #expect(abs(report.mainOffsetAdjustment - moved) < 1e-6, "round \(round)")
      #expect(report.contentSize == batch.contentSize)
      try expectSame(single, batch, "seed \(seed), round \(round): \(section)/\(first)+\(count)")
      // Some cells forgotten again on both: the next batch meets pages partly measured.
      if round % 4 == 3 {
        for item in stride(from: first, to: first + count, by: 3) {
          _ = try single.reportItemSize(nil, section: section, item: Int64(item))
          _ = try batch.reportItemSize(nil, section: section, item: Int64(item))
        }
      }
    }
  }

  @Test("a batch leaves what single reports leave: outgrowing cells, badges, orthogonal strips")
  func outgrowingCells() throws {
    for seed: UInt64 in [1, 2, 3] {
      try Self.check(
        {
          let layout = try MeasuredCellsTests.layout()
          try layout.setScrollOffset(2000, container: mainScrollContainer)
          return layout
        }, seed: seed, rounds: 24, horizontal: false)
    }
  }

  @Test("a batch leaves what single reports leave in a horizontal layout, right to left")
  func horizontalRightToLeft() throws {
    try Self.check(
      {
        let layout = try MeasuredCellsTests.layout(direction: .rightToLeft, horizontal: true)
        try layout.setScrollOffset(1500, container: mainScrollContainer)
        return layout
      }, seed: 9, rounds: 24, horizontal: true)
  }

  @Test("a batch that changes the section's shared length solves every repetition again")
  func sectionWideShare() throws {
    let uniformItem = Subitem.item(
      LayoutItem(layoutSize: size(fw(1), .uniformAcrossSiblings(40))))
    let root = vgroup(fw(1), est(40), .subitems([uniformItem]))
    try Self.check(
      {
        let layout = try solve([
          LayoutSection(group: root, itemCount: 400),
          selfSizingList(items: 300),
        ], width: 390)
        try layout.setScrollOffset(900, container: mainScrollContainer)
        return layout
      }, seed: 4, rounds: 20, horizontal: false)
  }

  @Test("a refused batch changes nothing, and names the size at fault")
  func refusedBatch() throws {
    let layout = try MeasuredCellsTests.layout()
    _ = try layout.reportItemSize(Size(width: 390, height: 90), section: 0, item: 5)
    let before = try allElements(layout)
    let sizes = [Size(width: 390, height: 60), Size(width: 390, height: .nan)]
    #expect(throws: LayoutError.self) {
      try layout.reportItemSizes(count: 2, section: 0, from: 4) { sizes[$0] }
    }
    do {
      _ = try layout.reportItemSizes(count: 2, section: 0, from: 4) { sizes[$0] }
    } catch {
      #expect(error.path == "sizes/1/height")
    }
    #expect(throws: LayoutError.self) {
      try layout.reportItemSizes(count: 2, section: 0, from: 299) { _ in Size(width: 1, height: 1) }
    }
    #expect(try allElements(layout) == before)
    #expect(try layout.measuredSize(section: 0, item: 4) == nil)
    #expect(try layout.measuredSize(section: 0, item: 5) == Size(width: 390, height: 90))
  }
}
