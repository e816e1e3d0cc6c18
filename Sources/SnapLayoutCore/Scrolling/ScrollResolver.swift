/// What the host knows when a drag ends.
public struct ScrollRelease: Equatable, Sendable {
  /// The offset at touch-down.
  public var startOffset: Double
  /// The offset at release.
  public var releaseOffset: Double
  /// Points per second, positive toward the end of the content.
  public var velocity: Double
  /// Release velocities are clamped to ± this many points per second (a thousand screens a
  /// second; real flings stay under 20,000), as Android clamps to its maximum fling velocity:
  /// a host's velocity estimate over a near-zero interval still gives a finite motion
  /// (docs/SNAPPING.md, "Scroll containers and units").
  public static let maximumVelocity = 1.0e6
  /// The rest position the gesture started from, when the host knows better than
  /// `startOffset` (a touch that interrupted a motion: its target; see `referenceSnap`).
  public var referenceSnap: Int64? {
    get { reference == ScrollRelease.noReference ? nil : reference }
    set { reference = newValue ?? ScrollRelease.noReference }
  }

  /// `referenceSnap`, stored without an optional's extra byte so that a release is four words
  /// and travels in registers, never through memory.
  private var reference: Int64
  private static let noReference = Int64.min

  public init(startOffset: Double, releaseOffset: Double, velocity: Double, referenceSnap: Int64? = nil) {
    self.startOffset = startOffset
    self.releaseOffset = releaseOffset
    self.velocity = velocity
    reference = referenceSnap ?? ScrollRelease.noReference
  }
}

/// Where a scroll comes to rest, and how it gets there.
public struct SnapDecision: Equatable, Sendable {
  public var targetOffset: Double
  /// The rest position (index into the container's list), or -1 for free deceleration.
  public var snapIndex: Int64
  /// The item resting at the target (-1, -1 when the rest positions are pages or free).
  public var section: Int32
  public var item: Int64
  /// The rest position the gesture was measured from.
  public var referenceSnap: Int64
  /// The fractional rest position at release (for page indicators).
  public var releaseProgress: Double
  public var motion: Motion

  /// A placeholder to resolve into.
  public static let unresolved = SnapDecision(
    targetOffset: 0, snapIndex: -1, section: -1, item: -1, referenceSnap: -1,
    releaseProgress: 0,
    motion: Motion(
      kind: .none, startOffset: 0, startVelocity: 0, targetOffset: 0, duration: 0, decay: 0,
      omega: 1, dampingRatio: 1, epsilonOffset: 1, epsilonVelocity: 1, landingMinimumRate: 0.5,
      landingMaximumRate: 0.5))
}

extension ScrollContainer {
  /// Resolves a release into a rest position and a motion (docs/SNAPPING.md, "The release
  /// pipeline").
  /// - Complexity: O(log sections).
  @inline(always)
  func resolve(_ release: ScrollRelease) -> SnapDecision {
    if loops { return resolve(release, looped: looped) }
    let clamped = min(
      max(release.velocity, -ScrollRelease.maximumVelocity), ScrollRelease.maximumVelocity)
    let velocity = clamped / 1000  // the formulas use pt/ms
    let start = clamp(release.startOffset)
    let current = clamp(release.releaseOffset)
    let reference: Int64
    if snaps.isFree {
      reference = -1
    } else if let given = release.referenceSnap, given >= 0, given < snaps.count {
      reference = given
    } else if mayHaveRanges {
      reference = nearestRest(start)
    } else {
      reference = snaps.nearest(start)
    }

    var index: Int64 = -1
    var target: Double
    var progress = 0.0
    if snaps.isFree {
      target = clamp(release.releaseOffset + settings.projection(velocity))
    } else {
      let around = snaps.segment(current)
      progress = snaps.progress(current, in: around)
      switch settings.algorithm {
      case .standard:
        (index, target) = standardIndex(
          snaps, current: current, start: start, velocity: velocity, reference: reference,
          around: around)
        target = clamp(target)
        if mayHaveRanges {
          (index, target) = ranged(
            index, target, current: current, velocity: velocity,
            projected: clamp(current + settings.projection(velocity)))
          // Where a range's edge meets a bound that rests there, the first position there, as
          // a tap names it (docs/SNAPPING.md, "Positions that share an offset").
          index = firstAt(target, naming: index)
        }
      case .uikitWillEndDragging:
        target = willEndDraggingTarget(
          current: release.releaseOffset, start: release.startOffset, velocity: velocity,
          reference: release.referenceSnap == nil ? nil : snaps.offset(reference))
        index = snaps.nearest(target)
      case .uikitTargetContentOffset:
        target = targetContentOffsetTarget(current: release.releaseOffset, velocity: velocity)
        index = snaps.nearest(target)
      }
    }
    let item = index >= 0 ? snaps.item(index) : nil
    let motion = Motion.plan(
      from: release.releaseOffset, velocity: clamped, to: target,
      omega: settings.spring.omega, dampingRatio: settings.spring.ratio,
      landing: landing, tolerance: tolerance)
    return SnapDecision(
      targetOffset: target, snapIndex: index, section: item?.section ?? -1, item: item?.item ?? -1,
      referenceSnap: reference, releaseProgress: progress, motion: motion)
  }

