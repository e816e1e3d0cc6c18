/// The rest positions of a scroll container, in order, without materialising them: a section
/// of ten million items has ten million positions and costs what one of ten costs.
///
/// Positions are logical offsets (docs/SNAPPING.md, "Scroll containers and units"). Containment
/// and content shorter than the viewport (docs/SNAPPING.md, "Rest positions") are applied here,
/// so every consumer sees the same list.
final class SnapList {
  enum Source {
    /// Free deceleration: no rest positions.
    case free
    /// One position (content shorter than the viewport, or a single unit).
    case single(Double)
    /// `minimum + j · length` for `j < count − 1`, then `maximum` (docs/SNAPPING.md, "Rest
    /// positions").
    case pages(length: Double)
    /// Units `first ... last` of the sequence, after the start bound when `leading` is 1 and
    /// before the end bound when `trailing` is 1 (trimSnaps and keepSnaps make a bound that no
    /// unit reaches a rest position of its own).
    case units(UnitSequence, first: Int64, last: Int64, leading: Int64, trailing: Int64)
  }

  /// Content within this of the viewport's length is not longer than it; the merge distance is
  /// never below it by default (docs/SNAPPING.md, "Rest positions").
  static let tolerance = 1.0

  let source: Source
  let count: Int64
  let minimum: Double
  let maximum: Double
  /// Whether positions are clamped to the bounds (all containments but `.none`).
  let clamps: Bool
  /// How near a bound a unit's position rests on the bound: the merge distance for clamped
  /// lists whose bounds are more than two merge distances apart (a rest position a few points
  /// from a bound would look the same as the bound); for other clamped lists the least of the
  /// merge distance, 1 pt and a quarter of the scroll range (a rounding never leaves a bound
  /// beside a unit, and a bound a unit reaches is still a rest position); 0 without clamping
  /// (docs/SNAPPING.md, "Rest positions", Containment).
  private let reach: Double
  /// Whether `reach` is not 0.
  private let merges: Bool
  /// The merge distance (docs/SNAPPING.md, "Rest positions", Containment).
  let mergeDistance: Double
  /// The item of a single rest position that stands for units (content shorter than the
  /// viewport); nil for pages and free scrolls.
  private let singleItem: (section: Int32, item: Int64)?
  /// Units that rest at `(base + k · stride) + aligned` (one section, one position per
  /// repetition), answered in closed form without calls: rest position j is unit
  /// `first + j − leading`. Stored flat (not optional) so that reading it copies nothing.
  private let isUniform: Bool
  private let uniform: Uniform

  private struct Uniform {
    let base: Double
    let stride: Double
    let aligned: Double
    let first: Int64
    let last: Int64
    let leading: Int64
    let trailing: Int64
    /// Unit k holds item `k · itemsPerUnit + leaf` of `section` (`lastLeaf` for the last unit).
    let section: Int32
    let itemsPerUnit: Int64
    let leaf: Int64
    let lastLeaf: Int64
    let lastUnit: Int64
    /// 1/stride, for estimates (always settled against the offsets).
    let perStride: Double
    /// Whether units rest a stride apart to the last (about 2⁴⁰ roundings of their offsets at
    /// the furthest): no two share an offset (`hasDistinctInterior`). False in `unused`.
    let distinct: Bool
    /// Position j is unit `j + shift` for `firstInterior <= j <= lastInterior`.
    let shift: Int64
    let firstInterior: Int64
    let lastInterior: Int64

    init(
      base: Double, stride: Double, aligned: Double, first: Int64, last: Int64, leading: Int64,
      trailing: Int64, section: Int32, itemsPerUnit: Int64, leaf: Int64, lastLeaf: Int64,
      lastUnit: Int64
    ) {
      self.base = base
      self.stride = stride
      self.aligned = aligned
      self.first = first
      self.last = last
      self.leading = leading
      self.trailing = trailing
      self.section = section
      self.itemsPerUnit = itemsPerUnit
      self.leaf = leaf
      self.lastLeaf = lastLeaf
      self.lastUnit = lastUnit
      perStride = 1 / stride
      distinct =
        section >= 0
        && stride * 0x1p40 > Swift.abs(base) + Swift.abs(aligned) + Swift.abs(
          Double(lastUnit) * stride)
      shift = first - leading
      firstInterior = leading
      lastInterior = leading + last - first
    }

