import Testing

import SnapLayoutCore

/// Navigation without touch (docs/SNAPPING.md, "Navigation without touch"): steps from rest and
/// from motions in flight, the selected position, jumps and `initialIndex`.
@Suite struct NavigationTests {
  /// The card carousel of docs/SNAPPING.md: card k rests at k·327 − 34, the last at 2907.
  func carousel(initialIndex: Int64? = nil, items: Int64 = 10) throws -> Layout {
    var scrolling = ScrollingProperties()
    scrolling.snapUnit = .item
    scrolling.contentInset = (34, 34)
    scrolling.decelerationRate = 0.99
    scrolling.maxPagesPerGesture = 1
    scrolling.initialIndex = initialIndex
    let group = hgroup(abs_(320), abs_(744), .subitems([item(fw(1), fh(1))]))
    return try solve(
      [LayoutSection(group: group, itemCount: items, interGroupSpacing: 7)], width: 390,
      height: 844,
      configuration: LayoutConfiguration(scrollDirection: .horizontal, scrolling: scrolling))
  }

  @Test func stepsFromRest() throws {
    let layout = try carousel()
    let next = try layout.navigate(.next(steps: 1), container: -1, inFlight: nil, at: 0)
    #expect(next.snapIndex == 1 && next.referenceSnap == 0 && next.item == 1)
    #expect(next.targetOffset == 293 && next.motion.startOffset == -34)
    #expect(next.motion.sample(at: next.motion.duration).offset == 293)
    #expect(try layout.navigate(.to(index: 9), container: -1, inFlight: nil, at: 0).targetOffset == 2907)
    #expect(try layout.navigate(.last, container: -1, inFlight: nil, at: 0).snapIndex == 9)
    #expect(try layout.navigate(.previous(steps: 5), container: -1, inFlight: nil, at: 0).snapIndex == 0)
    expectLayoutError(.outOfRange, path: "argument", messageContains: "rest position 10") {
      _ = try layout.navigate(.to(index: 10), container: -1, inFlight: nil, at: 0)
    }
    expectLayoutError(.invalidArgument, path: "argument", messageContains: "at least 1") {
      _ = try layout.navigate(.next(steps: 0), container: -1, inFlight: nil, at: 0)
    }
    expectLayoutError(.invalidArgument, path: "time", messageContains: "finite") {
      _ = try layout.navigate(.first, container: -1, inFlight: nil, at: .nan)
    }
  }

  /// Random presses, each during the motion of the one before (or after it settled): the target
  /// is always the sum of the steps clamped to the ends (the reference), and every motion
  /// starts where the one before was at the moment of the press, with its velocity.
  @Test func pressesDuringMotionsAddUp() throws {
    let layout = try carousel()
    var generator = Lcg(state: 17)
    for _ in 0..<200 {
      try layout.setScrollOffset(-34, container: -1)
      var expected: Int64 = 0
      var motion: Motion? = nil
      for _ in 0..<6 {
        let roll = generator.next() % 4
        let action: NavigationAction
        switch roll {
        case 0: action = .next(steps: Int64(generator.next() % 3) + 1)
        case 1: action = .previous(steps: Int64(generator.next() % 3) + 1)
        case 2: action = .to(index: Int64(generator.next() % 10))
        default: action = .next(steps: 1)
        }
        switch action {
        case .next(let steps): expected = min(expected + steps, 9)
        case .previous(let steps): expected = max(expected - steps, 0)
        case .to(let index): expected = index
        case .first: expected = 0
        case .last: expected = 9
        }
        let t = Double(generator.next() % 1000) / 2000  // 0 … 0.5 s: in flight or settled
        let before = motion?.sample(at: t)
        // The host sets the offset every frame: the container is where the motion is.
        if let before { try layout.setScrollOffset(before.offset, container: -1) }
        let decision = try layout.navigate(action, container: -1, inFlight: motion, at: t)
        #expect(decision.snapIndex == expected)
        #expect(decision.targetOffset == (expected == 9 ? 2907 : Double(expected) * 327 - 34))
        if let before, !before.settled {
          #expect(decision.motion.startOffset == before.offset)
          #expect(decision.motion.startVelocity == before.velocity)
        }
        motion = decision.motion
      }
      // Run the last motion out: the container ends on the expected card.
      try layout.setScrollOffset(motion!.sample(at: motion!.duration).offset, container: -1)
      #expect(try layout.selectedSnap(container: -1, inFlight: nil, at: 0) == expected)
    }
  }

