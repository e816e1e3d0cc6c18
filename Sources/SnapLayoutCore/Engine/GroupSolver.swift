/// Solves a root group into a template of cell frames (docs/LAYOUT-RULES.md, "Groups"): the fit
/// loop, the spacing re-solve, the arrangement along the group's axis, cross-axis placement and
/// nesting.
struct GroupSolver {
  /// At most this many children in one group per repetition.
  static let maxChildrenPerGroup = 10_000
  /// At most this many cells in one repetition of a root group.
  static let maxLeavesPerTemplate = 100_000
  /// At most this many nested group levels below a section's root group.
  static let maxDepth = 32
  /// How far a `subitems` group may overflow before a child counts as not fitting:
  /// a quarter point, as in UIKit, or a quarter of the room the child takes when it takes less
  /// than a point (docs/LAYOUT-RULES.md, "Groups" 1).
  static let fitTolerance = 0.25

  /// The overflow a child taking `taken` points may cause and still fit: UIKit's quarter point
  /// for children of a point or more, a quarter of the child below that, so thin children never
  /// slip in by the dozen (`fractionalWidth(0.001)` in 100 pt holds 1,000, not 1,002).
  @inline(__always)
  static func fitTolerance(taken: Double) -> Double {
    min(fitTolerance, fitTolerance * taken)
  }

  let resolver: DimensionResolver
  let kinds: KindTable
  /// Whether the model was transposed (horizontal layout); only used to name axes in messages.
  let transposed: Bool

  private(set) var leaves: [LeafSlot] = []
  private(set) var badges: [BadgeSlot] = []
  private var measurements = LeafMeasurements.none
  /// Per cell: whether its width (bit 0) or height (bit 1) is shared across the section.
  private var sectionUniform: [UInt8] = []

  init(resolver: DimensionResolver, kinds: KindTable, transposed: Bool) {
    self.resolver = resolver
    self.kinds = kinds
    self.transposed = transposed
  }

  /// Solves `group` at `size` and returns the template of one repetition. `measurements`
  /// gives the measured sizes of this repetition's cells (docs/SELF-SIZING.md).
  mutating func solveRoot(
    _ group: LayoutGroup, size: Size, path: String, measurements: LeafMeasurements = .none
  ) throws(LayoutError) -> GroupTemplate {
    leaves = []
    badges = []
    sectionUniform = []
    self.measurements = measurements
    let actual = try solve(group, size: size, path: path, depth: 0)
    var envelope = leaves[0].frame
    for leaf in leaves { envelope = envelope.union(leaf.frame) }
    for badge in badges { envelope = envelope.union(badge.frame) }
    return GroupTemplate(
      size: actual, leaves: leaves, badges: badges, envelope: envelope,
      sectionUniform: sectionUniform.contains { $0 != 0 } ? sectionUniform : [])
  }

  // MARK: - One group

  /// A child chosen by the fit loop, with its resolved size.
  private struct Placed {
    var subitem: Subitem
    var path: String
    var size: Size

    /// Whether the child is a cell whose length along `axis` is shared among its siblings.
    func isUniform(along axis: GroupAxis) -> Bool {
      guard case .item(let item) = subitem else { return false }
      return item.layoutSize.dimension(along: axis).isUniformAcrossSiblings
    }
  }

