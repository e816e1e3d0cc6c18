/// One snap position inside a repetition of a section's group, already aligned: adding a
/// repetition's start gives the offset at which the unit rests.
struct UnitSlot {
  /// `start + alignment · extent − (padding.leading + alignment · snapport)` relative to the
  /// repetition's start (docs/SNAPPING.md, "Rest positions").
  var aligned: Double
  /// The first cell of the template at this position (for "which item rests here").
  var leaf: Int64
  /// The unit's span along the axis, clipped to its group: longer than the snapport, the unit
  /// rests anywhere the snapport stays inside it (docs/SNAPPING.md, "Items longer than the
  /// viewport").
  var extent = 0.0

  /// The one formula for a unit's aligned offset from its span (`constant` is
  /// `padding.leading + alignment · snapport`).
  @inline(__always)
  static func aligned(_ start: Double, _ extent: Double, _ alignment: Double, _ constant: Double)
    -> Double
  {
    start + alignment * extent - constant
  }

  /// A unit's span clipped to its repetition's group, `0 ... length` along the axis: a cell
  /// that overflows its group rests as if it ended (or started) at the group's edge, so a
  /// repetition's rest positions stay within it (docs/SNAPPING.md, "Rest positions").
  @inline(__always)
  static func clip(start: Double, extent: Double, to length: Double) -> (start: Double, extent: Double) {
    guard start < 0 || start + extent > length else { return (start, extent) }
    let low = min(max(start, 0), length)
    let high = min(max(start + extent, low), length)
    return (low, high - low)
  }
}

/// The snap units of one section along a container's axis: `repetitions` copies of `slots`,
/// `stride` apart, the last copy holding only `lastSlots` when the last group is partial.
/// Units are numbered from 0 within the run, and their offsets are relative to where the
/// section starts (`start`, 0 in an orthogonal section's own scroll): a run does not change
/// when sections before it do.
///
/// Immutable classes all the way down (this, `UnitSequence`, `SnapList`): a method called on
/// a struct that holds arrays copies it, retaining and releasing every array, which would cost
/// more than the arithmetic of a resolve.
final class UnitRun {
  /// Its units.
  let count: Int64
  /// Where repetition 0 starts along the axis, relative to the section's start.
  let base: Double
  let stride: Double
  let repetitions: Int64
  /// Items per repetition (N), to map units back to items.
  let itemsPerGroup: Int64
  /// Where a repetition's units rest, shared by the sections of one template.
  let tables: UnitTables
  var slots: [UnitSlot] { tables.slots }
  var lastSlots: [UnitSlot] { tables.lastSlots }
  /// Set when the section has measured cells: units then rest where the measured
  /// repetitions put them.
  let measured: MeasuredUnits?
  /// Set for a flow section with per-item sizes: one unit per line, resting where it is.
  let lines: LineUnits?
  /// Set for pages of a section whose groups have sizes of their own: one unit per
  /// `groupsPerPage` groups (lines), spanning them (docs/SNAPPING.md, "Pages of what fits").
  let paged: PagedUnits?

  init(
    count: Int64, base: Double, stride: Double, repetitions: Int64, itemsPerGroup: Int64,
    tables: UnitTables, measured: MeasuredUnits? = nil, lines: LineUnits? = nil,
    paged: PagedUnits? = nil
  ) {
    self.measured = measured
    self.lines = lines
    self.paged = paged
    self.count = count
    self.base = base
    self.stride = stride
    self.repetitions = repetitions
    self.itemsPerGroup = itemsPerGroup
    self.tables = tables
  }

  /// Where repetition 0 starts when the section starts at `start`: `start + base`, as a
  /// section's origin is its start plus its origin relative to it (`SolvedSection.place`).
  @inline(always)
  func origin(_ start: Double) -> Double { start + base }

  /// A unit's repetition and its index among the repetition's units.
  func position(_ unit: Int64) -> (repetition: Int64, index: Int) {
    let width = Int64(tables.slots.count)
    let repetition = min(unit / width, repetitions - 1)
    let index = unit - repetition * width
    let count = repetition == repetitions - 1 ? tables.lastSlots.count : tables.slots.count
    return (repetition, Int(min(index, Int64(count - 1))))
  }

  /// The aligned offset of unit `unit` (0 ..< count) of this run, the section starting at
  /// `start`.
  func offset(_ unit: Int64, start: Double) -> Double {
    if let paged { return paged.offset(unit, start: start) }
    let base = origin(start)
    if let lines { return lines.offset(base: base, line: Int(unit)) }
    let (repetition, index) = position(unit)
    if let measured { return measured.offset(index, of: repetition, in: self, base: base) }
    let slots = repetition == repetitions - 1 ? tables.lastSlots : tables.slots
    return UnitRun.offset(
      base: base, stride: stride, repetition: repetition, aligned: slots[index].aligned)
  }

