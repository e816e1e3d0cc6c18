/// One snap position inside a repetition of a section's group, already aligned: adding a
/// repetition's start gives the offset at which the unit rests.
struct UnitSlot {
  /// `start + alignment · extent − (padding.leading + alignment · snapport)` relative to the
  /// repetition's start (docs/SNAPPING.md, "Rest positions").
  var aligned: Double
  /// The first cell of the template at this position (for "which item rests here").
  var leaf: Int64

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
///
/// Immutable classes all the way down (this, `UnitSequence`, `SnapList`): a method called on
/// a struct that holds arrays copies it, retaining and releasing every array, which would cost
/// more than the arithmetic of a resolve.
final class UnitRun {
  let section: Int32
  /// Global index of this run's first unit (set once by `UnitSequence`).
  fileprivate(set) var firstUnit: Int64 = 0
  /// Its units; fewer than its repetitions hold when the container's units would pass
  /// `Int64.max` (set once by `UnitSequence`: later units are not indexable).
  fileprivate(set) var count: Int64
  /// Where repetition 0 starts along the axis (content coordinates).
  let base: Double
  let stride: Double
  let repetitions: Int64
  /// Items per repetition (N), to map units back to items.
  let itemsPerGroup: Int64
  /// Sorted by `aligned`; all within one stride, so units are ordered.
  let slots: [UnitSlot]
  /// The slots of the last repetition (a subset when the group is partial).
  let lastSlots: [UnitSlot]
  /// For each cell of the template, the index of the slot it rests in (full and last
  /// repetition).
  let slotOfLeaf: [Int32]
  let lastSlotOfLeaf: [Int32]
  /// Set when the section has measured cells: units then rest where the measured
  /// repetitions put them.
  let measured: MeasuredUnits?
  /// Set for a flow section with per-item sizes: one unit per line, resting where it is.
  let lines: LineUnits?

  init(
    section: Int32, count: Int64, base: Double, stride: Double, repetitions: Int64,
    itemsPerGroup: Int64, slots: [UnitSlot], lastSlots: [UnitSlot], slotOfLeaf: [Int32],
    lastSlotOfLeaf: [Int32], measured: MeasuredUnits? = nil, lines: LineUnits? = nil
  ) {
    self.measured = measured
    self.lines = lines
    self.section = section
    self.count = count
    self.base = base
    self.stride = stride
    self.repetitions = repetitions
    self.itemsPerGroup = itemsPerGroup
    self.slots = slots
    self.lastSlots = lastSlots
    self.slotOfLeaf = slotOfLeaf
    self.lastSlotOfLeaf = lastSlotOfLeaf
  }

  /// A unit's repetition and its index among the repetition's units.
  func position(_ unit: Int64) -> (repetition: Int64, index: Int) {
    let width = Int64(slots.count)
    let local = unit - firstUnit
    let repetition = min(local / width, repetitions - 1)
    let index = local - repetition * width
    let count = repetition == repetitions - 1 ? lastSlots.count : slots.count
    return (repetition, Int(min(index, Int64(count - 1))))
  }

  /// The aligned offset of a unit of this run.
  func offset(_ unit: Int64) -> Double {
    if let lines { return lines.offset(base: base, line: Int(unit - firstUnit)) }
    let (repetition, index) = position(unit)
    if let measured { return measured.unit(index, of: repetition, in: self).offset }
    let slots = repetition == repetitions - 1 ? lastSlots : self.slots
    return UnitRun.offset(
      base: base, stride: stride, repetition: repetition, aligned: slots[index].aligned)
  }

  /// The one formula for where a unit rests, `(base + repetition · stride) + aligned`: every
  /// path (offsets, ranks, the closed form) evaluates exactly this expression, so a position
  /// compared with itself is always found at or before itself.
  @inline(always)
  static func offset(base: Double, stride: Double, repetition: Int64, aligned: Double) -> Double {
    (base + Double(repetition) * stride) + aligned
  }

  /// How many of this run's units have an aligned offset `<= x` (`< x` when `strict`).
  func rank(_ x: Double, strict: Bool) -> Int64 {
    if measured != nil || lines != nil {
      // Offsets still increase unit by unit: search them.
      var low: Int64 = 0
      var high = count
      while low < high {
        let mid = low + (high - low) / 2
        let at = offset(firstUnit + mid)
        if strict ? at < x : at <= x { low = mid + 1 } else { high = mid }
      }
      return low
    }
    var total: Int64 = 0
    let full = repetitions - 1
    for slot in slots {
      total += count(x, aligned: slot.aligned, limit: full, strict: strict)
    }
    for slot in lastSlots {
      let at = UnitRun.offset(base: base, stride: stride, repetition: full, aligned: slot.aligned)
      if strict ? at < x : at <= x { total += 1 }
    }
    return total
  }

