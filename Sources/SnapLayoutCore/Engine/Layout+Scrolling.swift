/// The identity of the main scroll among scroll containers (sections are 0, 1, …).
public let mainScrollContainer = -1

/// Facts about one scroll container.
public struct ScrollInfo: Equatable, Sendable {
  public var container: Int
  /// Whether the container scrolls along the host's x axis.
  public var scrollsHorizontally: Bool
  public var viewportLength: Double
  public var contentLength: Double
  public var insetLeading: Double
  public var insetTrailing: Double
  public var minimumOffset: Double
  public var maximumOffset: Double
  public var offset: Double
  /// Rest positions (0 = free deceleration).
  public var snapCount: Int64
  public var behavior: OrthogonalScrollingBehavior
  public var snapUnit: SnapUnit
  public var maxPagesPerGesture: Int
  /// Velocity kept per millisecond.
  public var decelerationRate: Double
  public var bounce: Bounce
  /// Whether the configuration asks the container to loop, and the loop's period when it does
  /// loop (0: it does not, or its content is too short; docs/SNAPPING.md, "Looping").
  public var loopRequested = false
  public var loopPeriod = 0.0
}

/// Where an offset is among a container's rest positions.
public struct SnapPosition: Equatable, Sendable {
  /// The nearest rest position (ties go to the lower index).
  public var index: Int64
  /// `k + (offset − B_k)/(B_{k+1} − B_k)`, clamped to `0 ... count − 1`.
  public var progress: Double
  /// The item resting at the nearest position, or -1, -1.
  public var section: Int32
  public var item: Int64
}

extension Layout {
  /// Runs `body` with the scroll container `container` (`mainScrollContainer` or an
  /// orthogonal section) borrowed, without reference counting (which would
  /// cost more than most queries): the layout keeps its containers alive while it is not
  /// mutated, and a query never mutates it.
  @inline(always)
  func withScroll<R>(_ container: Int, _ body: (ScrollContainer) -> R) throws(LayoutError) -> R {
    try scrollReference(container)._withUnsafeGuaranteedRef(body)
  }

  @inline(always)
  private func scrollReference(_ container: Int) throws(LayoutError) -> Unmanaged<ScrollContainer> {
    try requireSolved()
    if container == mainScrollContainer { return Unmanaged.passUnretained(solved.mainScroll) }
    guard container >= 0, container < entries.count else {
      throw LayoutError(
        .outOfRange,
        "scroll container \(container) does not exist; use -1 for the main scroll or a section "
          + "index below \(entries.count)", path: "container")
    }
    guard let scroll = entries[container].scroll else {
      throw LayoutError(
        .invalidArgument,
        "section \(container) does not scroll orthogonally (its orthogonalScrollingBehavior is "
          + "none); its items scroll with the main scroll (-1)", path: "container")
    }
    return Unmanaged.passUnretained(scroll)
  }

  public func scrollInfo(_ container: Int) throws(LayoutError) -> ScrollInfo {
    try withScroll(container) { scroll in
      var info = ScrollInfo(
        container: container,
        scrollsHorizontally: (container == mainScrollContainer) == transposed,
        viewportLength: scroll.viewportLength, contentLength: scroll.contentLength,
        insetLeading: scroll.insetLeading, insetTrailing: scroll.insetTrailing,
        minimumOffset: scroll.minimumOffset, maximumOffset: scroll.maximumOffset,
        offset: container == mainScrollContainer ? mainOffset : entries[container].offset,
        snapCount: scroll.snaps.isFree ? 0 : scroll.snaps.count, behavior: scroll.behavior,
        snapUnit: scroll.settings.snapUnit, maxPagesPerGesture: scroll.settings.maxSteps,
        decelerationRate: scroll.settings.decelerationRate, bounce: scroll.settings.bounce)
      info.loopRequested = scroll.settings.loop
      info.loopPeriod = scroll.period ?? 0
      return info
    }
  }