  /// The span of unit `unit` along the axis (clipped to its group), the section starting at
  /// `start` (docs/SNAPPING.md, "Items longer than the viewport").
  func extent(_ unit: Int64, start: Double) -> Double {
    if let paged { return paged.page(unit, start: start).extent }
    if let lines { return lines.extent(line: Int(unit)) }
    let (repetition, index) = position(unit)
    if let measured {
      return measured.extent(index, of: repetition, in: self, base: origin(start))
    }
    let slots = repetition == repetitions - 1 ? tables.lastSlots : tables.slots
    return slots[index].extent
  }

  /// The one formula for where a unit rests, `(base + repetition · stride) + aligned`: every
  /// path (offsets, ranks, the closed form) evaluates exactly this expression, so a position
  /// compared with itself is always found at or before itself.
  @inline(always)
  static func offset(base: Double, stride: Double, repetition: Int64, aligned: Double) -> Double {
    (base + Double(repetition) * stride) + aligned
  }

  /// How many of this run's first `limit` units have an aligned offset `<= x` (`< x` when
  /// `strict`), the section starting at `start`.
  func rank(_ x: Double, strict: Bool, start: Double, limit: Int64) -> Int64 {
    if measured != nil || lines != nil || paged != nil {
      // Offsets still increase unit by unit: search them.
      var low: Int64 = 0
      var high = limit
      while low < high {
        let mid = low + (high - low) / 2
        let at = offset(mid, start: start)
        if strict ? at < x : at <= x { low = mid + 1 } else { high = mid }
      }
      return low
    }
    let base = origin(start)
    var total: Int64 = 0
    let full = repetitions - 1
    for slot in tables.slots {
      total += count(x, base: base, aligned: slot.aligned, limit: full, strict: strict)
    }
    for slot in tables.lastSlots {
      let at = UnitRun.offset(base: base, stride: stride, repetition: full, aligned: slot.aligned)
      if strict ? at < x : at <= x { total += 1 }
    }
    return min(total, limit)
  }

  /// How many repetitions `k = 0 ..< limit` of a slot rest at or before `x` (before, when
  /// `strict`): an estimate by division, settled against the offsets themselves.
  private func count(_ x: Double, base: Double, aligned: Double, limit: Int64, strict: Bool)
    -> Int64
  {
    guard limit > 0 else { return 0 }
    func before(_ k: Int64) -> Bool {
      let at = UnitRun.offset(base: base, stride: stride, repetition: k, aligned: aligned)
      return strict ? at < x : at <= x
    }
    let ratio = ((x - base - aligned) / stride).rounded(.down)
    var k = ratio < 0 ? -1 : Int64(clamping: ratio, 0, limit - 1)  // the last k before x
    while k + 1 < limit && before(k + 1) { k += 1 }
    while k >= 0 && !before(k) { k -= 1 }
    return k + 1
  }

  /// The unit (0 ..< count) holding an item of this run's section, the section starting at
  /// `start`.
  func unit(ofItem item: Int64, start: Double) -> Int64 {
    if let paged {
      return min(paged.page(ofGroup: paged.groups.unit(ofItem: item, start: start)), count - 1)
    }
    if let lines {
      let last = lines.lines.sizes.count - 1
      return Int64(lines.lines.line(ofItem: Int(min(max(item, 0), Int64(last)))))
    }
    let repetition = min(max(item / itemsPerGroup, 0), repetitions - 1)
    let map = repetition == repetitions - 1 ? tables.lastSlotOfLeaf : tables.slotOfLeaf
    // Bounded by the map before it becomes an Int: a whole section as one unit has up to
    // 2^63 - 1 items per group, more than a 32-bit Int holds.
    let leaf = min(
      max(item - repetition * itemsPerGroup, 0), itemsPerGroup - 1, Int64(map.count - 1))
    var index = Int64(map[Int(leaf)])
    if let measured {
      // A measured repetition's units are in the order of their rest positions.
      index = Int64(
        measured.index(ofSlot: Int(index), in: repetition, of: self, base: origin(start)))
    }
    let local = repetition * Int64(tables.slots.count) + index
    return min(local, count - 1)
  }