  /// How many repetitions `k = 0 ..< limit` of a slot rest at or before `x` (before, when
  /// `strict`): an estimate by division, settled against the offsets themselves.
  private func count(_ x: Double, aligned: Double, limit: Int64, strict: Bool) -> Int64 {
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

  /// The unit holding an item of this run's section.
  func unit(ofItem item: Int64) -> Int64 {
    if let lines {
      let last = lines.lines.sizes.count - 1
      return firstUnit + Int64(lines.lines.line(ofItem: Int(min(max(item, 0), Int64(last)))))
    }
    let repetition = min(max(item / itemsPerGroup, 0), repetitions - 1)
    let map = repetition == repetitions - 1 ? lastSlotOfLeaf : slotOfLeaf
    // Bounded by the map before it becomes an Int: a whole section as one unit has up to
    // 2^63 - 1 items per group, more than a 32-bit Int holds.
    let leaf = min(
      max(item - repetition * itemsPerGroup, 0), itemsPerGroup - 1, Int64(map.count - 1))
    var index = Int64(map[Int(leaf)])
    if let measured {
      // A measured repetition's units are in the order of their rest positions.
      index = Int64(measured.index(ofSlot: Int(index), in: repetition, of: self))
    }
    let local = repetition * Int64(slots.count) + index
    return firstUnit + min(local, count - 1)
  }

  /// The item resting at a unit.
  func item(_ unit: Int64) -> Int64 {
    if let lines { return Int64(lines.lines.firstItem(ofLine: Int(unit - firstUnit))) }
    let (repetition, index) = position(unit)
    if let measured { return repetition * itemsPerGroup + measured.unit(index, of: repetition, in: self).leaf }
    let slots = repetition == repetitions - 1 ? lastSlots : self.slots
    return repetition * itemsPerGroup + slots[index].leaf
  }
}

/// All the units of a container in order: the concatenation of its sections' runs.
final class UnitSequence {
  let runs: [UnitRun]
  let count: Int64
  /// The common case — one section, one position per repetition (a carousel, a list, a
  /// grid's rows) — answered by arithmetic alone: unit k rests at
  /// `UnitRun.offset(base:stride:repetition: k, aligned:)`.
  let uniform: (base: Double, stride: Double, aligned: Double)?
  /// With `uniform`: unit k holds item `k · itemsPerGroup + leaf` (`lastLeaf` for the last).
  let uniformItems: (section: Int32, itemsPerGroup: Int64, leaf: Int64, lastLeaf: Int64)?

  /// - Parameter closedForm: answer uniform sequences by arithmetic (tests turn it off to check
  ///   the arithmetic against the general path).
  init(runs: [UnitRun], closedForm: Bool = true) {
    let runs = runs.filter { $0.count > 0 }
    var total: Int64 = 0
    for run in runs {
      run.firstUnit = total
      // Sections of 2^63 − 1 items each: the units past Int64.max cannot be numbered.
      run.count = min(run.count, Int64.max - total)
      total += run.count
    }
    self.runs = runs.filter { $0.count > 0 }
    count = total
    if closedForm, runs.count == 1, runs[0].measured == nil, runs[0].lines == nil,
      runs[0].slots.count == 1,
      runs[0].lastSlots.count == 1,
      runs[0].slots[0].aligned == runs[0].lastSlots[0].aligned, runs[0].stride > 0
    {
      uniform = (runs[0].base, runs[0].stride, runs[0].slots[0].aligned)
      uniformItems = (
        runs[0].section, runs[0].itemsPerGroup, runs[0].slots[0].leaf, runs[0].lastSlots[0].leaf
      )
    } else {
      uniform = nil
      uniformItems = nil
    }
  }

  /// The run holding a unit. - Complexity: O(log runs).
  func run(of unit: Int64) -> Int {
    var low = 0
    var high = runs.count - 1
    while low < high {
      let mid = (low + high + 1) / 2
      if runs[mid].firstUnit <= unit { low = mid } else { high = mid - 1 }
    }
    return low
  }

