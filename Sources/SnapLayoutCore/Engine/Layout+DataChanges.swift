/// A change to the items of one section, as UIKit's batch updates describe it.
public enum ItemChange: Equatable, Sendable {
  /// The section now holds `count` items (items beyond it are deleted from the end, new ones
  /// appended).
  case setCount(Int64)
  /// `count` items inserted before item `at` (`at` may be the item count: appended).
  case insert(at: Int64, count: Int64)
  /// Items `at ..< at + count` deleted.
  case delete(at: Int64, count: Int64)
  /// The item at `from` moved to index `to` (`moveItem(at:to:)`): the items between shift by
  /// one toward `from`.
  case move(from: Int64, to: Int64)
}

extension Layout {
  /// Changes a section's items without re-creating the layout: measured sizes stay with the
  /// items that remain (their indices shift as UIKit's batch updates shift them), and the
  /// offsets move so that the item at the leading edge of the visible bounds stays in place (an
  /// offset within its bounds is clamped to the new ones).
  /// - Complexity: O(the section's template and measured cells + log sections): only the
  ///   section is solved again, and the periodic solve never depends on item counts.
  public func changeItems(_ change: ItemChange, section: Int) throws(LayoutError) -> SizeReport {
    try changeItems(change, section: section, carrying: nil)
  }

