/// A step a host asks for without touch: a key, a rotary encoder's detent, a remote's D-pad, an
/// autoplay timer (docs/SNAPPING.md, "Navigation without touch").
public enum NavigationAction: Equatable, Sendable {
  /// `steps` rest positions toward the end (a free container: `steps` snapports).
  case next(steps: Int64)
  /// `steps` rest positions toward the start.
  case previous(steps: Int64)
  /// Rest position `index`.
  case to(index: Int64)
  /// The first rest position (a free container: its start bound).
  case first
  /// The last rest position (a free container: its end bound).
  case last
}

extension Layout {
  /// The rest position a container is at or heading to: the target of `motion` while it is
  /// still in flight at time `t`, otherwise the position nearest the container's offset; -1
  /// for a container without rest positions (docs/SNAPPING.md, "Navigation without touch").
  /// The same rule as `referenceSnap` at the container's own offset.
  public func selectedSnap(container: Int, inFlight motion: Motion?, at t: Double)
    throws(LayoutError) -> Int64
  {
    let offset = try scrollOffset(container)
    if motion.map({ $0.sample(at: t).settled }) ?? true,
      let remembered = rememberedSnap(at: offset, container: container)
    {
      return remembered
    }
    return try referenceSnap(touchOffset: offset, inFlight: motion, at: t, container: container)
  }

  /// The rest position the layout put `container` on while its offset is still `offset` there
  /// — a jump to it, or a re-snap — when several positions share that offset (docs/SNAPPING.md,
  /// "Through layout changes", rule 5): in a loop its unrolled copy at `offset`; nil when the
  /// layout remembers none there.
  func rememberedRest(at offset: Double, in scroll: ScrollContainer, container: Int) -> Int64? {
    guard let memory = restMemory?[container], memory.offset == offset, !scroll.snaps.isFree
    else { return nil }
    let snaps = scroll.snaps
    let index: Int64
    switch memory.element {
    case .start: index = 0
    case .end: index = snaps.count - 1
    case .unit(let section, let item):
      guard
        let found = snaps.index(
          ofSection: container == mainScrollContainer ? section : 0, item: item)
      else { return nil }
      index = found
    case .nearest: return nil
    }
    if let looped = scroll.looped {
      let copy = looped.nearestCopy(of: index, to: offset)
      return looped.offset(copy) == offset ? copy : nil
    }
    return scroll.clamp(snaps.offset(index)) == offset ? index : nil
  }

  /// The last rest position at the offset of position `index` (`index` when no later one
  /// shares it). - Complexity: O(1) unless positions share it, then O(log n).
  static func lastSharing(_ index: Int64, in snaps: SnapList) -> Int64 {
    guard index + 1 < snaps.count else { return index }
    let at = snaps.offset(index)
    guard snaps.offset(index + 1) == at else { return index }
    return max(index, min(snaps.rank(at, strict: false) - 1, snaps.count - 1))
  }

  /// `rememberedRest`'s canonical index.
  private func rememberedSnap(at offset: Double, container: Int) -> Int64? {
    guard restMemory?[container] != nil, let scroll = scroll(of: container) else { return nil }
    return rememberedRest(at: offset, in: scroll, container: container).map {
      scroll.looped?.canonicalIndex($0) ?? $0
    }
  }

  /// Where `action` takes a container from its current state, and the motion that takes it
  /// there: from the container's offset at rest, or — when `motion` is still in flight at time
  /// `t` — from that motion's offset and velocity, counting from its target, so that three
  /// quick presses of "next" go three positions. Reads the layout only; the host runs the
  /// motion and sets the offsets as after a release. `maxPagesPerGesture` does not apply: the
  /// host asked for the steps.
  /// - Complexity: O(log sections).
  public func navigate(
    _ action: NavigationAction, container: Int, inFlight motion: Motion?, at t: Double
  ) throws(LayoutError) -> SnapDecision {
    try navigate(action, container: container, inFlight: motion, at: t, rangeStep: nil)
  }