  @Test func initialIndexAndJumps() throws {
    let layout = try carousel(initialIndex: 3)
    #expect(try layout.scrollOffset(-1) == 947)
    // Followed through a new container size until the host scrolls.
    try layout.setContainerSize(Size(width: 390, height: 600))
    #expect(try layout.scrollOffset(-1) == 947)
    try layout.jumpToSnap(6, container: -1)
    #expect(try layout.scrollOffset(-1) == 6 * 327 - 34)
    expectLayoutError(.outOfRange, path: "index", messageContains: "the container has 10") {
      try layout.jumpToSnap(10, container: -1)
    }
    #expect(try carousel(initialIndex: 50).scrollOffset(-1) == 2907)
    #expect(try carousel(initialIndex: 50, items: 1).scrollOffset(-1) == -34)
  }
}

/// Wheels and touchpads (docs/SNAPPING.md, "Wheels and touchpads").
@Suite struct ScrollInputTests {
  /// A list above a groupPaging carousel: groups 312 wide, 322 apart, rest 0, 322, 644, …
  func layout() throws -> Layout {
    let list = LayoutSection(
      group: hgroup(fw(1), abs_(50), .subitems([item(fw(1), fh(1))])), itemCount: 3)
    var carousel = LayoutSection(
      group: hgroup(fw(0.8), abs_(200), .subitems([item(fw(1), fh(1))])), itemCount: 6,
      interGroupSpacing: 10)
    carousel.contentInsets = DirectionalEdgeInsets(top: 0, leading: 16, bottom: 0, trailing: 16)
    carousel.orthogonalScrollingBehavior = .groupPaging
    return try solve([list, carousel])
  }

  /// Any stream of deltas (0: a frame without one) at any pace, then an end: the release is the one a drag from the
  /// gesture's start to its last offset makes with the least-squares velocity of the last
  /// 100 ms, computed here on its own.
  @Test func touchpadGesturesReleaseLikeDrags() throws {
    var generator = Lcg(state: 99)
    for _ in 0..<100 {
      let layout = try layout()
      var time = 1.0
      var offset = try layout.scrollOffset(1)
      let start = offset
      var samples: [(Double, Double)] = []
      for _ in 0..<(1 + Int(generator.next() % 12)) {
        time += Double(1 + generator.next() % 30) / 1000
        let delta = Double(Int(generator.next() % 81) - 40)
        let result = try layout.scrollInput(
          ScrollInput(device: .touchpad, delta: delta, time: time), container: 1, inFlight: nil,
          at: 0)
        offset = min(max(offset + delta, 0), 1564)
        #expect(result.decision == nil && result.offset == offset)
        // A delta of 0 is a frame without one: not a sample.
        if delta != 0 { samples.append((time, offset)) }
      }
      let window = samples.filter { samples.last!.0 - $0.0 <= 0.1 }
      var velocity = 0.0
      if window.count >= 2 {
        let n = Double(window.count)
        let mt = window.map { $0.0 }.reduce(0, +) / n
        let mx = window.map { $0.1 }.reduce(0, +) / n
        let sxy = window.map { ($0.0 - mt) * ($0.1 - mx) }.reduce(0, +)
        let sxx = window.map { ($0.0 - mt) * ($0.0 - mt) }.reduce(0, +)
        velocity = sxx > 0 ? sxy / sxx : 0
      }
      let end = try layout.scrollInput(
        ScrollInput(device: .touchpad, delta: 0, time: time, ends: true), container: 1,
        inFlight: nil, at: 0)
      guard !samples.isEmpty else {
        #expect(end.decision == nil)  // no gesture began
        continue
      }
      let expected = try layout.resolveScroll(
        ScrollRelease(startOffset: start, releaseOffset: offset, velocity: velocity), container: 1)
      #expect(end.decision?.snapIndex == expected.snapIndex)
      #expect(Swift.abs((end.decision?.motion.startVelocity ?? .nan) - expected.motion.startVelocity) < 1e-6)
    }
  }

