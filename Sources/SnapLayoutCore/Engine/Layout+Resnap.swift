/// Re-snapping through layout changes (docs/SNAPPING.md, "Through layout changes"): a container
/// at rest on a rest position stays on the same element's rest position after any change, and
/// the target of a motion in flight follows its element the same way (CSS Scroll Snap's
/// re-snapping after a layout change).
extension Layout {
  /// How near a rest position an offset must be to rest on it: half a point, so that a host
  /// placing whole pixels still rests where the library put it.
  public static let restTolerance = 0.5

  /// What a container rests on, named by content so that it survives the change.
  enum RestElement: Equatable {
    /// The leading or trailing bound, where no element rests (a content edge).
    case start
    case end
    /// The unit holding `item` of section `section` (its index; the container itself for an
    /// orthogonal section).
    case unit(section: Int32, item: Int64)
    /// A page, or a position naming no element: the nearest rest position afterwards.
    case nearest
  }

  /// Which end of a rest position's range (a unit longer than the viewport) an offset is at:
  /// through a change it stays at that end (docs/SNAPPING.md, "Items longer than the
  /// viewport").
  enum RangeEnd: Equatable {
    case low
    case high
  }

  /// The element a container's offset rested on when the last change re-snapped it, and that
  /// offset: while the offset stays there, the next change re-snaps to the same element, even
  /// where several share the position (cards merged at a bound).
  struct RestMemory {
    var offset: Double
    var element: RestElement
    /// The end of the element's range the re-snap put the offset at (`.some(nil)`: none); nil
    /// when not known (a jump to an item), which the offset then tells. Remembered with the
    /// element: where the offset lies within a rounding of two units' boundary, the end read
    /// afresh could be the other unit's (docs/SNAPPING.md, "Through layout changes" rule 5).
    var end: RangeEnd?? = nil
  }

  /// How a change carries content to its new place: a section's new index, an item's new index
  /// in its section (by the section's old index); nil when it is gone.
  struct RestCarry {
    var section: (Int) -> Int? = { $0 }
    var item: (Int, Int64) -> Int64? = { $1 }
    /// Whether sections change places (else what is kept stays with its container as it is).
    var movesSections = false
  }

  /// A container's rest element and its motion target's, noted before a change.
  struct Resting {
    var container: Int
    var offset: Double
    var element: RestElement?
    /// The end of a long unit's range the offset was at, if any.
    var end: RangeEnd? = nil
    var target: Double?
    var targetElement: RestElement?
    var targetEnd: RangeEnd? = nil
    /// The loop's period before the change (0 when the container did not loop).
    var period = 0.0
  }

  /// The scroll of `container`, if it exists and scrolls.
  func scroll(of container: Int) -> ScrollContainer? {
    if container == mainScrollContainer { return solved.mainScroll }
    guard container >= 0, container < entries.count else { return nil }
    return entries[container].scroll
  }

  /// The element `container` rests on at `x`, or nil when `x` is not within `restTolerance` of a
  /// rest position (or the container has none).
  func restElement(at x: Double, container: Int, memory: RestMemory?) -> RestElement? {
    guard let scroll = scroll(of: container), !scroll.snaps.isFree else { return nil }
    let snaps = scroll.snaps
    var index: Int64
    var offset: Double
    if let holding = scroll.restHolding(x) {
      // Anywhere inside an item longer than the viewport is at rest on it.
      (index, offset) = (scroll.looped?.canonicalIndex(holding.index) ?? holding.index, x)
    } else if let looped = scroll.looped {
      // Of positions that coincide (units clamped to a bound), the first, from either side.
      let nearest = looped.nearestWithOffset(x)
      (index, offset) = (looped.canonicalIndex(nearest.index), nearest.offset)
    } else {
      (index, offset) = snaps.nearestWithOffset(x)
    }
    guard Swift.abs(offset - x) <= Layout.restTolerance else { return nil }
    if let memory, memory.offset == x { return memory.element }
    return Layout.element(ofRest: index, in: snaps, container: container) ?? .nearest
  }

