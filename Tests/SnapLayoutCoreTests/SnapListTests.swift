import Testing

@testable import SnapLayoutCore

/// The closed-form answers of a uniform snap list (one section, one rest position per
/// repetition) against the general path over the same units, position by position.
@Suite("Snap lists: closed form against the general path")
struct SnapListTests {
  struct Case: CustomTestStringConvertible, Sendable {
    var name: String
    var horizontal: Bool
    var itemCount: Int64
    var columns: Int
    var itemLength: Double
    var spacing: Double
    var inset: Double
    var containment: SnapContainment
    var alignment: Double
    var testDescription: String { name }
  }

  static let cases: [Case] = [
    Case(
      name: "card carousel, trimSnaps, start", horizontal: true, itemCount: 10, columns: 1,
      itemLength: 320, spacing: 7, inset: 34, containment: .trimSnaps, alignment: 0),
    Case(
      name: "card carousel, keepSnaps, centre", horizontal: true, itemCount: 10, columns: 1,
      itemLength: 320, spacing: 7, inset: 34, containment: .keepSnaps, alignment: 0.5),
    Case(
      name: "card carousel, no containment, end", horizontal: true, itemCount: 10, columns: 1,
      itemLength: 320, spacing: 7, inset: 34, containment: .none, alignment: 1),
    Case(
      name: "3-column grid, partial last row, centre", horizontal: false, itemCount: 31,
      columns: 3, itemLength: 130, spacing: 0, inset: 0, containment: .trimSnaps,
      alignment: 0.5),
    Case(
      name: "list of 1000 rows of 44.3 pt", horizontal: false, itemCount: 1000, columns: 1,
      itemLength: 44.3, spacing: 0.7, inset: 20, containment: .trimSnaps, alignment: 0.25),
    Case(
      name: "first and last centred cards 0.5 pt inside the bounds (merged)", horizontal: true,
      itemCount: 12, columns: 1, itemLength: 331, spacing: 10, inset: 30, containment: .trimSnaps,
      alignment: 0.5),
    Case(
      name: "keepSnaps, cards 0.5 pt inside the bounds (merged)", horizontal: true, itemCount: 12,
      columns: 1, itemLength: 331, spacing: 10, inset: 30, containment: .keepSnaps,
      alignment: 0.5),
    Case(
      name: "rows larger than the viewport", horizontal: false, itemCount: 6, columns: 1,
      itemLength: 1000, spacing: 10, inset: 0, containment: .keepSnaps, alignment: 0.5),
  ]

  @Test("pages of a 2^63-item container stay within the bounds and in order")
  func pagesNearTheEnd() {
    // 2^63 - 1 cells of 1e6 pt, 0.001 apart, paged by 1e9 (found by Tests/c/test_numeric.c:
    // j · 1e9 rounded past the end bound).
    let maximum = 9.2233720460781472e24
    let list = SnapList(pageLength: 1e9, minimum: 0, maximum: maximum)
    var previous = -Double.infinity
    for index in Swift.max(0, list.count - 64)..<list.count {
      let offset = list.offset(index)
      #expect(offset <= maximum && offset >= previous, "position \(index): \(offset)")
      previous = offset
    }
    #expect(list.offset(list.count - 1) == maximum)
  }

