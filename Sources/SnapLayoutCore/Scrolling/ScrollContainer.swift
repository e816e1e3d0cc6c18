/// One scroll container — the layout's main scroll or an orthogonal section — along its axis,
/// in logical coordinates: 0 is the start of the content, offsets grow toward its end (in a
/// right-to-left horizontal scroll too; docs/SNAPPING.md, "Scroll containers and units").
///
/// Built when the layout is solved or changed; immutable afterwards, and a class so that
/// queries share it instead of copying its arrays.
final class ScrollContainer {
  /// Whether it is an orthogonal section's scroll (else the main scroll). It does not know
  /// which section: sections move, their scrolls stay as they are.
  let isSection: Bool
  let behavior: OrthogonalScrollingBehavior
  let settings: ScrollSettings
  /// The viewport's length along the axis (W).
  let viewportLength: Double
  /// The content's length along the axis (C).
  let contentLength: Double
  /// Insets before and after the content: the host's contentInset on the main scroll, UIKit's
  /// centring insets for `groupPagingCentered`.
  let insetLeading: Double
  let insetTrailing: Double
  /// The offsets the container can rest at (docs/SNAPPING.md, "Rest positions").
  let minimumOffset: Double
  let maximumOffset: Double
  let snaps: SnapList
  /// The distance between a section's repetitions along the axis (for effects; 0 if none).
  let unitStride: Double
  /// Settling tolerances (docs/SNAPPING.md, "Motion"): position (pt) and velocity (pt/s).
  let tolerance: Motion.Tolerance
  /// The landing band with its decay constants, computed once.
  let landing: Motion.LandingBand
  /// The loop's period when the container loops; nil when it does not (not asked, or content
  /// too short: docs/SNAPPING.md, "Looping").
  let period: Double?
  /// The rest positions of a looping container, unrolled across laps.
  let looped: LoopedRests?
  /// What `clamp` clamps to: the rest bounds, or nothing (±infinity) in a loop.
  private let clampLow: Double
  private let clampHigh: Double
  /// Whether a rest position may cover a range of offsets, a unit longer than the snapport
  /// (docs/SNAPPING.md, "Items longer than the viewport"): false for pages, free scrolls and
  /// lists of one repeated unit that fits, so that their releases pay nothing for ranges.
  let mayHaveRanges: Bool

  /// What a container would loop over: its period and its longest group along the axis.
  struct LoopShape {
    var period: Double
    var longest: Double
  }

