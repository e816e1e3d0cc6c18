/// How a section's visible-item effects are evaluated during one query: the viewport centre
/// and stride of the section's scroll container along its axis.
struct EffectContext {
  let effects: VisibleItemEffects
  /// Whether distances are measured along canonical x (an orthogonal section) or y.
  let alongX: Bool
  /// The snapport's centre in content coordinates.
  let center: Double
  let stride: Double

  /// The normalised distance of a frame (content coordinates, unscrolled) from the centre;
  /// ±greatestFiniteMagnitude where the division overflows (a far offset over a tiny stride).
  @inline(__always)
  func distance(of frame: Rect) -> Double {
    guard stride > 0 else { return 0 }
    let distance = ((alongX ? frame.midX : frame.midY) - center) / stride
    if distance.isFinite { return distance }
    return distance.isNaN ? 0 : distance > 0 ? .greatestFiniteMagnitude : -.greatestFiniteMagnitude
  }

  /// The context of a copy of a looping container's content: the same centre seen from an
  /// offset `shift` away.
  func shifted(by shift: Double) -> EffectContext {
    EffectContext(effects: effects, alongX: alongX, center: center + shift, stride: stride)
  }

  /// The element with the effects of its distance applied (docs/SNAPPING.md, "Pinned headers
  /// and visible-item effects").
  @inline(__always)
  func apply(_ element: inout LayoutElement, distance: Double) {
    let t = min(Swift.abs(distance) / effects.distance, 1)
    element.scale = effects.scale.center + (effects.scale.edge - effects.scale.center) * t
    element.alpha = effects.alpha.center + (effects.alpha.edge - effects.alpha.center) * t
    if let z = effects.zIndex {
      // In doubles: edge − center spans up to 2^32 and would overflow Int32.
      let value = Double(z.center) + (Double(z.edge) - Double(z.center)) * t
      element.zIndex = Int32(clamping: Int64(value.rounded()))
    }
  }
}

/// Converts canonical frames to host elements, filters them against the query, pins boundary
/// items to the visible rect and applies visible-item effects.
struct ElementEmitter {
  let space: CoordinateSpace
  var query: Rect
  /// The visible rect's span along the main axis (canonical y).
  var visibleMin: Double
  var visibleMax: Double
  /// Whether a looping container gives one copy of its content (the lap its offset is in)
  /// instead of every copy the query reaches: `Layout.visitAllElements`.
  var singleCopy = false
  /// Whether a container of the layout may loop (`Layout.mayLoop`): else no section is asked.
  var mayLoop = false
  /// Whether the elements are decided in the host's coordinates (`findCandidates`): the
  /// query is then widened, and a `ForwardingVisitor` keeps those that intersect the host's rect.
  private(set) var findsCandidates = false
  /// The query as the host wrote it, when the elements are decided in the host's coordinates.
  private(set) var hostQuery = Rect(x: 0, y: 0, width: 0, height: 0)
  /// The move every frame gets on its way to the host: a looping main scroll's copy
  /// (`ForwardingVisitor` adds it), else 0.
  private(set) var hostShift = (dx: 0.0, dy: 0.0)
  /// The canonical query before it was widened, when the elements are decided in the host's
  /// coordinates: what certainly intersects is counted from it (`slotRepetitions`).
  private(set) var exactQuery = Rect(x: 0, y: 0, width: 0, height: 0)

  /// Emits candidates, for a visitor that decides each element on its frame as the host
  /// receives it (`ForwardingVisitor.keep`): mirrored (right to left), then moved by `dx`, `dy`
  /// (a looping main scroll's copy), each step rounding, so that the canonical test can decide
  /// an edge within a few ulps the other way (docs/LAYOUT-RULES.md, "Rect queries", §2.1).
  /// `canonical` is `host` in canonical coordinates, moved back by the copy's shift; the query
  /// becomes it widened by more than those roundings. `reach`: how far the content's elements
  /// reach along canonical y, end to end (`Layout.contentReach`), so at least any element's
  /// length there: mirrored along y, an element's far edge as the host gets it is a sum
  /// rounded at its length, which may exceed the content's (a cell 23,924 pt wide in a
  /// section 16 pt long ended 1.5e-12 pt past the content's edge, and a rect there missed it:
  /// docs/TESTING-MODEL.md, the rect soak), and the sections are found before their own elements'
  /// lengths widen the query (`widened(forEnvelope:frame:)`).
  mutating func findCandidates(
    for host: Rect, canonical: Rect, dx: Double, dy: Double, reach: Double
  ) {
    findsCandidates = true
    hostQuery = host
    hostShift = (dx, dy)
    exactQuery = canonical
    // Each edge moves by 2^-48 of the magnitudes its roundings are made at (itself, the
    // content it is mirrored in, the lap's shift along canonical y): 16 ulps, where they add
    // up to a few. Not more: a rect reaching 1e30 pt away widens only there, and an axis that
    // is not mirrored does not widen by the content's length.
    // A content 0 long mirrors about 0 and gives no slack there, yet mirroring turns the
    // half-open spans around: an element of no length on the rect's far edge is then on its
    // near edge (review 9: a right-to-left layout 0 wide, its decoration at x = 0). The rect's
    // own length stands in for it.
    let size = space.contentSize
    var mirrored = Swift.abs(space.rightToLeft ? (space.transposed ? size.height : size.width) : 0)
    if space.rightToLeft && mirrored == 0 {
      mirrored = space.transposed ? canonical.height : canonical.width
    }
    let baseX = space.transposed ? 0 : mirrored
    let reachY = space.rightToLeft && space.transposed && reach.isFinite ? Swift.abs(reach) : 0
    let baseY = (space.transposed ? mirrored + reachY : 0) + Swift.abs(dx) + Swift.abs(dy)
    func slack(_ edge: Double, _ base: Double) -> Double { (Swift.abs(edge) + base) * 0x1p-48 }
    let x = ElementEmitter.widened(
      canonical.minX, canonical.maxX, slack(canonical.minX, baseX), slack(canonical.maxX, baseX))
    let y = ElementEmitter.widened(
      canonical.minY, canonical.maxY, slack(canonical.minY, baseY), slack(canonical.maxY, baseY))
    query = Rect(x: x.start, y: y.start, width: x.length, height: y.length)
  }