  /// The offset equivalent to `offset` in a looping container's canonical lap, and the shift
  /// between them (`offset − shift`): a host re-bases its offset, and a motion in flight, by
  /// the shift without a visible jump. A container that does not loop gives `offset` and 0
  /// (docs/SNAPPING.md, "Looping").
  public func canonicalOffset(_ offset: Double, container: Int) throws(LayoutError)
    -> (offset: Double, shift: Double)
  {
    guard offset.isFinite, Swift.abs(offset) <= Layout.maxOffset else {
      throw LayoutError(
        .invalidArgument,
        "the offset must be a finite number from -1e100 to 1e100 (got \(offset))", path: "offset")
    }
    return try withScroll(container) { $0.canonical(offset) }
  }

  /// The current offset of a container.
  public func scrollOffset(_ container: Int) throws(LayoutError) -> Double {
    try withScroll(container) { _ in }
    return container == mainScrollContainer ? mainOffset : entries[container].offset
  }

  /// Sets a container's offset. Not clamped: offsets outside the rest bounds are overscroll.
  public func setScrollOffset(_ offset: Double, container: Int) throws(LayoutError) {
    guard offset.isFinite, Swift.abs(offset) <= Layout.maxOffset else {
      throw LayoutError(
        .invalidArgument,
        "the offset must be a finite number from -1e100 to 1e100 (got \(offset))", path: "offset")
    }
    // What the layout put the container on is remembered while the offset stays there
    // (docs/SNAPPING.md, "Through layout changes", rule 5).
    if let memory = restMemory?[container], memory.offset != offset {
      restMemory![container] = nil
      if restMemory!.isEmpty { restMemory = nil }
    }
    if container == mainScrollContainer {
      mainOffset = offset
      hostSetMainOffset = true
      mainOffsetBase = nil
      return
    }
    try checkSection(container)
    guard entries[container].isOrthogonal else {
      throw LayoutError(
        .invalidArgument,
        "section \(container) does not scroll orthogonally (its orthogonalScrollingBehavior is "
          + "none)", path: "container")
    }
    entries[container].offset = offset
    entries[container].hostSetOffset = true
    sectionOffsetBase = nil
  }

  /// Where a released drag comes to rest, and the motion that takes it there.
  /// Offsets out of bounds (overscroll) are clamped for the decision; the motion starts from
  /// the real release offset.
  /// - Complexity: O(log sections).
  public func resolveScroll(_ release: ScrollRelease, container: Int) throws(LayoutError)
    -> SnapDecision
  {
    var decision = SnapDecision.unresolved
    try resolveScroll(release, container: container, into: &decision)
    return decision
  }

  /// `resolveScroll(_:container:)` writing into `decision`, for callers that keep it in place
  /// (the C export: no temporary to copy on the hot path).
  public func resolveScroll(
    _ release: ScrollRelease, container: Int, into decision: inout SnapDecision
  ) throws(LayoutError) {
    guard Swift.abs(release.startOffset) <= Layout.maxOffset,
      Swift.abs(release.releaseOffset) <= Layout.maxOffset, release.velocity.isFinite
    else {
      // NaN fails the comparisons too. Past ±1e100 a motion's distance overflows (found by
      // the libFuzzer API target: a release at -DBL_MAX sampled to -inf).
      throw LayoutError(
        .invalidArgument,
        "offsets must be finite numbers from -1e100 to 1e100 and the velocity finite",
        path: "release")
    }
    // The velocity is clamped inside `resolve`: a modified copy of the release here went
    // through memory and cost a store-forwarding stall per call (+40%, docs/PERFORMANCE.md).
    try withScroll(container) { decision = $0.resolve(release) }
    // An orthogonal section's scroll names its only section 0 (it does not know its index).
    if container >= 0 && decision.section >= 0 {
      decision.section = Int32(truncatingIfNeeded: container)
    }
  }