  init(
    isSection: Bool, behavior: OrthogonalScrollingBehavior, settings: ScrollSettings,
    viewportLength: Double, contentLength: Double, insets: (leading: Double, trailing: Double),
    units: UnitSequence, unitStride: Double, displayScale: Double, loop: LoopShape? = nil,
    landing: Motion.LandingBand? = nil
  ) {
    self.isSection = isSection
    self.behavior = behavior
    self.settings = settings
    self.viewportLength = viewportLength
    self.contentLength = contentLength
    insetLeading = insets.leading
    insetTrailing = insets.trailing
    self.unitStride = unitStride
    tolerance = Motion.Tolerance(offset: displayScale > 0 ? 0.5 / displayScale : 0.25, velocity: 1)
    // `settings.landingBand` unless the caller keeps it (the main scroll's, built at every
    // solve and every reported size, is the layout's).
    self.landing = landing ?? settings.landingBand

    if let shape = loop, let rests = ScrollContainer.loopRests(
      shape, isSection: isSection, behavior: behavior, settings: settings,
      viewportLength: viewportLength, units: units)
    {
      // A loop has no bounds: the range reported is one lap, from the first rest position
      // (docs/SNAPPING.md, "Looping").
      period = shape.period
      looped = rests
      snaps = rests?.canonical ?? SnapList(free: 0, shape.period)
      minimumOffset = snaps.isFree ? 0 : snaps.offset(0)
      maximumOffset = minimumOffset + shape.period
      clampLow = -.infinity
      clampHigh = .infinity
      mayHaveRanges = ScrollContainer.mayHaveRanges(
        snaps, snapport: viewportLength - settings.padding.leading - settings.padding.trailing)
      return
    }
    period = nil
    looped = nil
    var minimum = 0 - insets.leading  // +0, never −0, with no inset
    var maximum = max(minimum, contentLength + insets.trailing - viewportLength)
    let total = contentLength + insets.leading + insets.trailing
    if behavior == .none && isSection {
      // "none": the section does not scroll across the main axis (docs/SNAPPING.md, "The six
      // orthogonal behaviors").
      minimum = 0
      maximum = 0
      snaps = SnapList(single: 0)
    } else if total <= viewportLength + SnapList.tolerance {
      // Content shorter than the viewport has one rest position (docs/SNAPPING.md, "Rest
      // positions").
      let room = viewportLength - total
      switch settings.insufficientContentAlignment {
      case .start: break
      case .center: minimum -= room / 2
      case .end: minimum -= room
      }
      maximum = minimum
      // Its item is the first unit's when the container snaps to units.
      switch settings.snapUnit {
      case .none: snaps = SnapList(free: minimum, minimum)
      case .page: snaps = SnapList(single: minimum)
      case .item, .group: snaps = SnapList(single: minimum, units: units)
      }
    } else {
      switch settings.snapUnit {
      case .none:
        snaps = SnapList(free: minimum, maximum)
      case .page:
        snaps = SnapList(
          pageLength: settings.pageLength ?? viewportLength, minimum: minimum, maximum: maximum)
      case .item, .group:
        snaps = SnapList(
          units: units, containment: settings.containment, minimum: minimum, maximum: maximum,
          mergeDistance: ScrollContainer.mergeDistance(settings, viewportLength: viewportLength))
        // Containment `none`: the bounds are the first and last rest positions, so that the
        // container starts at a rest position and gestures and programmatic scrolls agree
        // (docs/SNAPPING.md, "Rest positions", Containment). A first or last unit longer than
        // the snapport covers a range: the bound is its far edge, so that the whole unit can
        // be read and every range lies within the bounds ("Items longer than the viewport").
        minimum = snaps.minimum
        maximum = snaps.maximum
        if settings.containment == .none && snaps.count > 0 {
          let snapport = viewportLength - settings.padding.leading - settings.padding.trailing
          let alignment = settings.alignment
          minimum = min(minimum, snaps.range(0, alignment: alignment, snapport: snapport).low)
          maximum = max(
            maximum, snaps.range(snaps.count - 1, alignment: alignment, snapport: snapport).high)
        }
      }
    }
    minimumOffset = minimum
    maximumOffset = maximum
    clampLow = minimum
    clampHigh = maximum
    mayHaveRanges = ScrollContainer.mayHaveRanges(
      snaps, snapport: viewportLength - settings.padding.leading - settings.padding.trailing)
  }

  /// Whether `snaps` may hold a unit longer than `snapport`: a list of one repeated unit
  /// answers from its template; other unit lists may (their units are looked at one by one).
  private static func mayHaveRanges(_ snaps: SnapList, snapport: Double) -> Bool {
    guard case .units(let units, _, _, _, _) = snaps.source else { return false }
    if units.uniform != nil, let (run, _) = units.firstRun {
      let longest = max(run.slots.map { $0.extent }.max() ?? 0, run.lastSlots.map { $0.extent }.max() ?? 0)
      return longest - snapport > SnapList.tolerance
    }
    return true
  }

  /// The offsets rest position `index` covers (docs/SNAPPING.md, "Items longer than the
  /// viewport"); in a loop `index` counts across laps.
  func range(_ index: Int64) -> (low: Double, high: Double) {
    let snapport = snapportLength
    if let looped {
      let k = looped.canonicalIndex(index)
      let canonical = snaps.range(k, alignment: settings.alignment, snapport: snapport)
      let shift = looped.offset(index) - snaps.offset(k)
      return (canonical.low + shift, canonical.high + shift)
    }
    return snaps.range(index, alignment: settings.alignment, snapport: snapport)
  }

