import SnapLayoutCore
import Testing

@Suite("Live data changes")
struct DataChangeTests {
  /// The frames a list of measured (or estimated: nil) rows must have: the reference model.
  func expectFrames(_ layout: Layout, _ heights: [Double?], sourceLocation: SourceLocation = #_sourceLocation) throws {
    var y = 10.0
    for (item, height) in heights.enumerated() {
      let expected = Rect(x: 10, y: y, width: 370, height: height ?? 44)
      let frame = try layout.itemFrame(section: 0, item: Int64(item))
      #expect(frame == expected, "item \(item)", sourceLocation: sourceLocation)
      if frame != expected { return }
      y += (height ?? 44) + 8
    }
    let end = heights.isEmpty ? 20 : y - 8 + 10
    #expect(layout.contentSize?.height == max(end, 0), sourceLocation: sourceLocation)
  }

  @Test("random batch updates and reports match a plain array of heights")
  func batchUpdatesMatchReferenceModel() throws {
    let layout = try solve([selfSizingList(items: 50)])
    var heights: [Double?] = Array(repeating: nil, count: 50)
    var random = Lcg(state: 2024)
    for step in 0..<400 {
      switch random.below(5) {
      case 0, 1:
        guard !heights.isEmpty else { continue }
        let item = random.below(heights.count)
        let height = Double(random.below(400)) / 4
        _ = try layout.reportItemSize(Size(width: 1, height: height), section: 0, item: Int64(item))
        heights[item] = height
      case 2:
        let at = random.below(heights.count + 1)
        let count = random.below(4)
        _ = try layout.changeItems(.insert(at: Int64(at), count: Int64(count)), section: 0)
        heights.insert(contentsOf: Array(repeating: nil, count: count), at: at)
      case 3:
        guard !heights.isEmpty else { continue }
        let at = random.below(heights.count)
        let count = random.below(min(5, heights.count - at) + 1)
        _ = try layout.changeItems(.delete(at: Int64(at), count: Int64(count)), section: 0)
        heights.removeSubrange(at..<at + count)
      default:
        let count = random.below(80)
        _ = try layout.changeItems(.setCount(Int64(count)), section: 0)
        if count < heights.count {
          heights.removeSubrange(count...)
        } else {
          heights += Array(repeating: nil, count: count - heights.count)
        }
      }
      if step % 10 == 0 { try expectFrames(layout, heights) }
    }
    try expectFrames(layout, heights)
    for (item, height) in heights.enumerated() {
      #expect(
        try layout.measuredSize(section: 0, item: Int64(item))?.height == height)
    }
  }

  @Test("the item on top of the viewport stays there through inserts and deletes above it")
  func anchoredToTheTopItem() throws {
    let layout = try solve([selfSizingList(items: 1000)])
    try layout.setScrollOffset(10 + 52 * 100 + 20, container: mainScrollContainer)
    let inserted = try layout.changeItems(.insert(at: 3, count: 5), section: 0)
    #expect(inserted.mainOffsetAdjustment == 5 * 52)
    #expect(try layout.itemFrame(section: 0, item: 105).y + 20 == layout.scrollOffset(mainScrollContainer))
    let deleted = try layout.changeItems(.delete(at: 0, count: 2), section: 0)
    #expect(deleted.mainOffsetAdjustment == -2 * 52)
    // Deleting the top item hands over to the next one, which takes its place.
    let top = try layout.changeItems(.delete(at: 103, count: 1), section: 0)
    #expect(top.mainOffsetAdjustment == 0)
    // Below the viewport: nothing moves.
    let below = try layout.changeItems(.insert(at: 500, count: 10), section: 0)
    #expect(below.mainOffsetAdjustment == 0)
    // Shrinking under the offset clamps it to the new end.
    let shrunk = try layout.changeItems(.setCount(20), section: 0)
    let info = try layout.scrollInfo(mainScrollContainer)
    #expect(info.offset == info.maximumOffset)
    #expect(shrunk.contentSize == layout.contentSize)
  }

  @Test("the item on top of the viewport, moved within its section, hands over to the next one and takes it back when moved back")
  func movedTopItemHandsOver() throws {
    let layout = try solve([selfSizingList(items: 1000)])
    let top = 10 + 52 * 100 + 20.0
    try layout.setScrollOffset(top, container: mainScrollContainer)
    // Moved to the end: the next item takes its place and the offset stays (following the
    // moved item carried the offset to the end of the list).
    let away = try layout.moveItem(from: (0, 100), to: (0, 999))
    #expect(away.mainOffsetAdjustment == 0)
    #expect(try layout.scrollOffset(mainScrollContainer) == top)
    let back = try layout.moveItem(from: (0, 999), to: (0, 100))
    #expect(back.mainOffsetAdjustment == 0)
    #expect(try layout.scrollOffset(mainScrollContainer) == top)
    // An item moved from above the viewport to below it moves the content up by its row.
    let above = try layout.moveItem(from: (0, 10), to: (0, 999))
    #expect(above.mainOffsetAdjustment == -52)

    // A tall row at the edge moved down by one: the short row after it takes its place, so
    // the tall row moved by the short one's length is at the edge now; moved back to the
    // place of the row the run follows, it takes the run again and the offset comes back
    // bit for bit (the state soak's seed 72898).
    let tall = try solve([selfSizingList(items: 40)])
    _ = try tall.reportItemSize(Size(width: 370, height: 600.3), section: 0, item: 16)
    let inside = try tall.itemFrame(section: 0, item: 16).y + 517.7
    try tall.setScrollOffset(inside, container: mainScrollContainer)
    let down = try tall.moveItem(from: (0, 16), to: (0, 17))
    #expect(down.mainOffsetAdjustment == 0)
    let up = try tall.moveItem(from: (0, 17), to: (0, 16))
    #expect(up.mainOffsetAdjustment == 0)
    #expect(try tall.scrollOffset(mainScrollContainer) == inside)

    // The last row at the edge (a viewport 30 pt tall, so that it is within bounds) hands over
    // to the row before it, which takes its place; moved to the front and back after that row,
    // it takes the run again (the state soak's seed 98356).
    let end = try solve([selfSizingList(items: 30)], height: 30)
    let last = try end.itemFrame(section: 0, item: 29).y + 20
    try end.setScrollOffset(last, container: mainScrollContainer)
    let front = try end.moveItem(from: (0, 29), to: (0, 0))
    #expect(front.mainOffsetAdjustment == 0)
    _ = try end.moveItem(from: (0, 0), to: (0, 29))
    #expect(try end.scrollOffset(mainScrollContainer) == last)
  }

  @Test("the first card in view of a carousel, moved to its end, leaves the carousel's offset where it is")
  func movedCardHandsOver() throws {
    let carousel = LayoutSection(
      group: hgroup(abs_(150), abs_(100), .subitems([item(fw(1), fh(1))])), itemCount: 100,
      orthogonalScrollingBehavior: .continuous)
    let layout = try solve([carousel])
    try layout.setScrollOffset(50 * 150 + 40, container: 0)
    let away = try layout.moveItem(from: (0, 50), to: (0, 99))
    #expect(away.sectionOffsetAdjustment == 0)
    #expect(try layout.scrollOffset(0) == 50 * 150 + 40)
    _ = try layout.moveItem(from: (0, 99), to: (0, 50))
    #expect(try layout.scrollOffset(0) == 50 * 150 + 40)
    // A card before the edge moved past it: the cards in view move back by one.
    let before = try layout.moveItem(from: (0, 10), to: (0, 99))
    #expect(before.sectionOffsetAdjustment == -150)
  }

  @Test("measured sizes follow their items; sections after move; counts are checked")
  func measuredSizesFollowAndErrors() throws {
    let layout = try solve([selfSizingList(items: 10), selfSizingList(items: 3)])
    _ = try layout.reportItemSize(Size(width: 1, height: 100), section: 0, item: 4)
    _ = try layout.changeItems(.insert(at: 0, count: 2), section: 0)
    #expect(try layout.measuredSize(section: 0, item: 6)?.height == 100)
    #expect(try layout.measuredSize(section: 0, item: 4) == nil)
    let sectionStart = try layout.sectionInfo(1).frame.y
    let expectedStart: Double = 10 + 12 * 52 - 8 + 56 + 10
    #expect(sectionStart == expectedStart)
    let before = try allElements(layout)
    expectLayoutError(.outOfRange, path: "at", messageContains: "0 ... 12") {
      _ = try layout.changeItems(.insert(at: 13, count: 1), section: 0)
    }
    expectLayoutError(.invalidArgument, path: "count", messageContains: "overflow") {
      _ = try layout.changeItems(.insert(at: 0, count: .max), section: 0)
    }
    expectLayoutError(.outOfRange, path: "count", messageContains: "run past") {
      _ = try layout.changeItems(.delete(at: 10, count: 3), section: 0)
    }
    expectLayoutError(.outOfRange, path: "at", messageContains: "does not exist") {
      _ = try layout.changeItems(.delete(at: -1, count: 1), section: 0)
    }
    expectLayoutError(.invalidArgument, path: "count", messageContains: "at least 0") {
      _ = try layout.changeItems(.setCount(-1), section: 0)
    }
    expectLayoutError(.outOfRange, path: "section", messageContains: "does not exist") {
      _ = try layout.changeItems(.setCount(1), section: 2)
    }
    #expect(try allElements(layout) == before)
  }

  @Test("a grid keeps its rows: inserting one cell moves every later cell by one slot")
  func gridInsert() throws {
    let row = hgroup(fw(1), abs_(50), .subitems([item(fw(0.5), fh(1))]))
    let layout = try solve([LayoutSection(group: row, itemCount: 5)], width: 200)
    _ = try layout.changeItems(.insert(at: 1, count: 1), section: 0)
    #expect(try layout.sectionInfo(0).itemCount == 6)
    #expect(try layout.itemFrame(section: 0, item: 5) == Rect(x: 100, y: 100, width: 100, height: 50))
    _ = try layout.changeItems(.setCount(0), section: 0)
    #expect(try allElements(layout).isEmpty)
  }
}