  /// The end of a range (a unit longer than the viewport) `container` is at at `x`: within half a
  /// point of it, the nearer of two, ties to the low end; nil when `x` is in no range or away
  /// from its ends.
  func rangeEnd(at x: Double, container: Int) -> RangeEnd? {
    guard let scroll = scroll(of: container), let holding = scroll.restHolding(x) else {
      return nil
    }
    let low = Swift.abs(x - holding.low)
    let high = Swift.abs(x - holding.high)
    guard Swift.min(low, high) <= Layout.restTolerance else { return nil }
    return low <= high ? .low : .high
  }

  /// The element rest position `index` of `container` names (rule 2): a bound, or the first
  /// item of a unit; nil for a page.
  static func element(ofRest index: Int64, in snaps: SnapList, container: Int) -> RestElement? {
    if snaps.isBound(index) { return index == 0 ? .start : .end }
    guard let item = snaps.item(index) else { return nil }
    return .unit(
      section: container == mainScrollContainer ? item.section : Int32(container), item: item.item)
  }

  /// Remembers `element` as what `container` rests on at `offset` (rule 5), or forgets what it
  /// remembered when nil.
  func remember(_ element: RestElement?, at offset: Double, container: Int) {
    var memory = restMemory ?? [:]
    memory[container] = element.map { RestMemory(offset: offset, element: $0) }
    restMemory = memory.isEmpty ? nil : memory
  }

  /// The offset and, when it is a rest position, the target of each container in `containers`
  /// whose offset the host set or that has a motion target, before a change.
  func noteResting(_ containers: [Int]) -> [Resting] {
    guard isSolved else { return [] }
    var result: [Resting] = []
    for container in containers {
      if let resting = noteResting(container) { result.append(resting) }
    }
    return result
  }

  /// `noteResting(_:)` of one or two containers, without building a list of them (a measured
  /// size notes two at every report).
  func noteResting(_ first: Int, _ second: Int?) -> [Resting] {
    guard isSolved else { return [] }
    let a = noteResting(first)
    let b = second.flatMap { noteResting($0) }
    switch (a, b) {
    case (nil, nil): return []
    case (let a?, nil): return [a]
    case (nil, let b?): return [b]
    case (let a?, let b?): return [a, b]
    }
  }

  /// What one container rests on and where its motion heads, when the host set its offset or
  /// a motion target (nil otherwise: a change moves it as before).
  private func noteResting(_ container: Int) -> Resting? {
    let hostSet =
      container == mainScrollContainer
      ? hostSetMainOffset : container < entries.count && entries[container].hostSetOffset
    let target = scrollTargets?[container]
    guard hostSet || target != nil, scroll(of: container) != nil else { return nil }
    let offset = container == mainScrollContainer ? mainOffset : entries[container].offset
    var resting = Resting(container: container, offset: offset, element: nil, target: target)
    resting.period = scroll(of: container)?.looped?.period ?? 0
    if hostSet {
      let memory = restMemory?[container]
      resting.element = restElement(at: offset, container: container, memory: memory)
      if resting.element != nil {
        if let memory, memory.offset == offset, let end = memory.end {
          resting.end = end
        } else {
          resting.end = rangeEnd(at: offset, container: container)
        }
      }
    }
    if let target {
      resting.targetElement = restElement(at: target, container: container, memory: nil)
      if resting.targetElement != nil {
        resting.targetEnd = rangeEnd(at: target, container: container)
      }
    }
    guard resting.element != nil || target != nil else {
      // Not at rest: nothing to re-snap, and what it rested on before is forgotten (the
      // change may give that offset to other content).
      if restMemory?[container] != nil { restMemory![container] = nil }
      return nil
    }
    return resting
  }

  /// Every container that scrolls: the main scroll and the orthogonal sections.
  func allScrollContainers() -> [Int] {
    var containers = [mainScrollContainer]
    for section in 0..<entries.count where entries[section].scroll != nil {
      containers.append(section)
    }
    return containers
  }