  /// `changeItems`, where the one item inserted by `change` (an item moved from another flow
  /// section) brings sizes of its own (docs/FLOW-LAYOUT.md, "Moving items"). `returning` (not
  /// nil): that item is the one the main scroll's run handed over from, moved back; inserted
  /// where the item the run follows is (after it when `returning` is true: it was its section's
  /// last), it takes the run again (docs/SELF-SIZING.md rule 7).
  func changeItems(
    _ change: ItemChange, section: Int, carrying carried: CarriedFlowSize?,
    returning: Bool? = nil
  ) throws(LayoutError) -> SizeReport {
    try checkSection(section)
    let count = entries[section].itemCount
    let newCount: Int64
    // Where an item that remains goes; nil for a deleted item.
    let map: (Int64) -> Int64?
    // The first item at or after `item` that remains (`count` when none does).
    var kept: (Int64) -> Int64 = { $0 }
    switch change {
    case .setCount(let value):
      guard value >= 0 else {
        throw LayoutError(
          .invalidArgument, "an item count must be at least 0, not \(value)", path: "count")
      }
      newCount = value
      map = { item in item < value ? item : nil }
      kept = { item in item < value ? item : count }
    case .insert(let at, let inserted):
      guard at >= 0, at <= count else {
        throw LayoutError(
          .outOfRange,
          "items can be inserted at 0 ... \(count) in section \(section), not at \(at)",
          path: "at")
      }
      guard inserted >= 0, inserted <= Int64.max - count else {
        throw LayoutError(
          .invalidArgument,
          inserted < 0
            ? "the number of items to insert must be at least 0, not \(inserted)"
            : "inserting \(inserted) items into \(count) would overflow the item count",
          path: "count")
      }
      newCount = count + inserted
      map = { item in item < at ? item : item + inserted }
    case .delete(let at, let deleted):
      guard at >= 0, at <= count else {
        throw itemOutOfRange(at, section: section, count: count, path: "at")
      }
      guard deleted >= 0, deleted <= count - at else {
        throw LayoutError(
          .outOfRange,
          deleted < 0
            ? "the number of items to delete must be at least 0, not \(deleted)"
            : "items \(at) ..< \(at) + \(deleted) run past the \(count) items of section "
              + "\(section)", path: "count")
      }
      newCount = count - deleted
      map = { item in item < at ? item : item >= at + deleted ? item - deleted : nil }
      kept = { item in item >= at && item - at < deleted ? at + deleted : item }
    case .move(let from, let to):
      for (index, name) in [(from, "from"), (to, "to")] where index < 0 || index >= count {
        throw itemOutOfRange(index, section: section, count: count, path: name)
      }
      newCount = count
      map = { item in
        if item == from { return to }
        if from < to && item > from && item <= to { return item - 1 }
        if to < from && item >= to && item < from { return item + 1 }
        return item
      }
    }
    try checkFlowCapacity(newCount, section: section, path: "count")
    let previousEntry = entries[section]
    if let old = previousEntry.flowSizes {
      entries[section].flowSizes = old.remapped(count: Int(newCount), map)
    }
    if let carried, case .insert(let at, 1) = change, let flow = entries[section].flowItems,
      carried.needsStorage(in: flow)
    {
      let storage =
        entries[section].flowSizes
        ?? FlowSizes(count: Int(newCount), uniform: flow.itemSize, isSelfSizing: flow.isSelfSizing)
      storage.setGiven(carried.given ?? flow.itemSize, item: Int(at))
      if flow.isSelfSizing, let measured = carried.measured {
        storage.setMeasured(measured, item: Int(at))
      }
      entries[section].flowSizes = storage
    }
    if entries[section].flowSizes?.isUniform == true { entries[section].flowSizes = nil }

    let before = isSolved ? anchors(section: section) : nil
    // A move within the section is anchored as a delete and an insert, as a move to another
    // section is: an anchor on the moved item hands its run over to the item after it, and the
    // moved item put back next to that item takes the run again (`movedAnchor`).
    var mainMove: MovedAnchor? = nil
    var sectionMove: MovedAnchor? = nil
    if case .move(let from, let to) = change, from != to, let before {
      mainMove = movedAnchor(
        before.main, base: mainOffsetBase, container: mainScrollContainer, section: section,
        from: from, to: to, count: count)
      if let anchor = before.section {
        sectionMove = movedAnchor(
          anchor, base: sectionOffsetBase, container: section, section: section, from: from,
          to: to, count: count)
      }
    }
    let anchorItems = before.map { before in
      (main: mainMove?.handedOver
        ?? anchorItem(before.main, section: section, map: map, kept: kept, newCount: newCount),
       section: sectionMove?.handedOver ?? before.section.flatMap {
        anchorItem($0, section: section, map: map, kept: kept, newCount: newCount)
       })
    }

    // Measured sizes follow their items.
    if let old = previousEntry.measured, !old.isEmpty {
      entries[section].measured = old.remapped(
        itemsPerGroup: old.itemsPerGroup, tracksCross: old.tracksCross,
        uniformFlags: old.uniformFlags, map)
    }
    entries[section].itemCount = newCount
    guard isSolved else {
      return SizeReport(mainOffsetAdjustment: 0, sectionOffsetAdjustment: 0, contentSize: .zero)
    }
    do throws(LayoutError) {
      try resolveSection(section)
    } catch {
      entries[section] = previousEntry
      throw error
    }
    // Solved before, so there are anchors. Those inside the changed section follow their items
    // to their new repetitions.
    guard var anchors = before, let anchorItems else {
      return SizeReport(mainOffsetAdjustment: 0, sectionOffsetAdjustment: 0, contentSize: .zero)
    }
    // The item moved back takes the run it handed over, where the run goes on at its place:
    // at the index of the item the run follows, or after it when it was the section's last.
    var taken: Int64? = nil
    if let returning, case .insert(let at, 1) = change, let base = anchors.mainBase,
      base.section == section, base.item >= 0, at == base.item + (returning ? 1 : 0),
      anchors.main.section == section, anchors.main.item == base.item
    {
      taken = at
    }
    if let item = anchorItems.main {
      anchors.main.repetition = repetition(of: item, in: section)
      anchors.main.item = item
    }
    if let item = anchorItems.section {
      anchors.section?.repetition = repetition(of: item, in: section)
      anchors.section?.item = item
    }
    // The bases follow their anchors' items; one whose item was deleted ends its run
    // (docs/SELF-SIZING.md rule 7).
    let follow: (OffsetBase?) -> OffsetBase? = { base in
      base?.mapped(
        section: { $0 }, item: { $0 == section ? { $0 < count ? map($0) : nil } : nil })
    }
    // A run taken back goes on from its base as it is (the item it follows is the one
    // inserted; a section the move emptied held the run at its start, item 0 of none).
    anchors.mainBase = taken != nil ? anchors.mainBase : follow(anchors.mainBase)
    anchors.sectionBase = follow(anchors.sectionBase)
    settle(mainMove, section: section, anchor: &anchors.main, base: &anchors.mainBase)
    if var anchor = anchors.section {
      settle(sectionMove, section: section, anchor: &anchor, base: &anchors.sectionBase)
      anchors.section = anchor
    }
    if let taken {
      anchors.main.repetition = repetition(of: taken, in: section)
      anchors.main.item = taken
      anchors.mainBase?.item = taken
    }
    anchors.carry.item = { $0 == section ? ($1 < count ? map($1) : nil) : $1 }
    let report = keep(anchors, section: section)
    // The run notes where the item it handed over from went.
    if case .handOver(let item, let away, let after)? = mainMove, var base = mainOffsetBase,
      base.section == section, base.item == item
    {
      (base.awaySection, base.awayItem, base.awayAfter) = (section, away, after)
      mainOffsetBase = base
    }
    if case .handOver(let item, let away, let after)? = sectionMove, var base = sectionOffsetBase,
      base.container == section, base.section == section, base.item == item
    {
      (base.awaySection, base.awayItem, base.awayAfter) = (section, away, after)
      sectionOffsetBase = base
    }
    return report
  }

