/// Solves one section (docs/LAYOUT-RULES.md, "Sections", "Orthogonal sections") in canonical
/// coordinates: the main axis is y and "leading" is the left edge.
struct SectionSolver {
  /// What a section solved before at the same container lends to its next solve: its shared
  /// template and its flow lines (kept when its sizes and line length are the same). Two
  /// references, not the solved section: a copy of that retains and releases all it holds.
  struct Reused {
    var template: SectionTemplate
    var lines: FlowLines?
  }

  let resolver: DimensionResolver
  let kinds: KindTable
  let transposed: Bool
  /// The collection view's bounds (canonical).
  let container: Size
  /// The container's insets (canonical).
  let environmentInsets: DirectionalEdgeInsets

  /// Solves a section of shape `shape` holding `itemCount` items, placing its leading edge at
  /// `start` on the main axis (the section is solved relative to its start, then placed:
  /// `SolvedSection.place(at:)`). `measured` holds the sizes the host reported for its cells;
  /// with `refresh` every measured repetition is solved again (the container or the template
  /// changed), otherwise the recorded deltas are current.
  /// `previous`, what the same section solved at the same container lends (`Reused`: its
  /// template, only the measured deltas changed, and its flow lines); otherwise the shape's template at this container is shared when
  /// no section-wide length was measured.
  /// `flowSizes` holds the sizes of a flow section's items when they are not all the same;
  /// `boundarySizes` the measured sizes of its boundary items.
  func solve(
    _ shape: SectionShape, itemCount: Int64, index: Int, start: Double,
    measured: MeasuredSizes? = nil, flowSizes: FlowSizes? = nil,
    boundarySizes: BoundarySizes = BoundarySizes(), refresh: Bool = true,
    reusing previous: Reused? = nil
  ) throws(LayoutError) -> SolvedSection {
    var path: String { "/sections/\(index)" }
    let section = shape.canonical
    let insets = section.contentInsets
    let env = environmentInsets
    let orthogonal = section.isOrthogonal
    let shared: SectionTemplate
    // Measured cells (docs/SELF-SIZING.md); a flow section's sizes are in `flowSizes`.
    var measured = measured.flatMap { $0.isEmpty || section.flowItems != nil ? nil : $0 }
    // Whether the measured repetitions must be measured again.
    var remeasure = refresh
    if let previous {
      shared = previous.template
    } else {
      var solved = try template(of: shape, index: index, uniform: measured?.sectionUniform ?? .zero)
      if let current = measured {
        // Measured again on a copy, so that a solve that fails leaves the layout's sizes as
        // they were; re-keyed by item when the template holds a different number of cells.
        let tracksCross = solved.repetitionSolver.tracksCross
        let flags = solved.template.sectionUniform
        let cells = Int64(solved.template.leaves.count)
        let fresh =
          current.itemsPerGroup != cells || current.tracksCross != tracksCross
            || current.uniformFlags != flags
          ? current.remapped(itemsPerGroup: cells, tracksCross: tracksCross, uniformFlags: flags)
          { $0 }
          : MeasuredSizes(copying: current)
        if fresh.sectionUniform != current.sectionUniform {
          // The section's shared lengths are those of its cells as measured now.
          solved = try template(of: shape, index: index, uniform: fresh.sectionUniform)
        }
        measured = fresh
        remeasure = true
      }
      shared = solved
    }
    let repetitionSolver = shared.repetitionSolver
    let template = shared.template
    let groupContainer = shared.groupContainer
    let hasBackground = shared.hasBackground
    let pre = shared.leadingEdge
    let groupSize = template.size
    let step = shared.step
    let stride = shared.stride
    let crossOffset = shared.crossOffset

    let itemCount = max(0, itemCount)
    let n = Int64(template.leaves.count)
    let fullGroups = itemCount / n
    let remainder = itemCount % n
    var groupCount = fullGroups + (remainder > 0 ? 1 : 0)
    var primaryLength = 0.0
    if groupCount > 0 {
      primaryLength = Double(fullGroups) * step + section.interGroupSpacing * Double(groupCount - 1)
      if remainder > 0 {
        primaryLength += repetitionSolver.extent(template, present: Int(remainder))
      }
    }
    // A flow section whose items have sizes of their own: lines of their own
    // (docs/FLOW-LAYOUT.md F10–F13), broken again only when the line length changes. While
    // every item has the flow's size (F13) the section is the periodic one, whatever sizes were
    // set or measured before: one path, so the frames are those of a section never given any.
    var flowLines: FlowLines? = nil
    var widest = 0.0
    if let flowSizes, flowSizes.differing > 0, let flow = section.flowItems {
      if let reused = previous?.lines, reused.sizes === flowSizes,
        reused.length == groupContainer.width
      {
        flowLines = reused
      } else {
        flowLines = FlowLines(
          sizes: flowSizes, length: groupContainer.width,
          interitem: flow.minimumInteritemSpacing, lineSpacing: section.interGroupSpacing)
      }
      groupCount = Int64(flowLines?.lineCount ?? 0)
      primaryLength = flowLines?.totalLength ?? 0
      widest = flowLines?.widest ?? 0
    } else if section.flowItems != nil, !orthogonal {
      // One size for every item (F1): an item longer than the line widens the content, as it
      // does when the same size comes from itemSizes (F12, F13).
      for leaf in template.leaves { widest = max(widest, leaf.frame.maxX) }
    }

    // Each measured repetition adds its delta.
    if flowLines != nil {
      measured = nil
    } else if let measured {
      if remeasure || measured.stride != stride {
        measured.setStride(stride)
        var hint = 0
        measured.setMeasuredShapes(below: groupCount) { repetition in
          let present = repetition == groupCount - 1 && remainder > 0 ? Int(remainder) : Int(n)
          return repetitionSolver.shape(
            present: present,
            measurements: measured.repetition(repetition, hint: &hint).measurements,
            template: template)
        }
      }
      primaryLength += measured.totalDelta
    }
    let crossLength = max(
      orthogonal ? groupSize.height : groupSize.width, measured?.largestCross ?? 0, widest)

    // The host: insets plus content along the main axis (docs/LAYOUT-RULES.md, "Boundary
    // supplementary items").
    let rowLength: Double
    if orthogonal {
      rowLength = groupCount > 0 ? crossLength + crossOffset + shared.trailingCrossEdge : 0
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
      resolver: resolver, kinds: kinds, zIndexFloor: hasBackground ? 1 : Int32.min,
      measured: boundarySizes)
    // Relative to the section's start, placed at `start` at the end.
    let hostTop = boundary.leadingExtension
    let length = boundary.leadingExtension + hostLength + boundary.trailingExtension
    let frame = Rect(x: 0, y: 0, width: container.width, height: length)

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

    var envelope = template.envelope
    if orthogonal, let before = measured?.summary.crossBefore, before < envelope.minY {
      // Measured cells reaching above the row: the row's span, which the rect walk tests first.
      envelope.height += envelope.minY - before
      envelope.y = before
    }
    let placement = SectionPlacement(
      origin: origin, stride: stride, isOrthogonal: orthogonal, itemCount: itemCount,
      itemsPerGroup: n, groupCount: groupCount, envelope: envelope,
      cellZIndex: hasBackground ? 1 : 0)
    var solved = SolvedSection(
      frame: frame, template: template, placement: placement, measured: measured,
      flowLines: flowLines, shared: shared,
      behavior: section.orthogonalScrollingBehavior,
      orthogonalContentLength: orthogonalContentLength,
      boundaryItems: boundaryItems, decorations: decorations, mainMin: frame.minY,
      mainMax: frame.maxY,
      crossExtent: orthogonal
        ? container.width
        : max(container.width, origin.x + crossLength + insets.trailing + env.trailing))
    solved.extendMainSpan(by: boundaryItems + decorations)
    if let flowLines, groupCount > 0 {
      solved.mainMin = min(solved.mainMin, origin.y)
      solved.mainMax = max(solved.mainMax, origin.y + flowLines.totalLength)
    } else if groupCount > 0 {
      var lastShift = orthogonal ? 0 : Double(groupCount - 1) * stride
      var grown = 0.0
      if let measured, !orthogonal {
        lastShift += measured.shift(before: groupCount - 1)
        grown = max(0, measured.delta(ofRepetition: groupCount - 1))
      } else if orthogonal {
        grown = max(0, crossLength - groupSize.height)
      }
      solved.mainMin = min(solved.mainMin, origin.y + template.envelope.minY)
      // What a repetition's shape takes as covered: the template's reach (its envelope or its
      // step, whichever ends later) moved by the repetition's growth (`RepetitionSolver.shape`).
      // A partial last repetition grows into the group's step when a measured cell reaches its
      // end, and a cell past that end is covered by the step, not the cells' envelope.
      let reach = max(template.envelope.maxY, orthogonal ? 0 : repetitionSolver.extent(template))
      solved.mainMax = max(solved.mainMax, origin.y + lastShift + reach + grown)
      if let reach = measured?.summary {
        // Measured cells that outgrow their group reach past it (docs/SELF-SIZING.md).
        let after = orthogonal ? reach.crossAfter : reach.reachAfter
        let before = orthogonal ? reach.crossBefore : reach.reachBefore
        if after.isFinite { solved.mainMax = max(solved.mainMax, origin.y + after) }
        if before.isFinite { solved.mainMin = min(solved.mainMin, origin.y + before) }
      }
    }
    solved.local = (origin.y, solved.mainMin, solved.mainMax)
    solved.repetitionsLength = primaryLength
    solved.place(at: start)
    return solved
  }
}

extension SectionSolver {
  /// The root group of sections of `shape` solved at this container with the section-wide
  /// lengths `uniform`: the shape's own, shared by its sections, when there are none.
  private func template(of shape: SectionShape, index: Int, uniform: Size) throws(LayoutError)
    -> SectionTemplate
  {
    if uniform == .zero, let cached = shape.template(at: container) { return cached }
    let solved = try SectionTemplate.solve(
      shape.canonical, index: index, container: container, environmentInsets: environmentInsets,
      resolver: resolver, kinds: kinds, transposed: transposed, sectionUniform: uniform)
    if uniform == .zero { shape.cache(solved, at: container) }
    return solved
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
