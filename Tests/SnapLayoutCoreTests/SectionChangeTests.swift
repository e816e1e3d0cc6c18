import SnapLayoutCore
import Testing

/// Self-sizing list sections against a plain model: per section, its rows' heights (nil:
/// the 44-pt estimate).
@Suite("Live data changes: sections and moves")
struct SectionChangeTests {
  func expectModel(
    _ layout: Layout, _ model: [[Double?]], sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    #expect(layout.sectionCount == model.count, sourceLocation: sourceLocation)
    var y = 0.0
    for (section, rows) in model.enumerated() {
      y += 10
      for (item, height) in rows.enumerated() {
        let expected = Rect(x: 10, y: y, width: 370, height: height ?? 44)
        let frame = try layout.itemFrame(section: section, item: Int64(item))
        #expect(frame == expected, "section \(section) item \(item)", sourceLocation: sourceLocation)
        if frame != expected { return }
        #expect(
          try layout.measuredSize(section: section, item: Int64(item))?.height == height,
          sourceLocation: sourceLocation)
        y += (height ?? 44) + 8
      }
      if !rows.isEmpty { y -= 8 }
      y += 10
    }
    #expect(layout.contentSize?.height == y, sourceLocation: sourceLocation)
  }

  @Test("random section and item changes match a plain model of sections and rows")
  func randomChangesMatchModel() throws {
    var model: [[Double?]] = [Array(repeating: nil, count: 5), Array(repeating: nil, count: 3)]
    let layout = try solve(model.map { selfSizingList(items: Int64($0.count)) })
    var random = Lcg(state: 31)
    for step in 0..<300 {
      switch random.below(7) {
      case 0, 1:
        guard let section = model.indices.randomElement(using: &random), !model[section].isEmpty
        else { continue }
        let item = random.below(model[section].count)
        let height = Double(random.below(300)) / 2
        _ = try layout.reportItemSize(Size(width: 1, height: height), section: section, item: Int64(item))
        model[section][item] = height
      case 2:
        let at = random.below(model.count + 1)
        let counts = (0..<random.below(3)).map { _ in random.below(6) }
        _ = try layout.changeSections(.insert(counts.map { selfSizingList(items: Int64($0)) }, at: at))
        model.insert(contentsOf: counts.map { Array(repeating: nil, count: $0) }, at: at)
      case 3:
        guard !model.isEmpty else { continue }
        let at = random.below(model.count)
        let count = random.below(min(2, model.count - at) + 1)
        _ = try layout.changeSections(.delete(at: at, count: count))
        model.removeSubrange(at..<at + count)
      case 4:
        guard !model.isEmpty else { continue }
        let from = random.below(model.count)
        let to = random.below(model.count)
        _ = try layout.changeSections(.move(from: from, to: to))
        model.insert(model.remove(at: from), at: to)
      case 5:
        guard !model.isEmpty else { continue }
        let at = random.below(model.count)
        let count = random.below(8)
        _ = try layout.changeSections(.replace(selfSizingList(items: Int64(count)), at: at))
        // Measured sizes of the items that remain stay.
        model[at] = (0..<count).map { $0 < model[at].count ? model[at][$0] : nil }
      default:
        let sources = model.indices.filter { !model[$0].isEmpty }
        guard let fromSection = sources.randomElement(using: &random) else { continue }
        let fromItem = random.below(model[fromSection].count)
        let toSection = random.below(model.count)
        let row = model[fromSection].remove(at: fromItem)
        let toItem = random.below(model[toSection].count + 1)
        model[toSection].insert(row, at: toItem)
        _ = try layout.moveItem(
          from: (fromSection, Int64(fromItem)), to: (toSection, Int64(toItem)))
      }
      if step % 5 == 0 { try expectModel(layout, model) }
    }
    try expectModel(layout, model)
  }

  @Test("the content on top of the viewport stays there when sections change around it")
  func anchoring() throws {
    let layout = try solve((0..<4).map { _ in selfSizingList(items: 20) })
    // Each section: 10 + 20 × 44 + 19 × 8 + 10 = 1,052 pt.
    try layout.setScrollOffset(2 * 1052 + 100, container: mainScrollContainer)
    let deleted = try layout.changeSections(.delete(at: 0, count: 1))
    #expect(deleted.mainOffsetAdjustment == -1052)
    let inserted = try layout.changeSections(.insert([selfSizingList(items: 1)], at: 0))
    #expect(inserted.mainOffsetAdjustment == 64)
    // The section on top (now 2) moves to the end: the viewport follows it.
    let moved = try layout.changeSections(.move(from: 2, to: 3))
    #expect(moved.mainOffsetAdjustment == 1052)
    // Deleting the last section while it is on top: no section follows, so the offset stays,
    // clamped to the shorter content.
    let offset = try layout.scrollOffset(mainScrollContainer)
    _ = try layout.changeSections(.delete(at: 3, count: 1))
    let info = try layout.scrollInfo(mainScrollContainer)
    #expect(info.offset == min(offset, info.maximumOffset))
    // Deleting the section on top hands over to the start of the next, which stays.
    // Sections now: 64, 1,052, 1,052 pt.
    try layout.setScrollOffset(64 + 1000, container: mainScrollContainer)
    let next = try layout.sectionInfo(2).frame.y
    let handedOver = try layout.changeSections(.delete(at: 1, count: 1))
    #expect(handedOver.mainOffsetAdjustment == (try layout.sectionInfo(1).frame.y) - next)
    #expect(try layout.scrollOffset(mainScrollContainer) == 12)
    // Replacing the section on top keeps its start where it was on screen.
    try layout.setScrollOffset(64 + 500, container: mainScrollContainer)
    let replaced = try layout.changeSections(.replace(selfSizingList(items: 30), at: 1))
    #expect(replaced.mainOffsetAdjustment == 0)
    #expect(try layout.sectionInfo(1).frame.y == 64)
  }

  @Test("item moves and section changes check their indices and change nothing on failure")
  func badInput() throws {
    let layout = try solve([selfSizingList(items: 3), selfSizingList(items: 2)])
    _ = try layout.reportItemSize(Size(width: 1, height: 70), section: 0, item: 1)
    let before = try allElements(layout)
    expectLayoutError(.outOfRange, path: "at", messageContains: "0 ... 2") {
      _ = try layout.changeSections(.insert([], at: 3))
    }
    expectLayoutError(.outOfRange, path: "count", messageContains: "run past") {
      _ = try layout.changeSections(.delete(at: 1, count: 2))
    }
    expectLayoutError(.outOfRange, path: "to", messageContains: "does not exist") {
      _ = try layout.changeSections(.move(from: 0, to: 2))
    }
    expectLayoutError(.outOfRange, path: "section", messageContains: "does not exist") {
      _ = try layout.changeSections(.replace(selfSizingList(items: 1), at: -1))
    }
    expectLayoutError(.invalidArgument, path: "count", messageContains: "limit") {
      _ = try layout.changeSections(
        .insert(Array(repeating: selfSizingList(items: 0), count: Layout.maxSections), at: 0))
    }
    expectLayoutError(.outOfRange, path: "to", messageContains: "0 ... 2") {
      _ = try layout.moveItem(from: (0, 1), to: (1, 3))
    }
    expectLayoutError(.outOfRange, path: "to", messageContains: "does not exist") {
      _ = try layout.moveItem(from: (0, 1), to: (0, 3))
    }
    expectLayoutError(.outOfRange, path: "item", messageContains: "does not exist") {
      _ = try layout.moveItem(from: (0, 3), to: (1, 0))
    }
    expectLayoutError(.outOfRange, path: "from", messageContains: "item -1 does not exist") {
      _ = try layout.changeItems(.move(from: -1, to: 0), section: 0)
    }
    // A section that cannot be solved leaves the layout as it was.
    let impossible = LayoutSection(
      group: hgroup(abs_(500), abs_(50), .subitems([item(abs_(500), abs_(50))])), itemCount: 1,
      contentInsets: DirectionalEdgeInsets(top: 0, leading: 200, bottom: 0, trailing: 200))
    #expect(throws: LayoutError.self) { _ = try layout.changeSections(.insert([impossible], at: 0)) }
    #expect(try allElements(layout) == before)
    #expect(layout.sectionCount == 2)
  }

  @Test("item counts stay bounded: a full section takes no more, sized flow sections hold 2^26")
  func capacities() throws {
    var configuration = LayoutConfiguration()
    configuration.scrolling.snapUnit = .item
    let layout = try solve(
      [selfSizingList(items: 2), selfSizingList(items: .max)], configuration: configuration)
    expectLayoutError(.invalidArgument, path: "to", messageContains: "one more item") {
      _ = try layout.moveItem(from: (0, 0), to: (1, 0))
    }
    // 2 + 2^63 − 1 rest positions cannot all be numbered (only the first Int64.max are), and
    // solving them used to trap.
    let count = try layout.snapCount(mainScrollContainer)
    #expect(count > 2)
    let far = try layout.snapOffset(forSection: 1, item: .max - 1, container: mainScrollContainer)
    #expect(far.offset.isFinite && far.index == count - 1)
    #expect(try layout.snapPosition(at: 1e300, container: mainScrollContainer).index == count - 1)
    let flow = try solve([flowSection(items: 4, selfSizing: true)])
    _ = try flow.setItemSizes([Size(width: 70, height: 20)], section: 0, from: 1)
    expectLayoutError(.invalidArgument, path: "count", messageContains: "at most 67108864") {
      _ = try flow.changeItems(.setCount(FlowItems.maxItemsWithSizes + 1), section: 0)
    }
    #expect(try flow.sectionInfo(0).itemCount == 4)
    #expect(try flow.itemFrame(section: 0, item: 1).width == 70)
  }

  @Test("deleting nearly every item of a huge section is immediate")
  func hugeDeleteHandsOver() throws {
    let layout = try solve([selfSizingList(items: .max)])
    try layout.setScrollOffset(1_000_000, container: mainScrollContainer)
    let report = try layout.changeItems(.delete(at: 0, count: .max - 1), section: 0)
    #expect(report.contentSize.height == 64)
  }

  @Test("flow sizes follow batch updates")
  func flowSizesFollow() throws {
    let uniform = Size(width: 100, height: 40)
    let layout = try solve([flowSection(items: 6, itemSize: uniform, selfSizing: true)])
    var sizes = Array(repeating: uniform, count: 6)
    _ = try layout.reportItemSize(Size(width: 200, height: 90), section: 0, item: 2)
    sizes[2] = Size(width: 200, height: 90)
    _ = try layout.changeItems(.insert(at: 1, count: 2), section: 0)
    sizes.insert(contentsOf: [uniform, uniform], at: 1)
    _ = try layout.changeItems(.move(from: 4, to: 0), section: 0)
    sizes.insert(sizes.remove(at: 4), at: 0)
    _ = try layout.changeItems(.delete(at: 5, count: 2), section: 0)
    sizes.removeSubrange(5..<7)
    let reference = referenceFlow(
      sizes, uniform: uniform, length: 390, interitem: 10, lineSpacing: 10, origin: Point(x: 0, y: 0))
    for (item, expected) in reference.frames.enumerated() {
      let frame = try layout.itemFrame(section: 0, item: Int64(item))
      expectFrame(frame, expected.x, expected.y, expected.width, expected.height, tolerance: 1e-9)
    }
    #expect(try layout.measuredSize(section: 0, item: 0) == Size(width: 200, height: 90))
  }
}

extension Array {
  func randomElement(using random: inout Lcg) -> Element? {
    isEmpty ? nil : self[random.below(count)]
  }
}
extension Range where Bound == Int {
  func randomElement(using random: inout Lcg) -> Int? {
    isEmpty ? nil : lowerBound + random.below(count)
  }
}
