/// Everything solved at one container size, in canonical coordinates.
struct SolvedLayout {
  /// The container size it was solved at (canonical).
  var canonicalContainer: Size
  var sections: [SolvedSection]
  var globalItems: [PlacedElement]
  var contentSize: Size
  /// `prefixMaxEnd[s]` = the largest `mainMax` of sections `0 ... s`.
  var prefixMaxEnd: [Double]
  /// `suffixMinStart[s]` = the smallest `mainMin` of sections `s ..< count`.
  var suffixMinStart: [Double]
  /// The main scroll, and each orthogonal section's scroll (nil for the others).
  var mainScroll: ScrollContainer
  var sectionScrolls: [ScrollContainer?]

  /// The placeholder before any container size is set.
  static var unsolved: SolvedLayout {
    SolvedLayout(
      canonicalContainer: .zero, sections: [], globalItems: [], contentSize: .zero, prefixMaxEnd: [], suffixMinStart: [],
      mainScroll: ScrollContainer.placeholder, sectionScrolls: [])
  }

  private init(
    canonicalContainer: Size, sections: [SolvedSection], globalItems: [PlacedElement], contentSize: Size,
    prefixMaxEnd: [Double], suffixMinStart: [Double], mainScroll: ScrollContainer,
    sectionScrolls: [ScrollContainer?]
  ) {
    self.canonicalContainer = canonicalContainer
    self.sections = sections
    self.globalItems = globalItems
    self.contentSize = contentSize
    self.prefixMaxEnd = prefixMaxEnd
    self.suffixMinStart = suffixMinStart
    self.mainScroll = mainScroll
    self.sectionScrolls = sectionScrolls
  }

  /// Solves every section and the layout's boundary items (docs/LAYOUT-RULES.md, "Stacking
  /// sections", "Boundary supplementary items"). With `refresh`, sections' measured repetitions
  /// are solved again (see `SectionSolver.solve`).
  init(layout: Layout, container: Size, refresh: Bool = true) throws(LayoutError) {
    self = SolvedLayout.unsolved
    canonicalContainer = container
    let solver = SolvedLayout.sectionSolver(layout, container)
    // Layout-level items are dropped when there are no sections (docs/LAYOUT-RULES.md,
    // "Boundary supplementary items").
    let leadingExtension =
      layout.sections.isEmpty ? 0 : placeGlobals(layout, hostLength: 0).leadingExtension
    sections.reserveCapacity(layout.sections.count)
    for (index, section) in layout.sections.enumerated() {
      let start = index == 0 ? leadingExtension : nextStart(after: index - 1, layout)
      sections.append(
        try solver.solve(
          section, index: index, start: start, measured: layout.measuredSizes[index],
          flowSizes: layout.flowSizes[index], boundarySizes: layout.boundarySizes[index],
          refresh: refresh))
    }
    try finish(layout, leadingExtension: leadingExtension)
    sectionScrolls = sections.indices.map {
      ScrollBuilder(self, layout).orthogonalScroll(section: $0)
    }
  }

  /// Solves section `index` again after the host measured one of its cells (same container,
  /// same template: only its deltas changed) and moves the sections after it.
  /// - Complexity: O(sections + the section's boundary items), independent of item counts.
  mutating func remeasure(section index: Int, layout: Layout) throws(LayoutError) {
    let old = sections[index]
    let solved = try SolvedLayout.sectionSolver(layout, canonicalContainer).solve(
      layout.sections[index], index: index, start: old.frame.minY,
      measured: layout.measuredSizes[index], flowSizes: layout.flowSizes[index],
      boundarySizes: layout.boundarySizes[index], refresh: false, reusing: old)
    sections[index] = solved
    if solved.frame.maxY != old.frame.maxY { stack(from: index + 1, layout) }
    let leadingExtension = sections.first.map { $0.frame.minY } ?? 0
    try finish(layout, leadingExtension: leadingExtension)
    sectionScrolls[index] = ScrollBuilder(self, layout).orthogonalScroll(section: index)
  }

  /// Places the layout's boundary items again after the host measured one of them, moving
  /// every section by the change of the leading extension.
  /// - Complexity: O(sections + boundary items), independent of item counts.
  mutating func remeasureGlobals(layout: Layout) throws(LayoutError) {
    guard !sections.isEmpty else { return }
    let leadingExtension = placeGlobals(layout, hostLength: 0).leadingExtension
    if leadingExtension != sections[0].frame.minY {
      sections[0].place(at: leadingExtension)
      stack(from: 1, layout)
    }
    try finish(layout, leadingExtension: leadingExtension)
  }