  /// The item resting at unit `unit` (0 ..< count), the section starting at `start`.
  func item(_ unit: Int64, start: Double) -> Int64 {
    if let paged { return paged.groups.item(paged.firstGroup(unit), start: start) }
    if let lines { return Int64(lines.lines.firstItem(ofLine: Int(unit))) }
    let (repetition, index) = position(unit)
    if let measured {
      return repetition * itemsPerGroup
        + measured.unit(index, of: repetition, in: self, base: origin(start)).leaf
    }
    let slots = repetition == repetitions - 1 ? tables.lastSlots : tables.slots
    return repetition * itemsPerGroup + slots[index].leaf
  }
}

/// All the units of a container in order: the concatenation of its sections' runs — an
/// orthogonal section's one run, or every section of the main scroll, read through the layout's
/// `SectionStore` in O(log sections) per question.
final class UnitSequence {
  private enum Source {
    /// Runs held here, each with its section, where it starts and its first unit.
    case runs([UnitRun], sections: [Int32], starts: [Double], firstUnits: [Int64])
    /// The runs of a layout's sections (`SectionEntry.mainRun`).
    case store(SectionStore)
  }

  private let source: Source
  let count: Int64
  /// The common case — one section, one position per repetition (a carousel, a list, a
  /// grid's rows) — answered by arithmetic alone: unit k rests at
  /// `UnitRun.offset(base:stride:repetition: k, aligned:)`.
  let uniform: (base: Double, stride: Double, aligned: Double)?
  /// With `uniform`: unit k holds item `k · itemsPerGroup + leaf` (`lastLeaf` for the last).
  let uniformItems: (section: Int32, itemsPerGroup: Int64, leaf: Int64, lastLeaf: Int64)?
  /// The main scroll's `padding.leading + alignment · snapport` (`ScrollContainer.alignConstant`):
  /// no unit of a section rests before its section's start minus this, so no unit of the
  /// section before rests after it (`ceiling(after:in:)`).
  let alignConstant: Double

  /// The units of `runs`, run `i` of section `sections[i]` starting at `starts[i]` (0 in an
  /// orthogonal scroll, where offsets are the section's own).
  /// - Parameter closedForm: answer uniform sequences by arithmetic (tests turn it off to check
  ///   the arithmetic against the general path).
  ///
  /// Held runs are one section's (an orthogonal section's own scroll, whose offsets are its
  /// own): they meet no other section, and have no ceiling.
  init(runs: [UnitRun], sections: [Int32], starts: [Double], closedForm: Bool = true) {
    alignConstant = 0
    var kept: [UnitRun] = []
    var keptSections: [Int32] = []
    var keptStarts: [Double] = []
    var firstUnits: [Int64] = []
    var total: Int64 = 0
    for (index, run) in runs.enumerated() where run.count > 0 && total < Int64.max {
      kept.append(run)
      keptSections.append(sections[index])
      keptStarts.append(starts[index])
      firstUnits.append(total)
      // Sections of 2^63 − 1 items each: the units past Int64.max cannot be numbered.
      total = SectionTree.add(total, run.count)
    }
    source = .runs(kept, sections: keptSections, starts: keptStarts, firstUnits: firstUnits)
    count = total
    let single = kept.count == 1 ? (kept[0], keptSections[0], keptStarts[0]) : nil
    (uniform, uniformItems) = UnitSequence.closedForm(single, enabled: closedForm)
  }

  /// The units of the main scroll: every section's run, in order, aligned with
  /// `alignConstant` (`ScrollContainer.alignConstant`).
  init(store: SectionStore, alignConstant: Double, closedForm: Bool = true) {
    source = .store(store)
    self.alignConstant = alignConstant
    let total = store.tree.total
    count = total.units
    var single: (UnitRun, Int32, Double)? = nil
    var ceiling = Double.infinity
    if total.unitSections == 1 {
      let position = store.tree.section(ofUnit: 0).position
      if let run = store[position].mainRun {
        single = (run, Int32(truncatingIfNeeded: position), store.start(at: position))
        ceiling = UnitSequence.ceiling(after: position, in: store, alignConstant: alignConstant)
      }
    }
    let (arithmetic, items) = UnitSequence.closedForm(single, enabled: closedForm)
    // The closed form has no ceiling: it is kept only where its last unit (the furthest, as
    // the stride is above 0) rests at or before it, so that the ceiling moves none.
    if let arithmetic, count > 0,
      !(UnitRun.offset(
        base: arithmetic.base, stride: arithmetic.stride, repetition: count - 1,
        aligned: arithmetic.aligned) <= ceiling)
    {
      (uniform, uniformItems) = (nil, nil)
    } else {
      (uniform, uniformItems) = (arithmetic, items)
    }
  }