  /// The span `low ... high` moved out by `before` and `after`, never to an infinity
  /// (`-DBL_MAX` less a slack would make the rect's end NaN).
  private static func widened(_ low: Double, _ high: Double, _ before: Double, _ after: Double)
    -> (start: Double, length: Double)
  {
    var start = low - before
    if !start.isFinite { start = low }
    let end = high + after
    var length = end - start
    // The rect keeps its far edge as its start plus its length, a sum rounded at the start's
    // magnitude: never short of `end` (the state soak's seed 39657: a right-to-left horizontal
    // layout 20 pt long, a rect from x = 20 over more than 1,024 pt, canonical -1,050 ... 0,
    // whose far end came out an ulp of 1,050 below 0 and left out everything at 0). A few
    // ulps of the larger magnitude at most, and only when the sum falls short.
    var step = Swift.max(Swift.abs(start), Swift.abs(end)).ulp
    var tries = 0
    while start + length < end && tries < 8 && (length + step).isFinite {
      length += step
      step *= 2
      tries += 1
    }
    return (start, length)
  }

  /// The candidates' query for one section's elements: widened again by 2^-48 of their
  /// magnitudes along each axis (its template's `envelope`, its `frame`), given alone so that
  /// the solved section is not copied. A test's rounding grows with the
  /// element's own length as well as with the rect's edge: a carousel card 68,495.8 pt wide
  /// whose far edge lies by the rect decided the other way (review 9, the soak's seed 1674).
  @inline(never)
  func widened(forEnvelope envelope: Rect, frame: Rect) -> ElementEmitter {
    // Per axis: a slack along x from lengths along y would reach across billions of cells of
    // a carousel 5e-324 pt a card (test_numeric).
    let slackX =
      (Swift.abs(envelope.minX) + Swift.abs(envelope.maxX) + Swift.abs(frame.width)) * 0x1p-48
    let slackY =
      (Swift.abs(envelope.minY) + Swift.abs(envelope.maxY) + Swift.abs(frame.height)) * 0x1p-48
    guard slackX.isFinite, slackY.isFinite, slackX > 0 || slackY > 0 else { return self }
    var copy = self
    copy.query = Rect(
      x: query.x - slackX, y: query.y - slackY, width: query.width + 2 * slackX,
      height: query.height + 2 * slackY)
    return copy
  }

  /// A canonical frame as the host receives it (`findCandidates`).
  private func hostFrame(_ frame: Rect) -> Rect {
    var moved = space.physical(frame)
    moved.x += hostShift.dx
    moved.y += hostShift.dy
    return moved
  }

  /// A pinned item's frame for the current main offset (docs/LAYOUT-RULES.md, "Pinned boundary
  /// items"): a header follows the visible rect's top, a footer its bottom, each kept inside its
  /// host.
  @inline(__always)
  func pinned(_ element: PlacedElement, host: (min: Double, max: Double)) -> Rect {
    var frame = element.frame
    switch element.pin {
    case .none:
      break
    case .leading:
      frame.y = max(frame.y, min(visibleMin, host.max - frame.height))
    case .trailing:
      frame.y = min(frame.y, max(visibleMax - frame.height, host.min))
    }
    return frame
  }

  @inline(__always)
  func emit<V: ElementVisitor>(
    _ element: PlacedElement, category: ElementCategory, section: Int32,
    host: (min: Double, max: Double), into visitor: inout V
  ) {
    let frame = element.pin == .none ? element.frame : pinned(element, host: host)
    // Candidates are widened by the item's own magnitudes too, as a section's elements are
    // (`widened(forEnvelope:frame:)`): mirrored, its far edge is a sum rounded at its length
    // (the rect soak's seeds 350808 and 361655: an item 55.67 pt long before a content 0.1 pt
    // long, a rect an ulp inside its edge as the host gets it).
    let test = findsCandidates ? widened(forEnvelope: frame, frame: frame).query : query
    guard frame.intersects(test) else { return }
    visitor.visit(
      LayoutElement(
        frame: space.physical(frame), category: category, section: section, item: 0,
        kind: element.kind, zIndex: element.zIndex, isPinned: frame != element.frame))
  }

