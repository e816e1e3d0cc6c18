@testable import SnapLayoutCore
import Testing

/// The one-cell walk of measured sections (`MeasuredSizes.forEachSingleCell`: a rect query's
/// rows, a batch of frames) against the simple reference, a frame looked up item by item
/// (`itemFrame`, the shift of each repetition summed from the page tree): random estimates,
/// spacings and reports, dense and sparse, narrow and wide deltas, across many pages.
@Suite("Measured list walk")
struct MeasuredListWalkTests {
  /// Stops after `limit` elements.
  struct Limited: ElementVisitor {
    var limit: Int
    var elements: [LayoutElement] = []
    mutating func visit(_ element: LayoutElement) { elements.append(element) }
    var isFinished: Bool { elements.count >= limit }
  }

  /// A list (or an orthogonal carousel) of one self-sizing cell per repetition, reported at
  /// random: every row, one in ten, or runs with gaps.
  static func layout(seed: UInt64, horizontal: Bool) throws -> (Layout, Int64) {
    var random = Lcg(state: seed)
    let estimate = [44, 13.3, 100.7, 1][random.below(4)]
    let spacing = [0, 8, 0.1, 1.5][random.below(4)]
    let count = Int64(300 + random.below(1_700))
    let section =
      horizontal
      ? LayoutSection(
        group: hgroup(est(estimate), fh(1), .subitems([item(est(estimate), fh(1))])),
        itemCount: count, interGroupSpacing: spacing, orthogonalScrollingBehavior: .continuous)
      : selfSizingList(items: count, spacing: spacing, estimate: estimate)
    let layout = try solve([section], width: 390, height: 844)
    let density = random.below(3)
    for item in 0..<count {
      let measured: Bool
      switch density {
      case 0: measured = true
      case 1: measured = random.below(10) == 0
      default: measured = (item / 100) % 3 != 1 && random.below(3) != 0
      }
      guard measured else { continue }
      // Quarter points (deltas exact in single precision against most estimates) or tenths.
      let length =
        random.below(2) == 0
        ? Double(20 + random.below(720)) / 4 : Double(1 + random.below(2_000)) / 10
      let size = horizontal ? Size(width: length, height: 50) : Size(width: 300, height: length)
      _ = try layout.reportItemSize(size, section: 0, item: item)
    }
    if horizontal { try layout.setOrthogonalOffset(Double(random.below(3_000)), section: 0) }
    return (layout, count)
  }

  @Test(
    "rect queries and frame batches over a measured list give the frames looked up one by one",
    arguments: [(UInt64(1), false), (2, false), (3, false), (4, false), (5, true), (6, true)])
  func walkMatchesLookups(seed: UInt64, horizontal: Bool) throws {
    let (layout, count) = try Self.layout(seed: seed, horizontal: horizontal)
    let reference = try (0..<count).map { try layout.itemFrame(section: 0, item: $0) }
    // Frames in one call, in chunks, and in random ranges.
    var frames: [Rect] = []
    try layout.itemFrames(section: 0, first: 0, count: count) { _, frame in frames.append(frame) }
    #expect(frames == reference)
    var random = Lcg(state: seed &+ 100)
    for _ in 0..<40 {
      let first = Int64(random.below(Int(count)))
      let n = Int64(random.below(Int(count - first) + 1))
      var batch: [Rect] = []
      try layout.itemFrames(section: 0, first: first, count: n) { _, frame in batch.append(frame) }
      #expect(batch == Array(reference[Int(first)..<Int(first + n)]), "\(first) + \(n)")
    }
    // Rect queries: random windows, thin ones on the cells' edges, ones past the ends.
    let end = horizontal ? reference.map(\.maxX).max()! : reference.map(\.maxY).max()!
    let start = horizontal ? reference.map(\.minX).min()! : 0
    var windows: [Rect] = []
    for _ in 0..<60 {
      let at = start - 50 + (end - start + 100) * Double(random.below(10_000)) / 10_000
      let length = [844, 0, 0.25, 3_000][random.below(4)]
      windows.append(
        horizontal
          ? Rect(x: at, y: 0, width: length, height: 844) : Rect(x: 0, y: at, width: 390, height: length))
    }
    for _ in 0..<40 {
      let f = reference[random.below(Int(count))]
      windows.append(Rect(x: f.minX, y: f.maxY, width: f.width, height: 0))
      windows.append(Rect(x: f.maxX - 0.25, y: f.minY, width: 0.25, height: 0.25))
    }
    // Windows from every row's start near the pages' first rows (128 a page): the search's
    // walk to the first row hands the walk its shift from the row before, in the same block
    // of four or the block before (`CompactLengths.firstSpanSummed`), or none on a page's first.
    for page in 0..<Int(count / 128 + 1) {
      for local in [0, 1, 2, 3, 4, 5, 7, 8, 9, 64, 126, 127] where page * 128 + local < Int(count) {
        let f = reference[page * 128 + local]
        windows.append(
          horizontal
            ? Rect(x: f.minX, y: 0, width: 1, height: 844)
            : Rect(x: 0, y: f.minY, width: 390, height: 1))
      }
    }
    for window in windows {
      let expected = reference.indices.filter { reference[$0].intersects(window) }
      var collector = Collector()
      try layout.visitElements(in: window, &collector)
      let cells = collector.elements.filter { $0.category == .cell }
      #expect(cells.map(\.item) == expected.map { Int64($0) }, "\(window)")
      #expect(cells.map(\.frame) == expected.map { reference[$0] }, "\(window)")
      var inline = Collector()
      try layout.visitElementsInline(in: window, &inline)
      #expect(inline.elements.map(\.frame) == collector.elements.map(\.frame))
      // A visitor that is finished early gets the first elements.
      var limited = Limited(limit: 1 + random.below(5))
      try layout.visitElements(in: window, &limited)
      #expect(limited.elements.map(\.item) == Array(cells.prefix(limited.limit)).map(\.item))
    }
  }

