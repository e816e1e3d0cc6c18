/// A layout description solved against a container size: the object behind a C handle.
///
/// The engine works in canonical coordinates (main axis = y, leading = left). A horizontal
/// layout is solved as its transpose and a right-to-left layout as its mirror image; frames are
/// converted back to the host's coordinates on the way out (spec §9.5, §11).
///
/// A class, and queries read the solved state through chains of stored properties: calling a
/// method on a struct held in a class property copies the struct, retaining and releasing every
/// array in it — more than an O(1) query itself costs.
public final class Layout {
  public let description: LayoutDescription
  public let kinds: KindTable
  /// The container size in the host's orientation, once set.
  public private(set) var containerSize: Size?

  let transposed: Bool
  let rightToLeft: Bool
  let sections: [LayoutSection]
  let globalItems: [BoundarySupplementaryItem]
  let environmentInsets: DirectionalEdgeInsets
  /// The solution at the current container size; meaningful only when `isSolved`. Stored
  /// without an optional so that queries read it in place instead of copying it.
  private(set) var solved = SolvedLayout.unsolved
  public var isSolved: Bool { containerSize != nil }
  /// Orthogonal offset per section (logical, spec §8.1).
  private(set) var offsets: [Double]

  /// Creates a layout and solves it when the environment names a container size.
  /// - Throws: `LayoutError` when the description cannot be solved at that size.
  public static func solving(_ description: LayoutDescription) throws(LayoutError) -> Layout {
    let layout = Layout(description)
    if let size = description.environment.containerSize {
      try layout.setContainerSize(size)
    }
    return layout
  }

  /// Creates an unsolved layout; geometry queries need `setContainerSize` first.
  ///
  /// Not throwing on purpose: Embedded Swift does not free a class instance whose initializer
  /// throws, so solving happens in `solving(_:)`.
  public init(_ description: LayoutDescription) {
    self.description = description
    kinds = KindTable(description)
    transposed = description.configuration.scrollDirection == .horizontal
    rightToLeft = description.environment.layoutDirection == .rightToLeft
    if transposed {
      sections = description.sections.map { $0.transposed }
      globalItems = description.configuration.boundarySupplementaryItems.map { $0.transposed }
      environmentInsets = description.environment.contentInsets.transposed
    } else {
      sections = description.sections
      globalItems = description.configuration.boundarySupplementaryItems
      environmentInsets = description.environment.contentInsets
    }
    offsets = Array(repeating: 0, count: description.sections.count)
  }

  /// Solves the layout for a new container size. On failure nothing changes.
  /// - Complexity: O(sections + template sizes), independent of item counts.
  public func setContainerSize(_ size: Size) throws(LayoutError) {
    guard size.width.isFinite, size.height.isFinite, size.width > 0, size.height > 0 else {
      throw LayoutError(
        .invalidArgument,
        "the container size must be finite and greater than zero, not \(size.width) x "
          + "\(size.height)", path: size.width.isFinite && size.width > 0 ? "height" : "width")
    }
    solved = try SolvedLayout(layout: self, container: transposed ? size.transposed : size)
    containerSize = size
  }

  /// The size of the scrollable content, once a container size is set.
  public var contentSize: Size? {
    guard isSolved else { return nil }
    return transposed ? solved.contentSize.transposed : solved.contentSize
  }

  /// How canonical coordinates map to the host's at the current size.
  var space: CoordinateSpace {
    CoordinateSpace(
      transposed: transposed, rightToLeft: rightToLeft, contentSize: solved.contentSize)
  }

  /// The number of sections.
  public var sectionCount: Int { sections.count }

  /// Sets the logical scroll offset of an orthogonal section (spec §8.1).
  public func setOrthogonalOffset(_ offset: Double, section: Int) throws(LayoutError) {
    try checkSection(section)
    guard offset.isFinite else {
      throw LayoutError(.invalidArgument, "the offset must be a finite number", path: "offset")
    }
    guard sections[section].isOrthogonal else {
      throw LayoutError(
        .invalidArgument,
        "section \(section) does not scroll orthogonally (its orthogonalScrollingBehavior is "
          + "none)", path: "section")
    }
    offsets[section] = offset
  }

  /// The logical scroll offset of a section (0 unless it scrolls orthogonally).
  public func orthogonalOffset(section: Int) throws(LayoutError) -> Double {
    try checkSection(section)
    return offsets[section]
  }

  func checkSection(_ section: Int) throws(LayoutError) {
    guard section >= 0, section < sections.count else {
      throw LayoutError(
        .outOfRange,
        "section \(section) does not exist; the layout has \(sections.count) sections",
        path: "section")
    }
  }

  func requireSolved() throws(LayoutError) {
    guard isSolved else {
      throw LayoutError(
        .noContainer, "the layout has no container size yet; set one before asking for geometry",
        path: "layout")
    }
  }
}

/// The mapping between canonical coordinates (main axis y, leading on the left) and the
/// host's: a transpose for horizontal layouts, a mirror for right-to-left ones.
struct CoordinateSpace {
  let transposed: Bool
  let rightToLeft: Bool
  /// The canonical content size.
  let contentSize: Size

  /// Converts a canonical frame into the host's coordinates.
  @inline(__always)
  func physical(_ rect: Rect) -> Rect {
    if transposed {
      let turned = rect.transposed
      return rightToLeft ? turned.mirroredHorizontally(within: contentSize.height) : turned
    }
    return rightToLeft ? rect.mirroredHorizontally(within: contentSize.width) : rect
  }

  /// Converts a rect in the host's coordinates into canonical coordinates.
  func canonical(_ rect: Rect) -> Rect {
    if transposed {
      let unmirrored = rightToLeft ? rect.mirroredHorizontally(within: contentSize.height) : rect
      return unmirrored.transposed
    }
    return rightToLeft ? rect.mirroredHorizontally(within: contentSize.width) : rect
  }
}

/// Everything solved at one container size, in canonical coordinates.
struct SolvedLayout {
  var sections: [SolvedSection]
  var globalItems: [PlacedElement]
  var contentSize: Size
  /// `prefixMaxEnd[s]` = the largest `mainMax` of sections `0 ... s`.
  var prefixMaxEnd: [Double]
  /// `suffixMinStart[s]` = the smallest `mainMin` of sections `s ..< count`.
  var suffixMinStart: [Double]

  /// The placeholder before any container size is set.
  static let unsolved = SolvedLayout(
    sections: [], globalItems: [], contentSize: .zero, prefixMaxEnd: [], suffixMinStart: [])

  private init(
    sections: [SolvedSection], globalItems: [PlacedElement], contentSize: Size,
    prefixMaxEnd: [Double], suffixMinStart: [Double]
  ) {
    self.sections = sections
    self.globalItems = globalItems
    self.contentSize = contentSize
    self.prefixMaxEnd = prefixMaxEnd
    self.suffixMinStart = suffixMinStart
  }

  /// Solves every section and the layout's boundary items (spec §9).
  init(layout: Layout, container: Size) throws(LayoutError) {
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
      let solved = try solver.solve(section, index: index, start: cursor)
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
