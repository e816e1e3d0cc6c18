/// The measured sizes of one section's cells and what they change: the length each measured
/// repetition adds along the repeat axis, summed in O(log n), and how far its cells reach.
///
/// Sparse: memory grows with the cells measured, not with the item count. Cells are grouped
/// in pages of whole repetitions; pages exist only while they hold a measured cell, kept sorted
/// with a tree of their summaries (`MeasuredSummaryTree`), so the shift of a repetition — the
/// sum of the deltas before it — and the repetition at an offset are O(log pages + page).
///
/// Read-only once built: queries from many threads read it at once (include/snaplayout.h), so
/// no lookup writes anything, not even a cache (issue 16, defect 2). What it holds is a
/// function of the sizes measured now, not of the reports that led there (defect 7).
final class MeasuredSizes {
  /// N: cells per repetition when the sizes were recorded.
  let itemsPerGroup: Int64
  let repetitionsPerPage: Int64
  let tracksCross: Bool
  /// Per cell of a repetition: whether its width (bit 0) or height (bit 1) is shared across
  /// the section (`GroupTemplate.sectionUniform`; empty when no cell's is).
  let uniformFlags: [UInt8]
  /// The distance between repetitions the page summaries were made with (`setStride`).
  private(set) var stride = 0.0
  private(set) var keys: [Int64] = []
  private(set) var pages: [MeasuredPage] = []
  private var tree = MeasuredSummaryTree()
  /// Measured cells in the section.
  private(set) var count = 0
  /// Where the last `setSize` found its page: sizes set in a row find theirs in O(1). Only
  /// changes read and write it (they have the layout to themselves); lookups keep their own.
  private var setHint = 0

  /// Cells per page: enough to amortise a page's header, few enough that one measurement in a
  /// section with large groups does not allocate much.
  static let cellsPerPage: Int64 = 128

  init(itemsPerGroup: Int64, tracksCross: Bool, uniformFlags: [UInt8]) {
    self.itemsPerGroup = max(1, itemsPerGroup)
    repetitionsPerPage = max(1, MeasuredSizes.cellsPerPage / self.itemsPerGroup)
    self.tracksCross = tracksCross
    self.uniformFlags = uniformFlags.contains { $0 != 0 } ? uniformFlags : []
  }

  /// A copy that changes independently (the section solver measures a new container's
  /// repetitions on one, so that a failed solve leaves the layout as it was).
  /// - Complexity: O(measured pages).
  init(copying other: MeasuredSizes) {
    itemsPerGroup = other.itemsPerGroup
    repetitionsPerPage = other.repetitionsPerPage
    tracksCross = other.tracksCross
    uniformFlags = other.uniformFlags
    stride = other.stride
    keys = other.keys
    pages = other.pages.map { MeasuredPage(copying: $0) }
    tree = other.tree
    summary = other.summary
    count = other.count
  }

  var isEmpty: Bool { count == 0 }

  /// The sum of all deltas.
  var totalDelta: Double { summary.total.points }

  /// Every measured repetition summed up: how much longer they make the section, how far they
  /// reach, the largest cross extent, the section's shared lengths (kept where hot reads find
  /// it without touching the tree).
  private(set) var summary = MeasuredSummary()

  /// The largest cross extent of a measured repetition, or 0. - Complexity: O(1).
  var largestCross: Double { tracksCross ? summary.largestCross : 0 }

  /// The largest measured lengths of the root group's `uniformAcrossSiblings` cells: the
  /// lengths the whole section shares (docs/SELF-SIZING.md rule 5). - Complexity: O(1).
  var sectionUniform: Size { summary.uniform }

  // MARK: Cells

  /// The page index (in `keys`) holding `key`, or where it would be inserted.
  private func search(_ key: Int64) -> (index: Int, found: Bool) {
    var hint = 0
    return search(key, hint: &hint)
  }

  /// `search(_:)` starting from `hint`, the caller's own cursor (a walk over consecutive
  /// repetitions finds each page in O(1); nothing shared is written).
  @inline(__always)
  private func search(_ key: Int64, hint: inout Int) -> (index: Int, found: Bool) {
    if hint < keys.count && keys[hint] >= key && (hint == 0 || keys[hint - 1] < key) {
      return (hint, keys[hint] == key)
    }
    if hint + 1 < keys.count && keys[hint + 1] >= key && keys[hint] < key {
      hint += 1
      return (hint, keys[hint] == key)
    }
    var low = 0
    var high = keys.count
    while low < high {
      let mid = (low + high) / 2
      if keys[mid] < key { low = mid + 1 } else { high = mid }
    }
    hint = low
    return (low, low < keys.count && keys[low] == key)
  }