  /// `resolve(_:)` in a looping container (docs/SNAPPING.md, "Looping"): the same rule over
  /// the rest positions unrolled across laps, with no bounds. The target may lie in another
  /// lap; the indices given and returned are canonical (0 ..< count), a given reference naming
  /// its copy nearest the start.
  @inline(never)
  private func resolve(_ release: ScrollRelease, looped: LoopedRests?) -> SnapDecision {
    let clamped = min(
      max(release.velocity, -ScrollRelease.maximumVelocity), ScrollRelease.maximumVelocity)
    let velocity = clamped / 1000
    let start = release.startOffset
    let current = release.releaseOffset
    var decision = SnapDecision.unresolved
    if let rests = looped {
      let reference: Int64
      if let given = release.referenceSnap, given >= 0, given < rests.count {
        reference = rests.nearestCopy(of: given, to: start)
      } else if mayHaveRanges {
        reference = nearestRest(start)
      } else {
        reference = rests.nearestWithOffset(start).index
      }
      let around = rests.segment(current)
      var (index, target) = standardIndex(
        rests, current: current, start: start, velocity: velocity, reference: reference,
        around: around)
      if mayHaveRanges {
        (index, target) = ranged(
          index, target, current: current, velocity: velocity,
          projected: current + settings.projection(velocity))
        index = firstAt(target, naming: index)
      }
      let k = rests.canonicalIndex(index)
      let item = snaps.item(k)
      decision.targetOffset = target
      decision.snapIndex = k
      decision.referenceSnap = rests.canonicalIndex(reference)
      decision.releaseProgress = rests.progress(current, in: around)
      decision.section = item?.section ?? -1
      decision.item = item?.item ?? -1
    } else {
      decision.targetOffset = current + settings.projection(velocity)
    }
    decision.motion = Motion.plan(
      from: current, velocity: clamped, to: decision.targetOffset,
      omega: settings.spring.omega, dampingRatio: settings.spring.ratio,
      landing: landing, tolerance: tolerance)
    return decision
  }

  /// Of the positions at `target`, the first, where it is before `index` and rests there or its
  /// range reaches it (far out, where doubles cannot tell units apart, a search can name one
  /// that does not: then `index`).
  private func firstAt(_ target: Double, naming index: Int64) -> Int64 {
    guard let at = restsAt(target), at.first < index else { return index }
    let span = range(at.first)
    return span.low <= target && target <= span.high ? at.first : index
  }