  /// The furthest a unit of the section at `position` rests: where the first unit of the next
  /// section can (its start minus `alignConstant`, the formula of every unit's offset at its
  /// section's start), none for the last section (docs/SNAPPING.md, "Rest positions"). A
  /// unit at its section's end (a cell clipped to its group's end, where the section ends)
  /// and the next section's start are one number summed two ways — the unit's from its
  /// repetition, rounded three times, the section's start exactly, rounded once — and could be
  /// an ulp out of order without it. Sections never overlap (spacing is not negative), so it
  /// moves a unit by roundings only.
  @inline(__always)
  private static func ceiling(after position: Int, in store: SectionStore, alignConstant: Double)
    -> Double
  {
    position + 1 < store.count
      ? store.start(at: position + 1) + (0 - alignConstant) : Double.infinity
  }

  private static func closedForm(_ single: (run: UnitRun, section: Int32, start: Double)?, enabled: Bool)
    -> (
      (base: Double, stride: Double, aligned: Double)?,
      (section: Int32, itemsPerGroup: Int64, leaf: Int64, lastLeaf: Int64)?
    )
  {
    guard enabled, let (run, section, start) = single, run.measured == nil, run.lines == nil,
      run.paged == nil,
      run.slots.count == 1, run.lastSlots.count == 1,
      run.slots[0].aligned == run.lastSlots[0].aligned, run.stride > 0
    else { return (nil, nil) }
    return (
      (run.origin(start), run.stride, run.slots[0].aligned),
      (section, run.itemsPerGroup, run.slots[0].leaf, run.lastSlots[0].leaf)
    )
  }

  /// The run holding a unit, its section, where the section starts and the run's first unit.
  /// - Complexity: O(log runs).
  private func locate(_ unit: Int64) -> (run: UnitRun, section: Int32, start: Double, first: Int64) {
    switch source {
    case .runs(let runs, let sections, let starts, let firstUnits):
      var low = 0
      var high = runs.count - 1
      while low < high {
        let mid = (low + high + 1) / 2
        if firstUnits[mid] <= unit { low = mid } else { high = mid - 1 }
      }
      return (runs[low], sections[low], starts[low], firstUnits[low])
    case .store(let store):
      let (position, first) = store.tree.section(ofUnit: unit)
      return (
        store[position].mainRun!, Int32(truncatingIfNeeded: position), store.start(at: position),
        first
      )
    }
  }

  func offset(_ unit: Int64) -> Double {
    if let uniform {
      return UnitRun.offset(
        base: uniform.base, stride: uniform.stride, repetition: unit, aligned: uniform.aligned)
    }
    let (run, section, start, first) = locate(unit)
    let offset = run.offset(unit - first, start: start)
    guard case .store(let store) = source else { return offset }
    return min(
      offset,
      UnitSequence.ceiling(
        after: Int(section), in: store, alignConstant: alignConstant))
  }

  /// The span of `unit` along the axis (docs/SNAPPING.md, "Items longer than the viewport").
  /// - Complexity: O(log runs).
  func extent(_ unit: Int64) -> Double {
    let (run, _, start, first) = locate(unit)
    return run.extent(unit - first, start: start)
  }

  /// How many units rest at or before `x` (strictly before when `strict`).
  /// - Complexity: O(log runs + slots).
  func rank(_ x: Double, strict: Bool = false) -> Int64 {
    if let uniform {
      let estimate = ((x - uniform.base - uniform.aligned) / uniform.stride).rounded(.down) + 1
      var k = Int64(clamping: estimate, 0, count)
      // Settle the division's rounding against the offsets themselves.
      if k > 0 && !(strict ? offset(k - 1) < x : offset(k - 1) <= x) { k -= 1 }
      if k < count && (strict ? offset(k) < x : offset(k) <= x) { k += 1 }
      return k
    }
    func before(_ at: Double) -> Bool { strict ? at < x : at <= x }
    switch source {
    case .runs(let runs, _, let starts, let firstUnits):
      // Runs are ordered: find the last run whose first unit is at or before x.
      var low = 0
      var high = runs.count - 1
      var found = -1
      while low <= high {
        let mid = (low + high) / 2
        if before(runs[mid].offset(0, start: starts[mid])) {
          found = mid
          low = mid + 1
        } else {
          high = mid - 1
        }
      }
      guard found >= 0 else { return 0 }
      let limit = min(runs[found].count, count - firstUnits[found])
      return firstUnits[found]
        + runs[found].rank(x, strict: strict, start: starts[found], limit: limit)
    case .store(let store):
      return rank(x, strict: strict, in: store)
    }
  }