  private func locate(item: Int64) -> (key: Int64, cell: Int) {
    let cellsPerPage = repetitionsPerPage * itemsPerGroup
    return (item / cellsPerPage, Int(item % cellsPerPage))
  }

  /// The measured size of a cell (canonical), or nil.
  func size(ofItem item: Int64) -> Size? {
    var hint = 0
    return size(ofItem: item, hint: &hint)
  }

  /// `size(ofItem:)` with the caller's cursor, for walks over consecutive cells.
  func size(ofItem item: Int64, hint: inout Int) -> Size? {
    let (key, cell) = locate(item: item)
    let (index, found) = search(key, hint: &hint)
    guard found else { return nil }
    let width = pages[index].sizes[2 * cell]
    let height = pages[index].sizes[2 * cell + 1]
    guard !width.isNaN else { return nil }
    return Size(width: Double(width), height: Double(height))
  }

  /// Records a cell's size (nil forgets it). A page whose last measured cell is forgotten goes
  /// away with its deltas: they are all 0 once none of its cells is measured.
  func setSize(_ size: Size?, ofItem item: Int64) {
    setSize(size, ofItem: item, rebuilding: true)
  }

  private func setSize(_ size: Size?, ofItem item: Int64, rebuilding: Bool) {
    let (key, cell) = locate(item: item)
    var (index, found) = search(key, hint: &setHint)
    var opened = false
    if !found {
      guard size != nil else { return }
      let cells = Int(repetitionsPerPage * itemsPerGroup)
      MeasuredSizes.insert(key, at: index, into: &keys)
      MeasuredSizes.insert(
        MeasuredPage(cells: cells, repetitions: Int(repetitionsPerPage), tracksCross: tracksCross),
        at: index, into: &pages)
      found = true
      opened = true
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
    guard rebuilding else { return }
    if page.measured == 0 {
      // Its deltas are all 0 once none of its cells is measured.
      tree.remove(key: key)
      MeasuredSizes.remove(at: index, from: &keys)
      MeasuredSizes.remove(at: index, from: &pages)
      if !MeasuredSummary().covers(page.summary) { rebuildSummary() } else { setTotals() }
    } else if opened {
      // A new page: nothing measured moves yet, only the shared lengths may grow.
      if !uniformFlags.isEmpty { summarize(index) }
      tree.set(page.run, key: key)
      summary.widen(to: page.summary)
      setTotals()
    } else if !uniformFlags.isEmpty {
      // Sizes change only the shared lengths of a page that was there.
      pageChanged(index)
    }
  }

  /// `array.insert(element, at: index)` with the elements after `index` moved in one block, a
  /// `memmove` (the standard library's `insert` moved them one by one: 12,000 instructions a
  /// page opened among 4,000). The elements are integers and class references, which move
  /// bit for bit (a reference's bits moved are the reference taken). A page opened among the
  /// others still moves the directory's later part: O(pages), at the speed of memory
  /// (docs/PERFORMANCE.md, "Own sizes").
  private static func insert<Element>(_ element: Element, at index: Int, into array: inout [Element]) {
    array.append(element)
    array.withUnsafeMutableBufferPointer { buffer in
      let moved = buffer.count - 1 - index
      guard moved > 0, let base = buffer.baseAddress else { return }
      let last = (base + index + moved).move()
      UnsafeMutableRawPointer(base + index + 1).copyMemory(
        from: base + index, byteCount: moved * MemoryLayout<Element>.stride)
      (base + index).initialize(to: last)
    }
  }

  /// `array.remove(at: index)` with the elements after it moved in one block (`insert`).
  private static func remove<Element>(at index: Int, from array: inout [Element]) {
    array.withUnsafeMutableBufferPointer { buffer in
      let moved = buffer.count - 1 - index
      guard moved > 0, let base = buffer.baseAddress else { return }
      let removed = (base + index).move()
      UnsafeMutableRawPointer(base + index).copyMemory(
        from: base + index + 1, byteCount: moved * MemoryLayout<Element>.stride)
      (base + buffer.count - 1).initialize(to: removed)
    }
    array.removeLast()
  }

  /// What the group solver needs to solve repetition `repetition` with its measured cells.
  func measurements(forRepetition repetition: Int64) -> LeafMeasurements {
    self.repetition(repetition).measurements
  }

  /// A repetition's measurements (page nil when none of its cells is measured) and delta, in
  /// one search.
  func repetition(_ repetition: Int64) -> (measurements: LeafMeasurements, delta: Double) {
    var hint = 0
    return self.repetition(repetition, hint: &hint)
  }

  /// `repetition(_:)` with the caller's cursor, for walks over consecutive repetitions.
  func repetition(_ repetition: Int64, hint: inout Int)
    -> (measurements: LeafMeasurements, delta: Double)
  {
    let key = repetition / repetitionsPerPage
    let (index, found) = search(key, hint: &hint)
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
  /// is dropped when that is nil. Deltas and reaches are left for the section solver to
  /// measure. - Complexity: O(measured cells · log pages + pages).
  func remapped(
    itemsPerGroup: Int64, tracksCross: Bool, uniformFlags: [UInt8], _ map: (Int64) -> Int64?
  ) -> MeasuredSizes {
    let result = MeasuredSizes(
      itemsPerGroup: itemsPerGroup, tracksCross: tracksCross, uniformFlags: uniformFlags)
    forEachMeasuredItem { item, size in
      if let target = map(item) { result.setSize(size, ofItem: target, rebuilding: false) }
    }
    for index in result.pages.indices { result.summarize(index) }
    result.rebuildTree()
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
      for local in 0..<repetitionsPerPage
      where page.holdsMeasuredCell(Int(local), width: Int(itemsPerGroup)) {
        body(keys[index] * repetitionsPerPage + local)
      }
    }
  }

  // MARK: Repetition shapes

  /// Sets the distance between repetitions that reaches are placed with; the section solver
  /// sets it before it measures the repetitions at a new container size.
  /// - Complexity: O(measured cells) when it changes.
  func setStride(_ stride: Double) {
    guard stride != self.stride else { return }
    self.stride = stride
    for index in pages.indices { summarize(index) }
    rebuildTree()
  }

  /// Records what repetition `repetition` changes (`RepetitionSolver.shape`).
  /// - Complexity: O(log pages) (`MeasuredPage.restate`); O(log pages + page) when the page
  ///   is summed again.
  func setShape(_ shape: RepetitionShape, repetition: Int64) {
    let key = repetition / repetitionsPerPage
    let (index, found) = search(key)
    guard found else { return }
    let local = Int(repetition - key * repetitionsPerPage)
    // The shared lengths come from the sizes, not the shapes: a page restated keeps them.
    if pages[index].restate(shape, at: local) {
      // The page's extremes can only have grown.
      tree.set(pages[index].run, key: key)
      var result = summary
      result.widen(to: pages[index].summary)
      summary = result
      setTotals()
      return
    }
    pages[index].store(shape, at: local)
    pageChanged(index)
  }

  /// Records the shape of every measured repetition below `count`, `shape(r)` for each, as
  /// `setShape` on each in turn leaves the pages (a page restated holds what a page summed
  /// again holds), each page summed once and the tree built once: a new container size
  /// measures them all again, where a tree update a repetition cost ~1,000 instructions a row
  /// (docs/PERFORMANCE.md, "Peers"). The section's extremes are those of the pages, never
  /// wider. `shape` may read the sizes, not the shapes.
  /// - Complexity: O(measured pages · page + pages).
  func setMeasuredShapes(below count: Int64, _ shape: (Int64) -> RepetitionShape) {
    let width = Int(itemsPerGroup)
    for index in pages.indices where pages[index].measured > 0 {
      let page = pages[index]
      let base = keys[index] * repetitionsPerPage
      for local in 0..<Int(repetitionsPerPage) {
        let repetition = base + Int64(local)
        guard repetition < count else { break }
        if page.holdsMeasuredCell(local, width: width) {
          page.store(shape(repetition), at: local)
        }
      }
      summarize(index)
    }
    rebuildTree()
  }

  /// Records the shapes of the repetitions of `repetitions`, `shape(r)` for each, as
  /// `setShape` on each in turn leaves them (the same bits: a page restated holds what a page
  /// summed again holds), with the tree and the section's summary updated once per page.
  /// `shape` may read the sizes, not the shapes. - Complexity: O(repetitions + pages touched ·
  /// (page + log pages)).
  func setShapes(_ repetitions: ClosedRange<Int64>, _ shape: (Int64) -> RepetitionShape) {
    var repetition = repetitions.lowerBound
    var hint = 0
    var done = false
    while !done {
      let key = repetition / repetitionsPerPage
      // The page's last repetition, or the range's: no sum past Int64.max near 2^63 repetitions.
      let left = repetitionsPerPage - 1 - (repetition - key * repetitionsPerPage)
      let last =
        repetitions.upperBound - repetition <= left ? repetitions.upperBound : repetition + left
      let first = repetition
      done = last == repetitions.upperBound
      if !done { repetition = last + 1 }
      let (index, found) = search(key, hint: &hint)
      guard found else { continue }
      let page = pages[index]
      var restated = false
      var stored = false
      for each in first...last {
        let local = Int(each - key * repetitionsPerPage)
        let next = shape(each)
        // Once one is stored the page is summed again at the end: the rest are stored too.
        if !stored && page.restate(next, at: local) {
          restated = true
        } else {
          page.store(next, at: local)
          stored = true
        }
      }
      if stored {
        pageChanged(index)
      } else if restated {
        // The page's extremes can only have grown.
        tree.set(page.run, key: key)
        var result = summary
        result.widen(to: page.summary)
        summary = result
        setTotals()
      }
    }
  }

  /// How much longer than the template repetition `repetition` is.
  func delta(ofRepetition repetition: Int64) -> Double {
    let key = repetition / repetitionsPerPage
    let (index, found) = search(key)
    guard found else { return 0 }
    return pages[index].delta(Int(repetition - key * repetitionsPerPage))
  }

  /// The sum of the deltas of the repetitions before `repetition`: the pages' before it,
  /// exactly, and its page's before it in order, rounded once (docs/ARCHITECTURE.md, "Exact
  /// sums"). - Complexity: O(log pages + repetitionsPerPage).
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
    /// `pages` as a double when it is one exactly, else NaN.
    fileprivate var pagesPoints: Double

    fileprivate init(pages: ExactLength, page: Double, next: Int64) {
      self.pages = pages
      self.page = page
      self.next = next
      pagesPoints = Shifts.exactly(pages)
    }

    /// `length` as a double when it is one exactly, else NaN.
    fileprivate static func exactly(_ length: ExactLength) -> Double {
      length.exactPoints
    }

    /// The shift of the walk's repetition: the one formula of every shift, the exact sum
    /// rounded once. When both terms are exact doubles — the pages' total is one, and the
    /// page's sum is 0 or at least 2⁻⁷ pt, so a whole number of ExactLength's units — that
    /// rounding is the double addition's, which gives the same bits without the 128-bit sum.
    fileprivate var shift: Double { shiftInline }

    /// `shift` compiled into its caller, for the one-cell walk (`forEachSingleCell`), whose
    /// rows cost a few nanoseconds each.
    fileprivate var shiftInline: Double {
      @inline(__always) get {
        if pagesPoints == pagesPoints && ExactLength.convertsExactly(page) {
          return pagesPoints + page
        }
        return Shifts.exactShift(pages, page)
      }
    }

    /// The exact sum rounded once, out of line; given its terms by value, so that a walk's
    /// state stays in registers instead of being stored for the call every row.
    @inline(never)
    private static func exactShift(_ pages: ExactLength, _ page: Double) -> Double {
      (pages + ExactLength(page)).points
    }
  }