  /// The rest position whose range holds `x` (within the tolerance), with that range: nil when
  /// `x` lies between positions, or the container's positions are all points.
  func restHolding(_ x: Double) -> (index: Int64, low: Double, high: Double)? {
    guard mayHaveRanges, !snaps.isFree else { return nil }
    let around = looped?.segment(x) ?? snaps.segment(x)
    // Exactly at a position's offset (the first of several there, ties to the lower): a
    // position without a range is the rest position itself, before a later unit whose range
    // reaches back over it (a bound beside an end-aligned long item); one with a range holds it.
    if x == around.lowOffset {
      let first =
        looped?.firstSharing(around.low, x) ?? snaps.firstSharing(around.low, x)
      // The position before whose range ends here comes first (a bound beside a long unit
      // that reaches it).
      if looped != nil || first > 0 {
        let before = range(first &- 1)
        if before.high > before.low && x <= before.high { return (first &- 1, before.low, before.high) }
      }
      let span = range(first)
      guard span.high > span.low else { return nil }
      if first != around.low && x >= span.low - SnapList.tolerance {
        return (first, span.low, span.high)
      }
    }
    // A range that holds `x` itself comes before one that holds it within the tolerance: an
    // offset a fraction of a point into the next position's range, past this one's end, is at
    // the next (the model soak's `seed=650101578;case=126`). Of two that hold it within the
    // tolerance (ranges less than a point apart, `x` between them), the nearer, ties to the
    // first (the model soak's `seed=110860365;case=296`: 0.59 pt past one, 0.18 pt before the
    // next).
    var near: (index: Int64, low: Double, high: Double)?
    var nearest = SnapList.tolerance
    for index in [around.low, around.high] {
      let span = range(index)
      guard span.high > span.low else { continue }
      if x >= span.low && x <= span.high { return (index, span.low, span.high) }
      let distance = x < span.low ? span.low - x : x - span.high
      if near == nil ? distance <= nearest : distance < nearest {
        near = (index, span.low, span.high)
        nearest = distance
      }
    }
    return near
  }

  /// Where the container rests until the host scrolls it: rest position `initialIndex` (the
  /// last when there are fewer), else the start bound (docs/SNAPPING.md, "Navigation without
  /// touch").
  var initialOffset: Double {
    guard settings.initialIndex > 0, !snaps.isFree else { return minimumOffset }
    return snaps.offset(min(settings.initialIndex, snaps.count - 1))
  }

  /// `x` clamped to the rest bounds (a looping container has none: `x`).
  @inline(__always)
  func clamp(_ x: Double) -> Double { min(max(x, clampLow), clampHigh) }

  /// Whether the container loops (docs/SNAPPING.md, "Looping").
  var loops: Bool { period != nil }

  /// The rest position nearest `x` (the one whose range holds it, when one does): in a loop,
  /// its canonical index (0 ..< count).
  func nearestCanonical(_ x: Double) -> Int64 {
    if mayHaveRanges {
      let index = nearestRest(x)
      return looped?.canonicalIndex(index) ?? index
    }
    if let looped { return looped.canonicalIndex(looped.nearestWithOffset(x).index) }
    return snaps.nearest(x)
  }

  /// The rest positions at `x`, consecutive: those resting there and those whose range holds
  /// it (a bound beside a long unit whose range reaches it); nil when `x` lies between positions
  /// (docs/SNAPPING.md, "Positions that share an offset"). Navigation counts from the last of
  /// them going forward and from the first going back, so that a step always moves.
  func restsAt(_ x: Double) -> (first: Int64, last: Int64)? {
    guard !snaps.isFree else { return nil }
    let around = looped?.segment(x) ?? snaps.segment(x)
    // Between positions, a range holds `x` within the tolerance (as `restHolding`); at a
    // position's offset, a neighbour's range only when it reaches `x` itself.
    func holds(_ index: Int64, within tolerance: Double) -> Bool {
      let span = range(index)
      return span.high > span.low && x >= span.low - tolerance && x <= span.high + tolerance
    }
    let tolerance = SnapList.tolerance
    if x != around.lowOffset {
      guard mayHaveRanges else { return nil }
      let low = holds(around.low, within: tolerance)
      let high = around.high != around.low && holds(around.high, within: tolerance)
      if low { return (around.low, high ? around.high : around.low) }
      return high ? (around.high, around.high) : nil
    }
    // The segment ends at the last of the positions resting at `x`.
    var first = looped?.firstSharing(around.low, x) ?? snaps.firstSharing(around.low, x)
    var last = around.low
    guard mayHaveRanges else { return (first, last) }
    // Ranges lie between their neighbours' offsets: only the next positions out can reach `x`.
    if (looped != nil || first > 0) && holds(first &- 1, within: 0) { first = first &- 1 }
    if (looped != nil || last < snaps.count - 1) && holds(last &+ 1, within: 0) {
      last = last &+ 1
    }
    return (first, last)
  }

  /// The rest position nearest `x`, measuring to ranges (docs/SNAPPING.md, "Items longer than
  /// the viewport"): the one whose range holds it, else of the positions around it the one
  /// whose range's nearer end is nearer (ties to the first). In a loop, across laps.
  func nearestRest(_ x: Double) -> Int64 {
    if let holding = restHolding(x) { return holding.index }
    if let looped {
      let around = looped.segment(x)
      guard mayHaveRanges else { return looped.nearest(x, in: around).index }
      return nearestRest(x, around, looped)
    }
    let around = snaps.segment(x)
    guard mayHaveRanges else { return snaps.nearest(x, in: around).index }
    return nearestRest(x, around, snaps)
  }

