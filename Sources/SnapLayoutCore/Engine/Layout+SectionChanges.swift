/// A change to the sections of a layout, as UIKit's batch updates describe it.
public enum SectionChange: Equatable, Sendable {
  /// `sections` inserted before section `at` (`at` may be the section count: appended).
  case insert([LayoutSection], at: Int)
  /// Sections `at ..< at + count` deleted.
  case delete(at: Int, count: Int)
  /// The section at `from` moved to index `to`.
  case move(from: Int, to: Int)
  /// Section `at` described anew (`reloadSections`); its measured sizes stay with the items
  /// that remain when the new description is of the same kind (compositional or flow).
  case replace(LayoutSection, at: Int)
}

extension SectionChange {
  /// Checks the change against a layout of `count` sections.
  /// - Throws: `LayoutError` naming the bad index or count.
  public func check(sectionCount count: Int) throws(LayoutError) {
    switch self {
    case .insert(let new, let at):
      guard at >= 0, at <= count else {
        throw LayoutError(
          .outOfRange, "sections can be inserted at 0 ... \(count), not at \(at)", path: "at")
      }
      guard new.count <= Layout.maxSections - count else {
        throw LayoutError(
          .invalidArgument,
          "inserting \(new.count) sections into \(count) would pass the limit of "
            + "\(Layout.maxSections)", path: "count")
      }
    case .delete(let at, let deleted):
      guard at >= 0, at <= count else {
        throw .sectionOutOfRange(at, count: count, path: "at")
      }
      guard deleted >= 0, deleted <= count - at else {
        throw LayoutError(
          .outOfRange,
          deleted < 0
            ? "the number of sections to delete must be at least 0, not \(deleted)"
            : "sections \(at) ..< \(at) + \(deleted) run past the \(count) sections",
          path: "count")
      }
    case .move(let from, let to):
      for (index, name) in [(from, "from"), (to, "to")] where index < 0 || index >= count {
        throw .sectionOutOfRange(index, count: count, path: name)
      }
    case .replace(_, let at):
      guard at >= 0, at < count else {
        throw .sectionOutOfRange(at, count: count)
      }
    }
  }

  /// Where section `index` is after the change, or nil when it is deleted or described anew.
  /// - Complexity: O(1).
  public func newIndex(of index: Int) -> Int? {
    switch self {
    case .insert(let new, let at): return index < at ? index : index + new.count
    case .delete(let at, let count):
      return index < at ? index : index >= at + count ? index - count : nil
    case .move(let from, let to):
      if index == from { return to }
      if from < to && index > from && index <= to { return index - 1 }
      if to < from && index >= to && index < from { return index + 1 }
      return index
    case .replace(_, let at): return index == at ? nil : index
    }
  }

  /// The sections after the change, each by its index before it (nil for a section the change
  /// describes: inserted, or the new description of a replaced one).
  /// - Throws: `LayoutError` naming the bad index or count.
  /// - Complexity: O(sections).
  public func order(sectionCount count: Int) throws(LayoutError) -> [Int?] {
    try check(sectionCount: count)
    var order: [Int?] = Array(repeating: nil, count: count)
    var added = 0
    if case .insert(let new, _) = self { added = new.count }
    if case .delete(_, let deleted) = self { added = -deleted }
    order = Array(repeating: nil, count: count + added)
    for index in 0..<count {
      if let moved = newIndex(of: index) { order[moved] = index }
    }
    return order
  }
}

extension Layout {
  /// The most sections a layout holds.
  public static let maxSections = 100_000

