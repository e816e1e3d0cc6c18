/// The sizes the host measured for the cells of one repetition, as the group solver reads
/// them (docs/SELF-SIZING.md).
struct LeafMeasurements {
  /// The page holding the repetition, or nil when none of its cells is measured.
  let page: MeasuredPage?
  /// The index in `page.sizes` of the repetition's first cell's width.
  let base: Int
  /// The largest lengths of the root group's `uniformAcrossSiblings` cells across the whole
  /// section (0 where none is measured).
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

/// What a repetition with measured cells changes (`RepetitionSolver.shape`): its length, its
/// extent across the repeat axis, and how far its cells and badges reach beyond what the
/// template's reach covers — the rect walk widens its search by exactly that where it is
/// (docs/SELF-SIZING.md, "Cells that outgrow their group").
struct RepetitionShape: Equatable {
  /// How much longer than the template the repetition is along the repeat axis.
  var delta: Double
  /// Its extent across the repeat axis (NaN when not tracked or unmeasured).
  var cross: Double
  /// Where its elements reach, relative to the repetition's origin, when beyond the template's
  /// reach (else NaN): along the repeat axis the furthest end and the earliest start, across it
  /// (orthogonal sections) the furthest end and the earliest start.
  var alongEnd: Double
  var alongStart: Double
  var crossEnd: Double
  var crossStart: Double

  static let unmeasured = RepetitionShape(
    delta: 0, cross: .nan, alongEnd: .nan, alongStart: .nan, crossEnd: .nan, crossStart: .nan)

  /// Whether its elements reach beyond what the template's reach covers.
  var outgrows: Bool {
    !alongEnd.isNaN || !alongStart.isNaN || !crossEnd.isNaN || !crossStart.isNaN
  }
}

/// The measured cells of `MeasuredSizes.repetitionsPerPage` consecutive repetitions.
final class MeasuredPage {
  /// Canonical width and height of each cell (two per cell); NaN where not measured.
  var sizes: [Float32]
  /// Per repetition: how much longer than the unmeasured template it is along the repeat axis,
  /// exactly (single precision would misplace the cell after an estimate of 1e9 pt measured at
  /// 1 pt by up to 32 pt; found by Tests/c/test_numeric.c). Read them with `delta(_:)`.
  private(set) var deltas: CompactLengths
  /// Per repetition: its extent across the repeat axis, exactly (only kept when that can vary;
  /// NaN for repetitions without measured cells). Single precision made a row of 50.2-pt cells
  /// 50.200000762939453 pt tall once one of them was reported, whatever its size.
  private(set) var crosses: CompactLengths
  /// Whether `crosses` is kept.
  let tracksCross: Bool
  /// Per repetition, once one of the page outgrows what the template's reach covers: its
  /// `alongEnd`, `alongStart`, `crossEnd`, `crossStart`, rounded outward to Float32 (the rect
  /// walk only widens its search by them); NaN where a repetition does not outgrow it.
  private(set) var reaches: [Float32]?
  /// Measured cells on this page.
  var measured = 0
  /// The page's repetitions, summed up (`summarize`).
  var summary = MeasuredSummary()
  /// The page's part of the summary tree.
  var run: MeasuredRun {
    MeasuredRun(
      total: summary.total, reachAfter: summary.reachAfter, reachBefore: summary.reachBefore)
  }

  init(cells: Int, repetitions: Int, tracksCross: Bool) {
    sizes = Array(repeating: .nan, count: 2 * cells)
    deltas = CompactLengths(repeating: 0, count: repetitions)
    crosses = CompactLengths(repeating: .nan, count: tracksCross ? repetitions : 0)
    self.tracksCross = tracksCross
  }

  /// A page with the same contents (reference semantics would share it).
  init(copying page: MeasuredPage) {
    sizes = page.sizes
    deltas = page.deltas
    crosses = page.crosses
    tracksCross = page.tracksCross
    reaches = page.reaches
    measured = page.measured
    summary = page.summary
  }

  /// Whether repetition `local` of the page, `width` cells a repetition, holds a measured cell.
  func holdsMeasuredCell(_ local: Int, width: Int) -> Bool {
    for cell in local * width..<(local + 1) * width where !sizes[2 * cell].isNaN { return true }
    return false
  }

  /// The deltas of repetitions `0 ..< local` summed in order (a shift inside the page).
  func deltaSum(upTo local: Int) -> Double { deltas.sum(upTo: local) }

  /// The deltas of repetitions `0 ..< local` summed exactly.
  func exactDeltaSum(upTo local: Int) -> ExactLength { deltas.exactSum(upTo: local) }

  /// The first repetition from `first` on whose end, by the page's walk in blocks of four
  /// (`CompactLengths.firstSpan`), is past `position`, with the start of its block; or nil and
  /// the page's end. `start` is where the block holding `first` starts (the page's start, or
  /// a start this returned).
  func firstRepetition(
    from start: Double, at first: Int = 0, stride: Double, past position: Double
  ) -> (local: Int?, start: Double) {
    let (index, end) = deltas.firstSpan(from: start, at: first, stride: stride, past: position)
    return (index, end)
  }