  /// Solves `group` with its top-left corner at the origin and returns its size: `size`, except
  /// on estimated axes, where the group takes the extent of its children (docs/LAYOUT-RULES.md,
  /// "Groups" 6).
  private mutating func solve(
    _ group: LayoutGroup, size: Size, path: String, depth: Int
  ) throws(LayoutError) -> Size {
    guard depth <= GroupSolver.maxDepth else {
      throw LayoutError(
        .invalidLayout, "groups are nested more than \(GroupSolver.maxDepth) levels deep",
        path: path)
    }
    let axis = group.axis
    guard size.width > 0, size.height > 0 else {
      throw LayoutError(
        .invalidLayout,
        "the group has no room for its subitems: it is \(size.physical(transposed).width) x "
          + "\(size.physical(transposed).height) pt", path: path)
    }
    let insets = group.contentInsets.ignoringEstimatedAxes(of: group.layoutSize)
    let content = Size(
      width: size.width - insets.horizontal, height: size.height - insets.vertical)
    guard content.width > 0, content.height > 0 else {
      throw LayoutError(
        .invalidLayout,
        "the group's contentInsets leave no room for its subitems", path: path + "/contentInsets")
    }
    let length = content.length(along: axis)
    let spacing = group.interItemSpacing?.value ?? 0

    var placed = try fit(group, container: content, axisLength: length, secondPass: false, path: path)
    // Fractional children are re-sized so that the spacing fits (LAYOUT-RULES.md, "Groups" 2).
    if spacing != 0, placed.count >= 2,
      placed.contains(where: { $0.subitem.layoutSize.isFractional(along: axis) })
    {
      var reduced = content
      reduced.setLength(
        along: axis, length - spacing * Double(placed.count - 1))
      placed = try fit(group, container: reduced, axisLength: length, secondPass: true, path: path)
    }
    let contentSize = try arrange(
      placed, in: group, content: content,
      contentOrigin: Point(x: insets.leading, y: insets.top), depth: depth)
    return Size(
      width: contentSize.width + insets.horizontal, height: contentSize.height + insets.vertical)
  }

  /// The fit loop (docs/LAYOUT-RULES.md, "Groups" 1): which children one repetition of `group`
  /// holds.
  private func fit(
    _ group: LayoutGroup, container: Size, axisLength: Double, secondPass: Bool, path: String
  ) throws(LayoutError) -> [Placed] {
    let axis = group.axis
    let children: [Subitem]
    let count: Int?
    let childPath: (Int) -> String
    switch group.content {
    case .subitems(let list):
      children = list
      count = nil
      childPath = { index in path + "/subitems/\(index)" }
    case .subitem(let child, let n):
      children = [group.counted(child, count: n)]
      count = n
      childPath = { _ in path + "/subitem" }
    case .repeatingSubitem(let child, let n):
      children = [child]
      count = n
      childPath = { _ in path + "/repeatingSubitem" }
    }
    guard !children.isEmpty else {
      throw LayoutError(.invalidLayout, "the group has no subitems", path: path + "/subitems")
    }
    let spacing = group.interItemSpacing?.value ?? 0
    let estimatedAlongAxis = group.layoutSize.dimension(along: axis).isEstimated

    var remaining = axisLength
    var cycleStart = axisLength
    var placed: [Placed] = []
    var next = 0
    while true {
      if let count, placed.count == count { break }
      let index = next % children.count
      next += 1
      let child = children[index]
      let size = resolver.resolve(child.layoutSize, in: container)
      let edges = child.edgeSpacing.along(axis)
      let consumed = size.length(along: axis) + (edges.pre?.value ?? 0) + (edges.post?.value ?? 0)
      var taken = consumed
      if spacing != 0, !placed.isEmpty,
        secondPass || !child.layoutSize.isFractional(along: axis)
      {
        taken += spacing
      }
      remaining -= taken
      if count == nil {
        if remaining < -GroupSolver.fitTolerance(taken: taken) && !estimatedAlongAxis {
          if placed.isEmpty {
            throw LayoutError(
              .invalidLayout,
              "this group cannot fit even a single item: the subitem needs \(consumed) pt along "
                + "the group's \(axisName(axis)) axis but the group has \(axisLength) pt",
              path: childPath(index))
          }
          break
        }
        // A whole cycle of subitems that takes no room would repeat without end.
        if index == children.count - 1 {
          if remaining >= cycleStart && !estimatedAlongAxis {
            throw LayoutError(
              .invalidLayout,
              "the subitems take no room along the group's \(axisName(axis)) axis, so the group "
                + "would repeat them without end; give them a length or use a count",
              path: path)
          }
          cycleStart = remaining
        }
      }
      // Paths name errors; a repetition re-solved with measured cells cannot fail where its
      // template did not, so it skips building them.
      placed.append(Placed(subitem: child, path: path.isEmpty ? "" : childPath(index), size: size))
      if count == nil && estimatedAlongAxis && next == children.count { break }
      if placed.count > GroupSolver.maxChildrenPerGroup {
        throw tooManyChildren(
          group, placed: placed.count, used: axisLength - remaining, axisLength: axisLength,
          children: children, container: container, path: path)
      }
    }
    return placed
  }

