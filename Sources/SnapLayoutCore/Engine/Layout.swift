/// A layout description solved against a container size: the object behind a C handle.
///
/// The engine works in canonical coordinates (main axis = y, leading = left). A horizontal
/// layout is solved as its transpose and a right-to-left layout as its mirror image; frames are
/// converted back to the host's coordinates on the way out (docs/LAYOUT-RULES.md, "Coordinates",
/// "Right-to-left").
///
/// A class, and queries read the solved state through chains of stored properties: calling a
/// method on a struct held in a class property copies the struct, retaining and releasing every
/// array in it — more than an O(1) query itself costs.
public final class Layout {
  public internal(set) var description: LayoutDescription
  public internal(set) var kinds: KindTable
  /// The container size in the host's orientation, once set.
  public private(set) var containerSize: Size?

  let transposed: Bool
  let rightToLeft: Bool
  var sections: [LayoutSection]
  let globalItems: [BoundarySupplementaryItem]
  let environmentInsets: DirectionalEdgeInsets
  /// The solution at the current container size; meaningful only when `isSolved`. Stored
  /// without an optional so that queries read it in place instead of copying it.
  var solved = SolvedLayout.unsolved
  public var isSolved: Bool { containerSize != nil }
  /// Scroll offset per section (logical; 0 for sections that follow the main axis) and of the
  /// main scroll. Offsets the host never set follow the containers' initial rest offsets.
  var offsets: [Double]
  var mainOffset = 0.0
  var hostSetOffsets: [Bool]
  var hostSetMainOffset = false
  /// Where anchoring last moved the main offset from, and an orthogonal section's offset
  /// (docs/SELF-SIZING.md rule 7): one of each, for the run of changes going on.
  var mainOffsetBase: OffsetBase?
  var sectionOffsetBase: OffsetBase?
  /// The sizes the host measured, per section (docs/SELF-SIZING.md).
  var measuredSizes: [MeasuredSizes?]
  /// The sizes of flow sections' items, per section, once they are not all the same
  /// (docs/FLOW-LAYOUT.md).
  var flowSizes: [FlowSizes?]
  /// The sizes the host measured for boundary supplementary items, per section and of the
  /// layout's own (docs/SELF-SIZING.md rule 12).
  var boundarySizes: [BoundarySizes]
  var globalBoundarySizes = BoundarySizes()

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
    hostSetOffsets = Array(repeating: false, count: description.sections.count)
    measuredSizes = Array(repeating: nil, count: description.sections.count)
    boundarySizes = Array(repeating: BoundarySizes(), count: description.sections.count)
    // Per-item flow sizes move into the layout's own storage, where the host changes them.
    flowSizes = sections.map { FlowSizes(given: $0) }
    for index in sections.indices where sections[index].flowItems?.itemSizes != nil {
      sections[index].flowItems?.itemSizes = nil
      self.description.sections[index].flowItems?.itemSizes = nil
    }
  }

  /// Solves the layout for a new container size. On failure nothing changes.
  /// - Complexity: O(sections + template sizes), independent of item counts.
  /// The largest container length, as in a configuration (10^12 points).
  public static let maxContainerLength = 1e12
  /// The largest scroll offset magnitude: far past any content (2^63 items of 10^12 points
  /// reach 1e31), near enough that frames and distances computed from it stay finite.
  public static let maxOffset = 1e100

  public func setContainerSize(_ size: Size) throws(LayoutError) {
    func valid(_ length: Double) -> Bool { length > 0 && length <= Layout.maxContainerLength }
    guard valid(size.width), valid(size.height) else {
      throw LayoutError(
        .invalidArgument,
        "the container size must be greater than zero and at most 1e12 points, not "
          + "\(size.width) x \(size.height)", path: valid(size.width) ? "height" : "width")
    }
    solved = try SolvedLayout(layout: self, container: transposed ? size.transposed : size)
    containerSize = size
    adoptMeasuredSizes()
    forgetOffsetBases()
    // Until the host scrolls them, containers rest where they start: UIKit centres the first
    // group of a groupPagingCentered section (negative offset) and starts the main scroll at
    // -contentInset.
    for section in offsets.indices where !hostSetOffsets[section] {
      offsets[section] = solved.sectionScrolls[section]?.minimumOffset ?? 0
    }
    if !hostSetMainOffset { mainOffset = solved.mainScroll.minimumOffset }
  }

  /// Keeps the measured sizes the solve measured (copies, re-keyed when the template holds a
  /// new number of cells; nil once none is measured).
  func adoptMeasuredSizes() {
    for index in solved.sections.indices {
      measuredSizes[index] = solved.sections[index].measured
    }
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

  /// Sets the logical scroll offset of an orthogonal section (docs/LAYOUT-RULES.md, "Orthogonal
  /// sections").
  public func setOrthogonalOffset(_ offset: Double, section: Int) throws(LayoutError) {
    try checkSection(section)
    guard sections[section].isOrthogonal else {
      throw LayoutError(
        .invalidArgument,
        "section \(section) does not scroll orthogonally (its orthogonalScrollingBehavior is "
          + "none)", path: "section")
    }
    try setScrollOffset(offset, container: section)
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

  /// Checks an item index of an existing section.
  @inline(__always)
  func checkItem(_ item: Int64, section: Int) throws(LayoutError) {
    let count = sections[section].itemCount
    guard item >= 0, item < count else {
      throw itemOutOfRange(item, section: section, count: count)
    }
  }

  @inline(never)
  private func itemOutOfRange(_ item: Int64, section: Int, count: Int64) -> LayoutError {
    LayoutError(
      .outOfRange, "item \(item) does not exist; section \(section) has \(count) items",
      path: "item")
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
      let unmirrored = rightToLeft ? CoordinateSpace.mirrored(rect, within: contentSize.height) : rect
      return unmirrored.transposed
    }
    return rightToLeft ? CoordinateSpace.mirrored(rect, within: contentSize.width) : rect
  }

  /// A query rect mirrored: its far edge `x + width` is taken first, as the host wrote it, so
  /// a rect reaching far past the content (x = -1e30, width = 1e30) keeps its near edge at the
  /// content's end instead of losing it to rounding at 1e30.
  private static func mirrored(_ rect: Rect, within axisX: Double) -> Rect {
    Rect(x: axisX - (rect.x + rect.width), y: rect.y, width: rect.width, height: rect.height)
  }
}
