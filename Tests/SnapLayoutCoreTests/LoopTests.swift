import Testing

@testable import SnapLayoutCore

/// Looping (docs/SNAPPING.md, "Looping"), checked against its reference: a loop over n cards
/// behaves as the same cards repeated many times without a loop, seen from the middle. Rest
/// positions, releases, navigation and the elements a rect shows must agree, lap for card.
@Suite struct LoopTests {
  static let cards: Int64 = 5
  /// Copies of the cards in the unrolled reference, and the one the comparisons start in.
  static let copies: Int64 = 41
  static let middle: Int64 = 20

  func carousel(
    _ behavior: OrthogonalScrollingBehavior, loop: Bool, items: Int64,
    steps: Int? = nil
  ) throws -> Layout {
    var properties = ScrollingProperties()
    properties.loop = loop
    // The reference has no bounds near the middle: nothing is trimmed or merged there.
    if !loop { properties.containment = SnapContainment.none }
    properties.maxPagesPerGesture = steps
    let group = hgroup(abs_(250), abs_(200), .subitems([item(fw(1), fh(1))]))
    return try solve([
      LayoutSection(
        group: group, itemCount: items,
        contentInsets: DirectionalEdgeInsets(top: 0, leading: 16, bottom: 0, trailing: 16),
        interGroupSpacing: 12, orthogonalScrollingBehavior: behavior,
        orthogonalScrollingProperties: properties)
    ])
  }

  static let behaviors: [OrthogonalScrollingBehavior] = [
    .groupPaging, .groupPagingCentered, .continuousGroupLeadingBoundary, .paging, .continuous,
  ]