  /// The sum of the deltas of the repetitions before `repetition`, exactly (each delta as the
  /// pages' totals hold it): not decreasing from one repetition to the next by more than the
  /// repetition is long, so starts computed from it keep their order to the last bit (rest
  /// positions, docs/SNAPPING.md "Rest positions"). - Complexity: O(log pages +
  /// repetitionsPerPage).
  func exactShift(before repetition: Int64) -> ExactLength {
    // Nothing is before the first repetition (the first unit of every solve asks).
    guard repetition > 0 else { return .zero }
    let key = repetition / repetitionsPerPage
    let (index, found) = search(key)
    let before = tree.prefix(key)
    guard found else { return before }
    return before + pages[index].exactDeltaSum(upTo: Int(repetition - key * repetitionsPerPage))
  }

  /// A walk from `repetition` on. - Complexity: O(log pages + repetitionsPerPage).
  func shifts(from repetition: Int64) -> Shifts {
    var hint = 0
    return shifts(from: repetition, hint: &hint)
  }

  /// `shifts(from:)` leaving `hint` on the repetition's page: a walk's cursor, so that the walk
  /// finds that page again in O(1) instead of searching twice.
  @inline(__always)
  func shifts(from repetition: Int64, hint: inout Int) -> Shifts {
    let key = repetition / repetitionsPerPage
    let (index, found) = search(key, hint: &hint)
    var sum = 0.0
    if found {
      let page = pages[index]
      sum = page.deltaSum(upTo: Int(repetition - key * repetitionsPerPage))
    }
    return Shifts(pages: tree.prefix(key), page: sum, next: repetition)
  }