    /// Placeholder for lists without a closed form (never read: `isUniform` is false).
    static let unused = Uniform(
      base: 0, stride: 1, aligned: 0, first: 0, last: 0, leading: 0, trailing: 0, section: -1,
      itemsPerUnit: 1, leaf: 0, lastLeaf: 0, lastUnit: 0)
  }

  var isFree: Bool {
    if case .free = source { return true }
    return false
  }

  init(free minimum: Double, _ maximum: Double) {
    source = .free
    count = 0
    self.minimum = minimum
    self.maximum = maximum
    clamps = true
    merges = false
    reach = 0
    mergeDistance = SnapList.tolerance
    singleItem = nil
    isUniform = false
    uniform = .unused
  }

  /// One rest position; `units` names its item: the first unit's (docs/SNAPPING.md, "Rest
  /// positions": content shorter than the viewport).
  init(single position: Double, units: UnitSequence? = nil) {
    source = .single(position)
    count = 1
    minimum = position
    maximum = position
    clamps = true
    merges = false
    reach = 0
    mergeDistance = SnapList.tolerance
    singleItem = units.flatMap { $0.count > 0 ? $0.item(0) : nil }
    isUniform = false
    uniform = .unused
  }

  init(pageLength: Double, minimum: Double, maximum: Double) {
    self.minimum = minimum
    self.maximum = maximum
    clamps = true
    merges = false
    reach = 0
    mergeDistance = SnapList.tolerance
    singleItem = nil
    isUniform = false
    uniform = .unused
    let span = maximum - minimum
    guard span > SnapList.tolerance, pageLength > 0 else {
      source = .single(minimum)
      count = 1
      return
    }
    source = .pages(length: pageLength)
    // Whole pages strictly before the end, then the end itself (a partial last page).
    let whole = Int64(
      clamping: ((span - SnapList.tolerance) / pageLength).rounded(.down), 0, Int64.max - 2)
    count = whole + 2
  }

  /// The rest positions of `units` within the content bounds `minimum ... maximum`
  /// (docs/SNAPPING.md, "Rest positions", Containment). With `.none` the list's own bounds
  /// become its first and last unit positions (`minimum`, `maximum` then tell them).
  init(
    units: UnitSequence, containment: SnapContainment, minimum: Double, maximum: Double,
    mergeDistance: Double = SnapList.tolerance
  ) {
    self.mergeDistance = mergeDistance
    let span = maximum - minimum
    reach =
      containment == .none || !(span > 0) ? 0
      : span > 2 * mergeDistance ? mergeDistance
      : min(mergeDistance, SnapList.tolerance, span / 4)
    merges = reach > 0
    singleItem = nil
    guard units.count > 0 else {
      self.minimum = minimum
      self.maximum = maximum
      source = .single(minimum)
      count = 1
      clamps = true
      isUniform = false
      uniform = .unused
      return
    }
    switch containment {
    case .trimSnaps, .keepSnaps:
      self.minimum = minimum
      self.maximum = maximum
      // A bound no unit reaches (within the merge distance) becomes a rest position of its
      // own, so both ends of the content can always be shown at rest. trimSnaps keeps, of
      // the runs that collapse at a bound, the last unit at or before the start bound and the
      // first at or after the end bound; keepSnaps keeps every unit.
      // Bounds closer than two merge distances still take the units within `reach` (at most
      // 1 pt), so that rounding never adds a bound beside a unit, and such a unit rests on the
      // bound (`contained`): the bound stays a rest position.
      let atStart = units.rank(minimum + reach)
      let atEnd = units.rank(maximum - reach, strict: true)
      let trims = containment == .trimSnaps
      let first = trims ? max(0, atStart - 1) : 0
      var last = trims ? max(first, min(units.count - 1, atEnd)) : units.count - 1
      let leading: Int64 = atStart == 0 ? 1 : 0
      let trailing: Int64 = atEnd >= units.count ? 1 : 0
      // Near 2^63 units the count cannot hold every unit and both bounds: the units next to
      // the end bound give way (at that size doubles cannot tell them from it anyway).
      let room = Int64.max - leading - trailing
      if last - first >= room { last = first + room - 1 }
      source = .units(units, first: first, last: last, leading: leading, trailing: trailing)
      count = leading + (last - first + 1) + trailing
      clamps = true
    case .none:
      // The aligned positions as they are; the scroll bounds are the first and last (ordered
      // even if the units were not, so that the bounds never cross).
      let first = units.offset(0)
      let last = units.offset(units.count - 1)
      self.minimum = min(first, last)
      self.maximum = max(first, last)
      source = .units(units, first: 0, last: units.count - 1, leading: 0, trailing: 0)
      count = units.count
      clamps = false
    }
    if let arithmetic = units.uniform, let items = units.uniformItems,
      case .units(_, let first, let last, let leading, let trailing) = source
    {
      isUniform = true
      uniform = Uniform(
        base: arithmetic.base, stride: arithmetic.stride, aligned: arithmetic.aligned,
        first: first, last: last, leading: leading, trailing: trailing, section: items.section,
        itemsPerUnit: items.itemsPerGroup, leaf: items.leaf, lastLeaf: items.lastLeaf,
        lastUnit: units.count - 1)
    } else {
      isUniform = false
      uniform = .unused
    }
  }