  /// `nearestRest(_:)` between the ranges of the positions around `x`, none holding it: of
  /// several positions sharing the lower one's offset (their ranges end there), the first.
  private func nearestRest(_ x: Double, _ around: SnapList.Segment, _ rests: some RestPositions)
    -> Int64
  {
    // Exactly at the lower one's offset: the first of the positions there (ties to the lower),
    // whatever range a later one there covers.
    if x == around.lowOffset { return rests.firstSharing(around.low, x) }
    let end = range(around.low).high
    let start = range(around.high).low
    guard x - end <= start - x || around.high == around.low else { return around.high }
    return end == around.lowOffset ? rests.firstSharing(around.low, end) : around.low
  }

  /// The offset equivalent to `x` in the canonical lap, `minimumOffset ..< maximumOffset`, and
  /// the shift between them (`x − shift`); `x` itself, shift 0, when the container does not
  /// loop (docs/SNAPPING.md, "Looping").
  func canonical(_ x: Double) -> (offset: Double, shift: Double) {
    guard let period else { return (x, 0) }
    return ScrollContainer.canonical(x, start: minimumOffset, period: period)
  }

  /// `canonical(_:)` of a loop whose canonical lap is `start ..< start + period`: the one
  /// formula. The reduction is exact (`Math.laps`); the offset given is `x − shift` as a double
  /// computes it, within half an ulp of `x` of the exact remainder (finer than `x` itself).
  @inline(never)
  static func canonical(_ x: Double, start: Double, period: Double) -> (
    offset: Double, shift: Double
  ) {
    let end = start + period
    // An offset in the lap is its own canonical offset, to the last bit.
    if x >= start && x < end { return (x, 0) }
    var offset = start + Math.laps(x - start, period: period).within
    // A remainder an ulp below the period can round onto the next lap's start: that is the
    // lap's own start (the lap is half open).
    if offset >= end { offset = start }
    // The host re-bases by the shift: the offset is what `x − shift` gives, to the last bit
    // (the header's promise). Where that rounds out of the lap, the shift moves by an ulp at a
    // time toward it (a few at most: the lap is far wider than an ulp of `x`).
    var shift = x - offset
    for _ in 0..<8 {
      let rebased = x - shift
      if rebased < start {
        shift = shift.nextDown
      } else if rebased >= end {
        shift = shift.nextUp
      } else {
        return (rebased, shift)
      }
    }
    return (offset, x - offset)
  }

  /// The rest positions of a loop over `shape`: nil (wrapped in an optional) for a free loop;
  /// nil when the container cannot loop: not asked, an orthogonal section that does not
  /// scroll, no content, or content too short to loop without showing a group twice at once
  /// (its period less than the viewport plus its longest group, as Embla Carousel's
  /// `canLoop`; docs/SNAPPING.md, "Looping").
  static func loopRests(
    _ shape: LoopShape, isSection: Bool, behavior: OrthogonalScrollingBehavior,
    settings: ScrollSettings, viewportLength: Double, units: UnitSequence
  ) -> LoopedRests?? {
    guard settings.loop, !(isSection && behavior == .none), shape.period.isFinite,
      shape.period > 0, shape.period - shape.longest >= viewportLength - 1e-9 * shape.period
    else { return nil }
    let list: SnapList
    switch settings.snapUnit {
    case .none:
      return .some(nil)
    case .page:
      // Pages from the content's start; the page across the seam may be shorter.
      let length = settings.pageLength ?? viewportLength
      let whole = ((shape.period - SnapList.tolerance) / length).rounded(.down)
      guard whole >= 1, whole < 1e15 else { return nil }
      list = SnapList(pageLength: length, minimum: 0, maximum: whole * length)
    case .item, .group:
      guard units.count > 0 else { return nil }
      // Every unit's aligned position, no bound trims or merges them.
      list = SnapList(units: units, containment: .none, minimum: 0, maximum: 0)
    }
    return .some(LoopedRests(canonical: list, period: shape.period))
  }

