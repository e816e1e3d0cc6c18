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
  /// The configuration as given, but its sections: those are the layout's own
  /// (`sectionDescription(_:)`), as they change, so this holds none.
  public internal(set) var description: LayoutDescription
  public let kinds: KindTable
  /// The container size in the host's orientation, once set.
  public private(set) var containerSize: Size?

  let transposed: Bool
  let rightToLeft: Bool
  /// The sections in order: shapes, item counts, what the host set and measured, and what is
  /// solved of each (docs/ARCHITECTURE.md, "Many sections").
  let entries: SectionStore
  /// The shapes met recently, so that sections described alike share one.
  var shapes: SectionShapes
  let globalItems: [BoundarySupplementaryItem]
  let environmentInsets: DirectionalEdgeInsets
  /// The main scroll's settings: the configuration's `scrolling` over the defaults, worked out
  /// once (every solve builds the main scroll, every reported size too).
  let mainSettings: ScrollSettings
  /// `mainSettings.landingBand`, worked out once too (two logarithms a main scroll).
  let mainLanding: Motion.LandingBand
  /// The solution at the current container size; meaningful only when `isSolved`. Stored
  /// without an optional so that queries read it in place instead of copying it.
  var solved = SolvedLayout.unsolved
  public var isSolved: Bool { containerSize != nil }
  /// The scroll offset of the main scroll; until the host sets it, it follows the container's
  /// initial rest offset.
  var mainOffset = 0.0
  var hostSetMainOffset = false
  /// Where anchoring last moved the main offset from, and an orthogonal section's offset
  /// (docs/SELF-SIZING.md rule 7): one of each, for the run of changes going on.
  var mainOffsetBase: OffsetBase?
  var sectionOffsetBase: OffsetBase?
  /// While one change runs as several steps (an item moved to another section: a delete, an
  /// insert, its size reported), whether the main offset was within its bounds before the
  /// change, and whether the step running is the last: the offset is clamped once, at the
  /// end, as for any change, not to the bounds of a state between steps (docs/SELF-SIZING.md
  /// rule 7).
  var mainClampHeld: (inBounds: Bool, last: Bool)?
  /// While such a change runs its steps after the first: the main scroll's run follows its
  /// item through them even where a state between steps has other content at the leading
  /// edge (the moved item inserted at its estimate, narrower than its measured size, before
  /// that size is reported), as one change does (docs/SELF-SIZING.md rule 7).
  var mainRunHeld = false
  /// The sizes the host measured for the layout's own boundary items (docs/SELF-SIZING.md
  /// rule 12).
  var globalBoundarySizes = BoundarySizes()
  /// Touchpad gestures in progress and wheel fractions, per container (docs/SNAPPING.md,
  /// "Wheels and touchpads").
  var inputSessions: [InputSession] = []
  /// Whether a container of this layout has looped since it was created (set when one is
  /// built, never cleared): queries that never met a loop skip its checks
  /// (docs/SNAPPING.md, "Looping").
  var mayLoop = false
  /// The offsets the host set on orthogonal sections whose variant in force no longer scrolls
  /// orthogonally, by section id: given back when such a variant is in force again, so that
  /// container A → B → A leaves them as they were (docs/LAYOUT-RULES.md §12.3). Nil while
  /// none is kept.
  var parkedOffsets: [Int32: Double]? = nil
  /// The element each container rested on when a change last re-snapped it, and the targets
  /// of the motions the host said are running, by container (docs/SNAPPING.md, "Through layout
  /// changes"). Nil while there are none.
  var restMemory: [Int: RestMemory]? = nil
  var scrollTargets: [Int: Double]? = nil

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
  /// - Complexity: O(sections), each compared with the few shapes met before it.
  public init(_ description: LayoutDescription) {
    kinds = KindTable(description)
    transposed = description.configuration.scrollDirection == .horizontal
    rightToLeft = description.environment.layoutDirection == .rightToLeft
    if transposed {
      globalItems = description.configuration.boundarySupplementaryItems.map { $0.transposed }
      environmentInsets = description.environment.contentInsets.transposed
    } else {
      globalItems = description.configuration.boundarySupplementaryItems
      environmentInsets = description.environment.contentInsets
    }
    mainSettings = ScrollSettings.free.overridden(by: description.configuration.scrolling)
    mainLanding = mainSettings.landingBand
    var shapes = SectionShapes(transposed: transposed)
    var entries: [SectionEntry] = []
    entries.reserveCapacity(description.sections.count)
    for section in description.sections { entries.append(shapes.entry(for: section)) }
    self.shapes = shapes
    self.entries = SectionStore(
      entries, spacing: description.configuration.interSectionSpacing)
    self.description = description
    self.description.sections = []
  }

  /// The description of section `index` as the host gave it (or last changed it).
  public func sectionDescription(_ index: Int) throws(LayoutError) -> LayoutSection {
    try checkSection(index)
    return entries[index].host
  }

  /// The index of the variant in force in section `index`, or nil when its own keys are: it
  /// has no variants, none matches the container, or no container size is set yet
  /// (docs/LAYOUT-RULES.md, "Sections that adapt to the container").
  /// - Complexity: O(variants).
  public func sectionVariant(_ index: Int) throws(LayoutError) -> Int? {
    try checkSection(index)
    guard let adaptive = entries[index].adaptive else { return nil }
    return adaptive.variantIndex(of: entries[index].shape)
  }

  /// Whether section `index` was described with variants.
  public func hasVariants(section index: Int) throws(LayoutError) -> Bool {
    try checkSection(index)
    return entries[index].adaptive != nil
  }

  /// The number of items of section `index`.
  public func itemCount(section index: Int) throws(LayoutError) -> Int64 {
    try checkSection(index)
    return entries[index].itemCount
  }

  /// The number the host keeps with section `index` (-1: none), which follows the section when
  /// sections are inserted, deleted, moved or described anew around it.
  /// - Complexity: O(1), or O(log sections) after a change before the section.
  public func hostTag(section index: Int) throws(LayoutError) -> Int32 {
    try checkSection(index)
    return entries[index].hostTag
  }

  /// Keeps `tag` with section `index` (-1: none).
  public func setHostTag(_ tag: Int32, section index: Int) throws(LayoutError) {
    try checkSection(index)
    entries[index].hostTag = tag
  }

  /// Whether section `index` scrolls across the main axis.
  public func scrollsOrthogonally(section index: Int) throws(LayoutError) -> Bool {
    try checkSection(index)
    return entries[index].isOrthogonal
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
    // Containers at rest on an element stay on it (docs/SNAPPING.md, "Through layout
    // changes"); the others keep their offsets.
    let resting = noteResting(allScrollContainers())
    try solveAll(container: transposed ? size.transposed : size)
    containerSize = size
    forgetOffsetBases()
    // Until the host scrolls them, containers rest where they start: UIKit centres the first
    // group of a groupPagingCentered section (negative offset) and starts the main scroll at
    // -contentInset.
    for id in entries.orderedIDs() { restOffset(id: id) }
    if !hostSetMainOffset { mainOffset = solved.mainScroll.initialOffset }
    var report = SizeReport(mainOffsetAdjustment: 0, sectionOffsetAdjustment: 0, contentSize: .zero)
    resnap(resting, carry: RestCarry(), report: &report, section: nil)
  }

  /// Puts a section the host has not scrolled at its scroll's initial rest offset (0 for a
  /// section that follows the main axis).
  func restOffset(id: Int32) {
    guard !entries[id: id].hostSetOffset else { return }
    entries[id: id].offset = entries[id: id].scroll?.initialOffset ?? 0
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
  public var sectionCount: Int { entries.count }

  /// Sets the logical scroll offset of an orthogonal section (docs/LAYOUT-RULES.md, "Orthogonal
  /// sections").
  public func setOrthogonalOffset(_ offset: Double, section: Int) throws(LayoutError) {
    // The statuses of `setScrollOffset` through the C export for the same mistakes: no
    // container size first (docs/C-API.md, "Orthogonal sections").
    try requireSolved()
    try checkSection(section)
    guard entries[section].isOrthogonal else {
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
    return entries[section].offset
  }

  func checkSection(_ section: Int) throws(LayoutError) {
    guard section >= 0, section < entries.count else {
      throw .sectionOutOfRange(section, count: entries.count)
    }
  }

  /// Checks an item index of an existing section.
  @inline(__always)
  func checkItem(_ item: Int64, section: Int) throws(LayoutError) {
    let count = entries[section].itemCount
    guard item >= 0, item < count else {
      throw itemOutOfRange(item, section: section, count: count)
    }
  }

  @inline(never)
  func itemOutOfRange(_ item: Int64, section: Int, count: Int64, path: String = "item")
    -> LayoutError
  {
    LayoutError(
      .outOfRange, "item \(item) does not exist; section \(section) has \(count) items",
      path: path)
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