  /// `rank` over a layout's sections: the last section whose first unit rests at or before
  /// `x`, found in the tree by the doubles of its summaries and settled against the units'
  /// offsets themselves.
  private func rank(_ x: Double, strict: Bool, in store: SectionStore) -> Int64 {
    guard count > 0 else { return 0 }
    let tree = store.tree
    func before(_ at: Double) -> Bool { strict ? at < x : at <= x }
    func ceiling(_ position: Int) -> Double {
      UnitSequence.ceiling(after: position, in: store, alignConstant: alignConstant)
    }
    func firstOffset(_ position: Int) -> Double {
      min(store[position].mainRun!.offset(0, start: store.start(at: position)), ceiling(position))
    }
    // The next section with units after `position`, if any.
    func next(after position: Int) -> Int? {
      let units = tree.unitsBefore(position + 1)
      return units < count ? tree.section(ofUnit: units).position : nil
    }
    var position = tree.section(ofUnit: 0).position
    if let candidate = tree.lastWithFirstUnit(atOrBefore: x, base: store.base),
      tree.summary(at: candidate).units > 0
    {
      position = candidate
    }
    while !before(firstOffset(position)) {
      let units = tree.unitsBefore(position)
      guard units > 0 else { return 0 }
      position = tree.section(ofUnit: units - 1).position
    }
    while let later = next(after: position), before(firstOffset(later)) {
      position = later
    }
    let first = tree.unitsBefore(position)
    let run = store[position].mainRun!
    let limit = min(run.count, count - first)
    // Past the ceiling, every unit of the section; before it, the ceiling changes no answer.
    if before(ceiling(position)) { return first + limit }
    return first + run.rank(x, strict: strict, start: store.start(at: position), limit: limit)
  }

  /// The first run with units and where its section starts.
  var firstRun: (run: UnitRun, start: Double)? {
    guard count > 0 else { return nil }
    let (run, _, start, _) = locate(0)
    return (run, start)
  }

  func item(_ unit: Int64) -> (section: Int32, item: Int64) {
    let (run, section, start, first) = locate(unit)
    return (section, run.item(unit - first, start: start))
  }

  /// The unit holding item `item` of section `section`, or nil when the section has no units.
  /// - Complexity: O(log runs).
  func unit(ofSection section: Int32, item: Int64) -> Int64? {
    switch source {
    case .runs(let runs, let sections, let starts, let firstUnits):
      guard let index = sections.firstIndex(of: section) else { return nil }
      return min(
        firstUnits[index] + runs[index].unit(ofItem: item, start: starts[index]), count - 1)
    case .store(let store):
      guard section >= 0, Int(section) < store.count, let run = store[Int(section)].mainRun,
        run.count > 0
      else { return nil }
      let first = store.tree.unitsBefore(Int(section))
      guard first < count else { return nil }
      let local = run.unit(ofItem: item, start: store.start(at: Int(section)))
      return min(SectionTree.add(first, local), count - 1)
    }
  }
}

/// Where the units of a section with measured cells rest (docs/SNAPPING.md, "Rest
/// positions"): repetition `r` starts `shift(before: r)` later, a group unit's extent grows by
/// the repetition's delta, and an item unit follows its cells in the repetition solved with its
/// measured cells, clipped to the repetition's group like the template's. A repetition's units
/// are in the order of their positions, and none rests after where the next repetition's
/// units can start: rest positions are sorted in every state (issue 16, defect 3).
struct MeasuredUnits {
  let sizes: MeasuredSizes
  /// The unmeasured template and its solver (its only cell is the single-cell shortcut's
  /// starting point).
  let template: SectionTemplate
  let alongX: Bool
  /// The alignment (0 start, 0.5 centre, 1 end) and `padding.leading + alignment · snapport`.
  let alignment: Double
  let alignConstant: Double
  /// Whether units are whole repetitions (else cells).
  let groupUnits: Bool
  /// The cells of the last repetition.
  let lastPresent: Int

  /// Unit `index` of a repetition, counted in the order of the units' positions: where it
  /// rests and the template cell (leaf) whose item rests there.
  func unit(_ index: Int, of repetition: Int64, in run: UnitRun, base: Double)
    -> (offset: Double, leaf: Int64)
  {
    let (offsets, leaves, order, _) = units(of: repetition, in: run, base: base)
    let slot = order.isEmpty ? index : order[index]
    return (offsets[slot], leaves[slot])
  }

  /// The span of unit `index` of a repetition (in the order of the units' positions).
  func extent(_ index: Int, of repetition: Int64, in run: UnitRun, base: Double) -> Double {
    let (_, _, order, extents) = units(of: repetition, in: run, base: base, extents: true)
    return extents[order.isEmpty ? index : order[index]]
  }