  /// Places the chosen children along the axis and across it, after solving nested groups and
  /// measured cells (docs/LAYOUT-RULES.md, "Groups" 4, 5 and 7), and returns the size the content
  /// takes: `content`, except on the group's estimated axes, which follow the children.
  private mutating func arrange(
    _ placed: [Placed], in group: LayoutGroup, content: Size, contentOrigin: Point, depth: Int
  ) throws(LayoutError) -> Size {
    let axis = group.axis
    let spacing = group.interItemSpacing?.value ?? 0
    let flexibleSpacing = group.interItemSpacing?.isFlexible ?? false

    // 1. Final sizes. Cells take their measured lengths on estimated axes; nested groups are
    // solved at the origin (their cells move into place below). A cell's slot is reserved now
    // so that leaves stay in item order.
    var sizes = placed.map { $0.size }
    var ranges: [(leaves: Range<Int>, badges: Range<Int>)] = []
    ranges.reserveCapacity(placed.count)
    for (index, child) in placed.enumerated() {
      let firstLeaf = leaves.count
      let firstBadge = badges.count
      switch child.subitem {
      case .item(let item):
        guard firstLeaf < GroupSolver.maxLeavesPerTemplate else {
          throw LayoutError(
            .invalidLayout,
            "one repetition of the section's group holds more than "
              + "\(GroupSolver.maxLeavesPerTemplate) items; make the items larger",
            path: child.path)
        }
        sizes[index] = measurements.size(
          of: item.layoutSize, proposed: child.size, leaf: firstLeaf)
        leaves.append(LeafSlot(frame: .zero, firstBadge: 0, badgeCount: 0))
        // uniformAcrossSiblings in the root group is shared by the whole section
        // (docs/SELF-SIZING.md rule 5).
        let root = depth == 0 ? child : nil
        sectionUniform.append(
          (root?.isUniform(along: .horizontal) == true ? 1 : 0)
            | (root?.isUniform(along: .vertical) == true ? 2 : 0))
      case .group(let nested):
        sizes[index] = try solve(nested, size: child.size, path: child.path, depth: depth + 1)
      }
      ranges.append((firstLeaf..<leaves.count, firstBadge..<badges.count))
    }
    // 2. uniformAcrossSiblings: such cells take the largest length among them — and the
    // section's largest when the parent is the root group (docs/SELF-SIZING.md rule 5).
    for uniformAxis in [GroupAxis.horizontal, .vertical] {
      var largest = depth == 0 ? measurements.sectionUniform.length(along: uniformAxis) : 0
      var shared = false
      for (index, child) in placed.enumerated() where child.isUniform(along: uniformAxis) {
        largest = max(largest, sizes[index].length(along: uniformAxis))
        shared = true
      }
      guard shared else { continue }
      for (index, child) in placed.enumerated() where child.isUniform(along: uniformAxis) {
        sizes[index].setLength(along: uniformAxis, largest)
      }
    }

    // 3. Lengths along and across the axis; estimated axes follow the children.
    var used = spacing * Double(placed.count - 1)
    var flexibleCount = flexibleSpacing ? placed.count - 1 : 0
    var crossExtent = 0.0
    for (index, child) in placed.enumerated() {
      let edges = child.subitem.edgeSpacing.along(axis)
      used += sizes[index].length(along: axis) + (edges.pre?.value ?? 0) + (edges.post?.value ?? 0)
      if edges.pre?.isFlexible == true { flexibleCount += 1 }
      if edges.post?.isFlexible == true { flexibleCount += 1 }
      let cross = child.subitem.edgeSpacing.along(axis.transposed)
      crossExtent = max(
        crossExtent,
        sizes[index].length(along: axis.transposed) + (cross.pre?.value ?? 0)
          + (cross.post?.value ?? 0))
    }
    let estimatedAlong = group.layoutSize.dimension(along: axis).isEstimated
    let estimatedAcross = group.layoutSize.dimension(along: axis.transposed).isEstimated
    let length = estimatedAlong ? used : content.length(along: axis)
    let crossLength = estimatedAcross ? crossExtent : content.length(along: axis.transposed)
    let share = flexibleCount > 0 ? (length - used) / Double(flexibleCount) : 0
    let gap = spacing + (flexibleSpacing ? share : 0)

    var position = 0.0
    for (index, child) in placed.enumerated() {
      let size = sizes[index]
      let edges = child.subitem.edgeSpacing.along(axis)
      position += (edges.pre?.value ?? 0) + (edges.pre?.isFlexible == true ? share : 0)
      let axisOrigin = position
      position += size.length(along: axis) + (edges.post?.value ?? 0)
        + (edges.post?.isFlexible == true ? share : 0)
      if index != placed.count - 1 { position += gap }

      let cross = child.subitem.edgeSpacing.along(axis.transposed)
      let childCross = size.length(along: axis.transposed)
      let crossFlexible = (cross.pre?.isFlexible == true ? 1 : 0)
        + (cross.post?.isFlexible == true ? 1 : 0)
      let crossShare =
        crossFlexible > 0
        ? (crossLength - (childCross + (cross.pre?.value ?? 0) + (cross.post?.value ?? 0)))
          / Double(crossFlexible) : 0
      let crossOrigin = (cross.pre?.value ?? 0) + (cross.pre?.isFlexible == true ? crossShare : 0)

      let slotOrigin =
        axis == .horizontal
        ? Point(x: contentOrigin.x + axisOrigin, y: contentOrigin.y + crossOrigin)
        : Point(x: contentOrigin.x + crossOrigin, y: contentOrigin.y + axisOrigin)
      switch child.subitem {
      case .item(let item):
        emitCell(item, slot: Rect(origin: slotOrigin, size: size), at: ranges[index].leaves.lowerBound)
      case .group:
        for leaf in ranges[index].leaves {
          leaves[leaf].frame = leaves[leaf].frame.offsetBy(dx: slotOrigin.x, dy: slotOrigin.y)
        }
        for badge in ranges[index].badges {
          badges[badge].frame = badges[badge].frame.offsetBy(dx: slotOrigin.x, dy: slotOrigin.y)
        }
      }
    }
    return axis == .horizontal
      ? Size(width: length, height: crossLength) : Size(width: crossLength, height: length)
  }

