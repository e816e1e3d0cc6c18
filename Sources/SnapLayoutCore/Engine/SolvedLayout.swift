/// What is solved at one container size for the layout as a whole, in canonical coordinates;
/// each section's own solution is kept with it (`SectionEntry.solved`).
struct SolvedLayout {
  /// The container size it was solved at (canonical).
  var canonicalContainer: Size
  /// The layout's own boundary items.
  var globalItems: [PlacedElement]
  var contentSize: Size
  var mainScroll: ScrollContainer

  /// The placeholder before any container size is set.
  static var unsolved: SolvedLayout {
    SolvedLayout(
      canonicalContainer: .zero, globalItems: [], contentSize: .zero,
      mainScroll: ScrollContainer.placeholder)
  }
}

extension Layout {
  /// Solves every section and the layout's boundary items at `container` (canonical;
  /// docs/LAYOUT-RULES.md, "Stacking sections", "Boundary supplementary items").
  /// With `refresh`, sections' measured repetitions are solved again (see
  /// `SectionSolver.solve`). On failure nothing changes.
  /// - Complexity: O(sections + template sizes), independent of item counts; each shape's
  ///   template is solved once.
  func solveAll(container: Size, refresh: Bool = true) throws(LayoutError) {
    let solver = sectionSolver(container)
    let builder = ScrollBuilder(self, container: container)
    let ids = entries.orderedIDs()
    var sections: [SolvedSection] = []
    sections.reserveCapacity(ids.count)
    // Sections with variants take the one in force at this size (docs/LAYOUT-RULES.md,
    // "Sections that adapt to the container"); the switches apply once every section solved.
    let effective = effectiveContentSize(transposed ? container.transposed : container)
    var switched: [(index: Int, shape: SectionShape)] = []
    for (index, id) in ids.enumerated() {
      if let adaptive = entries[id: id].adaptive {
        let shape = adaptive.inForce(at: effective)
        if shape !== entries[id: id].shape {
          switched.append((index, shape))
          sections.append(
            try solver.solve(
              shape, itemCount: entries[id: id].itemCount, index: index, start: 0,
              measured: entries[id: id].measured, flowSizes: entries[id: id].flowSizes,
              boundarySizes: entries[id: id].boundarySizes, refresh: refresh))
          continue
        }
      }
      // Read in place: copying an entry would retain and release everything in it.
      sections.append(
        try solver.solve(
          entries[id: id].shape, itemCount: entries[id: id].itemCount, index: index, start: 0,
          measured: entries[id: id].measured, flowSizes: entries[id: id].flowSizes,
          boundarySizes: entries[id: id].boundarySizes, refresh: refresh))
    }
    for (index, shape) in switched { switchVariant(id: ids[index], to: shape) }
    // Layout-level items are dropped when there are no sections (docs/LAYOUT-RULES.md,
    // "Boundary supplementary items").
    let leadingExtension =
      ids.isEmpty ? 0 : placeGlobals(container, hostLength: 0).leadingExtension
    var extents: [SectionExtent] = []
    extents.reserveCapacity(ids.count)
    for (index, id) in ids.enumerated() {
      let run = builder.mainRun(sections[index])
      entries[id: id].mainRun = run
      entries[id: id].scroll = builder.orthogonalScroll(sections[index], shape: entries[id: id].shape)
      // The sizes the solve measured: a copy, re-keyed when the template holds another number
      // of cells; nil once none is measured.
      entries[id: id].measured = sections[index].measured
      extents.append(SectionExtent(sections[index], run: run))
      entries[id: id].solved = sections[index]
    }
    entries.rebuild(ids: ids, extents: extents, base: WideLength(leadingExtension))
    solved.canonicalContainer = container
    finishSolving(leadingExtension: leadingExtension)
  }