  /// The offset of rest position `index` (0 ..< count).
  @inline(always)
  func offset(_ index: Int64) -> Double {
    isUniform ? closedFormOffset(index) : generalOffset(index)
  }

  private func generalOffset(_ index: Int64) -> Double {
    switch source {
    case .free: return minimum
    case .single(let position): return position
    case .pages(let length):
      // Clamped: near 2^63 items, j · length rounds past the end bound (found by
      // Tests/c/test_numeric.c).
      return index >= count - 1 ? maximum : min(minimum + Double(index) * length, maximum)
    case .units(let units, let first, _, let leading, let trailing):
      if leading == 1 && index == 0 { return minimum }
      if trailing == 1 && index == count - 1 { return maximum }
      return contained(units.offset(first + index - leading))
    }
  }

  /// How many rest positions lie at or before `x` (before, when `strict`).
  /// - Complexity: O(log sections).
  @inline(always)
  func rank(_ x: Double, strict: Bool = false) -> Int64 {
    isUniform ? closedFormRank(x, strict: strict) : generalRank(x, strict: strict)
  }

  private func generalRank(_ x: Double, strict: Bool) -> Int64 {
    switch source {
    case .free: return 0
    case .single(let position): return (strict ? position < x : position <= x) ? 1 : 0
    case .pages(let length):
      if strict ? maximum < x : maximum <= x { return count }
      let room = x - minimum
      if strict ? room <= 0 : room < 0 { return 0 }
      var pages = Int64(clamping: (room / length).rounded(.down) + 1, 0, count - 1)
      if strict && Double(pages - 1) * length >= room { pages -= 1 }
      return pages
    case .units(let units, let first, let last, let leading, _):
      if clamps {
        // Clamped positions lie between the bounds; the start bound is rest position 0 when
        // prepended, the end bound the last one when appended.
        if strict ? maximum < x : maximum <= x { return count }
        if strict ? x <= minimum : x < minimum { return 0 }
      }
      let query = unitQuery(x, strict: strict)
      let below = units.rank(query.x, strict: query.strict)
      return leading + min(max(below - first, 0), last - first + 1)
    }
  }

  /// The rest position nearest `x` (ties go to the lower index).
  @inline(always)
  func nearest(_ x: Double) -> Int64 { nearestWithOffset(x).index }

  /// The rest position nearest `x` and its offset (one lookup for both).
  @inline(always)
  func nearestWithOffset(_ x: Double) -> (index: Int64, offset: Double) {
    nearest(x, in: segment(x))
  }

  /// The rest positions around `x`: the last at or before it (or 0) and the next, with their
  /// offsets, for the positional rule, for progress and for the nearest position.
  typealias Segment = (low: Int64, lowOffset: Double, high: Int64, highOffset: Double)

  @inline(always)
  func segment(_ x: Double) -> Segment {
    isUniform ? closedFormSegment(x) : generalSegment(x)
  }

  private func generalSegment(_ x: Double) -> Segment {
    let low = max(0, min(generalRank(x, strict: false) - 1, count - 1))
    let high = min(low + 1, count - 1)
    let lowOffset = generalOffset(low)
    return (low, lowOffset, high, high == low ? lowOffset : generalOffset(high))
  }

  /// The fractional position of `x` among the rest positions: `k + (x − B_k)/(B_{k+1} − B_k)`.
  func progress(_ x: Double) -> Double {
    guard count > 1 else { return 0 }
    return progress(x, in: segment(x))
  }