  /// `navigate(_:container:inFlight:at:)`; inside a rest position that covers a range (an item
  /// longer than the viewport), next and previous move `rangeStep` points a step (nil: a
  /// snapport) until its far edge (docs/SNAPPING.md, "Items longer than the viewport").
  func navigate(
    _ action: NavigationAction, container: Int, inFlight motion: Motion?, at t: Double,
    rangeStep: Double?
  ) throws(LayoutError) -> SnapDecision {
    guard t.isFinite else {
      throw LayoutError(.invalidArgument, "the time must be a finite number", path: "time")
    }
    switch action {
    case .next(let steps), .previous(let steps):
      guard steps >= 1 else {
        throw LayoutError(
          .invalidArgument, "the number of steps must be at least 1 (got \(steps))",
          path: "argument")
      }
    case .to, .first, .last: break
    }
    let offset = try scrollOffset(container)
    let state = try motion.map { m throws(LayoutError) in try inFlightState(m, at: t) }
    let moving = state.map { !$0.settled } ?? false
    let start = moving ? state!.offset : offset
    let velocity = moving ? state!.velocity : 0
    // Where the container is heading: the motion's target, or where it is.
    let heading = moving ? motion!.targetOffset : offset
    let planned: (decision: SnapDecision, missing: Int64?) = try withScroll(container) { scroll in
      let snaps = scroll.snaps
      var decision = SnapDecision.unresolved
      var target: Double
      if snaps.isFree {
        let page = max(scroll.snapportLength, 1)
        switch action {
        case .next(let steps): target = heading + Double(steps) * page
        case .previous(let steps): target = heading - Double(steps) * page
        case .first: target = scroll.minimumOffset
        case .last: target = scroll.maximumOffset
        case .to(let index): return (decision, index)
        }
        if let period = scroll.period, action == .first || action == .last {
          // A free loop: the content's start (or its end at the viewport's end) in the lap
          // nearest where the container is heading.
          target = action == .first ? 0 : period - scroll.viewportLength
          target += Math.nearestLaps(heading - target, period: period)
        }
        target = scroll.clamp(target)
      } else if let inside = Layout.stepInside(scroll, action, heading: heading, step: rangeStep) {
        // Inside an item longer than the viewport, short of its far edge: a step within it.
        target = inside.target
        let k = scroll.looped?.canonicalIndex(inside.index) ?? inside.index
        let item = snaps.item(k)
        // Counted from the position selected there: the same one, or one resting where the
        // range begins (a bound).
        let from =
          (moving ? nil : rememberedRest(at: heading, in: scroll, container: container))
          ?? scroll.nearestRest(heading)
        decision.snapIndex = k
        decision.referenceSnap = scroll.looped?.canonicalIndex(from) ?? from
        decision.releaseProgress = Double(k)
        decision.section = item?.section ?? -1
        decision.item = item?.item ?? -1
      } else if let looped = scroll.looped {
        // A loop: steps cross the seam; a named position is reached by its nearest copy
        // (docs/SNAPPING.md, "Looping").
        var base: Int64
        if let remembered = moving
          ? nil : rememberedRest(at: heading, in: scroll, container: container)
        {
          base = remembered
        } else if let at = scroll.restsAt(heading) {
          // As below: from the last of the positions at the offset going forward.
          if case .next = action { base = at.last } else { base = at.first }
        } else {
          base = scroll.nearestRest(heading)
        }
        if case .next = action, base == scroll.nearestRest(heading) {
          // Cells measured 0 wide: the last sharing the offset (in the lap of the nearest).
          let k = looped.canonicalIndex(base)
          base += Layout.lastSharing(k, in: looped.canonical) - k
        }
        let limit = Int64.max / 8
        var index: Int64
        switch action {
        case .next(let steps): index = base &+ min(steps, limit)
        case .previous(let steps): index = base &- min(steps, limit)
        case .first: index = looped.nearestCopy(of: 0, to: heading)
        case .last: index = looped.nearestCopy(of: looped.count - 1, to: heading)
        case .to(let wanted):
          guard wanted >= 0, wanted < looped.count else { return (decision, wanted) }
          index = looped.nearestCopy(of: wanted, to: heading)
        }
        target = Layout.entered(
          scroll, index, action, point: looped.offset(index), heading: heading, from: base)
        // A step never stays where it is: past positions at the same offset (a card measured
        // 0 wide on the seam, the next lap's first at the same offset), at most 64 on (a
        // bound, not a walk that grows with the item count). TO, FIRST and LAST stay put.
        let direction: Int64
        switch action {
        case .next: direction = 1
        case .previous: direction = -1
        default: direction = 0
        }
        var extra = 0
        while direction != 0 && target == heading && index != base && extra < 64 {
          index &+= direction
          target = Layout.entered(
            scroll, index, action, point: looped.offset(index), heading: heading, from: base)
          extra += 1
        }
        let k = looped.canonicalIndex(index)
        let item = snaps.item(k)
        decision.snapIndex = k
        decision.referenceSnap = looped.canonicalIndex(base)
        decision.releaseProgress = looped.progress(start)
        decision.section = item?.section ?? -1
        decision.item = item?.item ?? -1
      } else {
        var base: Int64
        if let remembered = moving
          ? nil : rememberedRest(at: heading, in: scroll, container: container)
        {
          base = remembered
        } else if let at = scroll.restsAt(scroll.clamp(heading)) {
          // Without a position the layout put it on, NEXT counts from the last of the positions
          // at the offset (those resting there and a long unit's range reaching it), PREVIOUS
          // and the others from the first, so that a step leaves the offset, and at the end
          // gives the position it counted from: a host running the motions NEXT returns never
          // stays on one offset (docs/SNAPPING.md, "Positions that share an offset").
          if case .next = action { base = at.last } else { base = at.first }
        } else {
          base = scroll.nearestRest(scroll.clamp(heading))
          if case .next = action { base = Layout.lastSharing(base, in: snaps) }
        }
        let last = snaps.count - 1
        let index: Int64
        switch action {
        case .next(let steps): index = base >= last - min(steps, last) ? last : base + steps
        case .previous(let steps): index = base <= min(steps, last) ? 0 : base - steps
        case .first: index = 0
        case .last: index = last
        case .to(let wanted):
          guard wanted >= 0, wanted <= last else { return (decision, wanted) }
          index = wanted
        }
        target = Layout.entered(
          scroll, index, action, point: scroll.clamp(snaps.offset(index)), heading: heading,
          from: base)
        let item = snaps.item(index)
        decision.snapIndex = index
        decision.referenceSnap = base
        decision.releaseProgress = snaps.progress(start)
        decision.section = item?.section ?? -1
        decision.item = item?.item ?? -1
      }
      decision.targetOffset = target
      decision.motion = Motion.plan(
        from: start, velocity: velocity, to: target, omega: scroll.settings.spring.omega,
        dampingRatio: scroll.settings.spring.ratio, landing: scroll.landing,
        tolerance: scroll.tolerance)
      return (decision, nil)
    }
    if let missing = planned.missing {
      let count = try snapCount(container)
      throw LayoutError(
        .outOfRange,
        "rest position \(missing) does not exist; the container has \(count)"
          + (count == 0 ? " (it scrolls freely: use next, previous, first or last)" : ""),
        path: "argument")
    }
    var decision = planned.decision
    // An orthogonal section's scroll names its only section 0 (it does not know its index).
    if container >= 0 && decision.section >= 0 {
      decision.section = Int32(truncatingIfNeeded: container)
    }
    return decision
  }