  /// Adds one cell (the slot minus the item's effective content insets) and its item
  /// supplementary items (docs/LAYOUT-RULES.md, "Content insets", "Item supplementary items").
  private mutating func emitCell(_ item: LayoutItem, slot: Rect, at index: Int) {
    let cell = slot.inset(by: item.contentInsets.ignoringEstimatedAxes(of: item.layoutSize))
    let first = Int32(truncatingIfNeeded: badges.count)
    for supplementary in item.supplementaryItems {
      badges.append(
        BadgeSlot(
          frame: supplementary.frame(anchoredTo: cell, resolver: resolver),
          kind: kinds.id(of: supplementary.elementKind) ?? 0, zIndex: supplementary.zIndex))
    }
    leaves[index] = LeafSlot(
      frame: cell, firstBadge: first,
      badgeCount: Int32(truncatingIfNeeded: item.supplementaryItems.count))
  }

  /// The error of a group whose repetition would hold more than `maxChildrenPerGroup` children,
  /// saying how many it would hold (`placed` took `used` of `axisLength` points) and why.
  @inline(never)
  private func tooManyChildren(
    _ group: LayoutGroup, placed: Int, used: Double, axisLength: Double, children: [Subitem],
    container: Size, path: String
  ) -> LayoutError {
    let axis = group.axis
    let wanted = used > 0 ? Double(placed) * (axisLength / used) : Double.infinity
    let estimate = wanted < 1e18 ? "about \(Int64(wanted.rounded()))" : "without end"
    var lengths: [String] = []
    for child in children.prefix(3) {
      lengths.append("\(resolver.resolve(child.layoutSize, in: container).length(along: axis)) pt")
    }
    let spacing = group.interItemSpacing?.value ?? 0
    return LayoutError(
      .invalidLayout,
      "the group would hold \(estimate) subitems in one repetition, more than "
        + "\(GroupSolver.maxChildrenPerGroup): its \(axisName(axis)) axis is \(axisLength) pt and "
        + (children.count == 1 ? "its subitem is " : "its subitems are ")
        + lengths.joined(separator: ", ") + (children.count > 3 ? ", ..." : "")
        + (spacing != 0 ? " with \(spacing) pt between them" : "")
        + " long; make its subitems larger or give the group a count", path: path)
  }