  /// The elements of section number `index`: `slots[id]`, starting at `start` along the main
  /// axis. Read in place from the layout's sections (`SectionStore.slots`), placed as they are
  /// read (`SolvedSection.place(at:)`'s formulas): copying a solved section would retain and
  /// release every array in it.
  func emitSection<V: ElementVisitor>(
    _ slots: [SectionEntry], id: Int, start: Double, index: Int, offset: Double,
    effects: EffectContext?, into visitor: inout V
  ) {
    let sectionIndex = Int32(truncatingIfNeeded: index)
    let host = (start, start + slots[id].solved.frame.height)
    for element in slots[id].solved.decorations {
      emit(
        SolvedSection.placed(element, at: start), category: .decoration, section: sectionIndex,
        host: host, into: &visitor)
    }
    if mayLoop, let scroll = slots[id].scroll, scroll.loops {
      emitLoopedCells(
        slots, id: id, start: start, index: index, offset: offset, scroll: scroll,
        effects: effects, into: &visitor)
    } else {
      emitCells(
        slots, id: id, start: start, index: index, offset: offset, effects: effects,
        into: &visitor)
    }
    for element in slots[id].solved.boundaryItems {
      emit(
        SolvedSection.placed(element, at: start), category: .supplementary,
        section: sectionIndex, host: host, into: &visitor)
    }
  }

  /// The cells of a looping orthogonal section: once per copy of its content that can reach
  /// the query (docs/SNAPPING.md, "Looping"). Copy `j` at offset `o` is the content at
  /// `o − j · period`, counted from the canonical lap the offset is in so that the frames
  /// lose nothing to the number of laps.
  @inline(never)
  private func emitLoopedCells<V: ElementVisitor>(
    _ slots: [SectionEntry], id: Int, start: Double, index: Int, offset: Double,
    scroll: ScrollContainer, effects: EffectContext?, into visitor: inout V
  ) {
    ForwardingVisitor.around(&visitor, copy: 0) { copy in
      emitCopies(
        slots, id: id, start: start, index: index, offset: offset, scroll: scroll,
        effects: effects, into: &copy)
    }
  }

  /// `emitLoopedCells` through one forwarding visitor, whatever visitor it wraps: this code is
  /// specialised once.
  @inline(never)
  private func emitCopies(
    _ slots: [SectionEntry], id: Int, start: Double, index: Int, offset: Double,
    scroll: ScrollContainer, effects: EffectContext?, into copy: inout ForwardingVisitor
  ) {
    let laps = LoopCopies(scroll: scroll, offset: offset)
    let placement = slots[id].solved.placement
    // The content at the canonical offset starts at `low` along x; its elements reach at most
    // a period and a repetition's envelope beyond it: the last repetition starts within the
    // period, and a partial last group, shorter than the stride, may hang its whole envelope
    // past the seam (review 9: a badge on the only cell of a partial group, 10 pt past it).
    let low = placement.origin.x + placement.envelope.minX - laps.within
    let extent = laps.period + max(0, placement.envelope.width) + 1
    let copies = laps.copies(
      start: low, extent: extent, from: query.minX, to: query.maxX, single: singleCopy)
    // Each copy wholly inside the rect has every cell examined: when those of a measured
    // section are past what a bounded visitor examines, it is told at once and refuses the
    // query (`QueryBounds.maxExamined`), instead of after walking 2^25 cells (seconds, through
    // the copies of a 1e6-item carousel; rect soak, seed 108967). Told only then, so that no
    // cell is counted twice; visitors without a bound walk the copies as before.
    if slots[id].solved.measured != nil,
      rowReaches(slots, id: id, start: start, placement: slots[id].solved.placement(at: start))
    {
      let whole = LoopCopies.wholeCopies(
        copies, start: low, extent: extent, period: laps.period, from: query.minX,
        to: query.maxX)
      let (cells, overflow) = whole.multipliedReportingOverflow(by: placement.itemCount)
      if overflow || cells > QueryBounds.maxExamined {
        copy.examine(overflow ? Int64.max : cells)
        if copy.isFinished { return }
      }
    }
    for j in copies {
      if copy.isFinished { return }
      let copyOffset = laps.offset(ofCopy: j)
      copy.copy = laps.copyNumber(j)
      emitCells(
        slots, id: id, start: start, index: index, offset: copyOffset,
        effects: effects?.shifted(by: copyOffset - offset), into: &copy)
    }
  }