  /// The shift of the walk's repetition; then the walk moves on past it, whose delta is
  /// `delta`. - Complexity: O(1); O(log pages) where a page starts.
  func step(_ walk: inout Shifts, delta: Double) -> Double {
    let shift = walk.shift
    walk.next += 1
    if walk.next % repetitionsPerPage == 0 {
      walk.pages = tree.prefix(walk.next / repetitionsPerPage)
      walk.pagesPoints = Shifts.exactly(walk.pages)
      walk.page = 0
    } else {
      walk.page += delta
    }
    return shift
  }

  /// Calls `body` with each repetition of `range` in order, its measurements, delta and shift
  /// — each as `repetition(_:)` and `shift(before:)` give it, bit for bit — finding each page
  /// once and walking its repetitions (a batch of frames).
  /// - Complexity: O(log pages · pages walked + repetitions).
  func forEachRepetition(
    _ range: Range<Int64>, _ body: (Int64, LeafMeasurements, Double, Double) -> Void
  ) {
    guard !range.isEmpty else { return }
    var hint = 0
    var walk = shifts(from: range.lowerBound, hint: &hint)
    let none = LeafMeasurements(page: nil, base: 0, sectionUniform: sectionUniform)
    let cells = Int(itemsPerGroup)
    var repetition = range.lowerBound
    while repetition < range.upperBound {
      let key = repetition / repetitionsPerPage
      // The page's repetitions within `range` (its end may lie past Int64.max: no overflow).
      let pageStart = key * repetitionsPerPage
      let pageEnd =
        range.upperBound - pageStart <= repetitionsPerPage
        ? range.upperBound : pageStart + repetitionsPerPage
      let (index, found) = search(key, hint: &hint)
      if found {
        let page = pages[index]
        var local = Int(repetition - key * repetitionsPerPage)
        page.sizes.withUnsafeBufferPointer { sizes in
          while repetition < pageEnd {
            let delta = page.delta(local)
            var measurements = none
            let first = local * cells
            for cell in first..<first + cells where !sizes[2 * cell].isNaN {
              measurements = LeafMeasurements(
                page: page, base: 2 * first, sectionUniform: sectionUniform)
              break
            }
            body(repetition, measurements, delta, walk.shift)
            walk.page += delta
            local += 1
            repetition += 1
          }
        }
      } else {
        // No page: nothing measured, every shift the same.
        while repetition < pageEnd {
          body(repetition, none, 0, walk.shift)
          repetition += 1
        }
      }
      // The next page starts after the totals of the pages up to this one: the tree's prefix
      // there, summed exactly as the walk goes instead of searched for.
      walk.next = repetition
      if repetition < range.upperBound {
        if found { walk.pages = walk.pages + pages[index].run.total }
        walk.pagesPoints = Shifts.exactly(walk.pages)
        walk.page = 0
      }
    }
  }