  /// Where section `index + 1` starts: after section `index` and `interSectionSpacing` (only
  /// between sections: docs/LAYOUT-RULES.md, "Stacking sections"). The one formula of a solve
  /// and of a change that moves the sections after it (`stack(from:_:)`).
  @inline(__always)
  private func nextStart(after index: Int, _ layout: Layout) -> Double {
    sections[index].frame.maxY + layout.description.configuration.interSectionSpacing
  }

  /// Places sections `first...` one after the other again, after the one before `first`
  /// changed its length: each where a solve would put it, to the last bit.
  /// - Complexity: O(sections after `first`).
  private mutating func stack(from first: Int, _ layout: Layout) {
    for index in first..<sections.count where index > 0 {
      sections[index].place(at: nextStart(after: index - 1, layout))
    }
  }

  private static func sectionSolver(_ layout: Layout, _ container: Size) -> SectionSolver {
    SectionSolver(
      resolver: DimensionResolver(displayScale: layout.description.environment.displayScale),
      kinds: layout.kinds, transposed: layout.transposed, container: container,
      environmentInsets: layout.environmentInsets)
  }

  private func placeGlobals(_ layout: Layout, hostLength: Double) -> BoundaryPlacement {
    let env = layout.environmentInsets
    let container = canonicalContainer
    return BoundaryPlacement(
      layout.globalItems, hostLength: hostLength, anchorMinX: env.leading,
      anchorMaxX: container.width - env.trailing,
      sizeContainer: Size(
        width: container.width - env.horizontal, height: container.height - env.vertical),
      resolver: DimensionResolver(displayScale: layout.description.environment.displayScale),
      kinds: layout.kinds, zIndexFloor: Int32.min, measured: layout.globalBoundarySizes)
  }

  /// Everything that follows from the solved sections: the layout's boundary items, the
  /// content size, the span arrays and the main scroll.
  private mutating func finish(_ layout: Layout, leadingExtension: Double) throws(LayoutError) {
    let cursor = sections.last?.frame.maxY ?? leadingExtension
    var crossExtent = canonicalContainer.width
    for section in sections { crossExtent = max(crossExtent, section.crossExtent) }
    var trailingExtension = 0.0
    globalItems = []
    if !sections.isEmpty && !layout.globalItems.isEmpty {
      let placement = placeGlobals(layout, hostLength: cursor - leadingExtension)
      globalItems = placement.elements(hostTop: leadingExtension)
      trailingExtension = placement.trailingExtension
    }
    contentSize = Size(width: crossExtent, height: cursor + trailingExtension)
    guard contentSize.height.isFinite, contentSize.width.isFinite else {
      throw LayoutError(
        .invalidLayout, "the content size is not a finite number of points", path: "/sections")
    }

    prefixMaxEnd.removeAll(keepingCapacity: true)
    prefixMaxEnd.reserveCapacity(sections.count)
    var end = -Double.infinity
    for section in sections {
      end = max(end, section.mainMax)
      prefixMaxEnd.append(end)
    }
    suffixMinStart = Array(repeating: 0, count: sections.count)
    var start = Double.infinity
    for index in sections.indices.reversed() {
      start = min(start, sections[index].mainMin)
      suffixMinStart[index] = start
    }
    mainScroll = ScrollBuilder(self, layout).mainScroll()
  }

  /// The sections whose elements may reach into `low ... high` along the main axis.
  /// - Complexity: O(log sections).
  func candidateSections(from low: Double, to high: Double) -> Range<Int> {
    // First section whose span (or an earlier one's) reaches `low`.
    var lo = 0
    var hi = sections.count
    while lo < hi {
      let mid = (lo + hi) / 2
      if prefixMaxEnd[mid] < low { lo = mid + 1 } else { hi = mid }
    }
    let first = lo
    // One past the last section starting at or before `high`.
    lo = first
    hi = sections.count
    while lo < hi {
      let mid = (lo + hi) / 2
      if suffixMinStart[mid] <= high { lo = mid + 1 } else { hi = mid }
    }
    return first..<max(first, lo)
  }
}