  /// Progress within a segment already looked up.
  @inline(always)
  func progress(_ x: Double, in segment: Segment) -> Double {
    let (low, lowOffset, high, highOffset) = segment
    if x <= lowOffset || high == low { return Double(low) }
    if x >= highOffset { return Double(high) }
    return Double(low) + (x - lowOffset) / (highOffset - lowOffset)
  }

  /// Whether no two rest positions share offset `at` (one of them), known without reading
  /// them: a uniform list's units are `stride` apart, distinct while the stride is far above
  /// the rounding of their offsets, so only a bound (where units merge or clamp) gathers
  /// several.
  @inline(always)
  func hasDistinctInterior(_ at: Double) -> Bool {
    uniform.distinct && at != minimum && at != maximum
  }

  /// `offset(_:)` in closed form (uniform lists). Indices are below `count`, far from overflow.
  @inline(always)
  private func closedFormOffset(_ index: Int64) -> Double {
    if uniform.leading == 1 && index == 0 { return minimum }
    if uniform.trailing == 1 && index == count &- 1 { return maximum }
    return contained(
      UnitRun.offset(
        base: uniform.base, stride: uniform.stride,
        repetition: uniform.first &+ index &- uniform.leading, aligned: uniform.aligned))
  }

  /// A unit's position as a rest position: clamped to the bounds, and on a bound when within
  /// `mergeDistance` of it (docs/SNAPPING.md, "Rest positions"), as trimSnaps' collapsing already
  /// assumes.
  @inline(always)
  private func contained(_ raw: Double) -> Double {
    guard clamps else { return raw }
    guard merges else { return min(max(raw, minimum), maximum) }
    if raw <= minimum + reach { return minimum }
    if raw >= maximum - reach { return maximum }
    return raw
  }

  /// Where to count units for `rank(x, strict:)` so that the count matches the contained
  /// positions: units within `mergeDistance` of a bound count as resting on it. Only for `x`
  /// strictly between the bounds (the callers answer the rest); unchanged unless the list merges.
  @inline(always)
  private func unitQuery(_ x: Double, strict: Bool) -> (x: Double, strict: Bool) {
    guard merges else { return (x, strict) }
    let low = minimum + reach
    let high = maximum - reach
    if x <= low { return (low, false) }
    if strict ? x > high : x >= high { return (high, true) }
    return (x, strict)
  }

  /// `rank(_:strict:)` in closed form: ⌊(x − start)/stride⌋ + 1 units lie at or before x,
  /// settled against the offsets themselves so that rounding never misplaces a boundary.
  @inline(always)
  private func closedFormRank(_ x: Double, strict: Bool) -> Int64 {
    if clamps {
      if strict ? maximum < x : maximum <= x { return count }
      if strict ? x <= minimum : x < minimum { return 0 }
    }
    let (x, strict) = unitQuery(x, strict: strict)
    let (base, stride, aligned) = (uniform.base, uniform.stride, uniform.aligned)
    func at(_ k: Int64) -> Double {
      UnitRun.offset(base: base, stride: stride, repetition: k, aligned: aligned)
    }
    let steps = (x - base - aligned) / stride
    var below: Int64 =
      steps < 0 ? 0 : steps >= 4.0e18 ? 4_000_000_000_000_000_000 : Int64(steps) &+ 1
    // The estimate is off by at most one either way; settle it against the offsets.
    if below > 0 && !(strict ? at(below &- 1) < x : at(below &- 1) <= x) { below &-= 1 }
    if strict ? at(below) < x : at(below) <= x { below &+= 1 }
    return uniform.leading
      &+ min(max(below &- uniform.first, 0), uniform.last &- uniform.first &+ 1)
  }

  /// `segment(_:)` in closed form. Between two unit positions that no bound clamps — nearly
  /// every offset of a long list — one estimate settles it: the units at `k` and `k + 1`
  /// enclose `x`, so exactly the positions up to `k − shift` lie at or before it. Anything
  /// else (the ends, a bound, an estimate one off) takes the exact rank.
  @inline(always)
  private func closedFormSegment(_ x: Double) -> Segment {
    let steps = (x - uniform.base - uniform.aligned) * uniform.perStride
    if steps >= 0 && steps < 4.0e15 {
      let k = Int64(steps)
      let low = k &- uniform.shift
      if low >= uniform.firstInterior && low < uniform.lastInterior {
        let a = UnitRun.offset(
          base: uniform.base, stride: uniform.stride, repetition: k, aligned: uniform.aligned)
        let b = UnitRun.offset(
          base: uniform.base, stride: uniform.stride, repetition: k &+ 1, aligned: uniform.aligned)
        if a <= x && x < b && (!clamps || isUncontained(a, b)) {
          return (low, a, low &+ 1, b)
        }
      }
    }
    return closedFormSegmentByRank(x)
  }