  private func axisName(_ axis: GroupAxis) -> String {
    (axis == .horizontal) != transposed ? "horizontal" : "vertical"
  }
}

extension SupplementaryItem {
  /// The frame of this supplementary item attached to `cell` (docs/LAYOUT-RULES.md, "Item
  /// supplementary items").
  func frame(anchoredTo cell: Rect, resolver: DimensionResolver) -> Rect {
    let size = resolver.resolve(layoutSize, in: cell.size)
    let itemAnchor = self.itemAnchor ?? Anchor(edges: containerAnchor.edges)
    let p = containerAnchor.edges.unitPoint
    let q = itemAnchor.edges.unitPoint
    let containerOffset = containerAnchor.resolvedOffset(for: size)
    let itemOffset = itemAnchor.resolvedOffset(for: size)
    return Rect(
      x: cell.x + cell.width * p.x - size.width * q.x + containerOffset.x - itemOffset.x,
      y: cell.y + cell.height * p.y - size.height * q.y + containerOffset.y - itemOffset.y,
      width: size.width, height: size.height)
  }
}

extension Anchor {
  /// The offset in points: fractional offsets are fractions of the supplementary item's size.
  func resolvedOffset(for size: Size) -> Point {
    isFractional ? Point(x: offset.x * size.width, y: offset.y * size.height) : offset
  }
}

extension EdgeSpacing {
  /// The edges before and after a child along `axis`.
  func along(_ axis: GroupAxis) -> (pre: Spacing?, post: Spacing?) {
    axis == .horizontal ? (leading, trailing) : (top, bottom)
  }
}

extension LayoutSize {
  /// Whether the size depends on the container's length along `axis` (LAYOUT-RULES.md, "Groups" 1).
  func isFractional(along axis: GroupAxis) -> Bool {
    switch axis {
    case .horizontal: return widthDimension.isFractionalWidth || heightDimension.isFractionalWidth
    case .vertical: return widthDimension.isFractionalHeight || heightDimension.isFractionalHeight
    }
  }
}

extension Size {
  func length(along axis: GroupAxis) -> Double { axis == .horizontal ? width : height }

  mutating func setLength(along axis: GroupAxis, _ value: Double) {
    if axis == .horizontal { width = value } else { height = value }
  }

  /// The size in the host's orientation.
  func physical(_ transposed: Bool) -> Size { transposed ? self.transposed : self }
}

extension Rect {
  init(origin: Point, size: Size) {
    self.init(x: origin.x, y: origin.y, width: size.width, height: size.height)
  }

  var origin: Point { Point(x: x, y: y) }
  var size: Size { Size(width: width, height: height) }

  /// The rectangle shrunk by `insets`; a side never becomes negative.
  func inset(by insets: DirectionalEdgeInsets) -> Rect {
    Rect(
      x: x + insets.leading, y: y + insets.top,
      width: max(0, width - insets.horizontal), height: max(0, height - insets.vertical))
  }

  /// The smallest rectangle containing both.
  func union(_ other: Rect) -> Rect {
    let lowX = min(minX, other.minX)
    let lowY = min(minY, other.minY)
    return Rect(
      x: lowX, y: lowY, width: max(maxX, other.maxX) - lowX, height: max(maxY, other.maxY) - lowY)
  }
}
