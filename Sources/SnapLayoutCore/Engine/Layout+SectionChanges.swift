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
  /// The sections after the change, each by its index before it (nil for a section the change
  /// describes: inserted, or the new description of a replaced one).
  /// - Throws: `LayoutError` naming the bad index or count.
  public func order(sectionCount count: Int) throws(LayoutError) -> [Int?] {
    var order: [Int?] = (0..<count).map { $0 }
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
      order.insert(contentsOf: Array(repeating: nil, count: new.count), at: at)
    case .delete(let at, let deleted):
      guard at >= 0, at <= count else {
        throw LayoutError(
          .outOfRange, "section \(at) does not exist; the layout has \(count) sections",
          path: "at")
      }
      guard deleted >= 0, deleted <= count - at else {
        throw LayoutError(
          .outOfRange,
          deleted < 0
            ? "the number of sections to delete must be at least 0, not \(deleted)"
            : "sections \(at) ..< \(at) + \(deleted) run past the \(count) sections",
          path: "count")
      }
      order.removeSubrange(at..<(at + deleted))
    case .move(let from, let to):
      for (index, name) in [(from, "from"), (to, "to")] where index < 0 || index >= count {
        throw LayoutError(
          .outOfRange, "section \(index) does not exist; the layout has \(count) sections",
          path: name)
      }
      order.insert(order.remove(at: from), at: to)
    case .replace(_, let at):
      guard at >= 0, at < count else {
        throw LayoutError(
          .outOfRange, "section \(at) does not exist; the layout has \(count) sections",
          path: "section")
      }
      order[at] = nil
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
  /// - Complexity: O(sections + templates + measured cells), independent of item counts.
  public func changeSections(_ change: SectionChange) throws(LayoutError) -> SizeReport {
    let order = try change.order(sectionCount: sections.count)
    var incoming: [LayoutSection] = []
    var replaced: Int? = nil
    switch change {
    case .insert(let new, _): incoming = new
    case .replace(let section, let at):
      incoming = [section]
      replaced = at
    case .delete, .move: break
    }

    let before = isSolved ? anchors(section: nil) : nil
    let handover = before.map { handOver($0.main, order: order, replaced: replaced) }
    let previous = (
      description, sections, kinds, offsets, hostSetOffsets, measuredSizes, flowSizes,
      boundarySizes
    )
    var fresh = incoming.makeIterator()
    var descriptions: [LayoutSection] = []
    var canonical: [LayoutSection] = []
    var newOffsets: [Double] = []
    var newHostSet: [Bool] = []
    var newMeasured: [MeasuredSizes?] = []
    var newFlow: [FlowSizes?] = []
    var newBoundary: [BoundarySizes] = []
    for (index, source) in order.enumerated() {
      if let old = source {
        descriptions.append(description.sections[old])
        canonical.append(sections[old])
        newOffsets.append(offsets[old])
        newHostSet.append(hostSetOffsets[old])
        newMeasured.append(measuredSizes[old])
        newFlow.append(flowSizes[old])
        newBoundary.append(boundarySizes[old])
        continue
      }
      guard var section = fresh.next() else { break }
      kinds.add(section)
      var turned = transposed ? section.transposed : section
      var flow = FlowSizes(given: turned)
      var measured: MeasuredSizes? = nil
      var offset = 0.0
      var hostSet = false
      var boundary = BoundarySizes()
      if let old = replaced, old == index {
        // The items that remain keep their measured sizes, and so do the boundary items whose
        // kinds remain.
        boundary = boundarySizes[old].keeping(turned.boundarySupplementaryItems, kinds: kinds)
        let newCount = turned.itemCount
        let keep: (Int64) -> Int64? = { $0 < newCount ? $0 : nil }
        if sections[old].flowItems == nil, turned.flowItems == nil,
          let sizes = measuredSizes[old], !sizes.isEmpty
        {
          measured = sizes.remapped(
            itemsPerGroup: sizes.itemsPerGroup, tracksCross: sizes.tracksCross,
            uniformFlags: sizes.uniformFlags, keep)
        } else if let items = turned.flowItems, items.isSelfSizing,
          let sizes = flowSizes[old], sizes.measuredCount > 0, newCount <= FlowSizes.maxItems
        {
          let carried =
            flow
            ?? FlowSizes(count: Int(newCount), uniform: items.itemSize, isSelfSizing: true)
          for item in 0..<min(Int(newCount), sizes.count) {
            if let size = sizes.measuredSize(item) { carried.setMeasured(size, item: item) }
          }
          flow = carried
        }
        if turned.isOrthogonal && sections[old].isOrthogonal {
          offset = offsets[old]
          hostSet = hostSetOffsets[old]
        }
      }
      section.flowItems?.itemSizes = nil
      turned.flowItems?.itemSizes = nil
      descriptions.append(section)
      canonical.append(turned)
      newOffsets.append(offset)
      newHostSet.append(hostSet)
      newMeasured.append(measured)
      newFlow.append(flow)
      newBoundary.append(boundary)
    }
    description.sections = descriptions
    sections = canonical
    offsets = newOffsets
    hostSetOffsets = newHostSet
    measuredSizes = newMeasured
    flowSizes = newFlow
    boundarySizes = newBoundary
    guard isSolved, let before, let handover else {
      return SizeReport(mainOffsetAdjustment: 0, sectionOffsetAdjustment: 0, contentSize: .zero)
    }
    do throws(LayoutError) {
      solved = try SolvedLayout(layout: self, container: solved.canonicalContainer)
    } catch {
      (
        description, sections, kinds, offsets, hostSetOffsets, measuredSizes, flowSizes,
        boundarySizes
      ) = previous
      throw error
    }
    adoptMeasuredSizes()
    for index in offsets.indices where !hostSetOffsets[index] {
      offsets[index] = solved.sectionScrolls[index]?.minimumOffset ?? 0
    }
    var anchors = before
    anchors.main = handover
    // The base follows its anchor's section; a deleted or replaced one ends its run
    // (docs/SELF-SIZING.md rule 7).
    anchors.mainBase = before.mainBase?.mapped(
      section: { old in old == replaced ? nil : order.firstIndex(where: { $0 == old }) },
      item: { _ in nil })
    return keep(anchors, section: nil)
  }

  /// Where the main anchor is after the sections are reordered as `order` says: its own
  /// section at its new index, or — when that section is deleted or replaced — the start of
  /// the section that takes its place, which stays where it was.
  private func handOver(_ anchor: Anchor, order: [Int?], replaced: Int?) -> Anchor {
    guard anchor.section >= 0 else { return anchor }
    if anchor.section != replaced, let index = order.firstIndex(where: { $0 == anchor.section }) {
      var moved = anchor
      moved.section = index
      return moved
    }
    if let replaced, anchor.section == replaced {
      return Anchor(
        section: replaced, repetition: -1, position: solved.sections[replaced].frame.minY)
    }
    // Deleted: the first section after it that remains; with none, the offset stays (and is
    // clamped).
    for (index, old) in order.enumerated() {
      if let old, old > anchor.section {
        return Anchor(section: index, repetition: -1, position: solved.sections[old].frame.minY)
      }
    }
    return Anchor(section: -1, repetition: -1, position: 0)
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
    let count = sections[to.section].itemCount
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
    let removed = try changeItems(.delete(at: from.item, count: 1), section: from.section)
    let inserted = try changeItems(
      .insert(at: to.item, count: 1), section: to.section, carrying: carried)
    var total = SizeReport(
      mainOffsetAdjustment: removed.mainOffsetAdjustment + inserted.mainOffsetAdjustment,
      sectionOffsetAdjustment: inserted.sectionOffsetAdjustment,
      contentSize: inserted.contentSize)
    // A flow destination took the measured size with the item; a compositional one takes it
    // as a report.
    if let measured, sections[to.section].flowItems == nil, isSolved {
      let placed = try reportItemSize(measured, section: to.section, item: to.item)
      total.mainOffsetAdjustment += placed.mainOffsetAdjustment
      total.sectionOffsetAdjustment += placed.sectionOffsetAdjustment
      total.contentSize = placed.contentSize
    }
    return total
  }

  /// The sizes of its own that item `item` of `section` takes into `destination`, nil unless
  /// that is a flow section, after checking that the destination can keep them: a section
  /// keeps sizes of its own for at most `FlowSizes.maxItems` items.
  private func carriedFlowSize(of item: Int64, section: Int, into destination: Int)
    throws(LayoutError) -> CarriedFlowSize?
  {
    guard let flow = sections[destination].flowItems else { return nil }
    var carried = CarriedFlowSize(given: nil, measured: nil)
    if sections[section].flowItems != nil {
      if let storage = flowSizes[section] {
        carried.given = storage.ownGivenSize(Int(item))
        carried.measured = storage.measuredSize(Int(item))
      }
    } else {
      carried.measured = measuredSizes[section]?.size(ofItem: item)
    }
    let count = sections[destination].itemCount
    guard flowSizes[destination] != nil || !carried.needsStorage(in: flow)
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