  func offset(_ unit: Int64) -> Double {
    if let uniform {
      return UnitRun.offset(
        base: uniform.base, stride: uniform.stride, repetition: unit, aligned: uniform.aligned)
    }
    return runs[run(of: unit)].offset(unit)
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
    // Runs are ordered: find the last run whose first unit is at or before x.
    var low = 0
    var high = runs.count - 1
    var found = -1
    while low <= high {
      let mid = (low + high) / 2
      let first = runs[mid].offset(runs[mid].firstUnit)
      if strict ? first < x : first <= x {
        found = mid
        low = mid + 1
      } else {
        high = mid - 1
      }
    }
    guard found >= 0 else { return 0 }
    return runs[found].firstUnit + min(runs[found].rank(x, strict: strict), runs[found].count)
  }

  func item(_ unit: Int64) -> (section: Int32, item: Int64) {
    let run = runs[run(of: unit)]
    return (run.section, run.item(unit))
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
  let solver: RepetitionSolver
  /// The unmeasured template (its only cell is the single-cell shortcut's starting point).
  let template: GroupTemplate
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
  func unit(_ index: Int, of repetition: Int64, in run: UnitRun) -> (offset: Double, leaf: Int64) {
    let (offsets, leaves, order) = units(of: repetition, in: run)
    let slot = order.isEmpty ? index : order[index]
    return (offsets[slot], leaves[slot])
  }

  /// The index, in the order of the units' positions, of the unit of template slot `slot`.
  func index(ofSlot slot: Int, in repetition: Int64, of run: UnitRun) -> Int {
    let order = units(of: repetition, in: run).order
    return order.isEmpty ? slot : order.firstIndex(of: slot) ?? slot
  }

  /// The rest positions of a repetition's units per template slot, their leaves, and the slots
  /// in the order of their positions (empty when that is the slots' own order).
  private func units(of repetition: Int64, in run: UnitRun)
    -> (offsets: [Double], leaves: [Int64], order: [Int])
  {
    let isLast = repetition == run.repetitions - 1
    let slots = isLast ? run.lastSlots : run.slots
    let start =
      (run.base + Double(repetition) * run.stride) + sizes.shift(before: repetition)
    // No unit rests after the first place a unit of the next repetition can: computed as that
    // repetition's start is, so the order holds to the last bit.
    let limit =
      isLast
      ? Double.infinity
      : ((run.base + Double(repetition + 1) * run.stride) + sizes.shift(before: repetition + 1))
        + (0 - alignConstant)
    let (measurements, delta) = sizes.repetition(repetition)
    guard !groupUnits else {
      return ([min(start + slots[0].aligned + alignment * delta, limit)], [0], [])
    }
    guard measurements.page != nil else {
      return (slots.map { min(start + $0.aligned, limit) }, slots.map { $0.leaf }, [])
    }
    let cells: [Rect]
    let length: Double
    if solver.singleCell != nil {
      let cell = solver.singleCellFrame(template.leaves[0].frame, measurements)
      cells = [cell]
      length = solver.groupLength(of: cell, template: template)
    } else {
      let solved = solver.template(measurements, or: template)
      cells = solved.leaves.map { $0.frame }
      length = alongX ? solved.size.width : solved.size.height
    }
    // Each slot spans its cells as the template's does: from the first start, as far as the
    // furthest end.
    let ofLeaf = isLast ? run.lastSlotOfLeaf : run.slotOfLeaf
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
    offsets.reserveCapacity(slots.count)
    for (index, span) in spans.enumerated() {
      guard span.extent >= 0 else {
        offsets.append(min(start + slots[index].aligned, limit))
        continue
      }
      let (clippedStart, clippedExtent) = UnitSlot.clip(
        start: span.start, extent: span.extent, to: length)
      offsets.append(
        min(start + UnitSlot.aligned(clippedStart, clippedExtent, alignment, alignConstant), limit))
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
    return (offsets, slots.map { $0.leaf }, order)
  }
}

/// Where the lines of a flow section with per-item sizes rest: a line is one unit, for item
/// and group snapping alike (its items share its span; docs/FLOW-LAYOUT.md).
struct LineUnits {
  let lines: FlowLines
  /// The alignment (0 start, 0.5 centre, 1 end) and `padding.leading + alignment · snapport`.
  let alignment: Double
  let alignConstant: Double

  func offset(base: Double, line: Int) -> Double {
    let first = lines.firstItem(ofLine: line)
    let extent = lines.extent(from: first, to: lines.nextStart(after: first))
    return base + lines.start(ofLineAt: first) + alignment * extent - alignConstant
  }
}
