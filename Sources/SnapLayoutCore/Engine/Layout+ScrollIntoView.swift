/// Where an item goes in the snapport when a host scrolls it into view (docs/SNAPPING.md,
/// "Scroll into view"): CSS `scrollIntoView`'s `block`/`inline` values, UIKit's
/// `scrollToItem(at:at:animated:)` positions.
public enum ScrollAlignment: Int32, Equatable, Sendable {
  /// The item's start at the snapport's start.
  case start = 0
  /// The item's centre at the snapport's centre.
  case center = 1
  /// The item's end at the snapport's end.
  case end = 2
  /// Only if needed: no move when the item is fully visible (or covers the whole snapport);
  /// otherwise the nearer edge, as CSS's `nearest`.
  case nearest = 3
}

extension Layout {
  /// The offset that shows item `item` of `section` in `container` with `alignment`, and the
  /// rest position there (-1 in a container without rest positions). In a container that snaps
  /// the aligned offset is then brought to the nearest rest position, as a browser re-snaps a
  /// mandatory scroll container after `scrollIntoView`; in one that does not, it is the aligned
  /// offset itself. Clamped to the bounds; in a loop, the item's copy nearest the snapport
  /// (docs/SNAPPING.md, "Scroll into view").
  /// - Complexity: O(log sections).
  public func offsetToShow(
    section: Int, item: Int64, alignment: ScrollAlignment, container: Int
  ) throws(LayoutError) -> (offset: Double, index: Int64) {
    var (low, high) = try itemSpan(section: section, item: item, container: container)
    let current = try scrollOffset(container)
    return try withScroll(container) { scroll in
      let leading = scroll.settings.padding.leading
      let snapport = scroll.snapportLength
      if let period = scroll.period {
        // The copy nearest the snapport's centre.
        let laps = ((current + leading + snapport / 2 - (low + high) / 2) / period).rounded()
        low += laps * period
        high += laps * period
      }
      var target: Double
      switch alignment {
      case .start: target = low - leading
      case .center: target = (low + high) / 2 - leading - snapport / 2
      case .end: target = high - leading - snapport
      case .nearest:
        target = Layout.nearestAlignment(
          low: low, high: high, start: current + leading, length: snapport) - leading
      }
      target = scroll.clamp(target)
      guard !scroll.snaps.isFree else { return (target, -1) }
      if scroll.mayHaveRanges {
        // A position that covers a range takes the aligned offset inside it (docs/SNAPPING.md,
        // "Items longer than the viewport").
        let index = scroll.nearestRest(target)
        let offset = Layout.within(scroll, index, near: target)
        return (offset, scroll.looped?.canonicalIndex(index) ?? index)
      }
      if let looped = scroll.looped {
        let (index, offset) = looped.nearestWithOffset(target)
        return (offset, looped.canonicalIndex(index))
      }
      let (index, offset) = scroll.snaps.nearestWithOffset(target)
      return (offset, index)
    }
  }

  /// CSS's `nearest` (CSSOM View, "scroll an element into view"): where the snapport
  /// `start ..< start + length` starts after showing `low ... high` if needed.
  static func nearestAlignment(low: Double, high: Double, start: Double, length: Double)
    -> Double
  {
    let end = start + length
    let size = high - low
    let beforeStart = low < start
    let afterEnd = high > end
    if (beforeStart && afterEnd) || (!beforeStart && !afterEnd) { return start }
    if (beforeStart && size <= length) || (afterEnd && size > length) { return low }
    return high - length
  }
}
