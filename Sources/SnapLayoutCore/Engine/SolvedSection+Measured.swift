/// Geometry of sections whose cells the host measured (docs/SELF-SIZING.md): repetition `r`
/// starts `shift(before: r)` later than in the periodic layout, and a repetition holding a
/// measured cell has its own frames, solved when asked for.
extension SolvedSection {
  /// How much later than `origin + r · stride` repetition `r` starts.
  @inline(__always)
  func shift(before repetition: Int64) -> Double {
    guard let measured else { return 0 }
    return measured.shift(before: repetition)
  }

  /// A cell's frame in canonical content coordinates, scrolled by `offset` when orthogonal.
  func frame(ofItem item: Int64, offset: Double) -> Rect {
    if let flowLines {
      return flowLines.frame(ofItem: Int(item), origin: placement.origin)
    }
    let n = placement.itemsPerGroup
    let repetition = item / n
    let slot: Rect
    if let measured {
      let measurements = measured.measurements(forRepetition: repetition)
      slot =
        repetitionSolver.singleCell != nil
        ? repetitionSolver.singleCellFrame(template.leaves[0].frame, measurements)
        : repetitionSolver.template(measurements, or: template).leaves[Int(item % n)].frame
    } else {
      slot = template.leaves[Int(item % n)].frame
    }
    return placement.place(
      slot, repetition: repetition, offset: offset, shift: shift(before: repetition))
  }

  /// Calls `body` with each cell of `items` and its frame, as `frame(ofItem:offset:)` gives
  /// it, bit for bit, walking the repetitions instead of looking each cell up: a measured
  /// repetition is found and solved once for all its cells, its shift carried from the one
  /// before (`MeasuredSizes.forEachRepetition`). Flow sections walk their lines
  /// (`FlowLines.forEachFrame`). - Precondition: the section has measured cells.
  /// - Complexity: O(log n + the cells and repetitions walked).
  func forEachMeasuredFrame(items: Range<Int64>, offset: Double, _ body: (Int64, Rect) -> Void) {
    guard !items.isEmpty, let measured else { return }
    let n = placement.itemsPerGroup
    let repetitions = items.lowerBound / n..<(items.upperBound - 1) / n + 1
    let single = repetitionSolver.singleCell != nil
    if single && n == 1 && measured.itemsPerGroup == 1 {
      // One cell per repetition: its frame is the template's with its measured lengths.
      let cell = template.leaves[0].frame
      let lengths = RepetitionSolver.SingleCellLengths(
        repetitionSolver.singleCell.unsafelyUnwrapped, share: measured.sectionUniform)
      _ = measured.forEachSingleCell(repetitions) { repetition, width, height, shift in
        let slot = lengths.frame(cell, width: width, height: height)
        body(
          repetition, placement.place(slot, repetition: repetition, offset: offset, shift: shift))
        return true
      }
      return
    }
    measured.forEachRepetition(repetitions) { repetition, measurements, _, shift in
      if single {
        let slot = repetitionSolver.singleCellFrame(template.leaves[0].frame, measurements)
        body(
          repetition, placement.place(slot, repetition: repetition, offset: offset, shift: shift))
        return
      }
      let solved = repetitionSolver.template(measurements, or: template)
      // The repetition's cells within `items` (its end may lie past Int64.max: no overflow).
      let start = repetition * n
      let end = items.upperBound - start <= n ? items.upperBound : start + n
      for cell in Swift.max(items.lowerBound, start)..<end {
        body(
          cell,
          placement.place(
            solved.leaves[Int(cell % n)].frame, repetition: repetition, offset: offset,
            shift: shift))
      }
    }
  }