  /// The container's effective content size at `size` (the host's orientation): the container
  /// less the environment's content insets, UIKit's `effectiveContentSize`, which chooses a
  /// section's variant (docs/LAYOUT-RULES.md, "Sections that adapt to the container").
  func effectiveContentSize(_ size: Size) -> Size {
    let insets = description.environment.contentInsets
    return Size(width: size.width - insets.horizontal, height: size.height - insets.vertical)
  }

  /// Puts the shape of another variant in force in section `id`: its measured sizes stay (they
  /// apply on the new variant's estimated axes, docs/SELF-SIZING.md rule 16). An offset the
  /// host set is parked while the section does not scroll orthogonally, and given back when it
  /// does again (docs/LAYOUT-RULES.md §12.3).
  func switchVariant(id: Int32, to shape: SectionShape) {
    let wasOrthogonal = entries[id: id].shape.isOrthogonal
    entries[id: id].shape = shape
    if wasOrthogonal && !shape.isOrthogonal {
      if entries[id: id].hostSetOffset {
        if parkedOffsets == nil { parkedOffsets = [:] }
        parkedOffsets![id] = entries[id: id].offset
      }
      entries[id: id].offset = 0
      entries[id: id].hostSetOffset = false
    } else if !wasOrthogonal && shape.isOrthogonal, let parked = parkedOffsets?[id] {
      parkedOffsets![id] = nil
      entries[id: id].offset = parked
      entries[id: id].hostSetOffset = true
    }
  }

  /// Forgets the offset parked for the section at `position` (deleted or described anew).
  func forgetParkedOffset(at position: Int) {
    guard parkedOffsets != nil else { return }
    parkedOffsets![entries.id(at: position)] = nil
  }

  /// Puts in force the variant of a section entering a solved layout (inserted, or described
  /// anew) at the current container size.
  func chooseVariant(_ entry: inout SectionEntry) {
    guard isSolved, let adaptive = entry.adaptive else { return }
    let host = transposed ? solved.canonicalContainer.transposed : solved.canonicalContainer
    entry.shape = adaptive.inForce(at: effectiveContentSize(host))
  }

  /// Section `entry`, at `index`, solved at the current container size (placed at 0), with its
  /// units in the main scroll and its own scroll (a section not in the layout yet).
  /// - Complexity: O(the section's template and boundary items).
  func solveSection(_ entry: SectionEntry, index: Int)
    throws(LayoutError) -> (section: SolvedSection, run: UnitRun?, scroll: ScrollContainer?)
  {
    let container = solved.canonicalContainer
    let section = try sectionSolver(container).solve(
      entry.shape, itemCount: entry.itemCount, index: index, start: 0, measured: entry.measured,
      flowSizes: entry.flowSizes, boundarySizes: entry.boundarySizes)
    let builder = ScrollBuilder(self, container: container)
    return (section, builder.mainRun(section), builder.orthogonalScroll(section, shape: entry.shape))
  }

  /// Solves section `index` again after a change of its own (a measured size, its items, its
  /// description), placing the sections after it anew when its length changed. With `reuse`,
  /// its template and lines are kept (only measured deltas changed); with `refresh` its
  /// measured repetitions are solved again. On failure nothing changes. The entry is read in
  /// place: this runs on every size the host reports.
  /// - Complexity: O(the section's template and boundary items + log sections).
  func resolveSection(_ index: Int, reuse: Bool = false, refresh: Bool = true)
    throws(LayoutError)
  {
    let container = solved.canonicalContainer
    let reused =
      reuse
      ? SectionSolver.Reused(
        template: entries[index].solved.shared!, lines: entries[index].solved.flowLines) : nil
    let section = try sectionSolver(container).solve(
      entries[index].shape, itemCount: entries[index].itemCount, index: index, start: 0,
      measured: entries[index].measured, flowSizes: entries[index].flowSizes,
      boundarySizes: entries[index].boundarySizes, refresh: refresh, reusing: reused)
    let builder = ScrollBuilder(self, container: container)
    let run = builder.mainRun(section)
    entries[index].scroll = builder.orthogonalScroll(section, shape: entries[index].shape)
    entries[index].mainRun = run
    entries[index].measured = section.measured
    let extent = SectionExtent(section, run: run)
    entries[index].solved = consume section
    entries.update(at: index, extent)
    finishSolving()
  }