  /// `firstRepetition(from:stride:past:)` from the page's first repetition, with the deltas of
  /// the repetitions before the one found less `offset` summed in order, as
  /// `deltaSum(upTo:)` sums them (nil when none is found, or the sum would start before the
  /// page). - Complexity: O(repetitionsPerPage), one walk.
  func firstRepetitionSummed(
    from start: Double, stride: Double, past position: Double, before offset: Int
  ) -> (local: Int?, start: Double, sum: Double?) {
    let (index, end, sum) = deltas.firstSpanSummed(
      from: start, stride: stride, past: position, before: offset)
    return (index, end, sum)
  }

  /// The delta of repetition `local` of the page.
  @inline(__always)
  func delta(_ local: Int) -> Double { deltas[local] }

  /// Stores the shape of repetition `local` exactly (its reaches rounded outward).
  func store(_ shape: RepetitionShape, at local: Int) {
    deltas[local] = shape.delta
    if tracksCross { crosses[local] = shape.cross }
    if shape.outgrows && reaches == nil {
      reaches = Array(repeating: .nan, count: 4 * deltas.count)
    }
    if reaches != nil {
      reaches![4 * local] = MeasuredPage.roundedUp(shape.alongEnd)
      reaches![4 * local + 1] = -MeasuredPage.roundedUp(-shape.alongStart)
      reaches![4 * local + 2] = MeasuredPage.roundedUp(shape.crossEnd)
      reaches![4 * local + 3] = -MeasuredPage.roundedUp(-shape.crossStart)
    }
  }

  /// Stores the shape of repetition `local` and updates `summary` to what `summarize` would
  /// make of it, without summing the page again, when that is simple: no repetition of the
  /// page reaches past the template's reach (a reach moves with every delta before it) and
  /// the page's largest cross extent does not shrink. The total changes by the difference of
  /// two exact lengths, so it holds the same bits as a sum made anew (docs/ARCHITECTURE.md,
  /// "Exact sums"). Returns false, and changes nothing, otherwise.
  /// - Complexity: O(1).
  func restate(_ shape: RepetitionShape, at local: Int) -> Bool {
    guard reaches == nil, !shape.outgrows else { return false }
    var result = summary
    if tracksCross {
      let old = crosses[local]
      if !shape.cross.isNaN && shape.cross >= result.largestCross {
        result.largestCross = shape.cross
      } else if !old.isNaN && old >= result.largestCross {
        // It was the largest and may no longer be.
        return false
      }
      crosses[local] = shape.cross
    }
    result.total = result.total - ExactLength(deltas[local]) + ExactLength(shape.delta)
    deltas[local] = shape.delta
    summary = result
    return true
  }

  /// The smallest Float32 at or above `value` (NaN stays NaN).
  private static func roundedUp(_ value: Double) -> Float32 {
    let rounded = Float32(value)
    return Double(rounded) < value ? rounded.nextUp : rounded
  }

  /// Sums the page up again (`summary`).
  /// - Parameters:
  ///   - origin: where the page's first repetition would start were nothing measured
  ///     (its index times the stride).
  ///   - uniformFlags: per cell of a repetition, whether its width (bit 0) or height (bit 1)
  ///     is shared across the section.
  /// - Complexity: O(cells of the page).
  func summarize(origin: Double, stride: Double, itemsPerGroup: Int, uniformFlags: [UInt8]) {
    var result = MeasuredSummary()
    let repetitions = deltas.count
    var start = origin
    for local in 0..<repetitions {
      let delta = self.delta(local)
      if let reaches,
        !reaches[4 * local].isNaN || !reaches[4 * local + 1].isNaN
          || !reaches[4 * local + 2].isNaN || !reaches[4 * local + 3].isNaN
      {
        // NaN leaves max and min alone: only the values that are there count.
        let repetitionStart = start + Double(local) * stride
        if !reaches[4 * local].isNaN {
          result.reachAfter = max(result.reachAfter, repetitionStart + Double(reaches[4 * local]))
        }
        if !reaches[4 * local + 1].isNaN {
          result.reachBefore = min(
            result.reachBefore, repetitionStart + Double(reaches[4 * local + 1]))
        }
        if !reaches[4 * local + 2].isNaN {
          result.crossAfter = max(result.crossAfter, Double(reaches[4 * local + 2]))
        }
        if !reaches[4 * local + 3].isNaN {
          result.crossBefore = min(result.crossBefore, Double(reaches[4 * local + 3]))
        }
      }
      if tracksCross && !crosses[local].isNaN {
        result.largestCross = max(result.largestCross, crosses[local])
      }
      if delta != 0 {
        start += delta
        result.total = result.total + ExactLength(delta)
      }
    }
    if !uniformFlags.isEmpty {
      for cell in 0..<sizes.count / 2 where !sizes[2 * cell].isNaN {
        let flags = uniformFlags[cell % itemsPerGroup]
        if flags & 1 != 0 {
          result.uniform.width = max(result.uniform.width, Double(sizes[2 * cell]))
        }
        if flags & 2 != 0 {
          result.uniform.height = max(result.uniform.height, Double(sizes[2 * cell + 1]))
        }
      }
    }
    summary = result
  }
}