  /// `forEachMeasuredFrame(items:offset:_:)` of the common self-sizing list, in a walk compiled
  /// for it: one cell a repetition, the repetitions down the main axis, its width fixed and its
  /// height measured (not shared). The frames are the same, bit for bit (the same `placeDown`
  /// and `SingleCellLengths.frame`, their decisions made once); the walk costs a third fewer
  /// instructions a frame (docs/PERFORMANCE.md, "Own sizes"). Returns false, and calls nothing,
  /// for any other section.
  func forEachListFrame(items: Range<Int64>, _ body: (Int64, Rect) -> Void) -> Bool {
    guard let measured, let axes = repetitionSolver.singleCell, axes.width == .fixed,
      axes.height == .measured, !placement.isOrthogonal, placement.itemsPerGroup == 1,
      measured.itemsPerGroup == 1
    else { return false }
    guard !items.isEmpty else { return true }
    let cell = template.leaves[0].frame
    let down = placement.down
    _ = measured.forEachSingleCell(items) { repetition, width, height, shift in
      // Made here, of constants, so that the frame's tests fold away (captured, they would be
      // read every row).
      let lengths = RepetitionSolver.SingleCellLengths((.fixed, .measured), share: .zero)
      body(
        repetition,
        down.place(
          lengths.frame(cell, width: width, height: height), repetition: repetition,
          shift: shift))
      return true
    }
    return true
  }

  /// The repetitions that may reach into `low ... high` along the repeat axis, or nil.
  func repetitions(from low: Double, to high: Double, offset: Double) -> ClosedRange<Int64>? {
    repetitions(from: low, to: high, offset: offset, placement: placement)
  }

  /// `repetitions(from:to:offset:)` with the section's repetitions placed by `placement` (its
  /// own, placed at the section's start: `placement(at:)`).
  func repetitions(
    from low: Double, to high: Double, offset: Double, placement: SectionPlacement
  ) -> ClosedRange<Int64>? {
    var start: MeasuredSizes.WalkStart? = nil
    return repetitions(from: low, to: high, offset: offset, placement: placement, start: &start)
  }

  /// `repetitions(from:to:offset:placement:)`, and in `start` where a walk of the measured
  /// repetitions from the range's first may start without searching again, when the search
  /// left one (`MeasuredSizes.WalkStart`).
  func repetitions(
    from low: Double, to high: Double, offset: Double, placement: SectionPlacement,
    start: inout MeasuredSizes.WalkStart?
  ) -> ClosedRange<Int64>? {
    guard let measured else {
      return placement.repetitions(from: low, to: high, offset: offset)
    }
    guard placement.groupCount > 0, placement.stride > 0 else {
      return placement.repetitions(from: low, to: high, offset: offset)
    }
    let alongX = placement.isOrthogonal
    let base = alongX ? placement.origin.x - offset : placement.origin.y
    let envelope = template.envelope
    let step = repetitionSolver.extent(template)
    // Cells reaching past their repetition (badges) widen the search by that much.
    let overhangAfter = max(0, (alongX ? envelope.maxX : envelope.maxY) - step)
    let overhangBefore = min(0, alongX ? envelope.minX : envelope.minY)
    let last = placement.groupCount - 1
    // The search finds the first repetition ending after where it starts. Repetitions measured
    // 0 long that end on the rect's near edge hold elements on it, which intersect (an element
    // of no length does when its edge lies in the rect), and the search's sums may differ from
    // the frames' by a few ulps; one repetition of slack (below) does not cover a run of them.
    // So the search starts before the edge, by more than the sums can differ (2^-46 of the
    // magnitudes: 64 ulps, where a page's walk of up to 128 spans rounds each addition of a
    // block of four to it by half an ulp at most, CompactLengths.firstSpan, and a frame a few)
    // and at least an ulp
    // (review 10's state soak); and ends as far past the far edge, where such a run may lie an
    // ulp inside the rect by the frames and outside it by the sums. Not more: far out, where a
    // stride is below the grid of the sums, each ulp of slack is many repetitions to test
    // (2^-40 made a fuzz input 150 times slower).
    let from = low - base - overhangAfter
    let to = high - base - overhangBefore
    let before = (from - (Swift.abs(from) + Swift.abs(base)) * 0x1p-46).nextDown
    let after = (to + (Swift.abs(to) + Swift.abs(base)) * 0x1p-46).nextUp
    let (first, end) = measured.repetitions(
      at: before, through: after, stride: placement.stride, repetitions: placement.groupCount,
      start: &start)
    // Far out (beyond ~1e18 pt) a stride is below the grid of the sums, and the repetition at
    // a position stops being monotonic by a few: the range spans both answers either way,
    // never a lower bound above the upper (found by review: a 2^63-item list queried at 2e19 pt
    // trapped). The elements found are tested against the rect one by one.
    return max(0, min(first, end) - 1)...min(last, max(first, end) + 1)
  }
}