  /// After a change: puts each container noted resting on an element at that element's rest
  /// position (the nearest one when it is gone), moves each motion target with its element
  /// (or with the content, when it named none), remembers what each rests on, and adds the
  /// moves to `report` (`section`: the container its `sectionOffsetAdjustment` describes).
  func resnap(_ noted: [Resting], carry: RestCarry, report: inout SizeReport, section: Int?) {
    // The common case, a host scrolling without motion targets and nothing at rest to keep.
    if noted.isEmpty && (!carry.movesSections || (restMemory == nil && scrollTargets == nil)) {
      return
    }
    // What is kept follows its container to its new index, and the element it remembers its
    // section's (an orthogonal section's card names that section); a deleted container's goes.
    var memory =
      carry.movesSections ? Layout.remapMemory(restMemory, carry.section) : restMemory ?? [:]
    var targets =
      carry.movesSections ? Layout.remap(scrollTargets, carry.section) : scrollTargets ?? [:]
    for resting in noted {
      guard
        let container = resting.container == mainScrollContainer
          ? mainScrollContainer : carry.section(resting.container),
        isSolved, scroll(of: container) != nil
      else { continue }
      memory[container] = nil
      let now = container == mainScrollContainer ? mainOffset : entries[container].offset
      if let element = resting.element {
        // In a loop whose period the change kept (sections moved), the copy nearest where the
        // container was; else the laps carried over, where the anchoring put it.
        let samePeriod = resting.period > 0 && scroll(of: container)?.looped?.period == resting.period
        let offset = restOffset(
          of: element, carry: carry, container: container, near: now,
          was: samePeriod ? resting.offset : nil, end: resting.end)
        if offset != now {
          // The report's move is the whole move, from the offset before the change.
          // The anchoring run goes on from the offset re-snapped, as from a clamped one.
          if container == mainScrollContainer {
            mainOffset = offset
            mainOffsetBase = Layout.rebased(
              mainOffsetBase, at: solved.mainScroll.canonical(offset).offset)
            report.mainOffsetAdjustment = offset - resting.offset
          } else {
            entries[container].offset = offset
            sectionOffsetBase =
              sectionOffsetBase?.container == container
              ? entries[container].scroll.flatMap {
                Layout.rebased(sectionOffsetBase, at: $0.canonical(offset).offset)
              } : nil
            if container == section { report.sectionOffsetAdjustment = offset - resting.offset }
          }
        }
        if let found = restElement(at: offset, container: container, memory: nil) {
          // The end it went to, while a range holds the offset (none when the unit is short
          // now); what the offset tells when the element is gone.
          let kept = carried(element, carry)
          let inRange = scroll(of: container)?.restHolding(offset) != nil
          memory[container] = RestMemory(
            offset: offset, element: kept ?? found,
            end: kept == nil ? nil : .some(inRange ? resting.end : nil))
        }
      }
      if let target = resting.target {
        // A target naming no element moves with the content, as the offset did.
        let moved = target + (now - resting.offset)
        targets[container] =
          resting.targetElement.map {
            restOffset(
              of: $0, carry: carry, container: container, near: moved, end: resting.targetEnd)
          } ?? moved
      }
    }
    restMemory = memory.isEmpty ? nil : memory
    scrollTargets = targets.isEmpty ? nil : targets
  }

  /// `base`, the anchoring run a change left, going on from `offset` (canonical), where the
  /// re-snap put the container: it keeps following the same item, from where that item is now,
  /// as a run whose offset was clamped does (`moved`). So the next change anchors by the item
  /// the run followed while it is still in the repetition at the leading edge (docs/
  /// SELF-SIZING.md rule 7): a rest position moved by a rounding is not a new run, whose anchor
  /// would be that repetition's first item (found by the model soak: a group longer than the
  /// viewport, resting at its end, jumped to its start after an item moved out before it).
  static func rebased(_ base: OffsetBase?, at offset: Double) -> OffsetBase? {
    guard var base else { return nil }
    base.position = base.leftPosition
    base.offset = offset
    base.leftOffset = offset
    return base
  }

