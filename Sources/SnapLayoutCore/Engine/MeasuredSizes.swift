/// The sizes the host measured for the cells of one repetition, as the group solver reads
/// them (docs/SELF-SIZING.md).
struct LeafMeasurements {
  /// The page holding the repetition, or nil when none of its cells is measured.
  let page: MeasuredPage?
  /// The index in `page.sizes` of the repetition's first cell's width.
  let base: Int
  /// The largest lengths of the root group's `uniformAcrossSiblings` cells across the whole
  /// section (0 where none was measured).
  let sectionUniform: Size

  static var none: LeafMeasurements { LeafMeasurements(page: nil, base: 0, sectionUniform: .zero) }

  /// `proposed` with the measured lengths on the estimated axes of `size`.
  @inline(__always)
  func size(of size: LayoutSize, proposed: Size, leaf: Int) -> Size {
    guard let page else { return proposed }
    var result = proposed
    let width = page.sizes[base + 2 * leaf]
    let height = page.sizes[base + 2 * leaf + 1]
    if size.widthDimension.isEstimated && !width.isNaN { result.width = Double(width) }
    if size.heightDimension.isEstimated && !height.isNaN { result.height = Double(height) }
    return result
  }
}

/// The measured cells of `MeasuredSizes.repetitionsPerPage` consecutive repetitions.
final class MeasuredPage {
  /// Canonical width and height of each cell (two per cell); NaN where not measured.
  var sizes: [Float32]
  /// Per repetition: how much longer than the unmeasured template it is along the repeat axis.
  /// Float32 while every delta of the page is exact in it (measured lengths against an estimate
  /// of a few points: the common case, 4 bytes per repetition); `wideDeltas` otherwise. Read
  /// them with `delta(_:)`.
  private(set) var deltas: [Float32]
  /// The deltas of a page that holds one Float32 cannot represent (an estimate of 1e9 pt
  /// measured at 1 pt: Float32 would misplace the next cell by up to 32 pt; found by
  /// Tests/c/test_numeric.c).
  private(set) var wideDeltas: [Double]?
  /// Per repetition: its extent across the repeat axis (only kept when that can vary; NaN for
  /// repetitions without measured cells).
  var crosses: [Float32]
  /// The sum of `deltas`, exactly (docs/ARCHITECTURE.md, "Exact sums").
  var total = ExactLength.zero
  /// Measured cells on this page.
  var measured = 0

  init(cells: Int, repetitions: Int, tracksCross: Bool) {
    sizes = Array(repeating: .nan, count: 2 * cells)
    deltas = Array(repeating: 0, count: repetitions)
    wideDeltas = nil
    crosses = tracksCross ? Array(repeating: .nan, count: repetitions) : []
  }

  /// The delta of repetition `local` of the page.
  @inline(__always)
  func delta(_ local: Int) -> Double {
    if let wideDeltas { return wideDeltas[local] }
    return Double(deltas[local])
  }

  /// Stores the delta of repetition `local` exactly, and the page's total with it; returns
  /// how much the total changed.
  func store(delta: Double, at local: Int) -> ExactLength {
    let change = ExactLength(delta) - ExactLength(self.delta(local))
    total = total + change
    if wideDeltas != nil {
      wideDeltas![local] = delta
    } else if Double(Float32(delta)) == delta {
      deltas[local] = Float32(delta)
    } else {
      var wide = deltas.map { Double($0) }
      wide[local] = delta
      wideDeltas = wide
      deltas = []
    }
    return change
  }
}

