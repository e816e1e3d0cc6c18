/// The rest positions of a scroll container, in order, without materialising them: a section
/// of ten million items has ten million positions and costs what one of ten costs.
///
/// Positions are logical offsets (snapping spec §0.2). Containment (§0.4) and content shorter
/// than the viewport (§3.2) are applied here, so every consumer sees the same list.
struct SnapList {
  enum Source {
    /// Free deceleration: no rest positions.
    case free
    /// One position (content shorter than the viewport, or a single unit).
    case single(Double)
    /// `minimum + j · length` for `j < count − 1`, then `maximum` (snapping spec §3.3).
    case pages(length: Double)
    /// Units `first ... first + count − 1` of the sequence.
    case units(UnitSequence, first: Int64)
  }

  /// Positions closer than this to a bound merge into it (snapping spec §0.4).
  static let tolerance = 1.0

  let source: Source
  let count: Int64
  let minimum: Double
  let maximum: Double
  /// Whether positions are clamped to the bounds (all containments but `.none`).
  let clamps: Bool

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
  }

  init(single position: Double) {
    source = .single(position)
    count = 1
    minimum = position
    maximum = position
    clamps = true
  }

  init(pageLength: Double, minimum: Double, maximum: Double) {
    self.minimum = minimum
    self.maximum = maximum
    clamps = true
    let span = maximum - minimum
    guard span > SnapList.tolerance, pageLength > 0 else {
      source = .single(minimum)
      count = 1
      return
    }
    source = .pages(length: pageLength)
    // Whole pages strictly before the end, then the end itself (a partial last page).
    let whole = Int64(clamping: ((span - SnapList.tolerance) / pageLength).rounded(.down), 0, Int64.max - 2)
    count = whole + 2
  }

  init(units: UnitSequence, containment: SnapContainment, minimum: Double, maximum: Double) {
    self.minimum = minimum
    self.maximum = maximum
    guard units.count > 0 else {
      source = .single(minimum)
      count = 1
      clamps = true
      return
    }
    switch containment {
    case .trimSnaps:
      // Keep the last unit at or before the start bound and the first at or after the end.
      let first = max(0, units.rank(minimum + SnapList.tolerance) - 1)
      let atEnd = units.rank(maximum - SnapList.tolerance, strict: true)
      let last = max(first, min(units.count - 1, atEnd))
      source = .units(units, first: first)
      count = last - first + 1
      clamps = true
    case .keepSnaps:
      source = .units(units, first: 0)
      count = units.count
      clamps = true
    case .none:
      source = .units(units, first: 0)
      count = units.count
      clamps = false
    }
  }

  /// The offset of rest position `index` (0 ..< count).
  func offset(_ index: Int64) -> Double {
    switch source {
    case .free: return minimum
    case .single(let position): return position
    case .pages(let length):
      return index >= count - 1 ? maximum : minimum + Double(index) * length
    case .units(let units, let first):
      let raw = units.offset(first + index)
      return clamps ? min(max(raw, minimum), maximum) : raw
    }
  }

  /// How many rest positions lie at or before `x` (before, when `strict`).
  /// - Complexity: O(log sections).
  func rank(_ x: Double, strict: Bool = false) -> Int64 {
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
    case .units(let units, let first):
      if clamps {
        // Clamped positions: everything is at or after the start bound and at or before the end.
        if strict ? maximum < x : maximum <= x { return count }
        if strict ? x <= minimum : x < minimum { return 0 }
      }
      let below = units.rank(x, strict: strict) - first
      return min(max(below, 0), count)
    }
  }

  /// The rest position nearest `x` (ties go to the lower index).
  func nearest(_ x: Double) -> Int64 {
    guard count > 1 else { return 0 }
    let after = rank(x)  // positions <= x
    if after == 0 { return 0 }
    if after >= count { return count - 1 }
    let below = after - 1
    return x - offset(below) <= offset(after) - x ? below : after
  }

  /// The fractional position of `x` among the rest positions: `k + (x − B_k)/(B_{k+1} − B_k)`.
  func progress(_ x: Double) -> Double {
    guard count > 1 else { return 0 }
    let at = rank(x) - 1
    if at < 0 { return 0 }
    if at >= count - 1 { return Double(count - 1) }
    let low = offset(at)
    let high = offset(at + 1)
    return high > low ? Double(at) + (x - low) / (high - low) : Double(at)
  }

  /// The unit (section, item) resting at position `index`, or nil for pages and free scrolls.
  func item(_ index: Int64) -> (section: Int32, item: Int64)? {
    guard case .units(let units, let first) = source, units.count > 0 else { return nil }
    return units.item(min(first + index, units.count - 1))
  }

  /// The rest position of the unit holding `(section, item)`, if the list has units.
  /// - Complexity: O(runs).
  func index(ofSection section: Int32, item: Int64) -> Int64? {
    guard case .units(let units, let first) = source else { return nil }
    guard let run = units.runs.first(where: { $0.section == section }) else { return nil }
    return min(max(run.unit(ofItem: item) - first, 0), count - 1)
  }
}