  /// A gesture follows its section when sections are inserted before it, and ends with it.
  @Test func sessionsFollowTheirSection() throws {
    let layout = try layout()
    for k in 0..<5 {
      _ = try layout.scrollInput(
        ScrollInput(device: .touchpad, delta: 20, time: 1 + Double(k) / 100), container: 1,
        inFlight: nil, at: 0)
    }
    let extra = LayoutSection(
      group: hgroup(fw(1), abs_(40), .subitems([item(fw(1), fh(1))])), itemCount: 2)
    _ = try layout.changeSections(.insert([extra], at: 0))
    // The carousel is section 2 now; its gesture (100 pt at 2000 pt/s) ends there: one group on.
    let end = try layout.scrollInput(
      ScrollInput(device: .touchpad, delta: 0, time: 1.05, ends: true), container: 2,
      inFlight: nil, at: 0)
    #expect(end.decision?.snapIndex == 1 && end.decision?.section == 2)
    // A wheel step on a free container: GTK's viewport^(2/3) points (docs/SNAPPING.md, "Wheels
    // and touchpads").
    let free = try solve([
      LayoutSection(group: hgroup(fw(1), abs_(50), .subitems([item(fw(1), fh(1))])), itemCount: 40)
    ])
    let step = try free.scrollInput(
      ScrollInput(device: .wheel, delta: 1, time: 0), container: -1, inFlight: nil, at: 0)
    #expect(Swift.abs((step.decision?.targetOffset ?? 0) - 89.31) < 0.01)
  }
}

/// Pages of what fits (docs/SNAPPING.md, "Pages of what fits").
@Suite struct GroupPagesTests {
  /// Random carousels at random widths: the groups a page holds are the most that fit (counted
  /// one by one here), and the rest positions are the bounds and every page's start between
  /// them (farther than the merge distance from a bound), nothing else.
  @Test func pagesHoldWhatFits() throws {
    var generator = Lcg(state: 5)
    for _ in 0..<300 {
      let card = Double(40 + generator.next() % 300)
      let spacing = Double(generator.next() % 30)
      let count = Int64(1 + generator.next() % 40)
      let width = Double(150 + generator.next() % 900)
      var section = LayoutSection(
        group: hgroup(abs_(card), abs_(100), .subitems([item(fw(1), fh(1))])), itemCount: count,
        interGroupSpacing: spacing)
      section.orthogonalScrollingBehavior = .groupPaging
      var properties = ScrollingProperties()
      properties.groupsPerPage = .fit
      section.orthogonalScrollingProperties = properties
      let layout = try solve([section], width: width, height: 600)
      // The most whole cards that fit the viewport (within the 1-pt tolerance), counted.
      var fits: Int64 = 1
      while Double(fits + 1) * card + Double(fits) * spacing <= width + 1 + 1e-9 { fits += 1 }
      let stride = card + spacing
      let info = try layout.scrollInfo(0)
      var offsets: [Double] = []
      for index in 0..<info.snapCount { offsets.append(try layout.snapOffset(index, container: 0)) }
      // Positions within the merge distance of a bound rest on it (docs/SNAPPING.md, "Merge
      // distance": max(1 pt, 5 % of the snapport), the whole viewport here).
      let merge = max(1, 0.05 * width)
      let low = info.minimumOffset + merge
      let high = info.maximumOffset - merge
      for offset in offsets where offset > low && offset < high {
        let page = offset / (stride * Double(fits))
        #expect(Swift.abs(page - page.rounded()) < 1e-9, "\(offset) is not a page start")
      }
      var page = 0.0
      while page * stride * Double(fits) < high {
        let start = page * stride * Double(fits)
        if start > low {
          #expect(offsets.contains { Swift.abs($0 - start) < 1e-9 }, "page at \(start) missing")
        }
        page += 1
      }
    }
  }

