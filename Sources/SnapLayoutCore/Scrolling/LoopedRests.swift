/// What the release rule reads of a container's rest positions: a `SnapList`, or a looping
/// container's positions unrolled across laps (`LoopedRests`). One rule for both
/// (docs/SNAPPING.md, "The release pipeline" and "Looping").
protocol RestPositions {
  /// The offset of rest position `index`.
  func offset(_ index: Int64) -> Double
  /// The index of the first rest position after `x` (at or after it, when `strict`): how many
  /// lie at or before it in a list that starts at 0.
  func rank(_ x: Double, strict: Bool) -> Int64
  /// The rest positions around `x`.
  func segment(_ x: Double) -> SnapList.Segment
  /// `index` brought into the list's indices (a loop has no ends: unchanged).
  func bounded(_ index: Int64) -> Int64
  /// The first rest position at `at`, the offset of position `index`.
  func firstSharing(_ index: Int64, _ at: Double) -> Int64
}

extension RestPositions {
  /// The rest position nearest `x` and its offset (ties go to the lower index).
  @inline(always)
  func nearestWithOffset(_ x: Double) -> (index: Int64, offset: Double) {
    nearest(x, in: segment(x))
  }

  /// The rest position nearest `x` of those around it, `around` (`segment(x)`), and its offset:
  /// the nearer end, the lower on a tie, and of several positions at that offset (units merged
  /// at a bound, cells measured 0 long) the first — `segment` ends at the last of them.
  @inline(always)
  func nearest(_ x: Double, in around: SnapList.Segment) -> (index: Int64, offset: Double) {
    // Past the last position the segment is that position twice.
    x - around.lowOffset <= around.highOffset - x || around.high == around.low
      ? (firstSharing(around.low, around.lowOffset), around.lowOffset)
      : (around.high, around.highOffset)
  }

  /// The first rest position at `at`, the offset of position `index`: `index` unless the one
  /// before rests there too (one offset read in the common case).
  @inline(always)
  func firstSharing(_ index: Int64, _ at: Double) -> Int64 {
    sharedStart(index, at)
  }

  /// `firstSharing`'s general answer, out of line: one copy per kind of list, not one per
  /// caller (it reads an offset and, where positions share one, searches).
  @inline(never)
  func sharedStart(_ index: Int64, _ at: Double) -> Int64 {
    guard bounded(index &- 1) < index, offset(index &- 1) == at else { return index }
    // At most `index` (far out, where doubles cannot tell units apart, a count may overshoot).
    return min(rank(at, strict: true), index)
  }
}

extension SnapList: RestPositions {
  @inline(always)
  func bounded(_ index: Int64) -> Int64 { min(max(index, 0), count - 1) }

  /// `RestPositions.firstSharing`; in closed form no two units rest at one offset strictly
  /// between the bounds (only a bound gathers several), which it answers without a read.
  @inline(always)
  func firstSharing(_ index: Int64, _ at: Double) -> Int64 {
    if index <= 0 || hasDistinctInterior(at) { return index }
    return sharedStart(index, at)
  }
}

/// The rest positions of a looping container (docs/SNAPPING.md, "Looping"): the `count`
/// positions of one lap, `B_0 ..< B_0 + period`, repeated every `period` both ways. Position
/// `lap · count + k` is `B_k + lap · period`; its canonical index is `k`.
struct LoopedRests: RestPositions {
  /// One lap's positions, in order, all within one period of the first.
  let canonical: SnapList
  let period: Double
  let count: Int64
  /// Laps are clamped to ± this, so that unrolled indices never overflow (offsets that far
  /// out are past what a double tells apart within one period anyway).
  private let maximumLap: Double

  init(canonical: SnapList, period: Double) {
    self.canonical = canonical
    self.period = period
    count = max(canonical.count, 1)
    maximumLap = (Double(Int64.max / 4) / Double(count)).rounded(.down)
  }

  /// The lap that `x` lies in (counted from `B_0`) and its position within that lap,
  /// `B_0 <= r < B_0 + period`. The reduction is exact (`Math.laps`), so `r` loses nothing to
  /// the lap count.
  @inline(always)
  func lap(of x: Double) -> (lap: Int64, within: Double) {
    let first = canonical.offset(0)
    let (laps, within) = Math.laps(x - first, period: period)
    let lap = Int64(clamping: laps, -Int64(maximumLap), Int64(maximumLap))
    return (lap, first + within)
  }