  @Test(arguments: behaviors)
  func releasesMatchTheUnrolledCards(_ behavior: OrthogonalScrollingBehavior) throws {
    let loop = try carousel(behavior, loop: true, items: LoopTests.cards)
    let period = try loop.scrollInfo(0).loopPeriod
    #expect(period == 5 * 262)
    if behavior == .paging {
      // Pages of the viewport do not tile a period of 1310: the reference differs at the
      // seam, so only the laps are checked.
      try checkPagesRepeat(loop, period: period)
      return
    }
    let unrolled = try carousel(
      behavior, loop: false, items: LoopTests.cards * LoopTests.copies)
    let shift = Double(LoopTests.middle) * period
    let count = try loop.snapCount(0)
    var generator = Lcg(state: 41)
    for _ in 0..<400 {
      let start: Double
      if count > 0 {
        start = try loop.snapOffset(Int64(generator.next() % UInt64(count)), container: 0)
      } else {
        start = Double(generator.next() % 1310)
      }
      let drag = Double(Int(generator.next() % 801) - 400)
      let velocity = Double(Int(generator.next() % 12001) - 6000)
      let release = ScrollRelease(
        startOffset: start, releaseOffset: start + drag, velocity: velocity)
      let looped = try loop.resolveScroll(release, container: 0)
      let reference = try unrolled.resolveScroll(
        ScrollRelease(
          startOffset: start + shift, releaseOffset: start + drag + shift, velocity: velocity),
        container: 0)
      #expect(
        Swift.abs(looped.targetOffset - (reference.targetOffset - shift)) < 1e-6,
        "\(behavior) \(release): \(looped.targetOffset) vs \(reference.targetOffset - shift)")
      if count > 0 {
        #expect(looped.snapIndex == reference.snapIndex % count)
        #expect(looped.item == reference.item % LoopTests.cards)
        let progress = reference.releaseProgress.truncatingRemainder(dividingBy: Double(count))
        #expect(Swift.abs(looped.releaseProgress - progress) < 1e-9)
      } else {
        #expect(looped.snapIndex == -1)
      }
      #expect(looped.motion.sample(at: looped.motion.duration + 1).offset == looped.targetOffset)
    }
  }

  func checkPagesRepeat(_ loop: Layout, period: Double) throws {
    let count = try loop.snapCount(0)
    #expect(count == 4)  // 0, 390, 780, 1170; the page across the seam is 140 long
    for lap in [-3.0, 0, 7] {
      let at = 400 + lap * period
      let decision = try loop.resolveScroll(
        ScrollRelease(startOffset: at - 10, releaseOffset: at, velocity: 3000), container: 0)
      #expect(decision.targetOffset == 780 + lap * period)
      #expect(decision.snapIndex == 2)
    }
    let back = try loop.resolveScroll(
      ScrollRelease(startOffset: 0, releaseOffset: -10, velocity: -3000), container: 0)
    #expect(back.targetOffset == 1170 - period && back.snapIndex == 3)
  }

  /// Pages of measured cards in a loop (docs/SNAPPING.md, "Pages of what fits"): eight cards
  /// measured 60 + 23·(j mod 4) wide, 10 apart, two a page, at the start of a 390-pt viewport.
  /// A release rests on a page of its lap: the lap's offset plus the page's, naming the page's
  /// first card, in laps before and after the first.
  @Test func pagesOfMeasuredCardsRepeatEveryLap() throws {
    var properties = ScrollingProperties()
    properties.loop = true
    properties.groupsPerPage = .count(2)
    let group = hgroup(est(120), abs_(150), .subitems([item(est(120), fh(1))]))
    let layout = try solve([
      LayoutSection(
        group: group, itemCount: 8, interGroupSpacing: 10,
        orthogonalScrollingBehavior: .groupPaging, orthogonalScrollingProperties: properties)
    ])
    for card in 0..<8 {
      _ = try layout.reportItemSize(
        Size(width: 60 + 23 * Double(card % 4), height: 150), section: 0, item: Int64(card))
    }
    let info = try layout.scrollInfo(0)
    #expect(info.loopPeriod > 0 && info.snapCount == 4)
    let period = info.loopPeriod
    // Cards 60, 83, 106, 129 wide, twice: pages start at cards 0, 2, 4 and 6, at 0, 163, 418 and
    // 581; the period is both halves, 2 · (60 + 83 + 106 + 129) + 8 · 10 = 836.
    #expect(period == 836)
    let pages: [Double] = [0, 163, 418, 581]
    for (index, page) in pages.enumerated() {
      #expect(try layout.snapOffset(Int64(index), container: 0) == page)
    }
    var generator = Lcg(state: 19)
    for _ in 0..<200 {
      let lap = Double(Int(generator.next() % 9) - 4)
      let at = Double(generator.next() % 836) + lap * period
      let velocity = Double(Int(generator.next() % 4001) - 2000)
      let decision = try layout.resolveScroll(
        ScrollRelease(startOffset: at, releaseOffset: at, velocity: velocity), container: 0)
      let index = Int(((decision.snapIndex % 4) + 4) % 4)
      let laps = ((decision.targetOffset - pages[index]) / period).rounded()
      #expect(
        decision.targetOffset == pages[index] + laps * period && decision.item == Int64(2 * index),
        "release at \(at), \(velocity) pt/s: \(decision.targetOffset), item \(decision.item)")
    }
  }

  /// The cells a viewport shows are the unrolled reference's, item j being card j mod n of
  /// copy j div n − middle, at the same frames.
  @Test(arguments: [OrthogonalScrollingBehavior.groupPagingCentered, .continuous])
  func elementsMatchTheUnrolledCards(_ behavior: OrthogonalScrollingBehavior) throws {
    let loop = try carousel(behavior, loop: true, items: LoopTests.cards)
    let unrolled = try carousel(
      behavior, loop: false, items: LoopTests.cards * LoopTests.copies)
    let period = try loop.scrollInfo(0).loopPeriod
    var generator = Lcg(state: 7)
    for _ in 0..<200 {
      let offset = Double(Int(generator.next() % 40_000) - 20_000) / 7
      try loop.setScrollOffset(offset, container: 0)
      try unrolled.setScrollOffset(offset + Double(LoopTests.middle) * period, container: 0)
      let view = Rect(x: -30, y: 0, width: 450, height: 844)
      let got = try elements(loop, in: view).filter { $0.category == .cell }
      let want = try elements(unrolled, in: view).filter { $0.category == .cell }
      #expect(got.count == want.count, "offset \(offset)")
      for cell in want {
        let card = cell.item % LoopTests.cards
        let copy = Int32(cell.item / LoopTests.cards - LoopTests.middle)
        let twin = got.first { $0.item == card && $0.copy == copy }
        #expect(twin != nil, "offset \(offset): card \(card) copy \(copy)")
        if let twin {
          #expect(Swift.abs(twin.frame.x - cell.frame.x) < 1e-6)
          #expect(twin.frame.y == cell.frame.y && twin.frame.width == cell.frame.width)
        }
      }
    }
  }

  /// Navigation steps across the seam as in the reference; named positions take the nearest
  /// copy.
  /// A looping progress is canonical in [0, count) even where `k + fraction` rounds to the
  /// count (2⁶³ − 1 positions): the seam's other side is 0, the nearest canonical value.
  @Test func progressIsCanonicalPastTwoToTheFiftyThree() {
    let huge = Int64.max
    #expect(LoopedRests.canonical(Double(huge - 1) + 0.5, count: huge) == 0)
    #expect(LoopedRests.canonical(-0.25, count: huge) == 0)
    #expect(LoopedRests.canonical(-0.25, count: 10) == 9.75)
    #expect(LoopedRests.canonical(10, count: 10) == 0)
    #expect(LoopedRests.canonical(9.5, count: 10) == 9.5)
    #expect(LoopedRests.canonical(0, count: 10) == 0)
  }

  @Test func navigationMatchesTheUnrolledCards() throws {
    let loop = try carousel(.groupPaging, loop: true, items: LoopTests.cards)
    let unrolled = try carousel(
      .groupPaging, loop: false, items: LoopTests.cards * LoopTests.copies)
    let period = try loop.scrollInfo(0).loopPeriod
    let shift = Double(LoopTests.middle) * period
    var generator = Lcg(state: 3)
    for _ in 0..<200 {
      let k = Int64(generator.next() % 5)
      let offset = try loop.snapOffset(k, container: 0) + Double(Int(generator.next() % 7) - 3) * period
      let laps = ((offset - (try loop.snapOffset(k, container: 0))) / period).rounded()
      try loop.setScrollOffset(offset, container: 0)
      try unrolled.setScrollOffset(offset + shift - laps * period, container: 0)
      let steps = Int64(generator.next() % 9) + 1
      let action: NavigationAction =
        generator.next() % 2 == 0 ? .next(steps: steps) : .previous(steps: steps)
      let looped = try loop.navigate(action, container: 0, inFlight: nil, at: 0)
      let reference = try unrolled.navigate(action, container: 0, inFlight: nil, at: 0)
      #expect(looped.targetOffset == reference.targetOffset - shift + laps * period)
      #expect(looped.snapIndex == reference.snapIndex % 5)
      let wanted = Int64(generator.next() % 5)
      let to = try loop.navigate(.to(index: wanted), container: 0, inFlight: nil, at: 0)
      #expect(Swift.abs(to.targetOffset - offset) <= period / 2)
      #expect(to.snapIndex == wanted)
    }
  }

  /// A main scroll that loops shows the next lap's rows after the last, and its frames carry
  /// the lap; a section too short to loop falls back.
  @Test func mainScrollAndFallback() throws {
    var scrolling = ScrollingProperties()
    scrolling.loop = true
    scrolling.snapUnit = .item
    let row = hgroup(fw(1), abs_(50), .subitems([item(fw(1), fh(1))]))
    let layout = try solve(
      [LayoutSection(group: row, itemCount: 30)],
      configuration: LayoutConfiguration(scrolling: scrolling))
    #expect(try layout.scrollInfo(-1).loopPeriod == 1500)
    try layout.setScrollOffset(1500 * 1000 + 1400, container: -1)
    let shown = try elements(layout, in: Rect(x: 0, y: 1500 * 1000 + 1400, width: 390, height: 844))
    #expect(shown.count == 17)
    for cell in shown {
      let lap = Double(cell.copy)
      #expect(cell.frame.y == lap * 1500 + Double(cell.item) * 50)
      #expect(cell.copy == 1000 || cell.copy == 1001)
    }
    // 17 rows (850 pt) do not leave room for a row beside an 844-pt viewport: no loop.
    let short = try solve(
      [LayoutSection(group: row, itemCount: 17)],
      configuration: LayoutConfiguration(scrolling: scrolling))
    let info = try short.scrollInfo(-1)
    #expect(info.loopRequested && info.loopPeriod == 0)
    #expect(info.maximumOffset == 850 - 844)
    let canonical = try short.canonicalOffset(4000, container: -1)
    #expect(canonical.offset == 4000 && canonical.shift == 0)
  }

  /// A looping carousel inside a looping main scroll: its cells name the carousel's laps and
  /// sit in the main scroll's lap; the rows name the main scroll's.
  @Test func carouselInsideALoopingMainScroll() throws {
    var main = ScrollingProperties()
    main.loop = true
    var own = ScrollingProperties()
    own.loop = true
    let row = hgroup(fw(1), abs_(50), .subitems([item(fw(1), fh(1))]))
    let card = hgroup(abs_(250), abs_(200), .subitems([item(fw(1), fh(1))]))
    let layout = try solve(
      [
        LayoutSection(
          group: card, itemCount: 5, interGroupSpacing: 12,
          orthogonalScrollingBehavior: .groupPaging, orthogonalScrollingProperties: own),
        LayoutSection(group: row, itemCount: 30),
      ], configuration: LayoutConfiguration(scrolling: main))
    let period = try layout.scrollInfo(-1).loopPeriod
    #expect(period == 200 + 1500)
    try layout.setScrollOffset(2 * period - 100, container: -1)
    try layout.setScrollOffset(-100, container: 0)
    let shown = try elements(layout, in: Rect(x: 0, y: 2 * period - 100, width: 390, height: 844))
    let cards = shown.filter { $0.section == 0 }
    let rows = shown.filter { $0.section == 1 }
    // Cards 0 and 1 of the carousel's canonical lap, card 4 of the one before, all in the main
    // scroll's lap 2.
    #expect(Set(cards.map { "\($0.item)/\($0.copy)" }) == ["0/0", "1/0", "4/-1"])
    for cell in cards { #expect(cell.frame.y == 2 * period) }
    #expect(rows.allSatisfy { $0.copy == 1 || $0.copy == 2 })
    #expect(rows.contains { $0.copy == 1 && $0.item == 29 })
  }

  /// A change keeps the content in place in whatever lap the offset is: the anchor is taken in
  /// the canonical lap and the laps carried over at the new period.
  @Test func changesKeepTheLap() throws {
    let layout = try carousel(.groupPaging, loop: true, items: 5)
    #expect(try layout.scrollInfo(0).loopPeriod == 1310)
    try layout.setScrollOffset(3 * 1310 + 524, container: 0)  // card 2 of lap 3 at rest
    let before = try elements(layout, in: Rect(x: 0, y: 0, width: 390, height: 844))
      .filter { $0.category == .cell }
    let report = try layout.changeItems(.insert(at: 0, count: 1), section: 0)
    #expect(try layout.scrollInfo(0).loopPeriod == 1572)
    let offset = try layout.scrollOffset(0)
    #expect(offset == 3 * 1572 + 786)
    #expect(report.sectionOffsetAdjustment == offset - (3 * 1310 + 524))
    let after = try elements(layout, in: Rect(x: 0, y: 0, width: 390, height: 844))
      .filter { $0.category == .cell }
    // The cards that were on screen are where they were, one index later, in the same lap.
    for cell in before {
      let twin = after.first { $0.item == cell.item + 1 && $0.copy == cell.copy }
      #expect(twin?.frame == cell.frame, "card \(cell.item) copy \(cell.copy)")
    }
    // Too few to loop at 390 after deleting four: the offset comes back into the bounds' lap.
    _ = try layout.changeItems(.delete(at: 0, count: 4), section: 0)
    let info = try layout.scrollInfo(0)
    #expect(info.loopPeriod == 0)
    #expect(info.offset >= info.minimumOffset && info.offset <= info.maximumOffset + 262)
  }

  /// A looping main scroll's item frames are the copy of the lap its offset is in, where the
  /// rect query frames that copy, bit for bit, in the batch too; offsets for an item still
  /// take its copy nearest the offset (docs/SNAPPING.md, "Looping").
  @Test(arguments: [false, true])
  func mainScrollFramesFollowTheLap(horizontal: Bool) throws {
    var scrolling = ScrollingProperties()
    scrolling.loop = true
    let row =
      horizontal
      ? hgroup(abs_(50), fh(1), .subitems([item(fw(1), fh(1))]))
      : hgroup(fw(1), abs_(50), .subitems([item(fw(1), fh(1))]))
    let layout = try solve(
      [LayoutSection(group: row, itemCount: 40)], height: 600,
      configuration: LayoutConfiguration(
        scrollDirection: horizontal ? .horizontal : .vertical, scrolling: scrolling),
      environment: LayoutEnvironment(layoutDirection: horizontal ? .rightToLeft : .leftToRight))
    let period = try layout.scrollInfo(-1).loopPeriod
    #expect(period == 2000)
    let canonical = try (Int64(0)..<40).map { try layout.itemFrame(section: 0, item: $0) }
    for offset in [100.0, 2100, -1900, 4100, -1e-9, 2000 * 1e6 + 100] {
      try layout.setScrollOffset(offset, container: -1)
      let lap = (try layout.canonicalOffset(offset, container: -1).shift / period).rounded()
      var batch: [Rect] = []
      try layout.itemFrames(section: 0, first: 0, count: 40) { _, frame in batch.append(frame) }
      for item in Int64(0)..<40 {
        let frame = try layout.itemFrame(section: 0, item: item)
        var moved = canonical[Int(item)]
        if horizontal { moved.x -= lap * period } else { moved.y += lap * period }
        #expect(frame == moved, "offset \(offset) item \(item)")
        #expect(batch[Int(item)] == frame)
        let shown = try elements(layout, in: frame).filter {
          $0.category == .cell && $0.item == item && $0.copy == Int32(lap)
        }
        #expect(shown.map(\.frame) == [frame], "offset \(offset) item \(item)")
      }
      // The copy of row 2 nearest the offset, whatever lap the frames are in.
      let nearest = 100 + ((offset - 100) / period).rounded() * period
      #expect(try layout.snapOffset(forSection: 0, item: 2, container: -1).offset == nearest)
      #expect(
        try layout.offsetToShow(section: 0, item: 2, alignment: .start, container: -1).offset
          == nearest)
    }
  }

  /// A looping main scroll shows, in every copy a rect reaches, what the same content without
  /// a loop shows there: cells measured past the content's end (rule 13), badges hanging
  /// above its start and below its end, each copy at its lap (docs/SELF-SIZING.md rule 13).
  @Test func mainScrollCopiesMatchTheContentWithoutALoop() throws {
    let over = SupplementaryItem(
      elementKind: "over", layoutSize: size(abs_(20), abs_(20)),
      containerAnchor: Anchor(edges: .top, offset: Point(x: 0, y: -30)))
    let under = SupplementaryItem(
      elementKind: "under", layoutSize: size(abs_(20), abs_(20)),
      containerAnchor: Anchor(edges: .bottom, offset: Point(x: 0, y: 30)))
    let row = hgroup(
      fw(1), abs_(60), .subitems([item(fw(0.5), est(40), badges: [over, under])]))
    func layout(loop: Bool) throws -> Layout {
      var scrolling = ScrollingProperties()
      scrolling.loop = loop
      var layout = try solve(
        [
          LayoutSection(
            group: hgroup(fw(1), abs_(80), .subitems([item(fw(1), fh(1))])), itemCount: 3),
          LayoutSection(group: row, itemCount: 40),
        ], configuration: LayoutConfiguration(scrolling: scrolling))
      // The last row's first cell reaches 112 pt past the content's end.
      _ = try layout.reportItemSize(Size(width: 193, height: 172), section: 1, item: 38)
      _ = try layout.reportItemSize(Size(width: 193, height: 90), section: 1, item: 5)
      return layout
    }
    let looped = try layout(loop: true)
    let plain = try layout(loop: false)
    let period = try looped.scrollInfo(-1).loopPeriod
    #expect(period == 240 + 1200)
    #expect(try plain.contentSize?.height == period)
    struct Key: Hashable {
      var kind: Int32
      var section: Int32
      var item: Int64
      var copy: Int32
    }
    var generator = Lcg(state: 13)
    for _ in 0..<300 {
      let offset = Double(Int(generator.next() % 12_000) - 6000)
      try looped.setScrollOffset(offset, container: -1)
      let y = offset + Double(Int(generator.next() % 3000) - 1500)
      let rect = Rect(x: 0, y: y, width: 390, height: Double(generator.next() % 300))
      var got: [Key: Rect] = [:]
      for element in try elements(looped, in: rect) {
        let key = Key(
          kind: element.kind, section: element.section, item: element.item, copy: element.copy)
        #expect(got[key] == nil, "\(key) twice")
        got[key] = element.frame
      }
      var want: [Key: Rect] = [:]
      let first = Int32(((rect.minY - period) / period).rounded(.down))
      let last = Int32((rect.maxY / period).rounded(.up))
      for copy in first...last {
        let shift = Double(copy) * period
        let moved = Rect(x: 0, y: y - shift, width: 390, height: rect.height)
        for element in try elements(plain, in: moved) {
          var frame = element.frame
          frame.y += shift
          want[Key(kind: element.kind, section: element.section, item: element.item, copy: copy)] =
            frame
        }
      }
      #expect(got == want, "offset \(offset), rect \(rect)")
    }
  }

  /// A looping list's segment around `x` is the last position at or before it and the next,
  /// with their offsets, as `rank` and `offset` give them bit for bit (the segment takes them
  /// from the lap and the lap's own segment instead of dividing the index out again):
  /// evenly spaced rows (closed form), rows of two lengths, the same units without the closed
  /// form, and pages whose last one is short at the seam; probes across ±60 laps, at every
  /// position and an ulp either side, and at the seams.
  @Test func segmentsAreTheRankAndOffsets() throws {
    var scrolling = ScrollingProperties()
    scrolling.loop = true
    scrolling.snapUnit = .item
    let short = hgroup(fw(1), abs_(50), .subitems([item(fw(1), fh(1))]))
    let long = hgroup(fw(1), abs_(73.3), .subitems([item(fw(1), fh(1))]))
    var lists: [(String, LoopedRests)] = []
    for (name, sections) in [
      ("even rows", [LayoutSection(group: short, itemCount: 30)]),
      ("rows of two lengths", [
        LayoutSection(group: short, itemCount: 11), LayoutSection(group: long, itemCount: 13),
      ]),
    ] {
      let layout = try solve(sections, configuration: LayoutConfiguration(scrolling: scrolling))
      let main = layout.solved.mainScroll
      guard let rests = main.looped, case .units(let units, _, _, _, _) = rests.canonical.source
      else {
        Issue.record("\(name): the main scroll does not loop over units")
        continue
      }
      #expect(name != "even rows" || units.uniform != nil, "the even rows must take the closed form")
      lists.append((name, rests))
      let general = SnapList(
        units: UnitSequence(
          store: layout.entries, alignConstant: units.alignConstant, closedForm: false),
        containment: .none, minimum: 0, maximum: 0)
      lists.append(("\(name), general", LoopedRests(canonical: general, period: rests.period)))
    }
    lists.append(
      ("pages", LoopedRests(canonical: SnapList(pageLength: 300, minimum: 0, maximum: 1200), period: 1390)))
    var generator = Lcg(state: 7)
    for (name, rests) in lists {
      var probes: [Double] = []
      for lap in [-60.0, -1, 0, 1, 7, 60] {
        for k in 0..<rests.count {
          let at = rests.offset(Int64(lap) * rests.count + k)
          probes += [at.nextDown, at, at.nextUp]
        }
        let seam = rests.offset(0) + lap * rests.period
        probes += [seam.nextDown, seam, seam.nextUp, seam - 0.5, seam + 0.5]
      }
      for _ in 0..<2_000 {
        probes.append((Double(generator.next() % 2_000_001) / 1_000_000 - 1) * 70 * rests.period)
      }
      for x in probes {
        let low = rests.rank(x, strict: false) - 1
        let segment = rests.segment(x)
        #expect(
          segment.low == low && segment.high == low + 1
            && segment.lowOffset == rests.offset(low) && segment.highOffset == rests.offset(low + 1),
          "\(name), x \(x): \(segment) against \(low) at \(rests.offset(low)), \(rests.offset(low + 1))")
        // Around `x`, within the rounding of the lap's offset (x is compared inside its lap).
        let slack = 1e-12 * Swift.max(Swift.abs(x), rests.period)
        #expect(
          segment.lowOffset <= x + slack && x < segment.highOffset + slack,
          "\(name), x \(x): \(segment)")
      }
    }
  }

  /// The reduction of offsets to laps is exact: the remainder is `fmod`'s (exact by
  /// definition) at every magnitude, and the laps put it back.
  @Test func lapsAreExact() {
    var generator = Lcg(state: 99)
    for _ in 0..<50_000 {
      let scale = [1.0, 1e3, 1e6, 1e9, 1e12, 1e15][Int(generator.next() % 6)]
      let x = (Double(generator.next() % 2_000_001) / 1_000_000 - 1) * scale
      let period = Double(generator.next() % 100_000 + 1) / Double(generator.next() % 64 + 1)
      let (laps, within) = Math.laps(x, period: period)
      var reference = x.truncatingRemainder(dividingBy: period)
      if reference < 0 { reference += period }
      if reference >= period { reference = 0 }
      #expect(within >= 0 && within < period)
      #expect(within == reference + 0, "\(x) mod \(period): \(within) vs \(reference)")
      #expect(Swift.abs(laps * period + within - x) <= Swift.abs(x) * 1e-15 + 1e-9)
    }
  }

  @Test("whole copies counted for a rect's early refusal lie wholly inside it")
  func wholeCopiesAreALowerBound() {
    // A rect whose copies of a measured looping section hold more cells than a bounded
    // visitor examines is refused before they are walked (rect soak, seed 108967): only
    // copies the rect holds whole may be counted, or a query that would succeed is refused.
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    func next() -> Double {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Double(state >> 11) / Double(1 << 53)
    }
    var counted: Int64 = 0
    for _ in 0..<20_000 {
      let scale = [1.0, 1e3, 1e7, 1e12][Int(next() * 4)]
      let period = (0.5 + next() * 100) * scale
      let extent = period + next() * period * 0.3 + 1
      let start = (next() - 0.5) * 200 * period
      let low = (next() - 0.5) * 200 * period
      let high = low + next() * 140 * period
      let copies = Int64(-64)..<Int64(65)
      let whole = LoopCopies.wholeCopies(
        copies, start: start, extent: extent, period: period, from: low, to: high)
      var inside: Int64 = 0
      for j in copies {
        let first = start + Double(j) * period
        if first >= low && first + extent <= high { inside += 1 }
      }
      #expect(whole <= inside, "period \(period) start \(start) rect \(low) ... \(high)")
      // Not a count of nothing: short of the exact count by at most the two it gives up.
      #expect(whole >= inside - 2, "period \(period) start \(start) rect \(low) ... \(high)")
      counted += whole
    }
    #expect(counted > 0)
  }
}