  /// The cells (and their badges) of the repetitions that can reach the query.
  private func emitCells<V: ElementVisitor>(
    _ slots: [SectionEntry], id: Int, start: Double, index: Int, offset: Double,
    effects: EffectContext?, into visitor: inout V
  ) {
    let placement = slots[id].solved.placement(at: start)
    if let lines = slots[id].solved.flowLines {
      emitLines(
        lines, placement: placement, section: Int32(truncatingIfNeeded: index), effects: effects,
        into: &visitor)
      return
    }
    let repetitions: ClosedRange<Int64>?
    // Where the measured walk may start without searching again.
    var walkStart: MeasuredSizes.WalkStart? = nil
    if placement.isOrthogonal {
      guard rowReaches(slots, id: id, start: start, placement: placement) else { return }
      repetitions = slots[id].solved.repetitions(
        from: query.minX, to: query.maxX, offset: offset, placement: placement, start: &walkStart)
    } else {
      repetitions = slots[id].solved.repetitions(
        from: query.minY, to: query.maxY, offset: offset, placement: placement, start: &walkStart)
    }
    guard let repetitions else { return }
    let sectionIndex = Int32(truncatingIfNeeded: index)
    guard slots[id].solved.measured != nil else {
      let leaves = slots[id].solved.template.leaves
      let badges = slots[id].solved.template.badges
      // Walks `run`; false once the visitor is finished.
      func walk(_ run: ClosedRange<Int64>) -> Bool {
        for repetition in run {
          if visitor.isFinished { return false }
          emitRepetition(
            repetition, leaves: leaves, badges: badges, shift: 0, placement: placement,
            section: sectionIndex, offset: offset, effects: effects, into: &visitor)
        }
        return true
      }
      if repetitions.upperBound - repetitions.lowerBound < ElementEmitter.directWalk {
        _ = walk(repetitions)
        return
      }
      let (runs, certain) = slotRepetitions(
        repetitions, leaves: leaves, badges: badges, placement: placement, offset: offset)
      if certain > 0 { visitor.expect(atLeast: certain) }
      for run in runs where !walk(run) { return }
      return
    }
    emitMeasured(
      slots, id: id, placement: placement, index: index, repetitions: repetitions, start: walkStart,
      offset: offset, effects: effects, into: &visitor)
  }

  /// Whether an orthogonal section's row (`placement`, the section at `start`) reaches the
  /// query along the main axis: its cells can intersect it only then.
  @inline(__always)
  private func rowReaches(
    _ slots: [SectionEntry], id: Int, start: Double, placement: SectionPlacement
  ) -> Bool {
    let rowMin = placement.origin.y + placement.envelope.minY
    // The section's span, not its frame: cells may overflow the row across the scroll axis.
    let rowMax = max(
      start + slots[id].solved.frame.height, start + slots[id].solved.local.mainMax)
    // With the section tree's slack: the span's ends are sums made in another order than the
    // frames of the elements at them (the section's start plus its local extent), and an ulp
    // short dropped a cell of no length on the query's near edge (rect soak, seed 50041;
    // docs/LAYOUT-RULES.md, "Rect queries"). Each cell is still tested as reported. The slack
    // is worked out only for a row the exact test would skip.
    let slack = SectionTree.slack
    return (rowMin <= query.maxY || rowMin <= query.maxY + slack * max(1, Swift.abs(query.maxY)))
      && (rowMax >= query.minY || rowMax >= query.minY - slack * max(1, Swift.abs(query.minY)))
  }

