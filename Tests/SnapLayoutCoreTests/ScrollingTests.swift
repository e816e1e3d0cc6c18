import SnapLayoutCore
import Testing

/// Resting offsets: the card carousel under both UIKit patterns and the standard rule,
/// the six orthogonal behaviors, and properties over many releases (docs/SNAPPING.md).
@Suite("Scrolling and snapping")
struct ScrollingTests {
  /// The card carousel (docs/SNAPPING.md): 320-pt cards, 7 pt apart, contentInset 34 on a 390-pt
  /// screen, scrolling horizontally. Stride 327; card k rests at k·327 − 34; bounds [−34, 2907]
  /// for 10 cards.
  func carousel(
    _ algorithm: SnapAlgorithm, rounding: UIKitRounding = .round, maxPages: Int? = nil,
    rate: Double = 0.99, items: Int64 = 10
  ) throws -> Layout {
    var scrolling = ScrollingProperties()
    scrolling.snapUnit = .item
    scrolling.contentInset = (34, 34)
    scrolling.algorithm = algorithm
    scrolling.rounding = rounding
    scrolling.decelerationRate = rate
    scrolling.maxPagesPerGesture = maxPages
    let group = hgroup(abs_(320), abs_(744), .subitems([item(fw(1), fh(1))]))
    return try solve(
      [LayoutSection(group: group, itemCount: items, interGroupSpacing: 7)], width: 390,
      height: 844,
      configuration: LayoutConfiguration(scrollDirection: .horizontal, scrolling: scrolling))
  }