  /// A step of next or previous inside the rest position whose range holds `heading`, when it
  /// has room before its far edge: the target (at most that edge) and the position's index.
  static func stepInside(
    _ scroll: ScrollContainer, _ action: NavigationAction, heading: Double, step: Double?
  ) -> (target: Double, index: Int64)? {
    let steps: Int64
    let forward: Bool
    switch action {
    case .next(let n): (steps, forward) = (n, true)
    case .previous(let n): (steps, forward) = (n, false)
    default: return nil
    }
    // Of the positions at `heading`, the last going forward, the first going back: a range
    // that begins (or ends) where a bound rests is stepped into, not stepped to.
    guard let at = scroll.restsAt(heading) else { return nil }
    let index = forward ? at.last : at.first
    let inside = scroll.range(index)
    guard inside.high > inside.low else { return nil }
    let length = (step ?? max(scroll.snapportLength, 1)) * Double(steps)
    if forward && heading < inside.high - SnapList.tolerance {
      return (min(heading + length, inside.high), index)
    }
    if !forward && heading > inside.low + SnapList.tolerance {
      return (max(heading - length, inside.low), index)
    }
    return nil
  }

  /// Where next or previous comes to rest on position `index`: its near edge when it covers a
  /// range (its start going forward, its end going back), else `point`; where the container is
  /// heading, within the range, when the step stays on the position it started from (`base`).
  static func entered(
    _ scroll: ScrollContainer, _ index: Int64, _ action: NavigationAction, point: Double,
    heading: Double, from base: Int64
  ) -> Double {
    guard scroll.mayHaveRanges else { return point }
    let span = scroll.range(index)
    guard span.high > span.low else { return point }
    if index == base { return min(max(heading, span.low), span.high) }
    switch action {
    case .next: return span.low
    case .previous: return span.high
    default: return point
    }
  }

  /// Puts a container at rest position `index` at once, without motion (Embla's
  /// `scrollTo(index, true)`; docs/SNAPPING.md, "Navigation without touch").
  public func jumpToSnap(_ index: Int64, container: Int) throws(LayoutError) {
    let offset = try snapOffset(index, container: container)
    let current = try scrollOffset(container)
    let clamped = try withScroll(container) { scroll in
      // A loop: the copy nearest where the container is (docs/SNAPPING.md, "Looping").
      scroll.looped.map { $0.offset($0.nearestCopy(of: index, to: current)) } ?? scroll.clamp(offset)
    }
    try setScrollOffset(clamped, container: container)
    // Where several positions share the offset, the layout remembers the one it jumped to
    // while the offset stays there (docs/SNAPPING.md, "Navigation without touch").
    let snaps = scroll(of: container)?.snaps
    remember(
      snaps.flatMap { $0.isFree ? nil : Layout.element(ofRest: index, in: $0, container: container) },
      at: clamped, container: container)
  }
}