  @Test("every offset, rank, segment, nearest position, progress and item agree", arguments: cases)
  func closedFormMatchesGeneral(_ c: Case) throws {
    var scrolling = ScrollingProperties()
    scrolling.snapUnit = .item
    scrolling.containment = c.containment
    scrolling.alignment = c.alignment
    scrolling.contentInset = (c.inset, c.inset)
    let cell = item(fw(1.0 / Double(c.columns)), fh(1))
    let group =
      c.horizontal
      ? hgroup(abs_(c.itemLength), fh(0.9), .subitems([cell]))
      : hgroup(fw(1), abs_(c.itemLength), .subitem(cell, count: c.columns))
    let layout = try solve(
      [LayoutSection(group: group, itemCount: c.itemCount, interGroupSpacing: c.spacing)],
      width: 390, height: 844,
      configuration: LayoutConfiguration(
        scrollDirection: c.horizontal ? .horizontal : .vertical, scrolling: scrolling))
    let fast = layout.solved.mainScroll.snaps
    guard case .units(let units, _, _, _, _) = fast.source else {
      Issue.record("the main scroll does not rest on units")
      return
    }
    #expect(units.uniform != nil, "the case must take the closed form")
    let general = SnapList(
      units: UnitSequence(
        store: layout.entries, alignConstant: units.alignConstant, closedForm: false),
      containment: c.containment,
      minimum: fast.minimum, maximum: fast.maximum, mergeDistance: fast.mergeDistance)
    #expect(general.count == fast.count)

    var probes: [Double] = []
    for index in 0..<fast.count {
      #expect(fast.offset(index) == general.offset(index), "offset(\(index))")
      let itemsMatch =
        fast.item(index).map { [Double($0.section), Double($0.item)] }
        == general.item(index).map { [Double($0.section), Double($0.item)] }
      #expect(itemsMatch, "item(\(index))")
      let at = general.offset(index)
      probes += [at, at.nextUp, at.nextDown]
      // A position is found at or before itself, and not strictly before, on both paths.
      for list in [fast, general] {
        #expect(list.rank(at) >= index + 1, "rank(offset(\(index)))")
        #expect(list.rank(at, strict: true) <= index, "strict rank(offset(\(index)))")
      }
    }
    // Positions within the merge distance of a bound rest on it (docs/SNAPPING.md, "Rest
    // positions").
    let merge = fast.mergeDistance
    let merges = c.containment != .none && fast.maximum - fast.minimum > 2 * merge
    for index in 0..<fast.count where merges {
      let at = fast.offset(index)
      #expect(
        at == fast.minimum || at == fast.maximum
          || (at > fast.minimum + merge && at < fast.maximum - merge),
        "offset(\(index)) = \(at) is within the merge distance of a bound")
    }
    var x = fast.minimum - 700
    while x < fast.maximum + 700 {
      probes.append(x)
      x += 3.71
    }
    for bound in [fast.minimum, fast.maximum] {
      for delta in [-merge, -SnapList.tolerance, -0.5, 0, 0.5, SnapList.tolerance, merge] {
        probes += [bound + delta, (bound + delta).nextUp, (bound + delta).nextDown]
      }
    }
    let offsets = (0..<fast.count).map { fast.offset($0) }
    for x in probes {
      // rank counts the positions themselves, at or before x (strictly before when strict).
      let expected = Int64(offsets.filter { $0 <= x }.count)
      let expectedStrict = Int64(offsets.filter { $0 < x }.count)
      #expect(fast.rank(x) == expected && general.rank(x) == expected, "rank(\(x)) vs offsets")
      #expect(
        fast.rank(x, strict: true) == expectedStrict
          && general.rank(x, strict: true) == expectedStrict, "strict rank(\(x)) vs offsets")
      #expect(fast.rank(x) == general.rank(x), "rank(\(x))")
      #expect(fast.rank(x, strict: true) == general.rank(x, strict: true), "strict rank(\(x))")
      let (a, b) = (fast.segment(x), general.segment(x))
      #expect(
        a.low == b.low && a.high == b.high && a.lowOffset == b.lowOffset
          && a.highOffset == b.highOffset, "segment(\(x))")
      #expect(fast.nearestWithOffset(x) == general.nearestWithOffset(x), "nearest(\(x))")
      // The nearest position: of equal distances the lower, of positions sharing an offset
      // (merged at a bound) the first.
      var best = 0
      for (index, at) in offsets.enumerated()
      where Swift.abs(at - x) < Swift.abs(offsets[best] - x) {
        best = index
      }
      #expect(
        fast.nearest(x) == Int64(best) && general.nearest(x) == Int64(best),
        "nearest(\(x)): the lowest of the nearest")
      #expect(fast.progress(x) == general.progress(x), "progress(\(x))")
    }
  }

  /// The lengths of the cases below: a top inset `inset`, groups `length` long and `spacing`
  /// apart, `groups` of them. Found by a search with the library before the fix (its units an
  /// ulp out of order there), and two plain ones.
  static let sectionEnds: [(inset: Double, length: Double, spacing: Double, groups: Int64)] = [
    (100.3, 87.4, 4.7, 23), (0.1, 124.9, 15.3, 26), (0.1, 151.6, 16.8, 35), (0.1, 157.3, 1.0, 5),
    (0, 50, 10, 4), (12.9, 44.3, 0.7, 120),
  ]

  @Test("a unit at its section's end rests no later than the next section's first unit")
  func sectionEndMeetsNextSection() throws {
    // Each group's second cell is pushed down to where the group ends: clipped to it, its unit
    // rests at the group's end, and the last group's end is the section's (docs/SNAPPING.md,
    // "Rest positions"). The next section's first unit rests at its start. The two are one
    // number, summed from the repetition and from the sections' exact starts (model soak
    // seed=504289706;case=169).
    for c in SnapListTests.sectionEnds {
      for alignment in [0.0, 0.5, 1.0] {
        var scrolling = ScrollingProperties()
        scrolling.snapUnit = .item
        scrolling.containment = SnapContainment.none
        scrolling.alignment = alignment
        let overflowing = LayoutSection(
          group: hgroup(
            fw(1), abs_(c.length),
            .subitems([
              item(fw(0.5), fh(1)),
              item(fw(0.5), abs_(10), edges: EdgeSpacing(top: .fixed(c.length))),
            ])),
          itemCount: 2 * c.groups,
          contentInsets: DirectionalEdgeInsets(top: c.inset, leading: 0, bottom: 0, trailing: 0),
          interGroupSpacing: c.spacing)
        let next = LayoutSection(group: vgroup(fw(1), abs_(30), .subitems([item(fw(1), fh(1))])), itemCount: 3)
        let empty = LayoutSection(group: vgroup(fw(1), abs_(30), .subitems([item(fw(1), fh(1))])), itemCount: 0)
        for sections in [[overflowing, next], [overflowing, empty], [next, overflowing, next]] {
          // A viewport shorter than every content, so that the scroll rests on units.
          let layout = try solve(
            sections, height: 40, configuration: LayoutConfiguration(scrolling: scrolling))
          let snaps = layout.solved.mainScroll.snaps
          guard case .units(let units, _, _, _, _) = snaps.source else {
            Issue.record("the main scroll does not rest on units")
            return
          }
          let general = SnapList(
            units: UnitSequence(
              store: layout.entries, alignConstant: units.alignConstant, closedForm: false),
            containment: .none, minimum: snaps.minimum, maximum: snaps.maximum,
            mergeDistance: snaps.mergeDistance)
          let offsets = (0..<snaps.count).map { snaps.offset($0) }
          let name = "\(c), alignment \(alignment), \(sections.count) sections"
          for index in offsets.indices.dropFirst() {
            #expect(
              offsets[index - 1] <= offsets[index],
              "\(name): position \(index - 1) at \(offsets[index - 1]), \(index) at \(offsets[index])")
          }
          for (index, at) in offsets.enumerated() {
            #expect(general.offset(Int64(index)) == at, "\(name): the general path's offset(\(index))")
            for list in [snaps, general] {
              for x in [at.nextDown, at, at.nextUp] {
                let expected = Int64(offsets.filter { $0 <= x }.count)
                let expectedStrict = Int64(offsets.filter { $0 < x }.count)
                #expect(list.rank(x) == expected, "\(name): rank(\(x))")
                #expect(list.rank(x, strict: true) == expectedStrict, "\(name): strict rank(\(x))")
              }
            }
          }
        }
      }
    }
  }
}