  /// How a move of item `from` to `to` within `section` anchors a container's offset
  /// (docs/SELF-SIZING.md rule 7), as a delete and an insert would.
  private enum MovedAnchor {
    /// The anchor is the moved item: the run hands over to `item`, the one after it (the one
    /// before it when it was the last: `after`) where the move leaves it, and notes `away`,
    /// where the moved item went.
    case handOver(item: Int64, away: Int64, after: Bool)
    /// The item the run handed over from comes back next to the item the run follows, on the
    /// side it was on, the run where the last change left it: it takes the run again, wherever
    /// the edge lies.
    case takeBack(OffsetBase, at: Int64)

    var handedOver: Int64? {
      if case .handOver(let item, _, _) = self { return item }
      return nil
    }
  }

  private func movedAnchor(
    _ anchor: Anchor, base: OffsetBase?, container: Int, section: Int, from: Int64, to: Int64,
    count: Int64
  ) -> MovedAnchor? {
    if let base, base.container == container, base.section == section,
      base.awaySection == section, base.awayItem == from, base.item != from,
      to == (base.item > from ? base.item - 1 : base.item) + (base.awayAfter ? 1 : 0),
      runIsLeft(base)
    {
      return .takeBack(base, at: to)
    }
    guard anchor.section == section, anchor.repetition >= 0, anchor.item == from else {
      return nil
    }
    let last = from == count - 1
    let next = last ? from - 1 : from
    return .handOver(item: next < to ? next : next + 1, away: to, after: last)
  }

  /// The anchor and base after the change for `move`: the base follows the item handed over
  /// to from where its run began; a run taken back follows the returned item from its base.
  private func settle(
    _ move: MovedAnchor?, section: Int, anchor: inout Anchor, base: inout OffsetBase?
  ) {
    switch move {
    case .handOver(let item, _, _)?:
      base?.item = item
    case .takeBack(var back, let at)?:
      (back.item, back.awaySection, back.awayItem, back.awayAfter) = (at, -1, -1, false)
      base = back
      anchor.repetition = repetition(of: at, in: section)
      anchor.item = at
    case nil:
      break
    }
  }

  /// Checks that `section` can hold `count` items: a flow section whose items have sizes of
  /// their own keeps them densely, so their count is bounded.
  func checkFlowCapacity(_ count: Int64, section: Int, path: String) throws(LayoutError) {
    guard entries[section].flowSizes == nil || count <= FlowSizes.maxItems else {
      throw LayoutError(
        .invalidArgument,
        "a flow section whose items have sizes of their own holds at most "
          + "\(FlowSizes.maxItems) items, not \(count)", path: path)
    }
  }

  /// The item an anchor in `section` follows (its repetition's first item, mapped), or nil
  /// when the anchor is elsewhere.
  private func anchorItem(
    _ anchor: Anchor, section: Int, map: (Int64) -> Int64?, kept: (Int64) -> Int64,
    newCount: Int64
  ) -> Int64? {
    guard anchor.section == section, anchor.repetition >= 0, anchor.item >= 0 else { return nil }
    // A deleted anchor hands over to the first item after it that remains.
    let item = kept(anchor.item)
    guard item < entries[section].itemCount, let target = map(item) else {
      return max(0, newCount - 1)
    }
    return target
  }

  /// The repetition (a flow section's line) holding `item`, or -1 in a section without any.
  func repetition(of item: Int64, in section: Int) -> Int64 {
    let placement = entries[section].solved.placement
    guard placement.groupCount > 0 else { return -1 }
    if let lines = entries[section].solved.flowLines {
      return Int64(lines.line(ofItem: Int(min(item, Int64(lines.sizes.count - 1)))))
    }
    return min(item / placement.itemsPerGroup, placement.groupCount - 1)
  }
}

/// The sizes of its own an item of a flow section takes along when it moves to another flow
/// section (docs/FLOW-LAYOUT.md, "Moving items"), in canonical orientation.
struct CarriedFlowSize {
  /// Its size as the host gave it (`itemSizes`, `sl_layout_set_item_sizes`), or nil when its
  /// section keeps no sizes of its own: it then takes its new section's size.
  var given: Size?
  /// Its measured size, kept where the new section sizes its items itself.
  var measured: Size?

  /// Whether the destination must keep sizes of its own to hold the item's.
  func needsStorage(in flow: FlowItems) -> Bool {
    (given.map { $0 != flow.itemSize } ?? false) || (flow.isSelfSizing && measured != nil)
  }
}