  func target(
    _ layout: Layout, from start: Double, release: Double, velocity: Double,
    container: Int = mainScrollContainer, sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> Double {
    try layout.resolveScroll(
      ScrollRelease(startOffset: start, releaseOffset: release, velocity: velocity),
      container: container
    ).targetOffset
  }

  @Test("the carousel's rest positions: k·327 − 34, the last clamped to 2907")
  func carouselGeometry() throws {
    let layout = try carousel(.standard)
    let info = try layout.scrollInfo(mainScrollContainer)
    #expect(info.scrollsHorizontally && info.viewportLength == 390 && info.contentLength == 3263)
    #expect(info.minimumOffset == -34 && info.maximumOffset == 2907 && info.offset == -34)
    #expect(info.snapCount == 10)
    #expect(try layout.snapOffset(0, container: -1) == -34)
    #expect(try layout.snapOffset(4, container: -1) == 4 * 327 - 34)
    #expect(try layout.snapOffset(9, container: -1) == 2907)
    for index: Int64 in [-1, 10] {
      expectLayoutError(
        .outOfRange, path: "index",
        messageContains: "rest position \(index) does not exist; the container has 10"
      ) { _ = try layout.snapOffset(index, container: -1) }
    }
  }

  @Test(
    "UIKit's scrollViewWillEndDragging pattern with round(), fast deceleration",
    arguments: [
      // start, release, velocity (pt/s) → target. Projection = v/1000 · 99.
      (-34.0, 100.0, 0.0, -34.0),  // (100 + 34)/327 = 0.41 → 0
      (-34, 150, 0, 293),  // 0.56 → 1
      (-34, 0, 1000, -34),  // 0 + 99 → 0.41 → 0: the fling forward rests behind (the defect)
      (-34, 0, 2000, 293),  // 0 + 198 → 0.71 → 1
      (2907, 2907, 1000, 2907),  // 3006 → 9.30 → 9 → 2909, clamped
    ] as [(Double, Double, Double, Double)])
  func willEndDraggingRound(start: Double, release: Double, velocity: Double, expected: Double)
    throws
  {
    #expect(try target(carousel(.uikitWillEndDragging), from: start, release: release, velocity: velocity) == expected)
  }

  @Test(
    "UIKit's scrollViewWillEndDragging pattern with ceil/floor by direction and one-step paging",
    arguments: [
      (-34.0, 50.0, 500.0, 293.0),  // 99.5 → 0.41 → ceil 1
      (-34, 100, 10000, 293),  // 1090 → 3.44 → ceil 4, one step from 0 → 1
      (293, 250, -500, -34),  // 200.5 → 0.72 → floor 0
      (2907, 2907, 1000, 2907),  // ceil 10 → 3236, clamped
    ] as [(Double, Double, Double, Double)])
  func willEndDraggingDirectional(
    start: Double, release: Double, velocity: Double, expected: Double
  ) throws {
    let layout = try carousel(.uikitWillEndDragging, rounding: .directional, maxPages: 1)
    #expect(try target(layout, from: start, release: release, velocity: velocity) == expected)
  }

  @Test(
    "the flow layout targetContentOffset pattern: thresholds 0.2 and 2 pt/ms, normal deceleration",
    arguments: [
      (293.0, 293.0, 100.0, 293.0),  // |v| < 0.2: round((293 − 34)/327) = 1
      (293, 293, 500, 620),  // one page forward
      (293, 293, -500, -34),  // ceil(259/327) − 1 = 0
      (293, 400, 3000, 1928),  // |v| ≥ 2: round((400 + 1497 − 34)/327) = round(5.70) = 6
      (-34, 150, 0, -34),  // round(116/327) = 0: the inset bias (2·34/327 of a page)
      (2907, 2907, 500, 2907),  // page 10 → 3236, clamped to maxPage·327 − 34, then bounds
      (293, 560, 500, 947),  // round(526/327) = 2, +1 = 3: two pages from the touch-down page
    ] as [(Double, Double, Double, Double)])
  func flowTargetContentOffset(start: Double, release: Double, velocity: Double, expected: Double)
    throws
  {
    let layout = try carousel(.uikitTargetContentOffset, rate: 0.998)
    #expect(try target(layout, from: start, release: release, velocity: velocity) == expected)
  }

  @Test(
    "the standard rule fixes the UIKit patterns' defects",
    arguments: [
      (-34.0, 0.0, 1000.0, 293.0),  // a fling never rests behind (willEndDragging: −34)
      (293, 560, 500, 620),  // one page from the touch-down page (targetContentOffset: 947)
      (-34, 150, 0, 293),  // 0.56 of a page: no inset bias (targetContentOffset: −34)
      (-34, 100, 0, -34),  // 0.41 of a page, slow: back
      (293, 293, 0, 293),  // at rest with no velocity: stays
      (2907, 2907, 1000, 2907),  // at the end: nowhere further to go
    ] as [(Double, Double, Double, Double)])
  func standardRule(start: Double, release: Double, velocity: Double, expected: Double) throws {
    let layout = try carousel(.standard, maxPages: 1)
    #expect(try target(layout, from: start, release: release, velocity: velocity) == expected)
  }

  @Test("motion: a fling that heads for its target decays onto it; a slow drag back springs")
  func carouselMotion() throws {
    let layout = try carousel(.standard, maxPages: 1)
    let fling = try layout.resolveScroll(
      ScrollRelease(startOffset: -34, releaseOffset: 0, velocity: 1000), container: -1)
    #expect(fling.snapIndex == 1 && fling.item == 1 && fling.section == 0)
    // Landing by decay would keep 0.99659 per ms: slower than this fast (0.99) carousel may
    // glide (at most 0.995), so a spring pulls it to the page instead…
    #expect(fling.motion.kind == .spring)
    #expect(fling.motion.sample(at: fling.motion.duration).offset == 293)
    // …while 2000 pt/s over 293 pt lands by decay: e^(−2000/293/1000) = 0.99320 per ms.
    let brisk = try layout.resolveScroll(
      ScrollRelease(startOffset: -34, releaseOffset: 0, velocity: 2000), container: -1)
    #expect(brisk.targetOffset == 293 && brisk.motion.kind == .decay)
    #expect(Swift.abs(brisk.motion.decay - 2000.0 / 293) < 1e-12)
    // A small, slow drag forward then released back: a spring seeded with the forward
    // velocity turns smoothly instead of snapping (no jerk on small drags).
    let back = try layout.resolveScroll(
      ScrollRelease(startOffset: -34, releaseOffset: 20, velocity: 50), container: -1)
    #expect(back.targetOffset == -34 && back.motion.kind == .spring)
    #expect(back.motion.sample(at: 0).velocity == 50)
    #expect(back.motion.sample(at: 0.001).offset > 20)
    #expect(Swift.abs(back.releaseProgress - 54.0 / 327) < 1e-12)
  }

  /// A vertical layout with one orthogonal section: groups 312 wide (0.8 of 390), 10 apart,
  /// section insets 16: content 16 + 6·312 + 5·10 + 16 = 1954, bounds [0, 1564].
  func orthogonal(_ behavior: OrthogonalScrollingBehavior) throws -> Layout {
    let section = LayoutSection(
      group: hgroup(fw(0.8), abs_(200), .subitems([item(fw(1), fh(1))])), itemCount: 6,
      contentInsets: DirectionalEdgeInsets(top: 0, leading: 16, bottom: 0, trailing: 16),
      interGroupSpacing: 10, orthogonalScrollingBehavior: behavior)
    return try solve([section], width: 390, height: 844)
  }

  func snaps(_ layout: Layout, _ container: Int) throws -> [Double] {
    let count = try layout.snapCount(container)
    return try (0..<count).map { try layout.snapOffset($0, container: container) }
  }

  @Test("continuous: free deceleration at the normal rate, clamped")
  func continuous() throws {
    let layout = try orthogonal(.continuous)
    #expect(try layout.snapCount(0) == 0)
    let free = try target(layout, from: 0, release: 100, velocity: 500, container: 0)
    #expect(Swift.abs(free - (100 + 0.5 * 0.998 / 0.002)) < 1e-9)
    #expect(try target(layout, from: 0, release: 1400, velocity: 5000, container: 0) == 1564)
  }

  @Test("continuousGroupLeadingBoundary: group edges at the section inset, any number per fling")
  func leadingBoundary() throws {
    let layout = try orthogonal(.continuousGroupLeadingBoundary)
    #expect(try snaps(layout, 0) == [0, 322, 644, 966, 1288, 1564])
    // 100 + 499 = 599: nearest 644, two groups on.
    #expect(try target(layout, from: 0, release: 100, velocity: 1000, container: 0) == 644)
  }

  @Test("paging: pages of the viewport, the last one partial, one per gesture")
  func paging() throws {
    let layout = try orthogonal(.paging)
    #expect(try snaps(layout, 0) == [0, 390, 780, 1170, 1560, 1564])
    #expect(try target(layout, from: 0, release: 50, velocity: 500, container: 0) == 390)
    #expect(try target(layout, from: 0, release: 200, velocity: 0, container: 0) == 390)
    #expect(try target(layout, from: 0, release: 150, velocity: 0, container: 0) == 0)
    #expect(try target(layout, from: 390, release: 400, velocity: 20000, container: 0) == 780)
  }

  @Test("groupPaging: one group per gesture, however hard the fling")
  func groupPaging() throws {
    let layout = try orthogonal(.groupPaging)
    #expect(try snaps(layout, 0) == [0, 322, 644, 966, 1288, 1564])
    #expect(try target(layout, from: 0, release: 30, velocity: 300, container: 0) == 322)
    #expect(try target(layout, from: 0, release: 0, velocity: 10000, container: 0) == 322)
    #expect(try target(layout, from: 644, release: 600, velocity: -400, container: 0) == 322)
  }

  @Test("groupPagingCentered: centred groups, UIKit's extra insets, a negative first offset")
  func groupPagingCentered() throws {
    let layout = try orthogonal(.groupPagingCentered)
    // c_k = 16 + k·322 + 156 − 195 = k·322 − 23.
    #expect(try snaps(layout, 0) == [-23, 299, 621, 943, 1265, 1587])
    let info = try layout.scrollInfo(0)
    #expect(info.insetLeading == 23 && info.insetTrailing == 23 && info.offset == -23)
    #expect(try target(layout, from: -23, release: 0, velocity: 600, container: 0) == 299)
    // Resting on group 1, its cell is centred in the 390-pt viewport.
    try layout.setScrollOffset(299, container: 0)
    let frame = try layout.itemFrame(section: 0, item: 1)
    #expect(frame.midX == 195)
  }

  @Test("groupPagingCentered with pixel-rounded centring insets: the ends rest on the bounds")
  func groupPagingCenteredRoundedInsets() throws {
    // Groups of 0.85 · 390 = 331.5 pt: the centring inset (390 − 331.5)/2 = 29.25 rounds to
    // 88/3 pt at scale 3, so the exactly centred first and last groups lie a fraction of a point
    // inside the bounds; they rest on the bounds, where the carousel starts (docs/SNAPPING.md,
    // "Rest positions").
    let section = LayoutSection(
      group: hgroup(fw(0.85), abs_(200), .subitems([item(fw(1), fh(1))])), itemCount: 6,
      interGroupSpacing: 10, orthogonalScrollingBehavior: .groupPagingCentered)
    let layout = try solve(
      [section], width: 390, height: 844, environment: LayoutEnvironment(displayScale: 3))
    let info = try layout.scrollInfo(0)
    #expect(info.minimumOffset == -88.0 / 3 && info.offset == info.minimumOffset)
    let positions = try snaps(layout, 0)
    #expect(positions.count == 6)
    #expect(positions.first == info.minimumOffset && positions.last == info.maximumOffset)
    // The inner groups stay centred (frames are rounded to thirds of a point).
    for k in 1...4 {
      try layout.setScrollOffset(positions[k], container: 0)
      #expect(Swift.abs(try layout.itemFrame(section: 0, item: Int64(k)).midX - 195) <= 1.0 / 6)
      #expect(positions[k] > info.minimumOffset + 1 && positions[k] < info.maximumOffset - 1)
    }
    try layout.setScrollOffset(info.offset, container: 0)
    // A tap on the untouched carousel does not move it.
    #expect(try target(layout, from: info.offset, release: info.offset, velocity: 0, container: 0)
      == info.offset)
    #expect(try target(layout, from: 312.25, release: 300, velocity: -800, container: 0)
      == info.minimumOffset)
  }

  @Test("a section that does not scroll orthogonally is not a scroll container")
  func noneSection() throws {
    let layout = try orthogonal(.none)
    expectLayoutError(.invalidArgument, path: "container", messageContains: "does not scroll") {
      _ = try layout.scrollInfo(0)
    }
    expectLayoutError(.outOfRange, path: "container", messageContains: "does not exist") {
      _ = try layout.scrollInfo(1)
    }
  }

  @Test("right-to-left: the same logical decisions, mirrored frames")
  func rightToLeft() throws {
    let section = LayoutSection(
      group: hgroup(fw(0.8), abs_(200), .subitems([item(fw(1), fh(1))])), itemCount: 6,
      interGroupSpacing: 10, orthogonalScrollingBehavior: .groupPagingCentered)
    let ltr = try solve([section], width: 390)
    let rtl = try solve(
      [section], width: 390, environment: LayoutEnvironment(layoutDirection: .rightToLeft))
    #expect(try snaps(ltr, 0) == snaps(rtl, 0))
    let release = ScrollRelease(startOffset: -39, releaseOffset: 10, velocity: 700)
    let a = try ltr.resolveScroll(release, container: 0)
    let b = try rtl.resolveScroll(release, container: 0)
    #expect(a == b)
    try rtl.setScrollOffset(a.targetOffset, container: 0)
    try ltr.setScrollOffset(a.targetOffset, container: 0)
    let left = try ltr.itemFrame(section: 0, item: 1)
    let right = try rtl.itemFrame(section: 0, item: 1)
    #expect(left.midX == 195 && right.midX == 195)
  }

  @Test("content shorter than the viewport rests at start, centre or end")
  func insufficientContent() throws {
    for (alignment, expected) in [
      (InsufficientContentAlignment.start, 0.0), (.center, -95), (.end, -190),
    ] {
      var properties = ScrollingProperties()
      properties.insufficientContentAlignment = alignment
      let section = LayoutSection(
        group: hgroup(abs_(100), abs_(100), .subitems([item(fw(1), fh(1))])), itemCount: 2,
        orthogonalScrollingBehavior: .groupPaging, orthogonalScrollingProperties: properties)
      let layout = try solve([section], width: 390)
      #expect(try snaps(layout, 0) == [expected])
      #expect(try target(layout, from: 0, release: 30, velocity: 3000, container: 0) == expected)
    }
  }

  @Test("queries: index and progress, offsets for items, the in-flight reference")
  func queries() throws {
    let layout = try carousel(.standard, maxPages: 1)
    let position = try layout.snapPosition(at: 293 + 327 * 0.25, container: -1)
    #expect(position.index == 1 && position.progress == 1.25 && position.item == 1)
    let shown = try layout.snapOffset(forSection: 0, item: 3, container: -1)
    #expect(shown.offset == 3 * 327 - 34 && shown.index == 3)
    // A touch during a motion toward card 2 is measured from card 2, not from where it is.
    let flight = try layout.resolveScroll(
      ScrollRelease(startOffset: 293, releaseOffset: 400, velocity: 900), container: -1)
    #expect(flight.snapIndex == 2)
    let reference = try layout.referenceSnap(
      touchOffset: 450, inFlight: flight.motion, at: 0.02, container: -1)
    #expect(reference == 2)
    let afterwards = try layout.referenceSnap(
      touchOffset: 450, inFlight: flight.motion, at: 100, container: -1)
    #expect(afterwards == 1)
    // Re-grabbing and flinging again advances from the in-flight target.
    let next = try layout.resolveScroll(
      ScrollRelease(startOffset: 450, releaseOffset: 470, velocity: 900, referenceSnap: reference),
      container: -1)
    #expect(next.targetOffset == 3 * 327 - 34)
    // The release keeps its reference compactly; every Int64 but the sentinel reads back.
    var release = ScrollRelease(startOffset: 0, releaseOffset: 0, velocity: 0)
    #expect(release.referenceSnap == nil)
    for value: Int64 in [0, 2, -1, .max, .min + 1] {
      release.referenceSnap = value
      #expect(release.referenceSnap == value)
    }
    release.referenceSnap = nil
    #expect(release == ScrollRelease(startOffset: 0, releaseOffset: 0, velocity: 0))
    // A decision resolved in place is the decision returned.
    var inPlace = SnapDecision.unresolved
    try layout.resolveScroll(
      ScrollRelease(startOffset: 293, releaseOffset: 400, velocity: 900), container: -1,
      into: &inPlace)
    #expect(inPlace == flight)
  }

  @Test("release arguments must be finite; absurd velocities are clamped")
  func badReleases() throws {
    let layout = try carousel(.standard)
    for release in [
      ScrollRelease(startOffset: .nan, releaseOffset: 0, velocity: 0),
      ScrollRelease(startOffset: 0, releaseOffset: .infinity, velocity: 0),
      ScrollRelease(startOffset: 0, releaseOffset: 0, velocity: -.infinity),
    ] {
      expectLayoutError(.invalidArgument, path: "release", messageContains: "finite") {
        _ = try layout.resolveScroll(release, container: -1)
      }
    }
    // Far out of bounds (overscroll) is fine: the decision clamps, the motion starts there.
    let overscroll = try layout.resolveScroll(
      ScrollRelease(startOffset: -34, releaseOffset: -200, velocity: 0), container: -1)
    #expect(overscroll.targetOffset == -34 && overscroll.motion.startOffset == -200)
    // Absurd velocities are clamped to ScrollRelease.maximumVelocity: finite motions.
    for velocity in [1e7, 1e300, -Double.greatestFiniteMagnitude] {
      let decision = try layout.resolveScroll(
        ScrollRelease(startOffset: 300, releaseOffset: 293.5, velocity: velocity), container: -1)
      let motion = decision.motion
      #expect(Swift.abs(motion.startVelocity) == ScrollRelease.maximumVelocity)
      #expect(motion.duration.isFinite)
      for t in [0, 1e-4, motion.duration / 2, motion.duration] {
        let state = motion.sample(at: t)
        #expect(state.offset.isFinite && state.velocity.isFinite, "\(velocity) at \(t)")
      }
      #expect(motion.sample(at: motion.duration).offset == decision.targetOffset)
    }
    // A release a hair before its target, heading for it: at rest there, no spring.
    for distance in [1e-300, 1e-9] {
      let decision = try layout.resolveScroll(
        ScrollRelease(startOffset: 293, releaseOffset: 293 - distance, velocity: 2), container: -1)
      #expect(decision.targetOffset == 293 && decision.motion.duration.isFinite)
      #expect(decision.motion.sample(at: decision.motion.duration).offset == 293)
    }
  }

  @Test(
    "properties over many releases: in bounds, never against a fling, step limits honoured",
    arguments: [
      OrthogonalScrollingBehavior.continuousGroupLeadingBoundary, .paging, .groupPaging,
      .groupPagingCentered,
    ])
  func properties(behavior: OrthogonalScrollingBehavior) throws {
    let layout = try orthogonal(behavior)
    let info = try layout.scrollInfo(0)
    let count = info.snapCount
    var generator = QueryTests.Generator(state: UInt64(behavior.rawValue) * 7 + 1)
    for _ in 0..<2000 {
      let reference = Int64(generator.next(0...Double(count) - 0.001))
      let start = try layout.snapOffset(reference, container: 0)
      let release = start + generator.next(-600...600)
      let velocity = generator.next(0...1) < 0.2 ? 0 : generator.next(-6000...6000)
      let decision = try layout.resolveScroll(
        ScrollRelease(startOffset: start, releaseOffset: release, velocity: velocity), container: 0)
      #expect(decision.targetOffset >= info.minimumOffset && decision.targetOffset <= info.maximumOffset)
      #expect(decision.snapIndex >= 0 && decision.snapIndex < count)
      #expect(try layout.snapOffset(decision.snapIndex, container: 0) == decision.targetOffset)
      let steps = decision.snapIndex - reference
      let limit = Int64(info.maxPagesPerGesture)
      if Swift.abs(velocity) >= 200 {
        // The page never moves against a fling (with free-sticky snapping the release point,
        // checked next, is the reference)…
        if limit > 0 { #expect(Double(steps) * velocity >= 0) }
        // …nor does the target rest behind the release point, unless the step limit stops
        // it (a drag carried past the limit springs back to it).
        let clamped = min(max(release, info.minimumOffset), info.maximumOffset)
        #expect(
          (decision.targetOffset - clamped) * velocity >= -1e-9 || (limit > 0 && Swift.abs(steps) == limit))
      }
      if limit > 0 {
        #expect(Swift.abs(steps) <= limit)
      }
      // At rest on a rest position with no velocity, nothing moves.
      let still = try layout.resolveScroll(
        ScrollRelease(startOffset: start, releaseOffset: start, velocity: 0), container: 0)
      #expect(still.targetOffset == start && still.motion.kind == .none)
    }
  }
}