  /// `forEachRepetition(_:_:)` for repetitions of one cell (`itemsPerGroup` 1): calls `body`
  /// with each repetition of `range` in order, its cell's measured width and height (NaN when
  /// it is not measured) and its shift, bit for bit as `shift(before:)` gives it, reading each
  /// page's arrays directly (a rect query's rows, a batch of frames), until `body` returns
  /// false. Returns false when `body` did. `start`: where a search left a walk from
  /// `range.lowerBound` (`repetitions(at:through:stride:repetitions:start:)`), taken instead of
  /// searching and summing again when it starts there. - Precondition: `itemsPerGroup == 1`.
  /// - Complexity: O(log pages · pages walked + repetitions).
  @inline(never)
  func forEachSingleCell(
    _ range: Range<Int64>, from start: WalkStart? = nil,
    _ body: (Int64, Float32, Float32, Double) -> Bool
  ) -> Bool {
    guard !range.isEmpty else { return true }
    var hint = 0
    var walk: Shifts
    if let start, start.repetition == range.lowerBound {
      walk = start.shifts
      hint = start.page
    } else {
      walk = shifts(from: range.lowerBound, hint: &hint)
    }
    var repetition = range.lowerBound
    while repetition < range.upperBound {
      let key = repetition / repetitionsPerPage
      // The page's repetitions within `range` (its end may lie past Int64.max: no overflow).
      let pageStart = key * repetitionsPerPage
      let pageEnd =
        range.upperBound - pageStart <= repetitionsPerPage
        ? range.upperBound : pageStart + repetitionsPerPage
      let (index, found) = search(key, hint: &hint)
      if found {
        let page = pages[index]
        var local = Int(repetition - pageStart)
        let going = page.sizes.withUnsafeBufferPointer { sizes in
          page.deltas.withBuffers { narrow, wide in
            // Every delta of the page on the grid (`CompactLengths.isOnGrid`): each running sum
            // converts exactly, so the shift is the double addition (`Shifts.shiftInline`'s
            // first branch, the same bits) with no test a row (docs/ARCHITECTURE.md).
            let pagesPoints = walk.pagesPoints
            let pagesExact = pagesPoints == pagesPoints
            let gridded =
              pagesExact && page.deltas.offGrid == 0 && Swift.abs(walk.page) <= 0x1p45
              && ExactLength.convertsExactly(walk.page)
            while repetition < pageEnd {
              let delta = narrow.map { Double($0[local]) } ?? wide.unsafelyUnwrapped[local]
              let shift =
                gridded || (pagesExact && ExactLength.convertsExactly(walk.page))
                ? pagesPoints + walk.page : walk.shift
              // Two sizes a row, `local` below the page's count: read without the index's
              // checks (the buffer's subscript tested that 2 · local was not negative, a row).
              let cell = sizes.baseAddress.unsafelyUnwrapped + (2 &* local)
              if !body(repetition, cell[0], cell[1], shift) { return false }
              walk.page += delta
              // Below the page's end, which is at most Int64.max: no overflow.
              local &+= 1
              repetition &+= 1
            }
            return true
          }
        }
        if !going { return false }
      } else {
        // No page: nothing measured, every shift the same.
        while repetition < pageEnd {
          if !body(repetition, .nan, .nan, walk.shiftInline) { return false }
          repetition &+= 1
        }
      }
      // The next page starts after the totals of the pages up to this one: the tree's prefix
      // there, summed exactly as the walk goes instead of searched for.
      walk.next = repetition
      if repetition < range.upperBound {
        if found { walk.pages = walk.pages + pages[index].run.total }
        walk.pagesPoints = Shifts.exactly(walk.pages)
        walk.page = 0
      }
    }
    return true
  }