  /// Changes the layout's sections without re-creating it: the other sections keep their
  /// measured sizes and scroll offsets, and the main offset moves so that the content at the
  /// leading edge of the visible bounds stays in place (content of a deleted or replaced
  /// section hands over to the start of the section that takes its place).
  /// - Complexity: O(k · log sections + the templates of the k sections the change describes);
  ///   the other sections are not solved again (docs/ARCHITECTURE.md, "Many sections").
  public func changeSections(_ change: SectionChange) throws(LayoutError) -> SizeReport {
    try change.check(sectionCount: entries.count)
    var before = isSolved ? anchors(section: nil) : nil
    // A replaced orthogonal section's own offset re-snaps too (docs/SNAPPING.md, "Through
    // layout changes").
    if case .replace(_, let at) = change, before != nil {
      before!.resting += noteResting([at])
    }
    let handover = before.map { handOver($0.main, change) }
    let previousKinds = kinds.count
    switch change {
    case .insert(let new, let at):
      var added: [SectionEntry] = []
      var extents: [SectionExtent] = []
      do throws(LayoutError) {
        for (offset, section) in new.enumerated() {
          kinds.add(section)
          var entry = shapes.entry(for: section)
          chooseVariant(&entry)
          extents.append(try solve(&entry, index: at + offset))
          added.append(entry)
        }
      } catch {
        kinds.truncate(to: previousKinds)
        throw error
      }
      entries.insert(added, extents: extents, at: at)
    case .delete(let at, let count):
      for position in at..<at + count { forgetParkedOffset(at: position) }
      entries.remove(at: at, count: count)
    case .move(let from, let to):
      entries.move(from: from, to: to)
    case .replace(let section, let at):
      kinds.add(section)
      var entry = shapes.entry(for: section)
      chooseVariant(&entry)
      carry(from: entries[at], to: &entry)
      let extent: SectionExtent
      do throws(LayoutError) {
        extent = try solve(&entry, index: at)
      } catch {
        kinds.truncate(to: previousKinds)
        throw error
      }
      forgetParkedOffset(at: at)
      entries.replace(at: at, with: entry, extent: extent)
    }
    remapInputSessions { change.newIndex(of: $0) }
    guard isSolved, let before, let handover else {
      return SizeReport(mainOffsetAdjustment: 0, sectionOffsetAdjustment: 0, contentSize: .zero)
    }
    finishSolving()
    var anchors = before
    anchors.main = handover
    // A replaced section keeps its index, and its items where they still exist.
    anchors.carry.section = { index in
      if case .replace(_, let at) = change, index == at { return at }
      return change.newIndex(of: index)
    }
    anchors.carry.movesSections = true
    // The base follows its anchor's section; a deleted or replaced one ends its run
    // (docs/SELF-SIZING.md rule 7).
    anchors.mainBase = before.mainBase?.mapped(
      section: { change.newIndex(of: $0) }, item: { _ in nil })
    return keep(anchors, section: nil)
  }

  /// Solves a section entering the layout at `index` (inserted, or described anew) when the
  /// layout is solved, and returns its extent; its scroll starts at its rest offset.
  private func solve(_ entry: inout SectionEntry, index: Int) throws(LayoutError) -> SectionExtent {
    guard isSolved else { return SectionExtent() }
    let solved = try solveSection(entry, index: index)
    entry.solved = solved.section
    entry.mainRun = solved.run
    entry.scroll = solved.scroll
    // The sizes the solve measured (a copy, re-keyed for a template of another cell count).
    entry.measured = solved.section.measured
    if !entry.hostSetOffset { entry.offset = entry.scroll?.initialOffset ?? 0 }
    return SectionExtent(solved.section, run: solved.run)
  }