/// The measured sizes of one section's cells and what they change: the length each measured
/// repetition adds along the repeat axis, summed in O(log n).
///
/// Sparse: memory grows with the cells measured, not with the item count. Cells are grouped
/// in pages of whole repetitions; pages are kept sorted with a Fenwick tree over their totals,
/// so the shift of a repetition — the sum of the deltas before it — and the repetition at an
/// offset are O(log pages + page). The totals and the tree are `ExactLength`s, so a shift is
/// the same however the deltas came to be — reported one by one, re-keyed by a data change or
/// solved anew — and `Shifts` walks them as `shift(before:)` gives them (docs/ARCHITECTURE.md,
/// "Exact sums").
final class MeasuredSizes {
  /// N: cells per repetition when the sizes were recorded.
  let itemsPerGroup: Int64
  let repetitionsPerPage: Int64
  let tracksCross: Bool
  private(set) var keys: [Int64] = []
  private(set) var pages: [MeasuredPage] = []
  /// Prefix sums of `pages[i].total`.
  private var tree = FenwickTree<ExactLength>(count: 0)
  /// Measured cells in the section.
  private(set) var count = 0
  /// The largest lengths of section-wide `uniformAcrossSiblings` cells.
  var sectionUniform = Size.zero

  /// Cells per page: enough to amortise a page's header, few enough that one measurement in a
  /// section with large groups does not allocate much.
  static let cellsPerPage: Int64 = 128

  init(itemsPerGroup: Int64, tracksCross: Bool) {
    self.itemsPerGroup = max(1, itemsPerGroup)
    repetitionsPerPage = max(1, MeasuredSizes.cellsPerPage / self.itemsPerGroup)
    self.tracksCross = tracksCross
  }

  var isEmpty: Bool { count == 0 }

  /// The sum of all deltas.
  var totalDelta: Double { prefix(pages.count).points }

  /// The largest cross extent of a measured repetition, or 0.
  /// - Complexity: O(1), except after the largest one shrank: O(measured repetitions).
  var largestCross: Double {
    guard tracksCross else { return 0 }
    if let cachedCross { return cachedCross }
    var largest = 0.0
    for page in pages {
      for value in page.crosses where !value.isNaN { largest = max(largest, Double(value)) }
    }
    cachedCross = largest
    return largest
  }
  private var cachedCross: Double? = 0

  // MARK: Cells

  /// The page index (in `keys`) holding `key`, or where it would be inserted.
  private func search(_ key: Int64) -> (index: Int, found: Bool) {
    // A report and the queries after it ask for the same page several times in a row.
    if lastFound < keys.count && keys[lastFound] == key { return (lastFound, true) }
    var low = 0
    var high = keys.count
    while low < high {
      let mid = (low + high) / 2
      if keys[mid] < key { low = mid + 1 } else { high = mid }
    }
    let found = low < keys.count && keys[low] == key
    if found { lastFound = low }
    return (low, found)
  }
  private var lastFound = 0

  private func locate(item: Int64) -> (key: Int64, cell: Int) {
    let cellsPerPage = repetitionsPerPage * itemsPerGroup
    return (item / cellsPerPage, Int(item % cellsPerPage))
  }

  /// The measured size of a cell (canonical), or nil.
  func size(ofItem item: Int64) -> Size? {
    let (key, cell) = locate(item: item)
    let (index, found) = search(key)
    guard found else { return nil }
    let width = pages[index].sizes[2 * cell]
    let height = pages[index].sizes[2 * cell + 1]
    guard !width.isNaN else { return nil }
    return Size(width: Double(width), height: Double(height))
  }

  /// Records a cell's size (nil forgets it).
  func setSize(_ size: Size?, ofItem item: Int64) {
    let (key, cell) = locate(item: item)
    var (index, found) = search(key)
    if !found {
      guard size != nil else { return }
      let cells = Int(repetitionsPerPage * itemsPerGroup)
      keys.insert(key, at: index)
      pages.insert(
        MeasuredPage(cells: cells, repetitions: Int(repetitionsPerPage), tracksCross: tracksCross),
        at: index)
      rebuildTree()
      found = true
    }
    let page = pages[index]
    let wasMeasured = !page.sizes[2 * cell].isNaN
    if let size {
      page.sizes[2 * cell] = Float32(size.width)
      page.sizes[2 * cell + 1] = Float32(size.height)
      if !wasMeasured {
        page.measured += 1
        count += 1
      }
    } else if wasMeasured {
      page.sizes[2 * cell] = .nan
      page.sizes[2 * cell + 1] = .nan
      page.measured -= 1
      count -= 1
    }
  }