  /// The cells of a section with measured cells in `repetitions` (`emitCells`), apart so that
  /// the periodic walk above stays as it was compiled: repetitions start later by the deltas
  /// before them, and those holding a measured cell have frames of their own; which intersect
  /// is known only by looking, so the visitor is told how many were examined.
  @inline(never)
  private func emitMeasured<V: ElementVisitor>(
    _ slots: [SectionEntry], id: Int, placement: SectionPlacement, index: Int,
    repetitions: ClosedRange<Int64>, start: MeasuredSizes.WalkStart?, offset: Double,
    effects: EffectContext?, into visitor: inout V
  ) {
    guard let measured = slots[id].solved.measured else { return }
    let sectionIndex = Int32(truncatingIfNeeded: index)
    let n = placement.itemsPerGroup
    // Read in place, as `emitSection` reads the section: a copy of the solved section,
    // passed as an argument, retained and released every array in it (~14 releases a query).
    let singleCell = slots[id].solved.repetitionSolver.singleCell
    let cell = slots[id].solved.template.leaves[0].frame
    // Emits one repetition, which starts `shift(its delta)` later than periodic; false once the
    // visitor is finished or past the last item.
    // `page` is the walk's cursor among the measured pages: a parameter, not a capture (a
    // variable captured by the out-of-line `emitOutside` below was boxed on the heap, one
    // allocation a query).
    func emit(_ repetition: Int64, page: inout Int, shift: (Double) -> Double) -> Bool {
      if visitor.isFinished || repetition * n >= placement.itemCount { return false }
      visitor.examine(n)
      let (measurements, delta) = measured.repetition(repetition, hint: &page)
      let shift = shift(delta)
      guard singleCell != nil else {
        let template = slots[id].solved.repetitionSolver.template(
          measurements, or: slots[id].solved.template)
        emitRepetition(
          repetition, leaves: template.leaves, badges: template.badges, shift: shift,
          placement: placement, section: sectionIndex, offset: offset, effects: effects,
          into: &visitor)
        return true
      }
      // One cell per repetition: its frame is the template's with its measured lengths.
      emitCell(
        repetition, slot: RepetitionSolver.singleCellFrame(cell, singleCell, measurements),
        shift: shift)
      return true
    }
    // One copy for `emit` and the walk below (docs/PERFORMANCE.md, "Library size").
    @inline(never)
    func emitCell(_ repetition: Int64, slot: Rect, shift: Double) {
      let frame = placement.place(slot, repetition: repetition, offset: offset, shift: shift)
      guard frame.intersects(query) else { return }
      var element = LayoutElement(
        frame: space.physical(frame), category: .cell, section: sectionIndex, item: repetition,
        kind: LayoutElement.cellKind, zIndex: placement.cellZIndex)
      if let effects {
        let unscrolled = placement.place(slot, repetition: repetition, offset: 0, shift: shift)
        effects.apply(&element, distance: effects.distance(of: unscrolled))
      }
      visitor.visit(element)
    }
    // Repetitions whose cells outgrow their group reach the query from outside the range the
    // template's reach gives (docs/SELF-SIZING.md): before it, the range, after it. Each shift
    // is `shift(before:)`'s, walked or not. Those outside the range, fewer, share one
    // out-of-line copy of `emit` (docs/PERFORMANCE.md, "Library size").
    @inline(never)
    func emitOutside(_ repetition: Int64) -> Bool {
      var page = 0
      return emit(repetition, page: &page) { _ in measured.shift(before: repetition) }
    }
    let alongX = placement.isOrthogonal
    let base = alongX ? placement.origin.x - offset : placement.origin.y
    var finished = false
    measured.forEachRepetition(
      reachingAfter: (alongX ? query.minX : query.minY) - base, before: repetitions.lowerBound
    ) { repetition in
      if !finished { finished = !emitOutside(repetition) }
    }
    if finished {
      // The visitor is done.
    } else if effects == nil, !space.transposed, !space.rightToLeft, !alongX, n == 1,
      measured.itemsPerGroup == 1, let axes = singleCell, axes.width == .fixed,
      axes.height == .measured
    {
      // The common self-sizing list, in canonical coordinates that are the host's, without
      // effects: its rows walked by a copy compiled for it, as `forEachListFrame` walks its
      // frames (the same `placeDown` and `SingleCellLengths.frame`, so the same bits), each
      // row tested and written in the walk instead of by the out-of-line `emitCell`.
      finished = !measured.forEachSingleCell(
        repetitions.lowerBound..<repetitions.upperBound + 1, from: start
      ) { repetition, width, height, shift in
        if visitor.isFinished || repetition >= placement.itemCount { return false }
        visitor.examine(1)
        // Made here, of constants, so that the frame's tests fold away.
        let lengths = RepetitionSolver.SingleCellLengths((.fixed, .measured), share: .zero)
        let frame = placement.placeDown(
          lengths.frame(cell, width: width, height: height), repetition: repetition,
          shift: shift)
        if frame.intersects(query) {
          visitor.visit(
            LayoutElement(
              frame: frame, category: .cell, section: sectionIndex, item: repetition,
              kind: LayoutElement.cellKind, zIndex: placement.cellZIndex))
        }
        return true
      }
    } else if singleCell != nil && n == 1 && measured.itemsPerGroup == 1 {
      // One cell per repetition: the rows read from their pages in one walk, as `emit`
      // gives them.
      let lengths = RepetitionSolver.SingleCellLengths(
        singleCell.unsafelyUnwrapped, share: measured.sectionUniform)
      finished = !measured.forEachSingleCell(
        repetitions.lowerBound..<repetitions.upperBound + 1, from: start
      ) { repetition, width, height, shift in
        if visitor.isFinished || repetition >= placement.itemCount { return false }
        visitor.examine(1)
        emitCell(
          repetition,
          slot: lengths.frame(cell, width: width, height: height),
          shift: shift)
        return true
      }
    } else {
      var page = 0
      var shifts = measured.shifts(from: repetitions.lowerBound, hint: &page)
      for repetition in repetitions {
        if !emit(repetition, page: &page, shift: { measured.step(&shifts, delta: $0) }) {
          finished = true
          break
        }
      }
    }
    measured.forEachRepetition(
      reachingBefore: (alongX ? query.maxX : query.maxY) - base, after: repetitions.upperBound
    ) { repetition in
      if !finished { finished = !emitOutside(repetition) }
    }
  }

  /// The most repetitions a query walks one by one, testing every cell of each; past it, only
  /// the repetitions where some cell or badge can meet the query are walked (`slotRepetitions`).
  static let directWalk: Int64 = 1024

