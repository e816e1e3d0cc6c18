@testable import SnapLayoutCore
import Testing

/// Layouts of many sections (docs/ARCHITECTURE.md, "Many sections"): what sections described
/// alike share, and what each keeps of its own.
@Suite("Many sections")
struct ManySectionsTests {
  static let row = hgroup(fw(1), abs_(44), .subitem(item(fw(1), fh(1)), count: 3))
  static let card = hgroup(fw(0.5), abs_(120), .subitems([item(fw(1), fh(1))]))

  static func plain(_ items: Int64) -> LayoutSection {
    LayoutSection(group: row, itemCount: items)
  }

  static func carousel(_ items: Int64) -> LayoutSection {
    LayoutSection(
      group: card, itemCount: items, interGroupSpacing: 8, orthogonalScrollingBehavior: .paging)
  }

  @Test("sections described alike share one shape and one template, whatever their item counts")
  func shapesAndTemplatesAreShared() throws {
    var sections: [LayoutSection] = []
    for index in 0..<1000 {
      let isCarousel = index % 10 == 9
      sections.append(isCarousel ? Self.carousel(Int64(index % 7)) : Self.plain(Int64(index % 13)))
    }
    let layout = try solve(sections)
    let plain = layout.entries[0].shape
    let carousel = layout.entries[9].shape
    #expect(plain !== carousel)
    for index in sections.indices {
      let expected = index % 10 == 9 ? carousel : plain
      #expect(layout.entries[index].shape === expected)
      #expect(layout.entries[index].itemCount == sections[index].itemCount)
      #expect(layout.entries[index].solved.shared === layout.entries[index % 10 == 9 ? 9 : 0].solved.shared)
      #expect(try layout.sectionDescription(index) == sections[index])
    }
    // Rows of 44 pt, three items each; carousels one row of 120.
    var y = 0.0
    for index in sections.indices {
      let items = sections[index].itemCount
      #expect(try layout.sectionInfo(index).frame.minY == y)
      if items > 0 {
        let last = try layout.itemFrame(section: index, item: items - 1)
        if index % 10 == 9 {
          #expect(last == Rect(x: Double(items - 1) * 203, y: y, width: 195, height: 120))
        } else {
          #expect(last.minY == y + Double((items - 1) / 3) * 44)
        }
      }
      let length: Double = index % 10 == 9 ? (items > 0 ? 120 : 0) : Double((items + 2) / 3) * 44
      y += length
    }
    #expect(layout.contentSize?.height == y)
  }

  @Test("a section whose measured cells share a section-wide length solves a template of its own")
  func measuredUniformLengthHasItsOwnTemplate() throws {
    let uniform = Subitem.item(LayoutItem(layoutSize: size(fw(1), .uniformAcrossSiblings(40))))
    let section = LayoutSection(group: vgroup(fw(1), est(40), .subitems([uniform])), itemCount: 10)
    let layout = try solve([section, section, section])
    #expect(layout.entries[0].solved.shared === layout.entries[2].solved.shared)
    _ = try layout.reportItemSize(Size(width: 1, height: 70), section: 1, item: 3)
    #expect(layout.entries[1].solved.shared !== layout.entries[0].solved.shared)
    #expect(layout.entries[0].solved.shared === layout.entries[2].solved.shared)
    // Section 1's rows are 70 pt; the others keep 40.
    #expect(try layout.itemFrame(section: 1, item: 9).height == 70)
    #expect(try layout.itemFrame(section: 2, item: 0) == Rect(x: 0, y: 400 + 700, width: 390, height: 40))
  }

  @Test("a shape is shared with sections inserted later and with one described anew alike")
  func insertedSectionsShareShapes() throws {
    let layout = try solve([Self.plain(3), Self.carousel(4)])
    _ = try layout.changeSections(.insert([Self.plain(9), Self.carousel(1)], at: 1))
    #expect(layout.entries[1].shape === layout.entries[0].shape)
    #expect(layout.entries[2].shape === layout.entries[3].shape)
    _ = try layout.changeSections(.replace(Self.plain(2), at: 3))
    #expect(layout.entries[3].shape === layout.entries[0].shape)
    #expect(try layout.itemCount(section: 3) == 2)
  }