  /// The last repetition `r` in `0 ..< repetitions` whose start `r · stride + shift(before: r)`
  /// is at or before `position` (0 when none is). `stride` must be positive.
  /// - Complexity: O(log² pages + repetitionsPerPage).
  func repetition(at position: Double, stride: Double, repetitions: Int64) -> Int64 {
    locate(position, stride: stride, repetitions: repetitions).repetition
  }

  /// `repetition(at:)` of `low` and of `high` (not before it) at once: a viewport's first and
  /// last repetitions. Where `high` lies on the page `low` was found on, the page's walk goes
  /// on from `low`'s repetition, adding the same spans in the same order as a walk from the
  /// page's start (so the answer is `repetition(at: high)`'s), instead of searching again.
  /// - Complexity: O(log² pages + repetitionsPerPage).
  func repetitions(at low: Double, through high: Double, stride: Double, repetitions: Int64)
    -> (first: Int64, end: Int64)
  {
    var start: WalkStart? = nil
    return self.repetitions(
      at: low, through: high, stride: stride, repetitions: repetitions, summing: false,
      start: &start)
  }

  /// Where a walk of consecutive repetitions may start without a search: a repetition's page
  /// and its shift, as `repetitions(at:through:stride:repetitions:start:)` found them.
  struct WalkStart {
    /// The repetition the walk starts at.
    let repetition: Int64
    fileprivate let shifts: Shifts
    /// Its page's index.
    fileprivate let page: Int
  }

  /// `repetitions(at:through:stride:repetitions:)`, and in `start` the walk from the
  /// repetition before the first (a rect query's range starts there, `SolvedSection
  /// .repetitions`), when it lies on the measured page the first was found on: its shift's
  /// in-page sum is made by the search's walk of that page (`MeasuredPage
  /// .firstRepetitionSummed`), the same bits as `shifts(from:)`'s second walk.
  func repetitions(
    at low: Double, through high: Double, stride: Double, repetitions: Int64,
    start: inout WalkStart?
  ) -> (first: Int64, end: Int64) {
    self.repetitions(
      at: low, through: high, stride: stride, repetitions: repetitions, summing: true,
      start: &start)
  }