  /// Canonical index and lap of an unrolled index.
  @inline(always)
  func split(_ index: Int64) -> (lap: Int64, k: Int64) {
    var lap = index / count
    var k = index % count
    if k < 0 {
      k += count
      lap -= 1
    }
    return (lap, k)
  }

  /// The canonical index (0 ..< count) of an unrolled one.
  @inline(always)
  func canonicalIndex(_ index: Int64) -> Int64 { split(index).k }

  @inline(never)
  func offset(_ index: Int64) -> Double {
    let (lap, k) = split(index)
    return canonical.offset(k) + Double(lap) * period
  }

  @inline(never)
  func rank(_ x: Double, strict: Bool) -> Int64 {
    let (lap, within) = lap(of: x)
    // 0 only when strict and `x` is B_0 itself: the previous lap's positions lie before it.
    var rank = lap &* count &+ canonical.rank(within, strict: strict)
    // Unless the lap's last positions rest on the next lap's start (cells measured 0 long at
    // the seam): at `x` itself, they are not before it.
    var seam = 0
    while strict && seam < 64 && offset(rank &- 1) >= x {
      rank &-= 1
      seam += 1
    }
    return rank
  }

  /// `rank(x, strict: false) − 1` and the position after it, with their offsets as `offset(_:)`
  /// gives them, bit for bit: the lap and canonical rank already name both positions' laps and
  /// canonical indices, so neither is divided out of its unrolled index again (a release
  /// asks for three segments; docs/PERFORMANCE.md, "Loops").
  @inline(never)
  func segment(_ x: Double) -> SnapList.Segment {
    let (lap, within) = lap(of: x)
    let lapStart = Double(lap) * period
    if canonical.count == count {
      // Between two of the lap's positions (nearly always): the lap's own segment, in closed
      // form where they are evenly spaced.
      let around = canonical.segment(within)
      if around.high == around.low &+ 1 && around.lowOffset <= within {
        let low = lap &* count &+ around.low
        return (low, around.lowOffset + lapStart, low &+ 1, around.highOffset + lapStart)
      }
      // After the lap's last position: the next lap's first follows it.
      let rank = canonical.rank(within, strict: false)
      if rank == count {
        let low = lap &* count &+ rank &- 1
        return (
          low, canonical.offset(rank &- 1) + lapStart, low &+ 1,
          canonical.offset(0) + Double(lap &+ 1) * period
        )
      }
    }
    let low = rank(x, strict: false) &- 1
    return (low, offset(low), low &+ 1, offset(low &+ 1))
  }

  @inline(always)
  func bounded(_ index: Int64) -> Int64 { index }

  /// The fractional canonical position of `x`: `k + fraction` in `0 ..< count`, running from
  /// `count − 1` toward `count` across the seam and on from 0.
  func progress(_ x: Double) -> Double {
    progress(x, in: segment(x))
  }

  func progress(_ x: Double, in around: SnapList.Segment) -> Double {
    let span = around.highOffset - around.lowOffset
    let fraction = span > 0 ? min(max((x - around.lowOffset) / span, 0), 1) : 0
    return LoopedRests.canonical(Double(canonicalIndex(around.low)) + fraction, count: count)
  }

  /// A progress `k + fraction` of a loop of `count` positions made canonical, in `0 ..< count`:
  /// past 2⁵³ positions the sum rounds to the count itself, the seam's other side, which is 0;
  /// a progress just below 0 (a fraction − 1) wraps to below the count, or to 0 where that
  /// rounds to the count (0 is then the nearest canonical value, across the seam). The one
  /// rule of every looping progress.
  static func canonical(_ value: Double, count: Int64) -> Double {
    let end = Double(count)
    if value < 0 {
      let wrapped = value + end
      return wrapped < end ? wrapped : 0
    }
    return value >= end ? value - end : value
  }

  /// The unrolled index of canonical position `k` nearest `x` (ties to the earlier copy).
  func nearestCopy(of k: Int64, to x: Double) -> Int64 {
    let (lap, _) = lap(of: x)
    let middle = lap &* count &+ k
    var best = middle &- count
    var distance = Swift.abs(offset(best) - x)
    for candidate in [middle, middle &+ count] {
      let d = Swift.abs(offset(candidate) - x)
      if d < distance {
        best = candidate
        distance = d
      }
    }
    return best
  }
}