  /// What a section described anew keeps of the one it replaces: the measured sizes of the
  /// items that remain (of the same kind of section, compositional or flow), those of the
  /// boundary items whose kinds remain, its scroll offset when both scroll orthogonally, and
  /// the host's tag (its handler).
  private func carry(from old: SectionEntry, to entry: inout SectionEntry) {
    entry.hostTag = old.hostTag
    let turned = entry.shape.canonical
    entry.boundarySizes = old.boundarySizes.keeping(turned.boundarySupplementaryItems, kinds: kinds)
    let newCount = entry.itemCount
    let keep: (Int64) -> Int64? = { $0 < newCount ? $0 : nil }
    if old.flowItems == nil, turned.flowItems == nil, let sizes = old.measured, !sizes.isEmpty {
      entry.measured = sizes.remapped(
        itemsPerGroup: sizes.itemsPerGroup, tracksCross: sizes.tracksCross,
        uniformFlags: sizes.uniformFlags, keep)
    } else if let items = turned.flowItems, items.isSelfSizing,
      let sizes = old.flowSizes, sizes.measuredCount > 0, newCount <= FlowSizes.maxItems
    {
      let carried =
        entry.flowSizes
        ?? FlowSizes(count: Int(newCount), uniform: items.itemSize, isSelfSizing: true)
      for item in 0..<min(Int(newCount), sizes.count) {
        if let size = sizes.measuredSize(item) { carried.setMeasured(size, item: item) }
      }
      entry.flowSizes = carried
    }
    if turned.isOrthogonal && old.isOrthogonal {
      entry.offset = old.offset
      entry.hostSetOffset = old.hostSetOffset
    }
  }

  /// Where the main anchor is after `change`: its own section at its new index, or — when
  /// that section is deleted or replaced — the start of the section that takes its place,
  /// which stays where it was. Read before the change. - Complexity: O(log sections).
  private func handOver(_ anchor: Anchor, _ change: SectionChange) -> Anchor {
    guard anchor.section >= 0 else { return anchor }
    if let index = change.newIndex(of: anchor.section) {
      var moved = anchor
      moved.section = index
      return moved
    }
    switch change {
    case .replace(_, let at):
      return Anchor(section: at, repetition: -1, position: entries.start(at: at))
    case .delete(let at, let count) where at + count < entries.count:
      // Deleted: the first section after it that remains.
      return Anchor(section: at, repetition: -1, position: entries.start(at: at + count))
    default:
      // With none, the offset stays (and is clamped).
      return Anchor(section: -1, repetition: -1, position: 0)
    }
  }