  /// The nearest rest position and fractional progress of an offset.
  public func snapPosition(at offset: Double, container: Int) throws(LayoutError) -> SnapPosition {
    guard offset.isFinite else {
      throw LayoutError(.invalidArgument, "the offset must be a finite number", path: "offset")
    }
    return try withScroll(container) { scroll in
      let snaps = scroll.snaps
      guard !snaps.isFree else {
        return SnapPosition(index: -1, progress: 0, section: -1, item: -1)
      }
      if scroll.mayHaveRanges {
        // Positions that cover ranges: inside one, at it; between, the fraction of the way from
        // one's end to the next one's start (docs/SNAPPING.md, "Items longer than the
        // viewport").
        let around = scroll.looped?.segment(offset) ?? snaps.segment(offset)
        let low = scroll.range(around.low)
        let high = scroll.range(around.high)
        // The index by the one rule (nearestRest); the progress from the ranges' ends.
        let index = scroll.nearestRest(offset)
        var progress = 0.0
        if scroll.restHolding(offset) == nil && around.low != around.high && offset > low.high
          && offset < high.low
        {
          let fraction = (offset - low.high) / (high.low - low.high)
          progress = index == around.high ? fraction - 1 : fraction
        }
        let k = scroll.looped?.canonicalIndex(index) ?? index
        let item = snaps.item(k)
        let section = container >= 0 ? Int32(truncatingIfNeeded: container) : item?.section ?? -1
        var value = Double(k) + progress
        if scroll.looped == nil {
          value = min(max(value, 0), Double(snaps.count - 1))
        } else {
          // Past 2⁵³ positions k + fraction rounds up to the count itself, the seam's other
          // side (found by the fuzzer, `fuzz_api`: 2⁶³ − 1 positions).
          value = LoopedRests.canonical(value, count: snaps.count)
        }
        return SnapPosition(
          index: k, progress: value, section: item == nil ? -1 : section, item: item?.item ?? -1)
      }
      if let looped = scroll.looped {
        // Canonical index and progress (docs/SNAPPING.md, "Looping").
        let around = looped.segment(offset)
        let index = looped.canonicalIndex(looped.nearest(offset, in: around).index)
        let item = snaps.item(index)
        let section = container >= 0 ? Int32(truncatingIfNeeded: container) : item?.section ?? -1
        // On positions that share the offset, the progress is the index: the first of them.
        return SnapPosition(
          index: index,
          progress: offset == around.lowOffset ? Double(index) : looped.progress(offset, in: around),
          section: item == nil ? -1 : section, item: item?.item ?? -1)
      }
      // One lookup for both: the nearest position is an end of the segment around `offset`.
      let around = snaps.segment(offset)
      let index = snaps.nearest(offset, in: around).index
      let item = snaps.item(index)
      // An orthogonal section's scroll names its only section 0 (it does not know its index).
      let section = container >= 0 ? Int32(truncatingIfNeeded: container) : item?.section ?? -1
      return SnapPosition(
        index: index,
        progress: offset == around.lowOffset ? Double(index) : snaps.progress(offset, in: around),
        section: item == nil ? -1 : section, item: item?.item ?? -1)
    }
  }

  /// The number of rest positions (0 for free deceleration).
  public func snapCount(_ container: Int) throws(LayoutError) -> Int64 {
    try withScroll(container) { $0.snaps.isFree ? 0 : $0.snaps.count }
  }

  /// The offset of rest position `index`.
  public func snapOffset(_ index: Int64, container: Int) throws(LayoutError) -> Double {
    let offset: Double? = try withScroll(container) { scroll in
      let count = scroll.snaps.isFree ? 0 : scroll.snaps.count
      return index >= 0 && index < count ? scroll.snaps.offset(index) : nil
    }
    guard let offset else {
      throw LayoutError(
        .outOfRange,
        "rest position \(index) does not exist; the container has \(try snapCount(container))",
        path: "index")
    }
    return offset
  }

  /// The offsets rest position `index` covers: its own offset twice, or — for an item longer
  /// than the viewport — every offset that keeps the snapport inside it, `low ... high`, the
  /// position's offset among them (docs/SNAPPING.md, "Items longer than the viewport"). In a
  /// loop, in the canonical lap.
  /// - Complexity: O(log sections).
  public func snapRange(_ index: Int64, container: Int) throws(LayoutError)
    -> (low: Double, high: Double)
  {
    _ = try snapOffset(index, container: container)
    return try withScroll(container) { scroll in
      guard scroll.mayHaveRanges else {
        let point = scroll.snaps.offset(index)
        return (point, point)
      }
      if scroll.looped != nil {
        return scroll.snaps.range(
          index, alignment: scroll.settings.alignment, snapport: scroll.snapportLength)
      }
      return scroll.range(index)
    }
  }