  /// The distance within which a unit's position rests on a bound: `mergeDistance`, or
  /// max(1, 5 % of the snapport); never more than the viewport (docs/SNAPPING.md, "Rest
  /// positions", Containment).
  static func mergeDistance(_ settings: ScrollSettings, viewportLength: Double) -> Double {
    let snapport = viewportLength - settings.padding.leading - settings.padding.trailing
    let distance = settings.mergeDistance ?? max(SnapList.tolerance, 0.05 * snapport)
    return max(0, min(distance, viewportLength))
  }

  /// `padding.leading + alignment · snapport`: what a unit's aligned offset subtracts from
  /// where its span puts it (docs/SNAPPING.md, "Rest positions"). A unit at its section's
  /// start rests there minus this, and no unit of the section rests before that.
  static func alignConstant(_ settings: ScrollSettings, viewportLength: Double) -> Double {
    let snapport = viewportLength - settings.padding.leading - settings.padding.trailing
    return settings.padding.leading + settings.alignment * snapport
  }

  /// The snapport: the viewport minus the scroll padding.
  var snapportLength: Double {
    viewportLength - settings.padding.leading - settings.padding.trailing
  }
}

extension ScrollContainer {
  /// The units of one section along the container's axis, aligned with `settings`, relative to
  /// the section's start (`solved` is placed at 0).
  ///
  /// - Parameters:
  ///   - alongX: whether the axis is the template's x (orthogonal sections) or y (main scroll).
  ///   - whole: treat the whole section as one unit (an orthogonal section in the main scroll).
  static func run(
    solved: SolvedSection, settings: ScrollSettings, viewportLength: Double, alongX: Bool,
    whole: Bool
  ) -> UnitRun {
    if let pages = GroupPages.run(
      solved: solved, settings: settings, viewportLength: viewportLength, alongX: alongX,
      whole: whole)
    {
      return pages
    }
    let placement = solved.placement
    let alpha = settings.alignment
    let alignConstant = ScrollContainer.alignConstant(settings, viewportLength: viewportLength)
    let base = alongX ? placement.origin.x : placement.origin.y
    let byGroup = whole || solved.flowLines != nil || settings.snapUnit != .item
    // The cells of a partial last group (0: it is whole). A flow section's lines and a whole
    // section are units of their own.
    let remainder =
      whole || solved.flowLines != nil
      ? 0 : Int(placement.itemCount % max(placement.itemsPerGroup, 1))
    let tables = solved.shared!.unitTables(
      alongX: alongX, byGroup: byGroup, remainder: remainder, settings: settings,
      viewportLength: viewportLength)
    func measuredUnits() -> MeasuredUnits? {
      guard !whole, let sizes = solved.measured else { return nil }
      let lastCells = Int(placement.itemCount % max(placement.itemsPerGroup, 1))
      return MeasuredUnits(
        sizes: sizes, template: solved.shared!, alongX: alongX, alignment: alpha,
        alignConstant: alignConstant, groupUnits: tables.groupUnits,
        lastPresent: lastCells == 0 ? Int(placement.itemsPerGroup) : lastCells)
    }

    if let lines = solved.flowLines, !whole {
      let count = Int64(lines.lineCount)
      return UnitRun(
        count: count, base: base, stride: placement.stride, repetitions: count, itemsPerGroup: 1,
        tables: tables,
        lines: LineUnits(
          lines: lines, alignment: alpha, alignConstant: alignConstant))
    }
    if whole {
      let repetitions = min(placement.groupCount, 1)
      return UnitRun(
        count: repetitions, base: base, stride: 1, repetitions: repetitions,
        itemsPerGroup: max(placement.itemCount, 1), tables: tables)
    }
    let count =
      tables.groupUnits || placement.groupCount == 0
      ? placement.groupCount
      : (placement.groupCount - 1) * Int64(tables.slots.count) + Int64(tables.lastSlots.count)
    return UnitRun(
      count: count, base: base, stride: placement.stride, repetitions: placement.groupCount,
      itemsPerGroup: placement.itemsPerGroup, tables: tables, measured: measuredUnits())
  }
}

/// Where the units of one repetition of a template rest, relative to the repetition's start:
/// the same for every section of the template (`SectionTemplate.unitTables`).
struct UnitTables {
  /// Sorted by `aligned`; all within one stride, so units are ordered.
  let slots: [UnitSlot]
  /// The slots of the last repetition (a subset when the group is partial).
  let lastSlots: [UnitSlot]
  /// For each cell of the template, the index of the slot it rests in (full and last
  /// repetition).
  let slotOfLeaf: [Int32]
  let lastSlotOfLeaf: [Int32]
  /// Whether units are whole repetitions: group snapping, or cells that overhang the next
  /// repetition (item snapping then falls back to group positions).
  let groupUnits: Bool
}