  // MARK: Changes against a layout made afresh

  /// Sections of five kinds: rows, a header and footer with rows, cells with badges that
  /// overhang the row above, a carousel, a self-sizing list.
  static func mixed(_ kind: Int, items: Int64) -> LayoutSection {
    switch kind {
    case 0: return plain(items)
    case 1:
      return LayoutSection(
        group: row, itemCount: items, contentInsets: insets(6), interGroupSpacing: 4,
        boundarySupplementaryItems: [
          header("head", height: abs_(30)), header("foot", height: abs_(12), alignment: .bottom),
        ])
    case 2:
      let badge = SupplementaryItem(
        elementKind: "badge", layoutSize: size(abs_(16), abs_(16)),
        containerAnchor: Anchor(edges: [.top, .trailing], offset: Point(x: 4, y: -30)))
      return LayoutSection(
        group: hgroup(fw(1), abs_(1.0 / 3 * 100), .subitems([item(fw(0.5), fh(1), badges: [badge])])),
        itemCount: items)
    case 3: return carousel(items)
    default: return selfSizingList(items: items)
    }
  }

  /// Every answer of `layout` that does not depend on history, as numbers: item frames,
  /// section frames, content size, rect queries, main-scroll rest positions; element kinds by
  /// name (their numbers follow the order kinds were met, which is history).
  static func answers(_ layout: Layout) throws -> (numbers: [Double], kinds: [String]) {
    var out: [Double] = []
    var kinds: [String] = []
    func add(_ rect: Rect) { out += [rect.x, rect.y, rect.width, rect.height] }
    for section in 0..<layout.sectionCount {
      add(try layout.sectionInfo(section).frame)
      let items: Int64 = try layout.itemCount(section: section)
      var item: Int64 = 0
      while item < items {
        add(try layout.itemFrame(section: section, item: item))
        item += 1 + items / 5
      }
    }
    let content = try #require(layout.contentSize)
    out += [content.width, content.height]
    var y = -50.0
    while y < content.height + 50 {
      for element in try elements(layout, in: Rect(x: 0, y: y, width: 390, height: 300)) {
        add(element.frame)
        out += [Double(element.section), Double(element.item)]
        kinds.append(element.kind < 0 ? "cell" : layout.kinds.names[Int(element.kind)])
      }
      y += 277
    }
    let snaps: Int64 = try layout.snapCount(mainScrollContainer)
    var index: Int64 = 0
    while index < snaps {
      out.append(try layout.snapOffset(index, container: mainScrollContainer))
      index += 1 + snaps / 40
    }
    out.append(Double(snaps))
    return (out, kinds)
  }