  /// The repetitions of `range` in which some slot (a cell with its badges) can meet the query,
  /// as sorted disjoint runs, and how many cells certainly intersect the query in them.
  ///
  /// A slot's frames move along the repeat axis only, so across it a slot meets the query in
  /// every repetition or in none, and along it in one run of repetitions, found by division
  /// with one repetition of slack each side like `SectionPlacement.repetitions`. Walking the
  /// union of the runs costs O(cells returned + slots) per slot, where walking every
  /// repetition whose envelope reaches the query costs O(repetitions): with cells beside the
  /// query (a dense column off screen) or far from their repetition (a group whose cells
  /// overflow it by 1e12 pt), that is billions of repetitions for nothing.
  /// - Complexity: O(slots · log slots + badges).
  private func slotRepetitions(
    _ range: ClosedRange<Int64>, leaves: [LeafSlot], badges: [BadgeSlot],
    placement: SectionPlacement, offset: Double
  ) -> (runs: [ClosedRange<Int64>], certain: Int64) {
    let alongX = placement.isOrthogonal
    let base = alongX ? placement.origin.x - offset : placement.origin.y
    let crossBase = alongX ? placement.origin.y : placement.origin.x
    let low = alongX ? query.minX : query.minY
    let high = alongX ? query.maxX : query.maxY
    let crossLow = alongX ? query.minY : query.minX
    let crossLength = alongX ? query.height : query.width
    // What certainly intersects is counted from the query itself, not the widened one the
    // candidates are found with (`findCandidates`).
    let exact = findsCandidates ? exactQuery : query
    let exactLow = alongX ? exact.minX : exact.minY
    let exactHigh = alongX ? exact.maxX : exact.maxY
    let stride = placement.stride
    let n = placement.itemsPerGroup
    let lastFull = n > 0 ? placement.itemCount / n - 1 : -1

    // The repetitions (with slack) where a frame's span along the axis can meet `low ... high`.
    func run(_ frame: Rect, _ low: Double, _ high: Double) -> (first: Int64, end: Int64)? {
      let start = alongX ? frame.x : frame.y
      let length = alongX ? frame.width : frame.height
      let first = Int64(
        clamping: ((low - base - start - length) / stride).rounded(.down) - 1,
        range.lowerBound, range.upperBound)
      let end = Int64(
        clamping: ((high - base - start) / stride).rounded(.down) + 1,
        range.lowerBound, range.upperBound)
      return first <= end ? (first, end) : nil
    }
    // Across the axis a frame's position does not depend on the repetition: the canonical
    // test (with the widened query of `findCandidates`, a candidate).
    func meetsAcross(_ frame: Rect) -> Bool {
      alongX
        ? Rect.spansOverlap(crossBase + frame.y, frame.height, crossLow, crossLength)
        : Rect.spansOverlap(crossBase + frame.x, frame.width, crossLow, crossLength)
    }
    // The same, decided as the visitor will: in the host's coordinates when the elements are
    // decided there (canonical y is the host's x in a transposed layout).
    func certainlyAcross(_ frame: Rect) -> Bool {
      guard findsCandidates else { return meetsAcross(frame) }
      let placed = hostFrame(
        placement.place(frame, repetition: range.lowerBound, offset: offset))
      return alongX == space.transposed
        ? Rect.spansOverlap(placed.x, placed.width, hostQuery.x, hostQuery.width)
        : Rect.spansOverlap(placed.y, placed.height, hostQuery.y, hostQuery.height)
    }
    // Inside the slack, and in full repetitions, a frame certainly intersects.
    var certain: Int64 = 0
    func count(_ frame: Rect) {
      guard certainlyAcross(frame), let span = run(frame, exactLow, exactHigh) else { return }
      // `end − first` first: a run may end at Int64.max (2^63 − 1 items), where `first + 2`
      // would overflow (test_hostile's right-to-left grids).
      let (gap, overflow) = span.end.subtractingReportingOverflow(span.first)
      guard !overflow, gap > 4 else { return }
      let sure = Swift.min(span.end - 2, lastFull) - (span.first + 2)
      if sure > 0 { certain = sure > Int64.max - certain ? Int64.max : certain + sure }
    }

    var runs: [ClosedRange<Int64>] = []
    for leaf in leaves {
      var first = Int64.max
      var end = Int64.min
      if meetsAcross(leaf.frame), let cell = run(leaf.frame, low, high) { (first, end) = cell }
      count(leaf.frame)
      let firstBadge = Int(leaf.firstBadge)
      for badge in badges[firstBadge..<firstBadge + Int(leaf.badgeCount)] {
        count(badge.frame)
        guard meetsAcross(badge.frame), let span = run(badge.frame, low, high) else { continue }
        first = Swift.min(first, span.first)
        end = Swift.max(end, span.end)
      }
      if first <= end { runs.append(first...end) }
    }
    runs.sort { $0.lowerBound < $1.lowerBound }
    var merged: [ClosedRange<Int64>] = []
    for next in runs {
      if let last = merged.last, next.lowerBound <= last.upperBound + 1 {
        merged[merged.count - 1] = last.lowerBound...Swift.max(last.upperBound, next.upperBound)
      } else {
        merged.append(next)
      }
    }
    return (merged, certain)
  }

  /// The cells of a flow section's lines that can reach the query (docs/FLOW-LAYOUT.md).
  private func emitLines<V: ElementVisitor>(
    _ lines: FlowLines, placement: SectionPlacement, section sectionIndex: Int32,
    effects: EffectContext?, into visitor: inout V
  ) {
    let origin = placement.origin
    // Frames are doubles summed from the exact line starts (`FlowLines.place`): a line whose
    // items end a few ulps before the rect, exactly, may reach it as doubles. The walk begins
    // that far before it (each frame is then tested as it is).
    let slack = (Swift.abs(query.minY) + Swift.abs(origin.y)) * 0x1p-48
    lines.forEachLine(from: query.minY - origin.y - slack) { first, end, start in
      if visitor.isFinished { return false }
      guard origin.y + start <= query.maxY else { return false }
      lines.forEachItem(first: first, end: end) { item, slot in
        let frame = FlowLines.place(slot, lineStart: start, origin: origin)
        guard frame.intersects(query) else { return }
        var element = LayoutElement(
          frame: space.physical(frame), category: .cell, section: sectionIndex,
          item: Int64(item), kind: LayoutElement.cellKind, zIndex: placement.cellZIndex)
        if let effects { effects.apply(&element, distance: effects.distance(of: frame)) }
        visitor.visit(element)
      }
      return true
    }
  }