  /// Places the layout's boundary items again after the host measured one of them, moving
  /// every section by the change of the leading extension.
  /// - Complexity: O(log sections + boundary items).
  func remeasureGlobals() {
    finishSolving()
  }


  /// Everything that follows from the solved sections: where the first starts (after the
  /// layout's leading boundary items, unless `known`), the layout's boundary items, the content
  /// size and the main scroll. - Complexity: O(log sections + boundary items).
  func finishSolving(leadingExtension known: Double? = nil) {
    let container = solved.canonicalContainer
    let count = entries.count
    // Layout-level items are dropped when there are no sections (docs/LAYOUT-RULES.md,
    // "Boundary supplementary items").
    let leadingExtension =
      known
      ?? (count == 0 || globalItems.isEmpty
        ? 0 : placeGlobals(container, hostLength: 0).leadingExtension)
    entries.setBase(WideLength(leadingExtension))
    // The content ends where the last section does (its frame's maxY).
    let cursor =
      count == 0
      ? leadingExtension
      : entries.start(at: count - 1) + entries[count - 1].solved.frame.height
    let crossExtent = max(container.width, entries.tree.total.crossExtent)
    var trailingExtension = 0.0
    solved.globalItems = []
    if count > 0 && !globalItems.isEmpty {
      let placement = placeGlobals(container, hostLength: cursor - leadingExtension)
      solved.globalItems = placement.elements(hostTop: leadingExtension)
      trailingExtension = placement.trailingExtension
    }
    // Finite: every section's length is (the solver checks), and they sum below 2^110 pt.
    solved.contentSize = Size(width: crossExtent, height: cursor + trailingExtension)
    solved.mainScroll = ScrollBuilder(self, container: container).mainScroll(
      contentLength: solved.contentSize.height)
  }

  /// Section `index` solved and placed at its start (a copy).
  /// - Complexity: O(1) below `SectionStore.flatCount`, else O(log sections).
  func placedSection(_ index: Int) -> SolvedSection {
    var section = entries[index].solved
    section.place(at: entries.start(at: index))
    return section
  }

  /// The sections whose elements may reach into `low ... high` along the main axis (a few
  /// more, near the ends, within the tree's slack; each element is tested exactly).
  /// - Complexity: O(log sections).
  func candidateSections(from low: Double, to high: Double) -> Range<Int> {
    entries.candidates(from: low, to: high)
  }

  private func sectionSolver(_ container: Size) -> SectionSolver {
    SectionSolver(
      resolver: DimensionResolver(displayScale: description.environment.displayScale),
      kinds: kinds, transposed: transposed, container: container,
      environmentInsets: environmentInsets)
  }

  private func placeGlobals(_ container: Size, hostLength: Double) -> BoundaryPlacement {
    let env = environmentInsets
    return BoundaryPlacement(
      globalItems, hostLength: hostLength, anchorMinX: env.leading,
      anchorMaxX: container.width - env.trailing,
      sizeContainer: Size(
        width: container.width - env.horizontal, height: container.height - env.vertical),
      resolver: DimensionResolver(displayScale: description.environment.displayScale),
      kinds: kinds, zIndexFloor: Int32.min, measured: globalBoundarySizes)
  }
}

extension SectionExtent {
  /// What the section tree keeps of a section solved at 0, with its main-scroll units.
  init(_ solved: borrowing SolvedSection, run: UnitRun?) {
    self.init()
    length = solved.frame.height
    mainMin = solved.local.mainMin
    mainMax = solved.local.mainMax
    units = run?.count ?? 0
    firstUnit = units > 0 ? run!.offset(0, start: 0) : .infinity
    crossExtent = solved.crossExtent
    stride = !solved.placement.isOrthogonal && solved.placement.itemCount > 0 ? solved.placement.stride : 0
  }
}