  @Test("running sums of deltas below 2^-7 pt give the frames looked up one by one")
  func tinyDeltas() throws {
    // Rows measured a few units of single precision off their estimate: a page's running sum
    // of deltas is then below 2^-7 pt, where `ExactLength.convertsExactly` is false and the
    // walk's shift is the exact sum rounded once, out of line, instead of the double addition
    // (the same bits here, every term being whole units; the frames must be the lookups').
    for (estimate, unit) in [(44.0, 0x1p-18), (1.0, 0x1p-23), (300.0, 0x1p-15)] {
      let count: Int64 = 700
      let layout = try solve(
        [selfSizingList(items: count, spacing: 0.1, estimate: estimate)], width: 390, height: 844)
      var random = Lcg(state: UInt64(estimate))
      for item in 0..<count where random.below(4) != 0 {
        let height = estimate + Double(random.below(7) - 3) * unit
        _ = try layout.reportItemSize(Size(width: 300, height: height), section: 0, item: item)
      }
      let reference = try (0..<count).map { try layout.itemFrame(section: 0, item: $0) }
      var frames: [Rect] = []
      try layout.itemFrames(section: 0, first: 0, count: count) { _, frame in frames.append(frame) }
      #expect(frames == reference, "estimate \(estimate)")
      for first in [Int64(1), 127, 128, 129, 300] {
        var batch: [Rect] = []
        try layout.itemFrames(section: 0, first: first, count: count - first) { _, frame in
          batch.append(frame)
        }
        #expect(batch == Array(reference[Int(first)...]), "estimate \(estimate), from \(first)")
      }
    }
  }

  @Test("the count of lengths off the grid follows every change, narrow and wide")
  func offGridCount() {
    // The grid's edges: whole numbers of 2^-7 pt up to 2^38 pt.
    for (length, on) in [
      (0.0, true), (-0.0, true), (0x1p-7, true), (-0x1p-7, true), (0x1p-8, false),
      (0.25, true), (-12.75, true), (1.0 / 3, false), (0.1, false), (0x1p38, true),
      (-0x1p38, true), (0x1p38 + 1, false), (0x1p39, false), (.infinity, false),
      (-.infinity, false), (.nan, false), (0x1p-62, false), (3 + 0x1p-7, true),
    ] {
      #expect(CompactLengths.isOnGrid(length) == on, "\(length)")
    }
    // Random changes against a recount: on the grid, off it (thirds, tiny, huge, NaN), and
    // lengths not exact in single precision (the lengths then kept wide).
    var random = Lcg(state: 7)
    for round in 0..<20 {
      let count = 1 + random.below(128)
      var lengths = CompactLengths(repeating: round % 3 == 0 ? .nan : 0, count: count)
      for _ in 0..<400 {
        let candidates: [Double] = [
          Double(random.below(4_000)) / 4 - 500, 1.0 / 3, 0x1p-62, 0x1p40, .nan,
          Double(random.below(1_000)) / 128, 0.1 * Double(random.below(50)),
          round > 10 ? 1 + 0x1p-40 : 2,
        ]
        lengths[random.below(count)] = candidates[random.below(candidates.count)]
        let recount = (0..<count).filter { !CompactLengths.isOnGrid(lengths[$0]) }.count
        #expect(lengths.offGrid == recount)
      }
    }
  }

  @Test("pages with every delta on the grid, and pages off it, give the frames looked up")
  func griddedPages() throws {
    // A list at the origin (no insets: nothing rounds a shift's last bits away) estimated at
    // 2^-40 pt: a row measured 2^-63 pt longer (exact in single precision, as sizes are kept)
    // is off the grid and not a whole unit of ExactLength (2^-59 pt), so the exact shift after
    // it (0 units) and the double addition (2^-63) differ in the next frame's last bits; a page
    // taken for on the grid when it is not gives the wrong one.
    let estimate = 0x1p-40
    let count: Int64 = 600
    let section = LayoutSection(
      group: vgroup(fw(1), est(estimate), .subitems([item(fw(1), est(estimate))])),
      itemCount: count, interGroupSpacing: 0)
    let layout = try solve([section], width: 390, height: 844)
    func check(_ stage: String) throws {
      let reference = try (0..<count).map { try layout.itemFrame(section: 0, item: $0) }
      for first in [Int64(0), 1, 127, 128, 129, 256, 300] {
        var frames: [Rect] = []
        try layout.itemFrames(section: 0, first: first, count: count - first) { _, frame in
          frames.append(frame)
        }
        // The first frame that differs, if any (the arrays are long to print).
        let wrong = zip(frames, reference[Int(first)...]).enumerated().first { $0.element.0 != $0.element.1 }?.offset
        #expect(frames.count == count - first && wrong == nil, "\(stage), from \(first)")
      }
    }
    // Every row a whole number of quarter points: every page on the grid.
    for item in 0..<count {
      _ = try layout.reportItemSize(
        Size(width: 300, height: Double(1 + item % 7) / 4), section: 0, item: item)
    }
    try check("on the grid")
    // Each page's first rows and a row further on a tiny length off it.
    let tiny: [Int64] = [0, 1, 128, 129, 200, 256, 257, 450]
    for item in tiny {
      _ = try layout.reportItemSize(
        Size(width: 300, height: estimate + 0x1p-63), section: 0, item: item)
    }
    try check("off the grid")
    // Back on it: the counts fall to 0 again.
    for item in tiny {
      _ = try layout.reportItemSize(Size(width: 300, height: 0.5), section: 0, item: item)
    }
    try check("back on the grid")
  }
}