  @inline(__always)
  private func emitRepetition<V: ElementVisitor>(
    _ repetition: Int64, leaves: [LeafSlot], badges: [BadgeSlot], shift: Double,
    placement: SectionPlacement, section sectionIndex: Int32, offset: Double,
    effects: EffectContext?, into visitor: inout V
  ) {
    let firstItem = repetition * placement.itemsPerGroup
    for slot in 0..<leaves.count {
      let item = firstItem + Int64(slot)
      if item >= placement.itemCount { return }
      let leaf = leaves[slot]
      let frame = placement.place(leaf.frame, repetition: repetition, offset: offset, shift: shift)
      if frame.intersects(query) {
        var element = LayoutElement(
          frame: space.physical(frame), category: .cell, section: sectionIndex, item: item,
          kind: LayoutElement.cellKind, zIndex: placement.cellZIndex)
        if let effects {
          let unscrolled = placement.place(leaf.frame, repetition: repetition, offset: 0, shift: shift)
          effects.apply(&element, distance: effects.distance(of: unscrolled))
        }
        visitor.visit(element)
      }
      let first = Int(leaf.firstBadge)
      for badgeIndex in first..<first + Int(leaf.badgeCount) {
        let badge = badges[badgeIndex]
        let badgeFrame = placement.place(
          badge.frame, repetition: repetition, offset: offset, shift: shift)
        guard badgeFrame.intersects(query) else { continue }
        visitor.visit(
          LayoutElement(
            frame: space.physical(badgeFrame), category: .supplementary,
            section: sectionIndex, item: item, kind: badge.kind, zIndex: badge.zIndex))
      }
    }
  }
}

extension Layout {
  /// The effect context of a section, or nil when it has no visible-item effects.
  func effects(of section: Int, id: Int) -> EffectContext? {
    guard let effects = entries.slots[id].shape.visibleItemEffects else { return nil }
    let placement = entries.slots[id].solved.placement
    return EffectContext(
      effects: effects, alongX: placement.isOrthogonal, center: center(ofSection: section),
      stride: placement.stride)
  }

  /// The normalised distance of an item from the centre of its scroll container's snapport,
  /// in group strides (negative before the centre): the input of visible-item effects.
  /// - Complexity: O(1).
  public func itemDistance(section: Int, item: Int64) throws(LayoutError) -> Double {
    _ = try canonicalItemFrame(section: section, item: item)  // validates section, item and state
    let placed = placedSection(section)
    let placement = placed.placement
    let frame = placed.frame(ofItem: item, offset: 0)
    let context = EffectContext(
      effects: VisibleItemEffects(), alongX: placement.isOrthogonal,
      center: center(ofSection: section), stride: placement.stride)
    let distance = context.distance(of: frame)
    // A loop: from the item's copy nearest the centre (docs/SNAPPING.md, "Looping").
    let scroll = entries[section].scroll ?? solved.mainScroll
    guard let period = scroll.period, placement.stride > 0 else { return distance }
    let lap = period / placement.stride
    return distance - (distance / lap).rounded() * lap
  }

  /// The centre of the snapport of the container that scrolls `section`, in content
  /// coordinates along that container's axis.
  private func center(ofSection section: Int) -> Double {
    if let scroll = entries[section].scroll {
      return entries[section].offset + scroll.settings.padding.leading + scroll.snapportLength / 2
    }
    let main = solved.mainScroll
    return mainOffset + main.settings.padding.leading + main.snapportLength / 2
  }
}

/// The copies of a looping container's content around an offset (docs/SNAPPING.md,
/// "Looping"): copy `lap + j` is the content at `within − j · period`, where `within` is the
/// offset's equivalent in the canonical lap and `lap` the lap it is in.
struct LoopCopies {
  let period: Double
  let within: Double
  let lap: Double
  /// Copies reached by one query, at most this many laps either side of the offset's own.
  static let maximumReach = 64.0

  init(scroll: ScrollContainer, offset: Double) {
    period = scroll.period ?? 1
    let canonical = scroll.canonical(offset)
    within = canonical.offset
    lap = (canonical.shift / period).rounded()
  }

  /// The copies `j` (relative to the offset's lap) whose content, spanning `start + j · period
  /// ... start + j · period + extent`, reaches `low ... high`. Only `0` when `single`.
  func copies(start: Double, extent: Double, from low: Double, to high: Double, single: Bool)
    -> Range<Int64>
  {
    guard !single else { return 0..<1 }
    let reach = LoopCopies.maximumReach
    // With 64 ulps of slack: the copy's shift `j · period` and the divisions round, and a copy
    // lost to them loses the elements on its edges (review 9: a copy starting exactly where
    // the rect ends, at lap 5 of an orthogonal loop). A copy too many gives no element.
    let slack =
      (Swift.abs(low) + Swift.abs(high) + Swift.abs(start) + Swift.abs(extent)
        + Swift.abs(period)) * 0x1p-46
    let up = ((low - slack - start - extent) / period).rounded(.up)
    let down = ((high + slack - start) / period).rounded(.down)
    // NaN where the bounds' sums overflow (∞ − ∞): the offset's own lap, whose elements are
    // each tested against the rect (found by the fuzzer, `fuzz_api`: a trap converting NaN).
    guard !up.isNaN, !down.isNaN else { return 0..<1 }
    let first = min(max(up, -reach), reach)
    let last = min(max(down, -reach), reach)
    return Int64(first)..<Int64(max(first, last + 1))
  }

