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

  /// Solves every section and the layout's boundary items (spec §9). With `refresh`, sections'
  /// measured repetitions are solved again (see `SectionSolver.solve`).
  init(layout: Layout, container: Size, refresh: Bool = true) throws(LayoutError) {
    canonicalContainer = container
    let resolver = DimensionResolver(displayScale: layout.description.environment.displayScale)
    let env = layout.environmentInsets
    let solver = SectionSolver(
      resolver: resolver, kinds: layout.kinds, transposed: layout.transposed, container: container,
      environmentInsets: env)
    let layoutContainer = Size(
      width: container.width - env.horizontal, height: container.height - env.vertical)
    func placeGlobals(hostLength: Double) -> BoundaryPlacement {
      BoundaryPlacement(
        layout.globalItems, hostLength: hostLength, anchorMinX: env.leading,
        anchorMaxX: container.width - env.trailing, sizeContainer: layoutContainer,
        resolver: resolver, kinds: layout.kinds, zIndexFloor: Int32.min)
    }

    // Spec §9.3: layout-level items are dropped when there are no sections.
    let hasSections = !layout.sections.isEmpty
    let leadingExtension = hasSections ? placeGlobals(hostLength: 0).leadingExtension : 0
    var cursor = leadingExtension
    var solvedSections: [SolvedSection] = []
    solvedSections.reserveCapacity(layout.sections.count)
    var crossExtent = container.width
    let spacing = layout.description.configuration.interSectionSpacing
    for (index, section) in layout.sections.enumerated() {
      if index > 0 { cursor += spacing }  // spec §9.1: only between sections
      let solved = try solver.solve(
        section, index: index, start: cursor, measured: layout.measuredSizes[index],
        refresh: refresh)
      cursor = solved.frame.maxY
      crossExtent = max(crossExtent, solved.crossExtent)
      solvedSections.append(solved)
    }
    var trailingExtension = 0.0
    globalItems = []
    if hasSections {
      let placement = placeGlobals(hostLength: cursor - leadingExtension)
      globalItems = placement.elements(hostTop: leadingExtension)
      trailingExtension = placement.trailingExtension
    }
    contentSize = Size(width: crossExtent, height: cursor + trailingExtension)
    guard contentSize.height.isFinite, contentSize.width.isFinite else {
      throw LayoutError(
        .invalidLayout, "the content size is not a finite number of points", path: "/sections")
    }
    sections = solvedSections

    prefixMaxEnd = []
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
    let builder = ScrollBuilder(
      layout: layout, container: container, contentSize: contentSize, sections: sections,
      displayScale: layout.description.environment.displayScale)
    mainScroll = builder.mainScroll()
    sectionScrolls = sections.indices.map { builder.orthogonalScroll(section: $0) }
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
