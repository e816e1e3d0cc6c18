/// The rest positions of a scroll container, in order, without materialising them: a section
/// of ten million items has ten million positions and costs what one of ten costs.
///
/// Positions are logical offsets (snapping spec §0.2). Containment (§0.4) and content shorter
/// than the viewport (§3.2) are applied here, so every consumer sees the same list.
final class SnapList {
  enum Source {
    /// Free deceleration: no rest positions.
    case free
    /// One position (content shorter than the viewport, or a single unit).
    case single(Double)
    /// `minimum + j · length` for `j < count − 1`, then `maximum` (snapping spec §3.3).
    case pages(length: Double)
    /// Units `first ... last` of the sequence, after the start bound when `leading` is 1 and
    /// before the end bound when `trailing` is 1 (trimSnaps makes both bounds rest positions).
    case units(UnitSequence, first: Int64, last: Int64, leading: Int64, trailing: Int64)
  }

  /// Positions closer than this to a bound merge into it (snapping spec §0.4).
  static let tolerance = 1.0

  let source: Source
  let count: Int64
  let minimum: Double
  let maximum: Double
  /// Whether positions are clamped to the bounds (all containments but `.none`).
  let clamps: Bool
  /// Units that rest at `(base + k · stride) + aligned` (one section, one position per
  /// repetition), answered in closed form without calls: rest position j is unit
  /// `first + j − leading`.
  private let uniform: Uniform?

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
    uniform = nil
  }

  init(single position: Double) {
    source = .single(position)
    count = 1
    minimum = position
    maximum = position
    clamps = true
    uniform = nil
  }

  init(pageLength: Double, minimum: Double, maximum: Double) {
    self.minimum = minimum
    self.maximum = maximum
    clamps = true
    uniform = nil
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

  init(units: UnitSequence, containment: SnapContainment, minimum: Double, maximum: Double) {
    self.minimum = minimum
    self.maximum = maximum
    guard units.count > 0 else {
      source = .single(minimum)
      count = 1
      clamps = true
      uniform = nil
      return
    }
    switch containment {
    case .trimSnaps:
      // The last unit at or before the start bound and the first at or after the end bound
      // stand for the runs that collapse there; a bound no unit reaches becomes a rest
      // position of its own, so both ends of the content can always be shown at rest.
      let atStart = units.rank(minimum + SnapList.tolerance)
      let first = max(0, atStart - 1)
      let atEnd = units.rank(maximum - SnapList.tolerance, strict: true)
      let last = max(first, min(units.count - 1, atEnd))
      let leading: Int64 = atStart == 0 ? 1 : 0
      let trailing: Int64 = atEnd >= units.count ? 1 : 0
      source = .units(units, first: first, last: last, leading: leading, trailing: trailing)
      count = leading + last - first + 1 + trailing
      clamps = true
    case .keepSnaps:
      source = .units(units, first: 0, last: units.count - 1, leading: 0, trailing: 0)
      count = units.count
      clamps = true
    case .none:
      source = .units(units, first: 0, last: units.count - 1, leading: 0, trailing: 0)
      count = units.count
      clamps = false
    }
    if let arithmetic = units.uniform, let items = units.uniformItems,
      case .units(_, let first, let last, let leading, let trailing) = source
    {
      uniform = Uniform(
        base: arithmetic.base, stride: arithmetic.stride, aligned: arithmetic.aligned,
        first: first, last: last, leading: leading, trailing: trailing, section: items.section,
        itemsPerUnit: items.itemsPerGroup, leaf: items.leaf, lastLeaf: items.lastLeaf,
        lastUnit: units.count - 1)
    } else {
      uniform = nil
    }
  }

  /// The offset of rest position `index` (0 ..< count).
  func offset(_ index: Int64) -> Double {
    if let u = uniform { return offset(index, u) }
    switch source {
    case .free: return minimum
    case .single(let position): return position
    case .pages(let length):
      return index >= count - 1 ? maximum : minimum + Double(index) * length
    case .units(let units, let first, _, let leading, let trailing):
      if leading == 1 && index == 0 { return minimum }
      if trailing == 1 && index == count - 1 { return maximum }
      let raw = units.offset(first + index - leading)
      return clamps ? min(max(raw, minimum), maximum) : raw
    }
  }

  /// How many rest positions lie at or before `x` (before, when `strict`).
  /// - Complexity: O(log sections).
  func rank(_ x: Double, strict: Bool = false) -> Int64 {
    if let u = uniform { return rank(x, strict: strict, u) }
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
      let interior = min(max(units.rank(x, strict: strict) - first, 0), last - first + 1)
      return leading + interior
    }
  }

  /// The rest position nearest `x` (ties go to the lower index).
  func nearest(_ x: Double) -> Int64 { nearestWithOffset(x).index }

  /// The rest position nearest `x` and its offset (one lookup for both).
  func nearestWithOffset(_ x: Double) -> (index: Int64, offset: Double) {
    let around = segment(x)
    return x - around.lowOffset <= around.highOffset - x
      ? (around.low, around.lowOffset) : (around.high, around.highOffset)
  }

  /// The rest positions around `x`: the last at or before it (or 0) and the next, with their
  /// offsets, for the positional rule, for progress and for the nearest position.
  func segment(_ x: Double) -> (low: Int64, lowOffset: Double, high: Int64, highOffset: Double) {
    if let u = uniform {
      let low = max(0, min(rank(x, strict: false, u) &- 1, count &- 1))
      let high = min(low &+ 1, count &- 1)
      return (low, offset(low, u), high, offset(high, u))
    }
    let low = max(0, min(rank(x) - 1, count - 1))
    let high = min(low + 1, count - 1)
    return (low, offset(low), high, high == low ? offset(low) : offset(high))
  }

  /// The fractional position of `x` among the rest positions: `k + (x − B_k)/(B_{k+1} − B_k)`.
  func progress(_ x: Double) -> Double {
    guard count > 1 else { return 0 }
    return progress(x, in: segment(x))
  }

  /// Progress within a segment already looked up.
  func progress(
    _ x: Double, in segment: (low: Int64, lowOffset: Double, high: Int64, highOffset: Double)
  ) -> Double {
    let (low, lowOffset, high, highOffset) = segment
    if x <= lowOffset || high == low { return Double(low) }
    if x >= highOffset { return Double(high) }
    return Double(low) + (x - lowOffset) / (highOffset - lowOffset)
  }

  /// `offset(_:)` for a uniform list. Indices are below `count`, far from overflow.
  @inline(__always)
  private func offset(_ index: Int64, _ u: Uniform) -> Double {
    if u.leading == 1 && index == 0 { return minimum }
    if u.trailing == 1 && index == count &- 1 { return maximum }
    let raw = UnitRun.offset(
      base: u.base, stride: u.stride, repetition: u.first &+ index &- u.leading, aligned: u.aligned)
    return clamps ? min(max(raw, minimum), maximum) : raw
  }

  /// `rank(_:strict:)` for a uniform list: ⌊(x − start)/stride⌋ + 1 units lie at or before x,
  /// settled against the offsets themselves so that rounding never misplaces a boundary.
  @inline(__always)
  private func rank(_ x: Double, strict: Bool, _ u: Uniform) -> Int64 {
    if clamps {
      if strict ? maximum < x : maximum <= x { return count }
      if strict ? x <= minimum : x < minimum { return 0 }
    }
    func at(_ k: Int64) -> Double {
      UnitRun.offset(base: u.base, stride: u.stride, repetition: k, aligned: u.aligned)
    }
    let steps = (x - u.base - u.aligned) / u.stride
    var below: Int64 =
      steps < 0 ? 0 : steps >= 4.0e18 ? 4_000_000_000_000_000_000 : Int64(steps) &+ 1
    // The estimate is off by at most one either way; settle it against the offsets.
    if below > 0 && !(strict ? at(below &- 1) < x : at(below &- 1) <= x) { below &-= 1 }
    if strict ? at(below) < x : at(below) <= x { below &+= 1 }
    return u.leading &+ min(max(below &- u.first, 0), u.last &- u.first &+ 1)
  }

  /// The unit (section, item) resting at position `index`, or nil for pages and free scrolls.
  func item(_ index: Int64) -> (section: Int32, item: Int64)? {
    if let u = uniform {
      let unit = min(max(u.first &+ index &- u.leading, u.first), u.last)
      return (u.section, unit &* u.itemsPerUnit &+ (unit == u.lastUnit ? u.lastLeaf : u.leaf))
    }
    guard case .units(let units, let first, let last, let leading, _) = source, units.count > 0
    else { return nil }
    return units.item(min(max(first + index - leading, first), last))
  }

  /// The rest position of the unit holding `(section, item)`, if the list has units.
  /// - Complexity: O(runs).
  func index(ofSection section: Int32, item: Int64) -> Int64? {
    guard case .units(let units, let first, _, let leading, _) = source else { return nil }
    guard let run = units.runs.first(where: { $0.section == section }) else { return nil }
    return min(max(run.unit(ofItem: item) - first + leading, 0), count - 1)
  }
}