  /// What the group solver needs to solve repetition `repetition` with its measured cells.
  func measurements(forRepetition repetition: Int64) -> LeafMeasurements {
    let key = repetition / repetitionsPerPage
    let (index, found) = search(key)
    guard found else { return LeafMeasurements(page: nil, base: 0, sectionUniform: sectionUniform) }
    let first = Int((repetition - key * repetitionsPerPage) * itemsPerGroup)
    let page = pages[index]
    for cell in first..<first + Int(itemsPerGroup) where !page.sizes[2 * cell].isNaN {
      return LeafMeasurements(page: page, base: 2 * first, sectionUniform: sectionUniform)
    }
    return LeafMeasurements(page: nil, base: 0, sectionUniform: sectionUniform)
  }

  /// A repetition's measurements (page nil when none of its cells is measured) and delta, in
  /// one search.
  func repetition(_ repetition: Int64) -> (measurements: LeafMeasurements, delta: Double) {
    let key = repetition / repetitionsPerPage
    let (index, found) = search(key)
    let none = LeafMeasurements(page: nil, base: 0, sectionUniform: sectionUniform)
    guard found else { return (none, 0) }
    let local = Int(repetition - key * repetitionsPerPage)
    let first = local * Int(itemsPerGroup)
    let page = pages[index]
    let delta = page.delta(local)
    for cell in first..<first + Int(itemsPerGroup) where !page.sizes[2 * cell].isNaN {
      return (LeafMeasurements(page: page, base: 2 * first, sectionUniform: sectionUniform), delta)
    }
    return (none, delta)
  }

  /// The same sizes for another template or other items: each cell goes to `map(item)`, or
  /// is dropped when that is nil. Deltas are left for the section solver to recompute.
  func remapped(
    itemsPerGroup: Int64, tracksCross: Bool, _ map: (Int64) -> Int64?
  ) -> MeasuredSizes {
    let result = MeasuredSizes(itemsPerGroup: itemsPerGroup, tracksCross: tracksCross)
    result.sectionUniform = sectionUniform
    forEachMeasuredItem { item, size in
      if let target = map(item) { result.setSize(size, ofItem: target) }
    }
    return result
  }

  /// Every measured cell, in item order.
  func forEachMeasuredItem(_ body: (Int64, Size) -> Void) {
    let cellsPerPage = repetitionsPerPage * itemsPerGroup
    for (index, page) in pages.enumerated() where page.measured > 0 {
      for cell in 0..<Int(cellsPerPage) where !page.sizes[2 * cell].isNaN {
        body(
          keys[index] * cellsPerPage + Int64(cell),
          Size(width: Double(page.sizes[2 * cell]), height: Double(page.sizes[2 * cell + 1])))
      }
    }
  }

  /// Every repetition holding a measured cell, in order.
  func forEachMeasuredRepetition(_ body: (Int64) -> Void) {
    for (index, page) in pages.enumerated() where page.measured > 0 {
      for local in 0..<repetitionsPerPage {
        let first = Int(local * itemsPerGroup)
        for cell in first..<first + Int(itemsPerGroup) where !page.sizes[2 * cell].isNaN {
          body(keys[index] * repetitionsPerPage + local)
          break
        }
      }
    }
  }

  // MARK: Repetition deltas

  /// Records how much longer than the template repetition `repetition` is, and its extent
  /// across the repeat axis (NaN when it has no measured cell).
  func setDelta(_ delta: Double, cross: Double, repetition: Int64) {
    let key = repetition / repetitionsPerPage
    let (index, found) = search(key)
    guard found else { return }
    let page = pages[index]
    let local = Int(repetition - key * repetitionsPerPage)
    let change = page.store(delta: delta, at: local)
    if tracksCross {
      let previous = Double(page.crosses[local])
      page.crosses[local] = Float32(cross)
      let storedCross = Double(page.crosses[local])
      if let largest = cachedCross {
        if storedCross >= largest {
          cachedCross = storedCross
        } else if previous == largest {
          cachedCross = nil  // the largest may have shrunk: recount when asked
        }
      }
    }
    if change != .zero { tree.add(change, at: index) }
  }