  /// The index, in the order of the units' positions, of the unit of template slot `slot`.
  func index(ofSlot slot: Int, in repetition: Int64, of run: UnitRun, base: Double) -> Int {
    let order = units(of: repetition, in: run, base: base).order
    return order.isEmpty ? slot : order.firstIndex(of: slot) ?? slot
  }

  /// Where repetition `repetition` starts for its units' rest positions: `base + r · stride +
  /// shift`, summed exactly and rounded once. Rounding is monotone, and the exact sum does not
  /// decrease from one repetition to the next (a repetition is never shorter than 0), so
  /// repetitions start in order to the last bit, cells measured 0 long included (three
  /// roundings, as a cell's frame has, could put a start an ulp before the one before it).
  /// Where cells' frames are exact sums too (whole and half points), a unit at alignment 0
  /// rests at its cell's frame, bit for bit. Past ExactLength's range (2⁶⁶ pt, farther than
  /// doubles tell repetitions apart) it is the doubles' sum.
  @inline(never)
  private func start(of repetition: Int64, in run: UnitRun, base: Double) -> Double {
    let periodic = Double(repetition) * run.stride
    let shift = sizes.exactShift(before: repetition)
    guard Swift.abs(base) + Swift.abs(periodic) < 0x1p64 else {
      return (base + periodic) + shift.points
    }
    let (product, overflow) = Int128(repetition).multipliedReportingOverflow(
      by: ExactLength(run.stride).units)
    guard !overflow else { return (base + periodic) + shift.points }
    return (ExactLength(base) + ExactLength(units: product) + shift).points
  }

  /// Where unit `index` of a repetition rests: `unit(_:of:in:base:)`'s offset. Whole
  /// repetitions as units, and a repetition of one slot whose template holds one cell (a
  /// list's row), are worked out by the same steps (`bounds`, `groupOffset`, `slotOffset`)
  /// without the arrays `units` builds: every solve asks for its section's first unit
  /// (`SectionExtent.firstUnit`), and every reported size solves one.
  func offset(_ index: Int, of repetition: Int64, in run: UnitRun, base: Double) -> Double {
    let isLast = repetition == run.repetitions - 1
    let slots = isLast ? run.lastSlots : run.slots
    let solver = template.repetitionSolver
    guard groupUnits || (slots.count == 1 && solver.singleCell != nil) else {
      return unit(index, of: repetition, in: run, base: base).offset
    }
    let (start, limit) = bounds(of: repetition, in: run, base: base, isLast: isLast)
    let (measurements, delta) = sizes.repetition(repetition)
    if groupUnits {
      return groupOffset(aligned: slots[0].aligned, delta: delta, start: start, limit: limit)
    }
    // As `units`: no measured cell, the template's slot; a last repetition without its cell,
    // a span never reached (extent -infinity).
    guard measurements.page != nil, !isLast || lastPresent > 0 else {
      return min(start + slots[0].aligned, limit)
    }
    let cell = solver.singleCellFrame(template.template.leaves[0].frame, measurements)
    let span = (start: alongX ? cell.minX : cell.minY, extent: alongX ? cell.width : cell.height)
    return slotOffset(
      span, aligned: slots[0].aligned, start: start, limit: limit,
      length: solver.groupLength(of: cell, template: template.template))
  }

  /// Where a repetition's units start, and the furthest they may rest: no unit rests after the
  /// first place a unit of the next repetition can, computed as that repetition's start is, and
  /// starts are in order, so the order holds to the last bit.
  @inline(__always)
  private func bounds(of repetition: Int64, in run: UnitRun, base: Double, isLast: Bool)
    -> (start: Double, limit: Double)
  {
    let start = self.start(of: repetition, in: run, base: base)
    let limit =
      isLast ? Double.infinity : self.start(of: repetition + 1, in: run, base: base)
        + (0 - alignConstant)
    return (start, limit)
  }

  /// The rest position of a whole repetition (group units) `delta` longer than the template's:
  /// never before the repetition's start either, where its units begin (a group measured 0
  /// long, centred or at the end, could round below it).
  @inline(__always)
  private func groupOffset(aligned: Double, delta: Double, start: Double, limit: Double)
    -> Double
  {
    min(max(start + aligned + alignment * delta, start + (0 - alignConstant)), limit)
  }

  /// The rest position of a slot whose cells span `span` in a repetition `length` long
  /// starting at `start`; a slot with no cell present (extent below 0) rests as the template's
  /// (`aligned`). The one formula of `units` and `offset`.
  @inline(__always)
  private func slotOffset(
    _ span: (start: Double, extent: Double), aligned: Double, start: Double, limit: Double,
    length: Double
  ) -> Double {
    guard span.extent >= 0 else { return min(start + aligned, limit) }
    let (clippedStart, clippedExtent) = UnitSlot.clip(
      start: span.start, extent: span.extent, to: length)
    return min(start + UnitSlot.aligned(clippedStart, clippedExtent, alignment, alignConstant), limit)
  }