  /// `table` with each container at its index after a change (the main scroll's stays).
  static func remap<V>(_ table: [Int: V]?, _ newIndex: (Int) -> Int?) -> [Int: V] {
    var moved: [Int: V] = [:]
    for (container, value) in table ?? [:] {
      if container == mainScrollContainer {
        moved[container] = value
      } else if let index = newIndex(container) {
        moved[index] = value
      }
    }
    return moved
  }

  /// `remap(_:_:)` of the rest memory, with the section each remembered element names carried
  /// to its new index too: an orthogonal carousel whose section moved still rests on its own
  /// card, so that a later item change in it carries the card (docs/SNAPPING.md, "Through layout
  /// changes"). An element whose section is gone is forgotten.
  static func remapMemory(_ table: [Int: RestMemory]?, _ newIndex: (Int) -> Int?)
    -> [Int: RestMemory]
  {
    var moved: [Int: RestMemory] = [:]
    for (container, value) in remap(table, newIndex) {
      guard case .unit(let section, let item) = value.element else {
        moved[container] = value
        continue
      }
      guard let newSection = newIndex(Int(section)) else { continue }
      moved[container] = RestMemory(
        offset: value.offset, element: .unit(section: Int32(newSection), item: item),
        end: value.end)
    }
    return moved
  }

  /// After an item moved to another section (a delete, then an insert): a container noted at
  /// rest on it, or heading to it, goes to its rest position in its new section; the report
  /// gives the main scroll's whole move.
  func followMovedItem(
    _ noted: [Resting], from: (section: Int, item: Int64), to: (section: Int, item: Int64),
    report: inout SizeReport
  ) {
    let moved = RestElement.unit(section: Int32(from.section), item: from.item)
    let now = RestElement.unit(section: Int32(to.section), item: to.item)
    for resting in noted where resting.container == mainScrollContainer {
      let current = mainOffset
      if resting.element == moved {
        let offset = restOffset(
          of: now, carry: RestCarry(), container: mainScrollContainer, near: current,
          end: resting.end)
        mainOffset = offset
        mainOffsetBase = nil
        report.mainOffsetAdjustment = offset - resting.offset
        remember(now, at: offset, container: mainScrollContainer)
      }
      if resting.targetElement == moved, var targets = scrollTargets {
        targets[mainScrollContainer] = restOffset(
          of: now, carry: RestCarry(), container: mainScrollContainer,
          near: targets[mainScrollContainer] ?? current, end: resting.targetEnd)
        scrollTargets = targets
      }
    }
  }

  /// `element` carried over the change, or nil when its content is gone.
  private func carried(_ element: RestElement, _ carry: RestCarry) -> RestElement? {
    guard case .unit(let section, let item) = element else { return element }
    guard let newSection = carry.section(Int(section)), newSection < entries.count,
      let newItem = carry.item(Int(section), item), newItem >= 0,
      newItem < entries[newSection].itemCount
    else { return nil }
    return .unit(section: Int32(newSection), item: newItem)
  }

  /// The rest offset of `element` (carried over the change) in `container`, the copy nearest
  /// `near` in a loop; the rest position nearest `near` when the element is gone.
  /// `was`: where the container was before a change that kept the loop's period, whose nearest
  /// copy a loop takes (rule 3; `near`, the anchored offset, can be a lap away after a section
  /// moved). A change of the period carries the laps over: `near`. `end`: the end of a long
  /// unit's range the container was at, where it stays.
  private func restOffset(
    of element: RestElement, carry: RestCarry, container: Int, near: Double, was: Double? = nil,
    end: RangeEnd? = nil
  ) -> Double {
    guard let scroll = scroll(of: container), !scroll.snaps.isFree else { return near }
    let snaps = scroll.snaps
    var index: Int64? = nil
    switch carried(element, carry) {
    case .start?: index = 0
    case .end?: index = snaps.count - 1
    case .unit(let section, let item)?:
      index = snaps.index(ofSection: container == mainScrollContainer ? section : 0, item: item)
    case .nearest?, nil: index = nil
    }
    if let looped = scroll.looped {
      guard let index else { return looped.nearestWithOffset(near).offset }
      return Layout.within(
        scroll, looped.nearestCopy(of: index, to: was ?? near), near: near, end: end)
    }
    guard let index else { return snaps.nearestWithOffset(near).offset }
    return Layout.within(scroll, index, near: near, end: end)
  }