  /// The rest offset that shows an item (programmatic scroll to an item), and its index.
  /// With free deceleration or pages, the offset aligns the item's start with the viewport's
  /// start, clamped.
  public func snapOffset(forSection section: Int, item: Int64, container: Int)
    throws(LayoutError) -> (offset: Double, index: Int64)
  {
    // Pages and free scrolls: bring the item's start to the snapport's start.
    let span = try itemSpan(section: section, item: item, container: container)
    let start = span.low
    return try withScroll(container) { scroll in
      // An orthogonal section's scroll names its only section 0.
      let own = container == mainScrollContainer ? Int32(section) : 0
      if let index = scroll.snaps.index(ofSection: own, item: item) {
        if let looped = scroll.looped {
          // The copy nearest where the container is (docs/SNAPPING.md, "Looping").
          let current = container == mainScrollContainer ? mainOffset : entries[container].offset
          return (looped.offset(looped.nearestCopy(of: index, to: current)), index)
        }
        return (scroll.snaps.offset(index), index)
      }
      let padding = scroll.settings.padding.leading
      var offset = start - padding
      var lap = 0.0
      let current = container == mainScrollContainer ? mainOffset : entries[container].offset
      if let period = scroll.period {
        // Pages and free loops: the item's start in the lap nearest where the container is.
        lap = Math.nearestLaps(current - offset, period: period)
        offset += lap
      } else {
        offset = scroll.clamp(offset)
      }
      if scroll.snaps.isFree { return (offset, -1) }
      // Pages: a page, so that a release there stays; the one that holds the item's start (the
      // last at or before it, within a point), or the next when that shows more of the item
      // (docs/SNAPPING.md, "Rest positions").
      let (low, high) = (span.low + lap, span.high + lap)
      func shown(_ page: Double) -> Double {
        min(high, page + padding + scroll.snapportLength) - max(low, page + padding)
      }
      if let looped = scroll.looped {
        var page = looped.rank(offset + SnapList.tolerance, strict: false) - 1
        if shown(looped.offset(page + 1)) > shown(looped.offset(page)) { page += 1 }
        // That page's copy nearest where the container is, as for units: the item's nearest
        // copy may lie in a page whose start is farther than half a period (the wheel's
        // property test: a looping flow paged by its viewport).
        let k = looped.canonicalIndex(page)
        return (looped.offset(looped.nearestCopy(of: k, to: current)), k)
      }
      let snaps = scroll.snaps
      var page = max(snaps.rank(offset + SnapList.tolerance, strict: false) - 1, 0)
      if page + 1 < snaps.count && shown(snaps.offset(page + 1)) > shown(snaps.offset(page)) {
        page += 1
      }
      return (snaps.offset(page), page)
    }
  }

  /// An item's span along `container`'s axis, in that container's offsets (an orthogonal
  /// section's frames are given at its `frameOffset`; a looping main scroll's, in its canonical
  /// copy: each caller chooses the copy), after checking the container, the item
  /// and that the item is in the container.
  func itemSpan(section: Int, item: Int64, container: Int) throws(LayoutError)
    -> (low: Double, high: Double)
  {
    try withScroll(container) { _ in }
    let frame = try canonicalItemFrame(section: section, item: item)
    if container != mainScrollContainer && section != container {
      throw LayoutError(
        .invalidArgument,
        "item \(item) of section \(section) is not in scroll container \(container)",
        path: "section")
    }
    let canonical = space.canonical(frame)
    if container == mainScrollContainer { return (canonical.minY, canonical.maxY) }
    let base = entries[container].frameOffset
    return (canonical.minX + base, canonical.maxX + base)
  }

  /// The rest position a new touch should be measured from: the target of a motion still in
  /// flight at time `t`, else the position nearest the touch (docs/SNAPPING.md, "The release
  /// pipeline", step 1).
  public func referenceSnap(
    touchOffset: Double, inFlight motion: Motion?, at t: Double, container: Int
  ) throws(LayoutError) -> Int64 {
    guard touchOffset.isFinite, t.isFinite else {
      throw LayoutError(
        .invalidArgument, "the touch offset and the time must be finite numbers",
        path: touchOffset.isFinite ? "time" : "touch_offset")
    }
    return try withScroll(container) { scroll in
      guard !scroll.snaps.isFree else { return -1 }
      if let motion, !motion.sample(at: t).settled {
        return scroll.nearestCanonical(scroll.clamp(motion.targetOffset))
      }
      return scroll.nearestCanonical(scroll.clamp(touchOffset))
    }
  }
}
