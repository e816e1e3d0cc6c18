/// Solves one section (spec §7, §8.1) in canonical coordinates: the main axis is y and
/// "leading" is the left edge.
struct SectionSolver {
  let resolver: DimensionResolver
  let kinds: KindTable
  let transposed: Bool
  /// The collection view's bounds (canonical).
  let container: Size
  /// The container's insets (canonical).
  let environmentInsets: DirectionalEdgeInsets

  /// Solves `section`, placing its leading edge at `start` on the main axis.
  func solve(_ section: LayoutSection, index: Int, start: Double) throws(LayoutError)
    -> SolvedSection
  {
    let path = "/sections/\(index)"
    let insets = section.contentInsets
    let env = environmentInsets
    let orthogonal = section.isOrthogonal

    // Spec §3.2: the root group's container. Section insets shrink it only across the repeat
    // axis; for orthogonal sections that is the main axis (§8.1).
    let groupContainer =
      orthogonal
      ? Size(
        width: container.width - env.horizontal,
        height: container.height - env.vertical - insets.vertical)
      : Size(
        width: container.width - env.horizontal - insets.horizontal,
        height: container.height - env.vertical)
    guard groupContainer.width > 0, groupContainer.height > 0 else {
      throw LayoutError(
        .invalidLayout,
        "the section's contentInsets leave no room for its group in a "
          + "\(container.physical(transposed).width) x \(container.physical(transposed).height) pt "
          + "container", path: path + "/contentInsets")
    }
    // A flow section's line depends on the room across the scroll axis (docs/FLOW-LAYOUT.md).
    let group =
      try section.flowItems.map { flow throws(LayoutError) in
        // The size may be the section's or flowLayout's: the error points at the section.
        try FlowLine.group(flow, length: groupContainer.width, path: path)
      } ?? section.group
    let groupSize = resolver.resolve(group.layoutSize, in: groupContainer)
    var solver = GroupSolver(resolver: resolver, kinds: kinds, transposed: transposed)
    var template = try solver.solveRoot(group, size: groupSize, path: path + "/group")

    let hasBackground = !section.decorationItems.isEmpty
    if hasBackground {
      // Spec §7.7: with a background, cells and supplementaries are promoted above it.
      for index in template.badges.indices {
        template.badges[index].zIndex = max(template.badges[index].zIndex, 1)
      }
    }

    // Spec §7.2: the root group's edge spacing. Along the repeat axis only the (minimum)
    // values count; across it flexible edges share the leftover room.
    let edges = group.edgeSpacing
    let repeatEdges = orthogonal ? edges.along(.horizontal) : edges.along(.vertical)
    let crossEdges = orthogonal ? edges.along(.vertical) : edges.along(.horizontal)
    let repeatLength = orthogonal ? groupSize.width : groupSize.height
    let pre = repeatEdges.pre?.value ?? 0
    let step = repeatLength + pre + (repeatEdges.post?.value ?? 0)
    let stride = step + section.interGroupSpacing
    var crossOffset = crossEdges.pre?.value ?? 0
    if !orthogonal {
      let flexible = (crossEdges.pre?.isFlexible == true ? 1 : 0)
        + (crossEdges.post?.isFlexible == true ? 1 : 0)
      if flexible > 0 && crossEdges.pre?.isFlexible == true {
        let used = groupSize.width + crossOffset + (crossEdges.post?.value ?? 0)
        crossOffset += (groupContainer.width - used) / Double(flexible)
      }
    }

    let itemCount = max(0, section.itemCount)
    let n = Int64(template.leaves.count)
    let fullGroups = itemCount / n
    let remainder = itemCount % n
    let groupCount = fullGroups + (remainder > 0 ? 1 : 0)
    var primaryLength = 0.0
    if groupCount > 0 {
      primaryLength = Double(fullGroups) * step + section.interGroupSpacing * Double(groupCount - 1)
      if remainder > 0 {
        primaryLength += partialLength(
          template, items: Int(remainder), step: step, alongX: orthogonal)
      }
    }

    // The host: insets plus content along the main axis (spec §7.4).
    let rowLength: Double
    if orthogonal {
      rowLength =
        groupCount > 0
        ? groupSize.height + crossOffset + (crossEdges.post?.value ?? 0) : 0
    } else {
      rowLength = primaryLength
    }
    let hostLength = insets.top + rowLength + insets.bottom
    let follow = section.supplementariesFollowContentInsets
    let anchorMinX = env.leading + (follow ? insets.leading : 0)
    let anchorMaxX = container.width - env.trailing - (follow ? insets.trailing : 0)
    let boundary = BoundaryPlacement(
      section.boundarySupplementaryItems, hostLength: hostLength, anchorMinX: anchorMinX,
      anchorMaxX: anchorMaxX,
      sizeContainer: Size(width: anchorMaxX - anchorMinX, height: container.height - env.vertical),
      resolver: resolver, kinds: kinds, zIndexFloor: hasBackground ? 1 : Int32.min)
    let hostTop = start + boundary.leadingExtension
    let length = boundary.leadingExtension + hostLength + boundary.trailingExtension
    let frame = Rect(x: 0, y: start, width: container.width, height: length)

    let origin: Point
    let orthogonalContentLength: Double
    if orthogonal {
      origin = Point(x: env.leading + insets.leading + pre, y: hostTop + insets.top + crossOffset)
      orthogonalContentLength =
        env.leading + insets.leading + primaryLength + insets.trailing + env.trailing
    } else {
      origin = Point(x: env.leading + insets.leading + crossOffset, y: hostTop + insets.top + pre)
      orthogonalContentLength = 0
    }
    guard frame.maxY.isFinite, orthogonalContentLength.isFinite else {
      throw LayoutError(
        .invalidLayout, "the section's length is not a finite number of points", path: path)
    }

    let decorations = section.decorationItems.map { item in
      PlacedElement(
        frame: frame.inset(by: item.contentInsets), kind: kinds.id(of: item.elementKind) ?? 0,
        zIndex: item.zIndex)
    }
    let boundaryItems = boundary.elements(hostTop: hostTop)

    let placement = SectionPlacement(
      origin: origin, stride: stride, isOrthogonal: orthogonal, itemCount: itemCount,
      itemsPerGroup: n, groupCount: groupCount, envelope: template.envelope,
      cellZIndex: hasBackground ? 1 : 0)
    var solved = SolvedSection(
      frame: frame, template: template, placement: placement,
      behavior: section.orthogonalScrollingBehavior,
      orthogonalContentLength: orthogonalContentLength,
      boundaryItems: boundaryItems, decorations: decorations, mainMin: frame.minY,
      mainMax: frame.maxY,
      crossExtent: orthogonal
        ? container.width
        : max(container.width, origin.x + groupSize.width + insets.trailing + env.trailing))
    solved.extendMainSpan(by: boundaryItems + decorations)
    if groupCount > 0 {
      let lastShift = orthogonal ? 0 : Double(groupCount - 1) * stride
      solved.mainMin = min(solved.mainMin, origin.y + template.envelope.minY)
      solved.mainMax = max(solved.mainMax, origin.y + lastShift + template.envelope.maxY)
    }
    return solved
  }

  /// The length of a last repetition holding only the first `items` slots (spec §7.3): the
  /// full step minus how far the missing slots would have reached beyond the present ones.
  private func partialLength(
    _ template: GroupTemplate, items: Int, step: Double, alongX: Bool
  ) -> Double {
    var all = -Double.infinity
    var present = -Double.infinity
    for (index, leaf) in template.leaves.enumerated() {
      let end = alongX ? leaf.frame.maxX : leaf.frame.maxY
      all = max(all, end)
      if index < items { present = max(present, end) }
    }
    return step - (all - present)
  }
}

extension SolvedSection {
  /// Widens the main-axis span to cover `elements`.
  mutating func extendMainSpan(by elements: [PlacedElement]) {
    for element in elements {
      mainMin = min(mainMin, element.frame.minY)
      mainMax = max(mainMax, element.frame.maxY)
    }
  }
}
