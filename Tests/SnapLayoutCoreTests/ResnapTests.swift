import Testing

import SnapLayoutCore

/// Re-snapping through layout changes (issue 21, point 1; docs/SNAPPING.md, "Through layout
/// changes"): a carousel at rest on a card is on the same card's rest position after every kind
/// of change, under every behavior, containment, alignment and loop — checked against where that
/// card rests after the change, found independently by its item.
@Suite struct ResnapTests {
  static let containments: [SnapContainment?] = [nil, .trimSnaps, .keepSnaps]

  /// A list above a carousel of `count` cards of random widths (one item per group).
  static func carousel(
    _ generator: inout Lcg, behavior: OrthogonalScrollingBehavior, count: Int64
  ) -> (sections: [LayoutSection], properties: ScrollingProperties) {
    var properties = ScrollingProperties()
    // Continuous sections rest nowhere and paging ones on pages (no card): cards here.
    if behavior == .continuous || behavior == .paging { properties.snapUnit = .group }
    properties.containment = containments[Int(generator.next() % 3)]
    properties.loop = generator.next() % 4 == 0
    if generator.next() % 2 == 0 { properties.alignment = [0, 0.5, 1][Int(generator.next() % 3)] }
    let width = Double(120 + generator.next() % 200)
    let card = hgroup(abs_(width), abs_(150), .subitems([item(fw(1), fh(1))]))
    let list = hgroup(fw(1), abs_(60), .subitems([item(fw(1), fh(1))]))
    return (
      [
        LayoutSection(group: list, itemCount: 2),
        LayoutSection(
          group: card, itemCount: count,
          contentInsets: DirectionalEdgeInsets(top: 0, leading: 12, bottom: 0, trailing: 12),
          interGroupSpacing: Double(generator.next() % 16), orthogonalScrollingBehavior: behavior,
          orthogonalScrollingProperties: properties),
      ], properties
    )
  }

  /// The rest offset of `item`'s unit in container 1 nearest `near` (its copy, in a loop).
  static func rest(of item: Int64, _ layout: Layout) throws -> Double {
    try layout.snapOffset(forSection: 1, item: item, container: 1).offset
  }

  /// Whether `offset` is at rest on the unit of `item` of `section` in `container`: its offset,
  /// or inside its range when it is longer than the viewport (docs/SNAPPING.md, "Items longer
  /// than the viewport"; in a loop, in the copy of the unit's offset).
  static func rests(
    _ offset: Double, on item: Int64, section: Int = 1, container: Int = 1, _ layout: Layout
  ) throws -> Bool {
    let (point, index) = try layout.snapOffset(forSection: section, item: item, container: container)
    if offset == point { return true }
    let range = try layout.snapRange(index, container: container)
    let shift = point - (try layout.snapOffset(index, container: container))
    return range.low < range.high && offset >= range.low + shift && offset <= range.high + shift
  }

  enum Change: CaseIterable { case wider, narrower, insertBefore, deleteBefore, moveCard, sectionBefore }