  /// How many of `copies` (from `copies(start:extent:from:to:single:)`), copy `j` spanning
  /// `start + j · period ... start + j · period + extent`, lie wholly inside `low ... high`,
  /// with a margin that the divisions' roundings cannot cross: a lower bound.
  /// - Complexity: O(1).
  static func wholeCopies(
    _ copies: Range<Int64>, start: Double, extent: Double, period: Double, from low: Double,
    to high: Double
  ) -> Int64 {
    guard period > 0, !copies.isEmpty else { return 0 }
    let margin =
      (Swift.abs(low) + Swift.abs(high) + Swift.abs(start) + Swift.abs(extent)
        + Swift.abs(period)) * 0x1p-40
    let first = ((low + margin - start) / period).rounded(.up) + 1
    let last = ((high - margin - start - extent) / period).rounded(.down) - 1
    guard first.isFinite, last.isFinite, first <= last else { return 0 }
    let from = max(Double(copies.lowerBound), first)
    let through = min(Double(copies.upperBound - 1), last)
    return through >= from ? Int64(through - from) + 1 : 0
  }

  /// The offset at which the canonical content shows copy `j`.
  func offset(ofCopy j: Int64) -> Double { within - Double(j) * period }

  /// The copy's number as elements carry it: its lap, saturated to 32 bits.
  func copyNumber(_ j: Int64) -> Int32 {
    Int32(clamping: Int64(clamping: lap + Double(j), Int64(Int32.min), Int64(Int32.max)))
  }
}

/// Hands elements on to any visitor, which it reaches through a pointer and three small
/// functions: one type for every visitor it wraps, so the emission code is compiled once for all
/// of them instead of once for each (docs/PERFORMANCE.md, "Library size"). Unchanged, or as a
/// copy of a looping container's content (`copy` set): naming the copy and moving the elements
/// by the host-coordinate shift of its lap: a looping main scroll's copy (`own` false), or a
/// looping orthogonal section's (`own` true; no shift, its offset places them), whose lap an
/// enclosing main scroll's copy keeps (`visitOwnCopy`).
struct ForwardingVisitor: ElementVisitor {
  private let target: UnsafeMutableRawPointer
  private let visitTarget: (UnsafeMutableRawPointer, LayoutElement, Bool) -> Void
  private let targetFinished: (UnsafeMutableRawPointer) -> Bool
  private let tellTarget: (UnsafeMutableRawPointer, Int64, Bool) -> Void
  /// The copy the elements belong to, or nil to hand them on unchanged.
  var copy: Int32?
  let dx: Double
  let dy: Double
  let own: Bool
  /// When set, only the elements whose frames, as handed on, intersect it are: the host's
  /// rect, for an emitter that gives candidates (`ElementEmitter.findCandidates`).
  var keep: Rect?

  /// Runs `body` with a visitor that hands the elements on to `visitor` unchanged.
  static func around<V: ElementVisitor>(
    _ visitor: inout V, _ body: (inout ForwardingVisitor) -> Void
  ) {
    around(&visitor, copy: nil, dx: 0, dy: 0, own: false, body)
  }

  /// Runs `body` with a visitor that hands the elements of copy `copy` on to `visitor`.
  static func around<V: ElementVisitor>(
    _ visitor: inout V, copy: Int32?, dx: Double = 0, dy: Double = 0, own: Bool = true,
    keep: Rect? = nil, _ body: (inout ForwardingVisitor) -> Void
  ) {
    withUnsafeMutablePointer(to: &visitor) { pointer in
      var wrapper = ForwardingVisitor(
        target: UnsafeMutableRawPointer(pointer),
        visitTarget: { raw, element, own in
          let target = raw.assumingMemoryBound(to: V.self)
          if own { target.pointee.visitOwnCopy(element) } else { target.pointee.visit(element) }
        },
        targetFinished: { raw in raw.assumingMemoryBound(to: V.self).pointee.isFinished },
        tellTarget: { raw, count, expect in
          let target = raw.assumingMemoryBound(to: V.self)
          if expect { target.pointee.expect(atLeast: count) } else { target.pointee.examine(count) }
        }, copy: copy, dx: dx, dy: dy, own: own, keep: keep)
      body(&wrapper)
    }
  }

  /// A mutating getter: a non-mutating one copied the visitor (retaining its closures) on every
  /// call through an inout capture (the measured walk asks once a row).
  var isFinished: Bool { mutating get { targetFinished(target) } }
  mutating func expect(atLeast count: Int64) { tellTarget(target, count, true) }
  mutating func examine(_ count: Int64) { tellTarget(target, count, false) }

  mutating func visit(_ element: LayoutElement) {
    guard let copy else { return hand(element, own: false) }
    var moved = element
    moved.copy = copy
    moved.frame.x += dx
    moved.frame.y += dy
    hand(moved, own: own)
  }

  mutating func visitOwnCopy(_ element: LayoutElement) {
    guard copy != nil else { return hand(element, own: true) }
    var moved = element
    moved.frame.x += dx
    moved.frame.y += dy
    hand(moved, own: true)
  }

  /// Mutating, so that `self` is not copied for the call (a copy retains its closures).
  @inline(__always)
  private mutating func hand(_ element: LayoutElement, own: Bool) {
    if let keep, !element.frame.intersects(keep) { return }
    visitTarget(target, element, own)
  }
}