  /// Rest positions that cover ranges (docs/SNAPPING.md, "Items longer than the viewport"): a
  /// release inside a unit longer than the snapport stays inside it, where its deceleration
  /// ends (a fling stops at the far edge); only a fling from that edge moves on, by the
  /// standard rule. A release that lands on such a unit from outside rests where its
  /// deceleration ends when that is inside it, else at the edge it comes in by. `velocity` in
  /// points per millisecond; `projected` is where a free deceleration would end.
  private func ranged(
    _ index: Int64, _ target: Double, current: Double, velocity: Double, projected: Double
  ) -> (Int64, Double) {
    let fling = Swift.abs(velocity) >= settings.flingVelocity && velocity != 0
    if let inside = restHolding(current) {
      let atFarEdge =
        velocity > 0
        ? current >= inside.high - SnapList.tolerance
        : velocity < 0 ? current <= inside.low + SnapList.tolerance : false
      if !(fling && atFarEdge) {
        return (inside.index, min(max(projected, inside.low), inside.high))
      }
    }
    let span = range(index)
    guard span.high > span.low else { return (index, target) }
    if projected >= span.low && projected <= span.high { return (index, projected) }
    return (index, current <= span.low ? span.low : current >= span.high ? span.high : target)
  }

  /// SnapLayout's rule (docs/SNAPPING.md, "The release pipeline", steps 1 to 3): the rest
  /// position and its offset. `around` is the segment of rest positions containing `current`.
  @inline(always)
  private func standardIndex<R: RestPositions>(
    _ snaps: R, current: Double, start: Double, velocity: Double, reference: Int64,
    around: (low: Int64, lowOffset: Double, high: Int64, highOffset: Double)
  ) -> (Int64, Double) {
    var index: Int64
    var offset: Double
    if Swift.abs(velocity) >= settings.flingVelocity && velocity != 0 {
      // A fling: the rest position nearest the projected end of a free deceleration…
      (index, offset) = snaps.nearestWithOffset(clamp(current + settings.projection(velocity)))
      // …never behind the release point (the directional guard)…
      if settings.directionalGuard && (offset - current) * velocity < 0 {
        if velocity > 0 {
          // The first position after `current`: usually the segment's high end.
          // (Containment `none` with a long last unit: none after `current`, the last.)
          index =
            around.lowOffset > current
            ? around.low
            : around.highOffset > current
              ? around.high : snaps.bounded(snaps.rank(current, strict: false))
        } else {
          // The last offset before `current`, and of the positions there the first (none
          // before it, with a long first unit and containment `none`: the first).
          index =
            around.lowOffset < current
            ? around.low : snaps.bounded(snaps.rank(current, strict: true) - 1)
          index = snaps.firstSharing(
            index, index == around.low ? around.lowOffset : snaps.offset(index))
        }
      }
      // …and, for paging, at least one and at most maxSteps positions from the reference.
      if settings.maxSteps > 0 {
        let (low, high) = stepWindow(reference)
        index =
          velocity > 0
          ? min(max(index, min(reference, high - 1) + 1), high)
          : max(min(index, max(reference, low + 1) - 1), low)
      }
    } else if settings.slowRelease == .projection {
      // A slow release that decelerates freely: the position nearest where it stops
      // (docs/SNAPPING.md, "The release pipeline", step 3).
      (index, _) = snaps.nearestWithOffset(clamp(current + settings.projection(velocity)))
      if settings.maxSteps > 0 {
        let (low, high) = stepWindow(reference)
        index = min(max(index, low), high)
      }
    } else {
      // A slow release: which rest position the drag has carried the content closest to,
      // with the positional threshold measured in the direction of the drag.
      let span = around.highOffset - around.lowOffset
      // Of several positions at the lower offset, the first (ties to the lower index).
      if around.high == around.low || span <= 0 {
        index = snaps.firstSharing(around.low, around.lowOffset)
      } else {
        let fraction = (current - around.lowOffset) / span
        let direction = velocity != 0 ? velocity : current - start
        let threshold =
          direction > 0
          ? settings.positionalThreshold
          : direction < 0 ? 1 - settings.positionalThreshold : 0.5
        index =
          fraction > threshold ? around.high : snaps.firstSharing(around.low, around.lowOffset)
      }
      if settings.maxSteps > 0 {
        let (low, high) = stepWindow(reference)
        index = min(max(index, low), high)
      }
    }
    index = snaps.bounded(index)
    offset =
      index == around.low ? around.lowOffset : index == around.high ? around.highOffset : snaps.offset(index)
    return (index, offset)
  }