  /// The rest positions of a repetition's units per template slot, their leaves, and the slots
  /// in the order of their positions (empty when that is the slots' own order).
  private func units(
    of repetition: Int64, in run: UnitRun, base: Double, extents wanted: Bool = false
  ) -> (offsets: [Double], leaves: [Int64], order: [Int], extents: [Double]) {
    let isLast = repetition == run.repetitions - 1
    let slots = isLast ? run.lastSlots : run.slots
    let (start, limit) = bounds(of: repetition, in: run, base: base, isLast: isLast)
    let (measurements, delta) = sizes.repetition(repetition)
    guard !groupUnits else {
      return (
        [groupOffset(aligned: slots[0].aligned, delta: delta, start: start, limit: limit)], [0],
        [], wanted ? [slots[0].extent + delta] : []
      )
    }
    guard measurements.page != nil else {
      return (
        slots.map { min(start + $0.aligned, limit) }, slots.map { $0.leaf }, [],
        wanted ? slots.map { $0.extent } : []
      )
    }
    let cells: [Rect]
    let length: Double
    let solver = template.repetitionSolver
    if solver.singleCell != nil {
      let cell = solver.singleCellFrame(template.template.leaves[0].frame, measurements)
      cells = [cell]
      length = solver.groupLength(of: cell, template: template.template)
    } else {
      let solved = solver.template(measurements, or: template.template)
      cells = solved.leaves.map { $0.frame }
      length = alongX ? solved.size.width : solved.size.height
    }
    // Each slot spans its cells as the template's does: from the first start, as far as the
    // furthest end.
    let ofLeaf = isLast ? run.tables.lastSlotOfLeaf : run.tables.slotOfLeaf
    var spans = [(start: Double, extent: Double)](
      repeating: (.infinity, -.infinity), count: slots.count)
    let present = min(isLast ? lastPresent : cells.count, cells.count)
    for leaf in 0..<present {
      let slot = Int(ofLeaf[leaf])
      let cellStart = alongX ? cells[leaf].minX : cells[leaf].minY
      spans[slot].start = min(spans[slot].start, cellStart)
    }
    for leaf in 0..<present {
      let slot = Int(ofLeaf[leaf])
      let cellStart = alongX ? cells[leaf].minX : cells[leaf].minY
      let extent = alongX ? cells[leaf].width : cells[leaf].height
      let reach =
        cellStart == spans[slot].start ? extent : (cellStart + extent) - spans[slot].start
      spans[slot].extent = max(spans[slot].extent, reach)
    }
    var offsets: [Double] = []
    var extents: [Double] = []
    offsets.reserveCapacity(slots.count)
    if wanted { extents.reserveCapacity(slots.count) }
    for (index, span) in spans.enumerated() {
      offsets.append(
        slotOffset(span, aligned: slots[index].aligned, start: start, limit: limit, length: length))
      guard wanted else { continue }
      extents.append(
        span.extent >= 0
          ? UnitSlot.clip(start: span.start, extent: span.extent, to: length).extent
          : slots[index].extent)
    }
    var order: [Int] = []
    if slots.count > 1 {
      var sorted = true
      for index in 1..<offsets.count where offsets[index] < offsets[index - 1] { sorted = false }
      if !sorted {
        order = Array(0..<offsets.count)
        order.sort { offsets[$0] < offsets[$1] || (offsets[$0] == offsets[$1] && $0 < $1) }
      }
    }
    return (offsets, slots.map { $0.leaf }, order, extents)
  }
}

/// Where the lines of a flow section with per-item sizes rest: a line is one unit, for item
/// and group snapping alike (its items share its span; docs/FLOW-LAYOUT.md).
struct LineUnits {
  let lines: FlowLines
  /// The alignment (0 start, 0.5 centre, 1 end) and `padding.leading + alignment · snapport`.
  let alignment: Double
  let alignConstant: Double

  /// A line's span along the axis: its tallest item.
  func extent(line: Int) -> Double {
    let first = lines.firstItem(ofLine: line)
    return lines.extent(from: first, to: lines.nextStart(after: first))
  }