  /// Whether unit positions `a < b` are rest positions as they are (no bound moves them).
  @inline(always)
  private func isUncontained(_ a: Double, _ b: Double) -> Bool {
    merges
      ? minimum + reach < a && b < maximum - reach
      : minimum <= a && b <= maximum
  }

  private func closedFormSegmentByRank(_ x: Double) -> Segment {
    let low = max(0, min(closedFormRank(x, strict: false) &- 1, count &- 1))
    let high = min(low &+ 1, count &- 1)
    return (low, closedFormOffset(low), high, closedFormOffset(high))
  }

  @inline(always)
  private func closedFormItem(_ index: Int64) -> (section: Int32, item: Int64) {
    let unit = min(max(uniform.first &+ index &- uniform.leading, uniform.first), uniform.last)
    let leaf = unit == uniform.lastUnit ? uniform.lastLeaf : uniform.leaf
    return (uniform.section, unit &* uniform.itemsPerUnit &+ leaf)
  }

  /// The unit (section, item) resting at position `index`, or nil for pages and free scrolls.
  @inline(always)
  func item(_ index: Int64) -> (section: Int32, item: Int64)? {
    isUniform ? closedFormItem(index) : generalItem(index)
  }

  private func generalItem(_ index: Int64) -> (section: Int32, item: Int64)? {
    if let singleItem { return singleItem }
    guard case .units(let units, let first, let last, let leading, _) = source, units.count > 0
    else { return nil }
    return units.item(min(max(first + index - leading, first), last))
  }

  /// The offsets rest position `index` covers (docs/SNAPPING.md, "Items longer than the
  /// viewport"): a unit longer than the snapport by more than the tolerance rests anywhere the
  /// snapport stays inside it — from its start at the snapport's start to its end at the
  /// snapport's end — within the bounds and between its neighbours' positions; any other
  /// position covers its own offset only. `alignment` and `snapport` are the container's.
  /// - Complexity: O(log sections).
  func range(_ index: Int64, alignment: Double, snapport: Double) -> (low: Double, high: Double) {
    let point = offset(index)
    guard case .units(let units, let first, _, let leading, _) = source, !isBound(index) else {
      return (point, point)
    }
    let unit = first + index - leading
    let excess = units.extent(unit) - snapport
    guard excess > SnapList.tolerance else { return (point, point) }
    let aligned = units.offset(unit)
    var low = aligned - alignment * excess
    var high = low + excess
    if clamps {
      low = Swift.max(low, minimum)
      high = Swift.min(high, maximum)
      // An end within the merge distance of a bound is on it, as a unit's position is
      // (`contained`): a long unit that ends a rounding short of the content's end reaches it,
      // whichever way its position was summed (docs/SNAPPING.md, "Items longer than the
      // viewport"; docs/TESTING-MODEL.md, the model soak's findings).
      if merges {
        if low <= minimum + reach { low = minimum }
        if high >= maximum - reach { high = maximum }
      }
    }
    if index > 0 { low = Swift.max(low, offset(index - 1)) }
    if index < count - 1 { high = Swift.min(high, offset(index + 1)) }
    return (Swift.min(low, point), Swift.max(high, point))
  }

  /// Whether rest position `index` is a bound that no unit reaches (a content edge that is a
  /// rest position of its own), which names no element.
  func isBound(_ index: Int64) -> Bool {
    guard case .units(_, let first, let last, let leading, _) = source else { return false }
    return index < leading || index > leading + (last - first)
  }

  /// The rest position of the unit holding `(section, item)`, if the list has units.
  /// - Complexity: O(log sections).
  func index(ofSection section: Int32, item: Int64) -> Int64? {
    if singleItem != nil { return 0 }
    guard case .units(let units, let first, _, let leading, _) = source else { return nil }
    guard let unit = units.unit(ofSection: section, item: item) else { return nil }
    return min(max(unit - first + leading, 0), count - 1)
  }
}