  /// Pages of groups whose sizes are their own (measured rows and grid rows, a flow's lines with
  /// per-item sizes), N to a page or what fits (a page takes groups while the last one ends
  /// within the viewport and 1 pt of its first one's start), against a reference from the
  /// frames: page j spans its groups from the first one's start to the furthest end of the last
  /// one's items, and rests at `start + alignment · (extent − viewport)` (containment `none`, no
  /// padding); every item maps to its group's page.
  @Test func pagesOfGroupsWithSizesOfTheirOwn() throws {
    var random = Lcg(state: 23)
    var checked = 0
    for round in 0..<340 {
      let perPage = Int64(2 + random.below(4))
      let alignment = [0.0, 0.5, 1.0, 0.3][random.below(4)]
      var scrolling = ScrollingProperties()
      scrolling.snapUnit = round % 3 == 0 ? .item : .group
      scrolling.alignment = alignment
      scrolling.containment = SnapContainment.none
      let fits = round % 4 == 1
      scrolling.groupsPerPage = fits ? .fit : .count(perPage)
      let count = Int64(1 + random.below(30))
      let kind = random.below(3)
      let section: LayoutSection
      let perGroup: Int64
      switch kind {
      case 0:
        section = LayoutSection(
          group: vgroup(fw(1), est(44), .subitems([item(fw(1), est(44))])), itemCount: count,
          interGroupSpacing: Double(random.below(12)))
        perGroup = 1
      case 1:
        section = LayoutSection(
          group: hgroup(fw(1), est(80), .subitems([item(fw(0.5), est(80))])), itemCount: count,
          interGroupSpacing: Double(random.below(12)))
        perGroup = 2
      default:
        section = flowSection(
          items: count,
          sizes: (0..<count).map { _ in
            Size(width: Double(40 + random.below(300)), height: Double(10 + random.below(40)))
          })
        perGroup = 0
      }
      let configuration = LayoutConfiguration(scrolling: scrolling)
      let layout = try Layout.solving(
        LayoutDescription(
          configuration: configuration, environment: LayoutEnvironment(), sections: [section]))
      // Pages shorter than the viewport (five groups of at most 50 + 11), so that each rests
      // at a point (docs/SNAPPING.md, "Items longer than the viewport").
      let viewport = 320.0
      try layout.setContainerSize(Size(width: 390, height: viewport))
      if perGroup > 0 {
        for item in 0..<count {
          _ = try layout.reportItemSize(
            Size(width: 100, height: Double(random.below(100)) / 4), section: 0, item: item)
        }
      }
      // The groups: rows of `perGroup` items (cells at their row's top), or the flow's lines
      // (items centred on their line: a line is the items sharing a centre).
      var groups: [(first: Int64, start: Double, end: Double)] = []
      var centre = -Double.infinity
      for item in 0..<count {
        let frame = try layout.itemFrame(section: 0, item: item)
        let opens = perGroup > 0 ? item % perGroup == 0 : frame.midY != centre
        centre = frame.midY
        if opens {
          groups.append((item, frame.minY, frame.maxY))
        } else {
          let last = groups.count - 1
          groups[last].start = min(groups[last].start, frame.minY)
          groups[last].end = max(groups[last].end, frame.maxY)
        }
      }
      // Each page's first group: every N-th, or each group that no longer fits its page.
      var firsts: [Int] = []
      for index in groups.indices {
        let opens =
          fits
          ? firsts.isEmpty || groups[index].end - groups[firsts[firsts.count - 1]].start > viewport + 1
          : index % Int(perPage) == 0
        if opens { firsts.append(index) }
      }
      let pages = firsts.count
      let info = try layout.scrollInfo(mainScrollContainer)
      // Content not longer than the viewport (by more than 1 pt) has one rest position
      // (docs/SNAPPING.md, "Content shorter than the viewport"); pages of one group each are
      // the section's own units.
      guard groups.count > 1, groups[groups.count - 1].end > viewport + 1, pages < groups.count
      else { continue }
      #expect(
        info.snapCount == Int64(pages),
        "round \(round): \(info.snapCount) pages, expected \(pages) (kind \(kind))")
      for page in 0..<min(pages, Int(info.snapCount)) {
        let first = groups[firsts[page]]
        let last = groups[(page + 1 < pages ? firsts[page + 1] : groups.count) - 1]
        let extent = last.end - first.start
        let expected = first.start + alignment * extent - alignment * viewport
        let offset = try layout.snapOffset(Int64(page), container: mainScrollContainer)
        #expect(
          Swift.abs(offset - expected) <= 1e-9 * max(1, Swift.abs(expected)),
          "round \(round), page \(page): \(offset) against \(expected)")
        checked += 1
      }
      for (index, group) in groups.enumerated() {
        let position = try layout.snapOffset(
          forSection: 0, item: group.first, container: mainScrollContainer)
        let page = firsts.lastIndex { $0 <= index }!
        #expect(position.index == Int64(page), "round \(round): item \(group.first)")
      }
      // A release anywhere, at any speed, rests on a page and names its first group's item.
      guard Int(info.snapCount) == pages else { continue }
      for _ in 0..<8 {
        let at = Double(random.below(Int(groups[groups.count - 1].end)))
        let velocity = Double(random.below(6001)) - 3000
        let decision = try layout.resolveScroll(
          ScrollRelease(startOffset: at, releaseOffset: at, velocity: velocity),
          container: mainScrollContainer)
        let page = Int(decision.snapIndex)
        #expect(page >= 0 && page < pages, "round \(round): page \(page)")
        guard page >= 0 && page < pages else { continue }
        let offset = try layout.snapOffset(Int64(page), container: mainScrollContainer)
        #expect(
          decision.targetOffset == offset && decision.item == groups[firsts[page]].first,
          "round \(round): release at \(at), \(velocity) pt/s")
      }
    }
    #expect(checked > 500)
  }
}