  /// The positions at most `maxSteps` from `reference`, `reference ∓ maxSteps`, saturated at
  /// the ends of `Int64`: a reference near 2⁶³ (a list of that many positions, or a loop's copy
  /// far out) must not overflow (found by the fuzzer, `fuzz_api`).
  @inline(always)
  private func stepWindow(_ reference: Int64) -> (low: Int64, high: Int64) {
    let steps = Int64(settings.maxSteps)
    let (high, over) = reference.addingReportingOverflow(steps)
    let (low, under) = reference.subtractingReportingOverflow(steps)
    return (under ? .min : low, over ? .max : high)
  }

  /// The stride and origin the flow-layout carousel's formulas divide by: the first section's
  /// repetition (a carousel is one section of equal items), or the page length.
  private var uniformUnit: (stride: Double, base: Double) {
    if case .units(let units, _, _, _, _) = snaps.source, let (run, start) = units.firstRun {
      let stride = run.slots.count > 1 ? run.stride / Double(run.slots.count) : run.stride
      return (stride, run.origin(start) + (run.slots.first?.aligned ?? 0) + settings.padding.leading)
    }
    return (settings.pageLength ?? viewportLength, 0)
  }

  /// UIKit's `scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)` pattern
  /// (docs/SNAPPING.md, "The card carousel on the main scroll, three ways"), number for number.
  private func willEndDraggingTarget(
    current: Double, start: Double, velocity: Double, reference: Double?
  ) -> Double {
    let (stride, base) = uniformUnit
    let inset = insetLeading
    let proposed = current + settings.projection(velocity)
    let index = (proposed + inset - base) / stride
    var rounded: Double
    switch settings.rounding {
    case .round: rounded = index.rounded()
    case .directional:
      rounded =
        current > proposed ? index.rounded(.down) : current < proposed ? index.rounded(.up) : index.rounded()
    }
    if settings.maxSteps > 0 {
      // The page the gesture started on (the pattern keeps it from touch-down).
      let startIndex = ((reference ?? start) + inset - base) / stride
      let from = startIndex.rounded()
      let steps = Double(settings.maxSteps)
      rounded = min(max(rounded, from - steps), from + steps)
    }
    return clamp(base + rounded * stride - inset)
  }

  /// The flow layout `targetContentOffset(forProposedContentOffset:withScrollingVelocity:)`
  /// pattern (docs/SNAPPING.md, "The card carousel on the main scroll, three ways"), number for
  /// number, including its use of `contentOffset − contentInset.left`, which biases the page by
  /// 2·inset/stride.
  private func targetContentOffsetTarget(current: Double, velocity: Double) -> Double {
    let (stride, base) = uniformUnit
    let insetLeft = insetLeading
    let contentOffset = current - insetLeft - base
    let proposedOffset = current + settings.projection(velocity) - insetLeft - base
    let maxPage = ((contentLength - insetLeft - insetTrailing) / stride).rounded(.up)
    let contentPage = (contentOffset / stride).rounded()
    var page: Double
    if Swift.abs(velocity) < settings.freeVelocity {
      if Swift.abs(velocity) < settings.flingVelocity {
        page = contentPage
      } else if velocity < 0 {
        let up = (contentOffset / stride).rounded(.up)
        page = up > 0 ? up - 1 : 0
      } else {
        page = contentPage < maxPage ? contentPage + 1 : contentPage
      }
    } else {
      page = (proposedOffset / stride).rounded()
    }
    let offset = base + page * stride - insetLeft
    let upper = base + maxPage * stride - insetLeft
    return clamp(min(max(offset, base - insetLeft), upper))
  }
}