  /// The offset of rest position `index` nearest `near`: `near` itself clamped into the
  /// position's range when it covers one (an item longer than the viewport keeps where in it
  /// the container was), or the range's `end` when given, else the position's offset.
  static func within(
    _ scroll: ScrollContainer, _ index: Int64, near: Double, end: RangeEnd? = nil
  ) -> Double {
    let point = scroll.looped?.offset(index) ?? scroll.snaps.offset(index)
    guard scroll.mayHaveRanges else { return point }
    let span = scroll.range(index)
    guard span.high > span.low else { return point }
    switch end {
    case .low?: return span.low
    case .high?: return span.high
    case nil: return min(max(near, span.low), span.high)
    }
  }

  // MARK: Motions in flight

  /// Tells the layout where a motion the host runs on `container` is heading (nil: none), so
  /// that changes carry its target with its element (docs/SNAPPING.md, "Through layout
  /// changes").
  public func setScrollTarget(_ target: Double?, container: Int) throws(LayoutError) {
    if let target {
      guard target.isFinite, Swift.abs(target) <= Layout.maxOffset else {
        throw LayoutError(
          .invalidArgument,
          "the target must be a finite number from -1e100 to 1e100 (got \(target))",
          path: "target_offset")
      }
    }
    try withScroll(container) { _ in }
    var targets = scrollTargets ?? [:]
    targets[container] = target
    scrollTargets = targets.isEmpty ? nil : targets
  }

  /// The target set with `setScrollTarget`, as changes since have moved it (nil: none).
  public func scrollTarget(container: Int) throws(LayoutError) -> Double? {
    try withScroll(container) { _ in }
    return scrollTargets?[container]
  }

  /// `motion`, running on `container` since time 0, carried over the changes made since its
  /// target was set: from time `t` it starts at the container's offset now with the velocity it
  /// has at `t`, and heads to the target as changes moved it (the motion's own target moved by
  /// as much as the offset, when no target is set). Position and velocity are continuous; the
  /// result also becomes the container's target.
  public func retargetMotion(_ motion: Motion, at t: Double, container: Int) throws(LayoutError)
    -> Motion
  {
    guard t.isFinite else {
      throw LayoutError(.invalidArgument, "the time must be a finite number", path: "time")
    }
    let offset = try scrollOffset(container)
    let state = try inFlightState(motion, at: t)
    let target = scrollTargets?[container] ?? motion.targetOffset + (offset - state.offset)
    let result = try checkContinued(
      motion.continued(from: offset, velocity: state.velocity, to: target))
    try setScrollTarget(result.kind == .none ? nil : result.targetOffset, container: container)
    return result
  }
}

extension Layout {
  /// The state of the host's motion in flight at `t`, checked: one whose offset or velocity
  /// there is absurd (beyond ±1e101 points, ±1e150 points per second, or not finite) is
  /// refused, naming `in_flight`, instead of continuing into numbers that overflow.
  func inFlightState(_ motion: Motion, at t: Double) throws(LayoutError)
    -> (offset: Double, velocity: Double, settled: Bool)
  {
    guard let state = motion.continuableSample(at: t) else {
      throw LayoutError(
        .invalidArgument,
        "in_flight cannot be continued at time \(t): its offset or velocity there is beyond "
          + "±1e101 points or ±1e150 points per second", path: "in_flight")
    }
    return state
  }

  /// `motion`, continued from a motion in flight, when a host can sample it; else the refusal
  /// naming `in_flight` (the in-flight motion's spring or numbers were absurd).
  func checkContinued(_ motion: Motion) throws(LayoutError) -> Motion {
    guard motion.isPlayable else {
      throw LayoutError(
        .invalidArgument,
        "in_flight cannot be continued: a motion from its state overflows or settles in no "
          + "time (its spring or numbers are absurd)", path: "in_flight")
    }
    return motion
  }
}