  @inline(__always)
  private func repetitions(
    at low: Double, through high: Double, stride: Double, repetitions: Int64, summing: Bool,
    start: inout WalkStart?
  ) -> (first: Int64, end: Int64) {
    let found = locate(low, stride: stride, repetitions: repetitions, summing: summing)
    if let walk = found.walk {
      if let sum = walk.sum {
        start = WalkStart(
          repetition: found.repetition - 1,
          shifts: Shifts(pages: walk.before, page: sum, next: found.repetition - 1),
          page: walk.index)
      }
      if high >= low {
        let (local, _) = pages[walk.index].firstRepetition(
          from: walk.start, at: walk.local, stride: stride, past: high)
        if let local {
          let end = keys[walk.index] * repetitionsPerPage + Int64(local)
          return (found.repetition, min(max(end, 0), repetitions - 1))
        }
      }
    }
    return (found.repetition, repetition(at: high, stride: stride, repetitions: repetitions))
  }

  /// `repetition(at:)`, and where it was found on a measured page: the page's index, the
  /// repetition's place on it and its start as the page's walk sums it.
  /// `summing`: with the deltas before the repetition before it summed on its page, as
  /// `shifts(from:)` sums them (nil when it is the page's first), and the pages' before.
  private func locate(_ position: Double, stride: Double, repetitions: Int64, summing: Bool = false)
    -> (
      repetition: Int64,
      walk: (index: Int, local: Int, start: Double, sum: Double?, before: ExactLength)?
    )
  {
    guard repetitions > 0 else { return (0, nil) }
    let pageLength = Double(repetitionsPerPage) * stride
    // The last measured page starting at or before `position` (pages start in order: a page
    // is never shorter than its repetitions' negative deltas), found down the tree: the last
    // key whose page would start there, then the last page at or before it.
    let keys = self.keys
    var low = 0
    var before = ExactLength.zero
    if isFirstPage(at: position, pageLength: pageLength) {
      // Nothing before the first page: no descent (a host measuring a feed at its top).
      low = 1
    } else if !keys.isEmpty {
      let last = tree.last(startingBy: ExactLength(position), pageLength: pageLength)
      // Where every page is measured the key is its page's index.
      let guess = Int(clamping: last.key)
      if guess < keys.count && keys[guess] == last.key {
        low = guess + 1
      } else {
        low = search(last.key + 1).index
      }
      before = last.prefix
      // The totals before that page: the descent's, less the page's own when the key found
      // lies past it (keys between hold no page).
      if low > 0 && keys[low - 1] != last.key {
        before = before - pages[low - 1].run.total
      }
    }
    guard low > 0 else {
      return (Int64(clamping: (position / stride).rounded(.down), 0, repetitions - 1), nil)
    }
    let index = low - 1
    let page = pages[index]
    let pageStart = Double(keys[index]) * pageLength + before.points
    let first = keys[index] * repetitionsPerPage
    var local: Int?
    var start: Double
    var sum: Double? = nil
    if summing {
      (local, start, sum) = page.firstRepetitionSummed(
        from: pageStart, stride: stride, past: position, before: 1)
    } else {
      (local, start) = page.firstRepetition(from: pageStart, stride: stride, past: position)
    }
    guard let local else {
      // Past the page: the unmeasured repetitions to the next page, summed without overflow.
      let past = Int64(clamping: ((position - start) / stride).rounded(.down), 0, repetitions)
      let (next, overflow) = first.addingReportingOverflow(repetitionsPerPage)
      let (result, overflowPast) = next.addingReportingOverflow(past)
      return (
        overflow || overflowPast ? repetitions - 1 : min(max(result, 0), repetitions - 1), nil)
    }
    let result = first + Int64(local)
    guard result >= 0 && result <= repetitions - 1 else {
      return (min(max(result, 0), repetitions - 1), nil)
    }
    return (result, (index, local, start, sum, before))
  }