  /// Moves an item to another place, in its section or another (`moveItem(at:to:)`): `to`
  /// is its index in the destination afterwards. Its sizes go with it (docs/FLOW-LAYOUT.md,
  /// "Moving items"): a measured size where the destination's items take measured sizes, and
  /// between flow sections the size the host gave it, the destination keeping sizes of its own
  /// when it did not.
  /// - Complexity: as `changeItems`, twice when the sections differ.
  public func moveItem(from: (section: Int, item: Int64), to: (section: Int, item: Int64))
    throws(LayoutError) -> SizeReport
  {
    try checkSection(from.section)
    try checkItem(from.item, section: from.section)
    if from.section == to.section {
      return try changeItems(.move(from: from.item, to: to.item), section: from.section)
    }
    try checkSection(to.section)
    let count = entries[to.section].itemCount
    guard to.item >= 0, to.item <= count else {
      throw LayoutError(
        .outOfRange,
        "items can be moved to 0 ... \(count) in section \(to.section), not to \(to.item)",
        path: "to")
    }
    guard count < Int64.max else {
      throw LayoutError(
        .invalidArgument, "section \(to.section) cannot hold one more item", path: "to")
    }
    try checkFlowCapacity(count + 1, section: to.section, path: "to")
    let carried = try carriedFlowSize(of: from.item, section: from.section, into: to.section)
    let measured = try measuredSize(section: from.section, item: from.item)
    // The main scroll at rest on the moved item (or heading to it) follows it to its new
    // section (docs/SNAPPING.md, "Through layout changes").
    let resting = noteResting([mainScrollContainer])
    // A move to another section is two changes, a delete and an insert, and the main scroll's
    // run of changes follows its item through both (docs/SELF-SIZING.md rule 7). When that item
    // is the one moved, the run hands over to the next item and notes where the moved one
    // went; moved back to the place of the item the run then follows, it takes the run again.
    let anchor = isSolved && hostSetMainOffset ? mainAnchor() : nil
    let leaving =
      anchor.map { $0.section == from.section && $0.repetition >= 0 && $0.item == from.item }
      ?? false
    // Its side (after the item the run follows, or at its place) is noted now: the delete
    // below forgets the item away, which is this one.
    let returning: Bool? = mainOffsetBase.flatMap {
      $0.awaySection == from.section && $0.awayItem == from.item ? $0.awayAfter : nil
    }
    // One change: the main offset is clamped at its end only, not to the bounds between the
    // steps (the content a row shorter before the item is inserted again).
    let reports = measured != nil && entries[to.section].flowItems == nil && isSolved
    if isSolved {
      let main = solved.mainScroll
      let offset = main.canonical(mainOffset).offset
      mainClampHeld = (offset >= main.minimumOffset && offset <= main.maximumOffset, false)
    }
    defer {
      mainClampHeld = nil
      mainRunHeld = false
    }
    // Coming back to the place of the item the run follows, the run where the move out left
    // it, the item takes the run again wherever the edge lies, as within a section: the delete
    // holds the run too, where it would begin a new one at the repetition at the edge (a tall
    // row the edge was in, moved out and back: docs/SELF-SIZING.md rule 7).
    // Only there: moved elsewhere, it is a delete and an insert like any other, anchored at
    // the edge (the run may hold a section it emptied, far from the edge).
    mainRunHeld =
      returning.flatMap { after in
        mainOffsetBase.map {
          to.section == $0.section && to.item == $0.item + (after ? 1 : 0) && runIsLeft($0)
        }
      } == true
    let removed = try changeItems(.delete(at: from.item, count: 1), section: from.section)
    mainClampHeld?.last = !reports
    mainRunHeld = true
    let inserted = try changeItems(
      .insert(at: to.item, count: 1), section: to.section, carrying: carried,
      returning: returning)
    mainClampHeld?.last = true
    var total = SizeReport(
      mainOffsetAdjustment: removed.mainOffsetAdjustment + inserted.mainOffsetAdjustment,
      sectionOffsetAdjustment: inserted.sectionOffsetAdjustment,
      contentSize: inserted.contentSize)
    // A flow destination took the measured size with the item; a compositional one takes it
    // as a report.
    if let measured, reports {
      let placed = try reportItemSize(measured, section: to.section, item: to.item)
      total.mainOffsetAdjustment += placed.mainOffsetAdjustment
      total.sectionOffsetAdjustment += placed.sectionOffsetAdjustment
      total.contentSize = placed.contentSize
    }
    if leaving, var base = mainOffsetBase, base.section == from.section {
      base.awaySection = to.section
      base.awayItem = to.item
      // The run handed over to the item before when the moved one was its section's last
      // (the delete's `anchorItem`): back, it goes after that item (the state soak's seed
      // 195269).
      base.awayAfter = base.item >= 0 && base.item < from.item
      mainOffsetBase = base
    }
    followMovedItem(resting, from: from, to: to, report: &total)
    return total
  }

  /// The sizes of its own that item `item` of `section` takes into `destination`, nil unless
  /// that is a flow section, after checking that the destination can keep them: a section
  /// keeps sizes of its own for at most `FlowSizes.maxItems` items.
  private func carriedFlowSize(of item: Int64, section: Int, into destination: Int)
    throws(LayoutError) -> CarriedFlowSize?
  {
    guard let flow = entries[destination].flowItems else { return nil }
    var carried = CarriedFlowSize(given: nil, measured: nil)
    if entries[section].flowItems != nil {
      if let storage = entries[section].flowSizes {
        carried.given = storage.ownGivenSize(Int(item))
        carried.measured = storage.measuredSize(Int(item))
      }
    } else {
      carried.measured = entries[section].measured?.size(ofItem: item)
    }
    let count = entries[destination].itemCount
    guard entries[destination].flowSizes != nil || !carried.needsStorage(in: flow)
      || count < FlowSizes.maxItems
    else {
      throw LayoutError(
        .invalidArgument,
        "the item has a size of its own but section \(destination) holds \(count) items, more "
          + "than the \(FlowSizes.maxItems) a flow section keeps sizes of their own for",
        path: "to")
    }
    return carried
  }
}
