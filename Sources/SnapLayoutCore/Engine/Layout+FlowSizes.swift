/// Per-item sizes of flow sections (docs/FLOW-LAYOUT.md, "Per-item sizes"): the sizes the
/// host gives (`collectionView(_:layout:sizeForItemAt:)`) and those it measures.
extension Layout {
  /// Sets the sizes of items `first ..< first + sizes.count` of a flow section, as the flow
  /// layout's delegate gives them (`sizeForItemAt`). In a self-sizing section they are the
  /// items' estimates: a measured item keeps its measured size. Lines break again, every frame
  /// after them moves, and the visible content stays in place.
  /// - Complexity: O(log n · the items of the lines broken again) for a few items; O(n) when
  ///   many change at once (the section's lines are broken again from scratch).
  public func setItemSizes(_ sizes: [Size], section: Int, from first: Int64) throws(LayoutError)
    -> SizeReport
  {
    try checkSection(section)
    try requireFlow(section, "item sizes of their own")
    let count = entries[section].itemCount
    guard first >= 0, first <= count else {
      throw LayoutError(
        .outOfRange, "item \(first) does not exist; section \(section) has \(count) items",
        path: "first")
    }
    guard Int64(sizes.count) <= count - first else {
      throw LayoutError(
        .outOfRange,
        "items \(first) ..< \(first) + \(sizes.count) run past the \(count) items of section "
          + "\(section)", path: "count")
    }
    for (index, size) in sizes.enumerated() {
      for (value, name) in [(size.width, "width"), (size.height, "height")] {
        guard value.isFinite, value > 0, value <= Layout.maxMeasuredLength else {
          throw LayoutError(
            .invalidArgument,
            "an item's \(name) must be finite, greater than 0 and at most "
              + "\(Layout.maxMeasuredLength) points, not \(value)", path: "sizes/\(index)/\(name)")
        }
      }
    }
    let storage = try flowStorage(section)
    let before = isSolved ? anchors(section: section) : nil
    var changes: [(item: Int, old: Size)] = []
    changes.reserveCapacity(sizes.count)
    for (index, size) in sizes.enumerated() {
      let item = Int(first) + index
      changes.append((item, storage.size(item)))
      storage.setGiven(transposed ? size.transposed : size, item: item)
    }
    return try relayFlow(section, changes: changes, anchors: before)
  }

  /// A self-sizing flow item's measured size (nil forgets it).
  func reportFlowItemSize(_ size: Size?, section: Int, item: Int64) throws(LayoutError)
    -> SizeReport
  {
    guard entries[section].flowItems?.isSelfSizing == true else {
      throw LayoutError(
        .invalidArgument,
        "the items of section \(section) have a fixed itemSize, so they do not size themselves; "
          + "give the flow layout an estimatedItemSize, or set their sizes with "
          + "sl_layout_set_item_sizes", path: "section")
    }
    if size == nil && entries[section].flowSizes == nil {
      // Nothing measured yet: forgetting changes nothing, also in sections too long to keep
      // sizes of their own (found by Tests/c/test_numeric.c).
      return SizeReport(
        mainOffsetAdjustment: 0, sectionOffsetAdjustment: 0, contentSize: contentSize ?? .zero)
    }
    let storage = try flowStorage(section)
    let before = anchors(section: section)
    let old = storage.size(Int(item))
    storage.setMeasured(size, item: Int(item))
    return try relayFlow(section, changes: [(Int(item), old)], anchors: before)
  }

  private func requireFlow(_ section: Int, _ what: String) throws(LayoutError) {
    guard entries[section].flowItems != nil else {
      throw LayoutError(
        .invalidArgument,
        "section \(section) is a compositional section; only a flow layout's items have "
          + "\(what) (a compositional item's size comes from its layoutSize)", path: "section")
    }
  }

  /// The section's per-item sizes, created (every item at the flow's size) when first needed.
  private func flowStorage(_ section: Int) throws(LayoutError) -> FlowSizes {
    if let existing = entries[section].flowSizes { return existing }
    let count = entries[section].itemCount
    guard count <= FlowSizes.maxItems, let flow = entries[section].flowItems else {
      throw LayoutError(
        .invalidArgument,
        "a flow section keeps sizes of their own for at most \(FlowSizes.maxItems) items; "
          + "section \(section) has \(count)", path: "section")
    }
    let created = FlowSizes(
      count: Int(count), uniform: flow.itemSize, isSelfSizing: flow.isSelfSizing)
    entries[section].flowSizes = created
    return created
  }

  /// Lays the section's lines out again after `changes` (items and their previous sizes) and
  /// keeps `anchors` in place.
  private func relayFlow(
    _ section: Int, changes: [(item: Int, old: Size)], anchors before: Anchors?
  ) throws(LayoutError) -> SizeReport {
    if entries[section].flowSizes?.isUniform == true { entries[section].flowSizes = nil }
    guard let before else {
      return SizeReport(mainOffsetAdjustment: 0, sectionOffsetAdjustment: 0, contentSize: .zero)
    }
    if let lines = entries[section].solved.flowLines, lines.sizes === entries[section].flowSizes {
      // Many changes at once: breaking every line again is cheaper than following each.
      if changes.count > 64 && changes.count > lines.sizes.count / 16 {
        lines.rebuild()
      } else {
        for change in changes { lines.itemChanged(change.item, from: change.old) }
      }
    }
    try resolveSection(section, reuse: true, refresh: false)
    return keep(before, section: section)
  }
}