  /// How much longer than the template repetition `repetition` is.
  func delta(ofRepetition repetition: Int64) -> Double {
    let key = repetition / repetitionsPerPage
    let (index, found) = search(key)
    guard found else { return 0 }
    return pages[index].delta(Int(repetition - key * repetitionsPerPage))
  }

  /// The sum of the deltas of the repetitions before `repetition`: the pages' before it,
  /// exactly, and its page's before it in order, rounded once.
  /// - Complexity: O(log pages + repetitionsPerPage).
  func shift(before repetition: Int64) -> Double {
    shifts(from: repetition).shift
  }

  /// A walk over the shifts of consecutive repetitions (a rect query's), each as
  /// `shift(before:)` gives it.
  struct Shifts {
    /// The deltas of the pages before the current one.
    fileprivate var pages: ExactLength
    /// The deltas of the current page's repetitions before `next`, summed in order.
    fileprivate var page: Double
    fileprivate var next: Int64

    /// The shift of the walk's repetition: the one formula of every shift.
    fileprivate var shift: Double { (pages + ExactLength(page)).points }
  }

  /// A walk from `repetition` on. - Complexity: O(log pages + repetitionsPerPage).
  func shifts(from repetition: Int64) -> Shifts {
    let key = repetition / repetitionsPerPage
    let (index, found) = search(key)
    var sum = 0.0
    if found {
      let page = pages[index]
      let local = Int(repetition - key * repetitionsPerPage)
      for j in 0..<local { sum += page.delta(j) }
    }
    return Shifts(pages: prefix(index), page: sum, next: repetition)
  }

  /// The shift of the walk's repetition; then the walk moves on past it, whose delta is
  /// `delta`. - Complexity: O(1); O(log pages) where a page starts.
  func step(_ walk: inout Shifts, delta: Double) -> Double {
    let shift = walk.shift
    walk.next += 1
    if walk.next % repetitionsPerPage == 0 {
      walk.pages = prefix(search(walk.next / repetitionsPerPage).index)
      walk.page = 0
    } else {
      walk.page += delta
    }
    return shift
  }

  /// The last repetition `r` in `0 ..< repetitions` whose start `r · stride + shift(before: r)`
  /// is at or before `position` (0 when none is). `stride` must be positive.
  /// - Complexity: O(log² pages + repetitionsPerPage).
  func repetition(at position: Double, stride: Double, repetitions: Int64) -> Int64 {
    guard repetitions > 0 else { return 0 }
    let pageLength = Double(repetitionsPerPage) * stride
    // The last measured page starting at or before `position` (pages start in order: a page
    // is never shorter than its repetitions' negative deltas), found down the tree.
    let keys = self.keys
    let end = ExactLength(position)
    func starts(_ index: Int, _ before: ExactLength) -> Bool {
      ExactLength(Double(keys[index]) * pageLength) + before <= end
    }
    var low = 0
    if !keys.isEmpty && starts(0, .zero) {
      low = tree.last(below: keys.count) { starts($0, $1) } + 1
    }
    var result: Int64
    if low == 0 {
      result = Int64(clamping: (position / stride).rounded(.down), 0, repetitions - 1)
    } else {
      let index = low - 1
      let page = pages[index]
      var start = Double(keys[index]) * pageLength + prefix(index).points
      let first = keys[index] * repetitionsPerPage
      result = -1
      for local in 0..<Int(repetitionsPerPage) {
        let next = start + stride + page.delta(local)
        if next > position {
          result = first + Int64(local)
          break
        }
        start = next
      }
      if result < 0 {
        // Past the page: unmeasured repetitions up to the next measured page.
        result =
          first + repetitionsPerPage
          + Int64(clamping: ((position - start) / stride).rounded(.down), 0, Int64.max / 2)
      }
      result = min(max(result, 0), repetitions - 1)
    }
    return result
  }

  /// The sum of the totals of pages `0 ..< index`.
  private func prefix(_ index: Int) -> ExactLength { tree.prefix(index) }

  private func rebuildTree() {
    let pages = self.pages
    tree = FenwickTree(count: pages.count) { pages[$0].total }
  }

}