  @Test("random section changes answer as a layout made afresh, to the last bit", arguments: [0.0, 7.25])
  func changesMatchAFreshLayout(spacing: Double) throws {
    var random = Lcg(state: 1234)
    var configuration = LayoutConfiguration()
    configuration.interSectionSpacing = spacing
    configuration.scrolling.snapUnit = .item
    var model: [LayoutSection] = []
    for index in 0..<120 { model.append(Self.mixed(index % 5, items: Int64(index % 9))) }
    // The heights measured, per section (measured sizes are history: a fresh layout is told
    // them again).
    var measured: [[Int64: Double]] = Array(repeating: [:], count: model.count)
    let layout = try solve(model, configuration: configuration)
    // Comparisons made while positions past the plain arrays read the tree (both paths tested).
    var throughTree = 0
    for step in 0..<200 {
      let count = model.count
      switch random.below(8) {
      case 0:
        let at = random.below(count + 1)
        let new = (0..<1 + random.below(3)).map { _ in
          Self.mixed(random.below(5), items: Int64(random.below(12)) + 0)
        }
        _ = try layout.changeSections(.insert(new, at: at))
        model.insert(contentsOf: new, at: at)
        measured.insert(contentsOf: Array(repeating: [:], count: new.count), at: at)
      case 1 where count > 1:
        let at = random.below(count)
        let deleted = min(count - at, 1 + random.below(3))
        _ = try layout.changeSections(.delete(at: at, count: deleted))
        model.removeSubrange(at..<at + deleted)
        measured.removeSubrange(at..<at + deleted)
      case 2 where count > 1:
        let from = random.below(count)
        let to = random.below(count)
        _ = try layout.changeSections(.move(from: from, to: to))
        model.insert(model.remove(at: from), at: to)
        measured.insert(measured.remove(at: from), at: to)
      case 3 where count > 0:
        let at = random.below(count)
        let section = Self.mixed(random.below(5), items: Int64(random.below(12)))
        _ = try layout.changeSections(.replace(section, at: at))
        model[at] = section
        measured[at] = measured[at].filter { $0.key < section.itemCount }
      case 4 where count > 0:
        let section = random.below(count)
        let items = Int64(random.below(12))
        _ = try layout.changeItems(.setCount(items), section: section)
        model[section].itemCount = items
        measured[section] = measured[section].filter { $0.key < items }
      case 5, 6 where count > 0:
        // A list's row measured (a few are not lists: their heights are kept, not used).
        let section = random.below(count)
        let items = model[section].itemCount
        guard items > 0 else { continue }
        let item = Int64(random.below(Int(items)))
        let height = Double(20 + random.below(200)) / 2
        _ = try layout.reportItemSize(Size(width: 390, height: height), section: section, item: item)
        measured[section][item] = height
      default:
        // A container there and back: every section solved anew.
        try layout.setContainerSize(Size(width: 500, height: 600))
        try layout.setContainerSize(Size(width: 390, height: 844))
      }
      if step % 8 == 0 || step > 150 {
        if layout.entries.flatCount < layout.sectionCount { throughTree += 1 }
        let fresh = try solve(model, configuration: configuration)
        for (section, heights) in measured.enumerated() {
          for (item, height) in heights.sorted(by: { $0.key < $1.key }) {
            _ = try fresh.reportItemSize(
              Size(width: 390, height: height), section: section, item: item)
          }
        }
        let (expected, expectedKinds) = try Self.answers(fresh)
        let (actual, actualKinds) = try Self.answers(layout)
        let firstKind = actualKinds.indices.first {
          $0 >= expectedKinds.count || actualKinds[$0] != expectedKinds[$0]
        }
        #expect(firstKind == nil && actualKinds.count == expectedKinds.count, "step \(step)")
        #expect(actual.count == expected.count, "step \(step)")
        let first = actual.indices.first {
          $0 < expected.count && actual[$0].bitPattern != expected[$0].bitPattern
        }
        #expect(first == nil, "step \(step): answer \(first ?? -1) differs")
        if actual.count != expected.count || first != nil { return }
      }
    }
    #expect(throughTree >= 10, "\(throughTree) comparisons read through the tree")
  }

  @Test("a few sections after a report: candidates read one by one, as the tree finds them")
  func fewSectionsCandidatesMatchTheTree() throws {
    var random = Lcg(state: 77)
    for count in 1...6 {
      let model = (0..<count).map { Self.mixed($0 % 5, items: Int64(3 + $0 * 4)) }
      let layout = try solve(model, configuration: LayoutConfiguration())
      var compared = 0
      for _ in 0..<12 {
        // A row measured: the section's extremes move, the running ones are out of date.
        let section = random.below(count)
        let items = model[section].itemCount
        let item = Int64(random.below(Int(items)))
        let height = Double(20 + random.below(400)) / 3
        _ = try layout.reportItemSize(
          Size(width: 390, height: height), section: section, item: item)
        let store = layout.entries
        let content = try #require(layout.contentSize).height
        for _ in 0..<40 {
          let low = Double(random.below(Int(content) * 7 + 700)) / 7 - 50
          let high = low + Double(random.below(3000)) / 7
          let first = store.tree.firstReaching(low, base: store.base)
          let tree = first..<max(first, store.tree.endStartingBy(high, base: store.base))
          #expect(store.candidates(from: low, to: high) == tree, "\(count): \(low) ... \(high)")
          compared += 1
        }
      }
      #expect(compared == 480)
    }
  }
}