  @Test(arguments: OrthogonalScrollingBehavior.allCases.filter { $0 != .none })
  func aCardAtRestStaysThroughEveryChange(_ behavior: OrthogonalScrollingBehavior) throws {
    var generator = Lcg(state: UInt64(behavior.rawValue) * 7 + 3)
    var checked = 0
    for round in 0..<80 {
      let count = Int64(4 + generator.next() % 12)
      let (sections, _) = ResnapTests.carousel(&generator, behavior: behavior, count: count)
      let layout = try solve(sections, width: Double(320 + generator.next() % 200))
      let card = Int64(1 + generator.next() % UInt64(count - 2))
      let at = try ResnapTests.rest(of: card, layout)
      try layout.setScrollOffset(at, container: 1)
      // Only a card that has a rest position of its own (not merged at a bound) names itself.
      let position = try layout.snapPosition(at: at, container: 1)
      guard position.item == card else { continue }
      let change = Change.allCases[round % Change.allCases.count]
      var followed = card
      switch change {
      case .wider: try layout.setContainerSize(Size(width: 700, height: 844))
      case .narrower: try layout.setContainerSize(Size(width: 300, height: 844))
      case .insertBefore:
        _ = try layout.changeItems(.insert(at: 0, count: 2), section: 1)
        followed = card + 2
      case .deleteBefore:
        _ = try layout.changeItems(.delete(at: 0, count: 1), section: 1)
        followed = card - 1
      case .moveCard:
        _ = try layout.changeItems(.move(from: card, to: count - 1), section: 1)
        followed = count - 1
      case .sectionBefore:
        _ = try layout.changeSections(
          .insert([LayoutSection(group: hgroup(fw(1), abs_(40), .subitems([item(fw(1), fh(1))])),
                                 itemCount: 3)], at: 0))
        let offset = try layout.scrollOffset(2)
        let want = try layout.snapOffset(forSection: 2, item: card, container: 2).offset
        #expect(
          try ResnapTests.rests(offset, on: card, section: 2, container: 2, layout),
          "\(behavior) \(change): at \(offset), card \(card) rests at \(want)")
        checked += 1
        continue
      }
      let offset = try layout.scrollOffset(1)
      let want = try ResnapTests.rest(of: followed, layout)
      #expect(
        try ResnapTests.rests(offset, on: followed, layout),
        "\(behavior) \(change) round \(round): at \(offset), card \(followed) rests at \(want)")
      checked += 1
    }
    #expect(checked > 20, "enough rounds rested on a card of their own (\(checked))")
  }

  /// What a carousel remembers resting on (rule 5) follows its section: remembered through a
  /// resize, moved down a section, then its card moved, it rests on the card where it went
  /// (seed 16, case 105 of the model: it stayed on the card's old index).
  @Test(arguments: OrthogonalScrollingBehavior.allCases.filter { $0 != .none })
  func aRememberedCardFollowsItsSection(_ behavior: OrthogonalScrollingBehavior) throws {
    var generator = Lcg(state: UInt64(behavior.rawValue) * 11 + 5)
    var checked = 0
    for _ in 0..<40 {
      let count = Int64(6 + generator.next() % 10)
      let (sections, _) = ResnapTests.carousel(&generator, behavior: behavior, count: count)
      let layout = try solve(sections, width: Double(320 + generator.next() % 200))
      let card = Int64(1 + generator.next() % UInt64(count - 2))
      try layout.setScrollOffset(try ResnapTests.rest(of: card, layout), container: 1)
      guard try layout.snapPosition(at: try layout.scrollOffset(1), container: 1).item == card
      else { continue }
      try layout.setContainerSize(layout.containerSize!)
      _ = try layout.changeSections(
        .insert([LayoutSection(group: hgroup(fw(1), abs_(40), .subitems([item(fw(1), fh(1))])),
                               itemCount: 3)], at: 0))
      let to = card == count - 1 ? 0 : count - 1
      _ = try layout.changeItems(.move(from: card, to: to), section: 2)
      let offset = try layout.scrollOffset(2)
      let want = try layout.snapOffset(forSection: 2, item: to, container: 2).offset
      #expect(
        try ResnapTests.rests(offset, on: to, section: 2, container: 2, layout),
        "\(behavior): card \(card) moved to \(to): at \(offset), it rests at \(want)")
      checked += 1
    }
    #expect(checked > 10, "enough rounds rested on a card of their own (\(checked))")
  }

  /// An offset the host left between rest positions keeps rule 7's anchoring and its value
  /// through a new container size.
  @Test func anOffsetBetweenRestPositionsIsNotMoved() throws {
    var generator = Lcg(state: 5)
    let (sections, _) = ResnapTests.carousel(&generator, behavior: .continuousGroupLeadingBoundary, count: 10)
    let layout = try solve(sections)
    let a = try layout.snapOffset(2, container: 1)
    let b = try layout.snapOffset(3, container: 1)
    let between = (a + b) / 2
    try layout.setScrollOffset(between, container: 1)
    try layout.setContainerSize(Size(width: 500, height: 844))
    #expect(try layout.scrollOffset(1) == between)
  }

  /// The main scroll at rest on a row of self-sizing cells stays on it when cells above,
  /// and the row itself, are measured; a reset gives the offset back bit for bit.
  @Test func measuredCellsKeepTheRow() throws {
    var scrolling = ScrollingProperties()
    scrolling.snapUnit = .item
    scrolling.alignment = 0.5
    let row = vgroup(fw(1), est(80), .subitems([item(fw(1), est(80))]))
    let layout = try solve(
      [LayoutSection(group: row, itemCount: 50)], width: 390, height: 600,
      configuration: LayoutConfiguration(scrolling: scrolling))
    let start = try layout.snapOffset(forSection: 0, item: 20, container: mainScrollContainer)
    try layout.setScrollOffset(start.offset, container: mainScrollContainer)
    for (item, height) in [(3, 200.0), (20, 333.0), (19, 12.5), (21, 90.0)] {
      let report = try layout.reportItemSize(
        Size(width: 390, height: height), section: 0, item: Int64(item))
      let now = try layout.scrollOffset(mainScrollContainer)
      let want = try layout.snapOffset(forSection: 0, item: 20, container: mainScrollContainer)
      #expect(now == want.offset, "row \(item) measured \(height): at \(now), row 20 at \(want.offset)")
      _ = report
    }
    for item in [21, 19, 20, 3] {
      _ = try layout.reportItemSize(nil, section: 0, item: Int64(item))
    }
    #expect(try layout.scrollOffset(mainScrollContainer) == start.offset)
  }

  /// A motion target follows its card through a resize; the carried motion starts where the
  /// container is, with the velocity the old one had then, and lands on the card.
  @Test func aMotionTargetFollowsItsCard() throws {
    var generator = Lcg(state: 9)
    let (sections, _) = ResnapTests.carousel(&generator, behavior: .groupPagingCentered, count: 12)
    let layout = try solve(sections)
    let target = try ResnapTests.rest(of: 6, layout)
    let motion = Motion.plan(
      from: 0, velocity: 3000, to: target, omega: 15, dampingRatio: 1,
      landing: Motion.LandingBand(minimumRate: 0.99, maximumRate: 0.999),
      epsilonOffset: 0.1, epsilonVelocity: 1)
    try layout.setScrollTarget(target, container: 1)
    let t = 0.1
    let state = motion.sample(at: t)
    try layout.setScrollOffset(state.offset, container: 1)
    try layout.setContainerSize(Size(width: 600, height: 844))
    let carried = try layout.retargetMotion(motion, at: t, container: 1)
    let start = carried.sample(at: 0)
    #expect(start.offset == (try layout.scrollOffset(1)))
    #expect(abs(start.velocity - state.velocity) <= 1e-9 * abs(state.velocity))
    #expect(carried.targetOffset == (try ResnapTests.rest(of: 6, layout)))
    #expect(try layout.scrollTarget(container: 1) == carried.targetOffset)
  }
}