extension SectionTemplate {
  /// The unit tables of this template along a container's axis, aligned with `settings`;
  /// `byGroup` for units that are whole repetitions, otherwise cells, the last repetition
  /// holding `remainder` of them (0: all; a partial group's unit spans its own length). Built
  /// once per key and kept.
  func unitTables(
    alongX: Bool, byGroup: Bool, remainder: Int, settings: ScrollSettings, viewportLength: Double
  ) -> UnitTables {
    let key = (remainder << 2) | (byGroup ? 2 : 0) | (alongX ? 1 : 0)
    for entry in unitTables where entry.key == key { return entry.tables }
    let tables = buildUnitTables(
      alongX: alongX, byGroup: byGroup, remainder: remainder, settings: settings,
      viewportLength: viewportLength)
    unitTables.append((key, tables))
    return tables
  }

  private func buildUnitTables(
    alongX: Bool, byGroup: Bool, remainder: Int, settings: ScrollSettings, viewportLength: Double
  ) -> UnitTables {
    let alpha = settings.alignment
    let alignConstant = ScrollContainer.alignConstant(settings, viewportLength: viewportLength)
    func aligned(_ start: Double, _ extent: Double) -> Double {
      UnitSlot.aligned(start, extent, alpha, alignConstant)
    }
    let groupLength = alongX ? template.size.width : template.size.height
    let leaves = template.leaves.count
    let groupSlot = [UnitSlot(aligned: aligned(0, groupLength), leaf: 0, extent: groupLength)]
    // A partial last group's unit spans the group as it is laid out, its own length: it ends
    // where the section's groups end (docs/SNAPPING.md, "A unit's span").
    let lastLength = remainder == 0 ? groupLength : repetitionSolver.groupLength(template, present: remainder)
    let lastGroupSlot =
      remainder == 0
      ? groupSlot
      : [UnitSlot(aligned: aligned(0, lastLength), leaf: 0, extent: lastLength)]
    let zeros = [Int32](repeating: 0, count: max(leaves, 1))
    let byGroupTables = UnitTables(
      slots: groupSlot, lastSlots: lastGroupSlot, slotOfLeaf: zeros, lastSlotOfLeaf: zeros,
      groupUnits: true)
    if byGroup { return byGroupTables }

    // Item units: the distinct cell positions of one repetition, sorted.
    func slots(upTo present: Int) -> (slots: [UnitSlot], ofLeaf: [Int32]) {
      var starts: [(start: Double, extent: Double, leaf: Int64)] = []
      for (leaf, slot) in template.leaves.prefix(present).enumerated() {
        let start = alongX ? slot.frame.minX : slot.frame.minY
        let extent = alongX ? slot.frame.width : slot.frame.height
        if let existing = starts.firstIndex(where: { $0.start == start }) {
          starts[existing].extent = max(starts[existing].extent, extent)
        } else {
          starts.append((start, extent, Int64(leaf)))
        }
      }
      // Spans clipped to the group, as a measured repetition's (MeasuredUnits).
      var result = starts.map {
        let span = UnitSlot.clip(start: $0.start, extent: $0.extent, to: groupLength)
        return UnitSlot(
          aligned: aligned(span.start, span.extent), leaf: $0.leaf, extent: span.extent)
      }
      result.sort { $0.aligned < $1.aligned }
      var ofLeaf = [Int32](repeating: 0, count: max(leaves, 1))
      for (leaf, slot) in template.leaves.prefix(present).enumerated() {
        let start = alongX ? slot.frame.minX : slot.frame.minY
        let owner = starts.first { $0.start == start }?.leaf ?? 0
        ofLeaf[leaf] = Int32(result.firstIndex { $0.leaf == owner } ?? 0)
      }
      return (result, ofLeaf)
    }
    let full = slots(upTo: leaves)
    let last = remainder == 0 ? full : slots(upTo: remainder)
    // Units must stay ordered across repetitions: spans are clipped to their group, and when
    // a repetition's positions still span a whole stride (ties with the next repetition's,
    // which rounding could invert), item snapping falls back to group positions.
    if let low = full.slots.first?.aligned, let high = full.slots.last?.aligned,
      high - low >= stride
    {
      return byGroupTables
    }
    return UnitTables(
      slots: full.slots, lastSlots: last.slots, slotOfLeaf: full.ofLeaf,
      lastSlotOfLeaf: last.ofLeaf, groupUnits: false)
  }
}