  func offset(base: Double, line: Int) -> Double {
    let first = lines.firstItem(ofLine: line)
    let next = lines.nextStart(after: first)
    let extent = lines.extent(from: first, to: next)
    let own = base + lines.start(ofLineAt: first) + alignment * extent - alignConstant
    // Aligned past the start, a line rests no later than the next line can (its start, rounded
    // as that line's position is): a line's end and the next line's start are one number
    // rounded two ways, and lines measured 0 long would otherwise rest an ulp out of order.
    guard alignment > 0, next < lines.sizes.count else { return own }
    return min(own, base + lines.start(ofLineAt: next) - alignConstant)
  }
}

/// Pages of a section whose groups have sizes of their own — measured cells, a flow's lines
/// with per-item sizes — `perPage` consecutive groups (lines) a page, or for `"fit"` the groups
/// each page's snapport shows, taken in order (docs/SNAPPING.md, "Pages of what fits"). A page
/// spans its groups, from the first one's start to the last one's end as `groups` places them,
/// and rests aligned as one unit (Embla Carousel's `slidesToScroll`, as docs/SNAPPING.md says).
struct PagedUnits {
  /// The section's groups (lines) as units at alignment 0 without padding: each rests at its
  /// start and spans its group.
  let groups: UnitRun
  let perPage: Int64
  /// The first group of each page, when pages hold what fits (nil: `perPage` each).
  let firstGroups: [Int64]?
  /// The alignment (0 start, 0.5 centre, 1 end) and `padding.leading + alignment · snapport`.
  let alignment: Double
  let alignConstant: Double

  init(
    groups: UnitRun, perPage: Int64, firstGroups: [Int64]? = nil, alignment: Double,
    alignConstant: Double
  ) {
    self.groups = groups
    self.perPage = perPage
    self.firstGroups = firstGroups
    self.alignment = alignment
    self.alignConstant = alignConstant
  }

  /// How many pages there are.
  var count: Int64 {
    if let firstGroups { return Int64(firstGroups.count) }
    return (groups.count - 1) / perPage + 1
  }

  /// The first group of page `page` (clamped to the pages).
  func firstGroup(_ page: Int64) -> Int64 {
    let page = min(max(page, 0), count - 1)
    if let firstGroups { return firstGroups[Int(page)] }
    return page * perPage
  }

  /// The page holding group `group` (clamped to the groups).
  func page(ofGroup group: Int64) -> Int64 {
    guard let firstGroups else { return min(max(group, 0) / perPage, count - 1) }
    // The last page starting at or before the group.
    var low = 0
    var high = firstGroups.count
    while high - low > 1 {
      let middle = low + (high - low) / 2
      if firstGroups[middle] <= group { low = middle } else { high = middle }
    }
    return Int64(low)
  }

  /// The groups page `page` holds, where it starts and how far it spans, the section starting
  /// at `start`.
  func page(_ page: Int64, start: Double) -> (last: Int64, start: Double, extent: Double) {
    let page = min(max(page, 0), count - 1)
    let first = firstGroup(page)
    let last = page + 1 < count ? firstGroup(page + 1) - 1 : groups.count - 1
    let pageStart = groups.offset(first, start: start)
    let end = groups.offset(last, start: start) + groups.extent(last, start: start)
    return (last, pageStart, max(end - pageStart, 0))
  }

  /// The first group of each page when each holds the groups the snapport shows: a page takes
  /// the groups after its first while the last one's end is within `snapport` (and the
  /// tolerance) of the first one's start — Embla Carousel's `slidesToScroll: "auto"` grouping
  /// (docs/SNAPPING.md, "Pages of what fits"). Nil when every page would hold one group.
  /// - Complexity: O(groups · log groups).
  static func fitting(_ groups: UnitRun, snapport: Double) -> [Int64]? {
    var firstGroups: [Int64] = [0]
    var pageStart = groups.offset(0, start: 0)
    var group: Int64 = 1
    while group < groups.count {
      let start = groups.offset(group, start: 0)
      let end = start + groups.extent(group, start: 0)
      if !(end - pageStart <= snapport + SnapList.tolerance) {
        firstGroups.append(group)
        pageStart = start
      }
      group += 1
    }
    return Int64(firstGroups.count) < groups.count ? firstGroups : nil
  }

  /// Where page `page` rests. Aligned past its start, no later than the next page can (its
  /// first group's start, less the constant), as `LineUnits` keeps lines in order: a page's end
  /// and the next one's start are one place rounded two ways.
  func offset(_ page: Int64, start: Double) -> Double {
    let (last, pageStart, extent) = self.page(page, start: start)
    let own = pageStart + alignment * extent - alignConstant
    guard alignment > 0, last + 1 < groups.count else { return own }
    return min(own, groups.offset(last + 1, start: start) - alignConstant)
  }
}
