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
    try setItemSizes(count: sizes.count, section: section, from: first) { sizes[$0] }
  }

  /// `setItemSizes(_:section:from:)` with item `first + i` taking `size(i)`, read where the
  /// host keeps them (no copy of a million sizes).
  public func setItemSizes(
    count: Int, section: Int, from first: Int64, _ size: (Int) -> Size
  ) throws(LayoutError) -> SizeReport {
    try checkSection(section)
    try requireFlow(section, "item sizes of their own")
    let items = entries[section].itemCount
    guard first >= 0, first <= items else {
      throw LayoutError(
        .outOfRange, "item \(first) does not exist; section \(section) has \(items) items",
        path: "first")
    }
    guard count >= 0, Int64(count) <= items - first else {
      throw LayoutError(
        .outOfRange,
        "items \(first) ..< \(first) + \(count) run past the \(items) items of section "
          + "\(section)", path: "count")
    }
    for index in 0..<count {
      let value = size(index)
      guard Layout.isGivenLength(value.width), Layout.isGivenLength(value.height) else {
        try Layout.checkGivenLength(value.width, "width", index: index)
        try Layout.checkGivenLength(value.height, "height", index: index)
        continue
      }
    }
    let storage = try flowStorage(section)
    let before = isSolved ? anchors(section: section) : nil
    let transposed = self.transposed
    storage.setGiven(from: Int(first), count: count) { index in
      transposed ? size(index).transposed : size(index)
    }
    return try relayFlow(section, changed: Int(first)..<Int(first) + count, anchors: before)
  }

  /// Whether a given size's length is finite, positive and at most `maxMeasuredLength`.
  @inline(__always)
  private static func isGivenLength(_ value: Double) -> Bool {
    value > 0 && value <= Layout.maxMeasuredLength
  }

  /// Refuses a given size's length that is not finite, positive and at most
  /// `maxMeasuredLength`, naming it (`sizes/<index>/<name>`).
  private static func checkGivenLength(_ value: Double, _ name: String, index: Int)
    throws(LayoutError)
  {
    guard value.isFinite, value > 0, value <= Layout.maxMeasuredLength else {
      throw LayoutError(
        .invalidArgument,
        "an item's \(name) must be finite, greater than 0 and at most "
          + "\(Layout.maxMeasuredLength) points, not \(value)", path: "sizes/\(index)/\(name)")
    }
  }

  /// A self-sizing flow item's measured size (nil forgets it).
  func reportFlowItemSize(_ size: Size?, section: Int, item: Int64) throws(LayoutError)
    -> SizeReport
  {
    try requireSelfSizingFlow(section)
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
    return try relayFlow(section, changed: Int(item)..<Int(item) + 1, old: old, anchors: before)
  }

  /// Measured sizes (canonical) for items `first ..< first + count` of a self-sizing flow
  /// section, as one change: the lines of the range break again once
  /// (`Layout.reportItemSizes`, which checked the arguments).
  func reportFlowItemSizes(
    count: Int, section: Int, from first: Int64, _ size: (Int) -> Size
  ) throws(LayoutError) -> SizeReport {
    try requireSelfSizingFlow(section)
    let storage = try flowStorage(section)
    let before = anchors(section: section)
    for index in 0..<count { storage.setMeasured(size(index), item: Int(first) + index) }
    return try relayFlow(section, changed: Int(first)..<Int(first) + count, anchors: before)
  }

  /// Refuses a flow section whose items do not size themselves.
  private func requireSelfSizingFlow(_ section: Int) throws(LayoutError) {
    guard entries[section].flowItems?.isSelfSizing == true else {
      throw LayoutError(
        .invalidArgument,
        "the items of section \(section) have a fixed itemSize, so they do not size themselves; "
          + "give the flow layout an estimatedItemSize, or set their sizes with "
          + "sl_layout_set_item_sizes", path: "section")
    }
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

  /// Lays the section's lines out again after the sizes of the items of `changed` changed
  /// (one item's from `old`, when known) and keeps `anchors` in place.
  private func relayFlow(
    _ section: Int, changed: Range<Int>, old: Size? = nil, anchors before: Anchors?
  ) throws(LayoutError) -> SizeReport {
    if entries[section].flowSizes?.isUniform == true { entries[section].flowSizes = nil }
    guard let before else {
      return SizeReport(mainOffsetAdjustment: 0, sectionOffsetAdjustment: 0, contentSize: .zero)
    }
    if let lines = entries[section].solved.flowLines, lines.sizes === entries[section].flowSizes {
      if let old, changed.count == 1 {
        lines.itemChanged(changed.lowerBound, from: old)
      } else if changed.count > lines.sizes.count / 2 {
        // Most of the section: breaking every line again is as cheap and simpler.
        lines.rebuild()
      } else {
        lines.itemsChanged(changed)
      }
    }
    try resolveSection(section, reuse: true, refresh: false)
    return keep(before, section: section)
  }
}