  /// Whether `position` is on the first measured page or on the unmeasured repetitions after
  /// it, by a margin that covers the doubles' roundings: the first page starts at its key's
  /// place (no page before it), the second at its own plus the first's total, and pages start
  /// in order (a page is never shorter than 0). Where the margin does not decide, false: the
  /// tree's exact descent does.
  @inline(__always)
  private func isFirstPage(at position: Double, pageLength: Double) -> Bool {
    guard let first = keys.first else { return false }
    let firstStart = Double(first) * pageLength
    let next = keys.count > 1 ? Double(keys[1]) * pageLength : 0
    let total = keys.count > 1 ? pages[0].run.total.points : 0
    let margin =
      1e-9 * (Swift.abs(position) + Swift.abs(firstStart) + Swift.abs(next) + Swift.abs(total) + 1)
    // The first page's start is exact at key 0 (0 · pageLength, nothing before it).
    let started = first == 0 ? position >= 0 : position >= firstStart + margin
    return started && (keys.count == 1 || position + margin < next + total)
  }

  // MARK: Reach

  /// Calls `body`, in order, with each repetition before `limit` whose elements reach past
  /// what the template's reach covers to `position` or beyond (relative to repetition 0's
  /// origin along the repeat axis), give or take a rounding error: the rect walk adds them to
  /// the repetitions it takes from the template's reach.
  /// - Complexity: O(log pages + page) per page holding such a repetition.
  func forEachRepetition(
    reachingAfter position: Double, before limit: Int64, _ body: (Int64) -> Void
  ) {
    let target = position - MeasuredSizes.slack(position)
    guard summary.reachAfter >= target else { return }
    var hint = 0
    let end = limit / repetitionsPerPage
    tree.pages(reachingAfter: target, before: end == .max ? end : end + 1) { key, offset in
      forEachReach(page: search(key, hint: &hint).index, offset: offset) {
        repetition, start, reaches, local in
        if repetition < limit, !reaches[4 * local].isNaN,
          start + Double(reaches[4 * local]) >= target
        {
          body(repetition)
        }
      }
    }
  }

  /// Calls `body`, in order, with each repetition after `limit` whose elements reach before
  /// what the template's reach covers back to `position` or before it.
  /// - Complexity: O(log pages + page) per page holding such a repetition.
  func forEachRepetition(
    reachingBefore position: Double, after limit: Int64, _ body: (Int64) -> Void
  ) {
    let target = position + MeasuredSizes.slack(position)
    guard summary.reachBefore <= target else { return }
    var hint = 0
    tree.pages(reachingBefore: target, from: limit / repetitionsPerPage) { key, offset in
      forEachReach(page: search(key, hint: &hint).index, offset: offset) {
        repetition, start, reaches, local in
        if repetition > limit, !reaches[4 * local + 1].isNaN,
          start + Double(reaches[4 * local + 1]) <= target
        {
          body(repetition)
        }
      }
    }
  }

  /// The repetitions of a page that outgrow the template's reach, with where each starts.
  private func forEachReach(
    page index: Int, offset: ExactLength, _ body: (Int64, Double, [Float32], Int) -> Void
  ) {
    let page = pages[index]
    guard let reaches = page.reaches else { return }
    let first = keys[index] * repetitionsPerPage
    var start = Double(first) * stride + offset.points
    for local in 0..<Int(repetitionsPerPage) {
      body(first + Int64(local), start, reaches, local)
      start += stride + page.delta(local)
    }
  }

  /// How far a reach computed here may stray from the frames' own arithmetic.
  private static func slack(_ position: Double) -> Double { 1e-9 * (Swift.abs(position) + 1) }

  private func summarize(_ index: Int) {
    pages[index].summarize(
      origin: Double(keys[index] * repetitionsPerPage) * stride, stride: stride,
      itemsPerGroup: Int(itemsPerGroup), uniformFlags: uniformFlags)
  }

  /// Sums page `index` up again and updates the tree and the section's summary.
  /// - Complexity: O(page + log pages); O(pages) when one of the page's extremes shrank.
  private func pageChanged(_ index: Int) {
    let old = pages[index].summary
    summarize(index)
    let new = pages[index].summary
    tree.set(pages[index].run, key: keys[index])
    if new.covers(old) {
      // The section's extremes can only have grown.
      var result = summary
      result.widen(to: new)
      summary = result
      setTotals()
    } else {
      rebuildSummary()
    }
  }

  private func rebuildTree() {
    let pages = self.pages
    tree = MeasuredSummaryTree(keys: keys) { pages[$0].run }
    rebuildSummary()
  }

  /// The section's summary from its pages'. - Complexity: O(pages).
  private func rebuildSummary() {
    var result = MeasuredSummary()
    for page in pages { result.widen(to: page.summary) }
    summary = result
    setTotals()
  }

  private func setTotals() {
    let root = tree.root
    summary.total = root.total
    summary.reachAfter = root.reachAfter
    summary.reachBefore = root.reachBefore
  }
}
