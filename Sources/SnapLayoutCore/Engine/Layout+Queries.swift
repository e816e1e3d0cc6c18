/// What kind of view an element is.
public enum ElementCategory: Int32, Sendable {
  case cell = 0
  case supplementary = 1
  case decoration = 2
}

/// One laid-out element, in the host's coordinates.
public struct LayoutElement: Equatable, Sendable {
  public var frame: Rect
  public var category: ElementCategory
  /// The section, or -1 for layout-level boundary items.
  public var section: Int32
  /// The item for cells and item supplementary items, else 0.
  public var item: Int64
  /// The kind id (see `KindTable`), or -1 for cells.
  public var kind: Int32
  public var zIndex: Int32
  /// Opacity, set by visible-item effects.
  public var alpha: Double = 1
  /// Scale about the frame's centre, set by visible-item effects.
  public var scale: Double = 1
  /// Whether a pinned boundary item is displaced from its natural frame.
  public var isPinned = false
  /// Which copy of a looping container's content the element belongs to: the lap, counted
  /// from the canonical one, 0 (docs/SNAPPING.md, "Looping"); 0 outside loops.
  public var copy: Int32 = 0

  public init(
    frame: Rect, category: ElementCategory, section: Int32, item: Int64, kind: Int32,
    zIndex: Int32, alpha: Double = 1, scale: Double = 1, isPinned: Bool = false, copy: Int32 = 0
  ) {
    self.copy = copy
    self.frame = frame
    self.category = category
    self.section = section
    self.item = item
    self.kind = kind
    self.zIndex = zIndex
    self.alpha = alpha
    self.scale = scale
    self.isPinned = isPinned
  }

  public static let cellKind: Int32 = -1
  public static let layoutSection: Int32 = -1
}

/// Receives the elements of a rect query one at a time.
public protocol ElementVisitor {
  mutating func visit(_ element: LayoutElement)
  /// Whether the visitor wants no more elements; checked between repetitions and sections, so
  /// a visitor can bound the work of a rect that holds billions of elements.
  var isFinished: Bool { mutating get }
  /// Told, before a section's cells are visited, that at least `count` more elements certainly
  /// intersect the query, so a visitor with a bound can stop at once instead of counting
  /// billions of them one by one.
  mutating func expect(atLeast count: Int64)
  /// Told that the query examined `count` more cells where it cannot tell beforehand which
  /// intersect (sections with measured cells), reported or not: a visitor with a bound on the
  /// work stops when they grow past it.
  mutating func examine(_ count: Int64)
  /// Visits an element whose `copy` names the lap of its own looping orthogonal section, which
  /// an enclosing looping main scroll's copy keeps (docs/SNAPPING.md, "Looping").
  mutating func visitOwnCopy(_ element: LayoutElement)
}

extension ElementVisitor {
  public var isFinished: Bool { false }
  public mutating func expect(atLeast count: Int64) {}
  public mutating func examine(_ count: Int64) {}
  public mutating func visitOwnCopy(_ element: LayoutElement) { visit(element) }
}

/// The work one rect query may do before a bounded visitor refuses it: elements reported
/// (each visitor has its own bound) and cells examined without knowing they intersect.
public enum QueryBounds {
  /// The most cells a query examines in sections with measured cells (2^25: ~0.4 s natively;
  /// a screen holds dozens).
  public static let maxExamined: Int64 = 1 << 25

  /// The refusal's message for a bound on `maxElements` reported elements.
  public static func refusal(maxElements: Int, examined: Int64) -> String {
    examined > maxExamined
      ? "the rect reaches more than \(maxExamined) cells of measured sections; query a smaller rect"
      : "the rect holds more than \(maxElements) elements; query a smaller rect"
  }
}

/// A copy of a looping main scroll's content moved by its lap, in the host's coordinates: as
/// `ForwardingVisitor` moves the elements of a copy.
struct CopyShift {
  var dx = 0.0
  var dy = 0.0

  @inline(__always)
  func move(_ frame: Rect) -> Rect {
    var moved = frame
    moved.x += dx
    moved.y += dy
    return moved
  }
}

/// Solved facts about one section, in the host's coordinates.
public struct SectionInfo: Equatable, Sendable {
  public var frame: Rect
  public var itemCount: Int64
  public var groupCount: Int64
  public var itemsPerGroup: Int64
  public var behavior: OrthogonalScrollingBehavior
  public var orthogonalContentLength: Double
  public var orthogonalOffset: Double
}

extension Layout {
  /// The frame of one cell, including the section's orthogonal offset: in a looping main
  /// scroll, the copy of the lap the main offset is in, where a rect query frames it
  /// (docs/SNAPPING.md, "Looping").
  /// - Complexity: O(1).
  public func itemFrame(section: Int, item: Int64) throws(LayoutError) -> Rect {
    let frame = try canonicalItemFrame(section: section, item: item)
    guard mayLoop, let lap = mainLapShift() else { return frame }
    return lap.move(frame)
  }

  /// The shift, in the host's coordinates, of the main scroll's copy of the lap its offset is
  /// in: the one the walk of a rect query applies to that copy, so that both give one frame,
  /// bit for bit (docs/SNAPPING.md, "Looping"). Nil when the main scroll does not loop.
  @inline(never)
  func mainLapShift() -> CopyShift? {
    let main = solved.mainScroll
    guard mayLoop, main.loops else { return nil }
    let laps = LoopCopies(scroll: main, offset: mainOffset)
    return mainCopyShift(laps.lap * laps.period)
  }

  /// A shift along canonical y in the host's coordinates (`CoordinateSpace.physical`).
  fileprivate func mainCopyShift(_ shift: Double) -> CopyShift {
    let across = transposed && rightToLeft ? -shift : shift
    return CopyShift(dx: transposed ? across : 0, dy: transposed ? 0 : shift)
  }

  /// The frame of one cell in the canonical copy of a looping main scroll (its orthogonal
  /// offset as `itemFrame`'s): what offsets for an item, scrolling into view and distances
  /// start from, each choosing its own copy.
  /// - Complexity: O(1).
  func canonicalItemFrame(section: Int, item: Int64) throws(LayoutError) -> Rect {
    try requireSolved()
    try checkSection(section)
    // Chains of stored properties only: no entry or solved section is copied (see `Layout`).
    let (id, start) = entries.locate(section)
    let count = entries.slots[id].itemCount
    guard item >= 0, item < count else {
      throw itemOutOfRange(item, section: section, count: count)
    }
    if entries.slots[id].solved.measured != nil || entries.slots[id].solved.flowLines != nil {
      return space.physical(
        placedSection(section).frame(ofItem: item, offset: frameOffset(id)))
    }
    let placement = entries.slots[id].solved.placement(at: start)
    let n = placement.itemsPerGroup
    let slot = entries.slots[id].solved.template.leaves[Int(item % n)].frame
    return space.physical(placement.place(slot, repetition: item / n, offset: frameOffset(id)))
  }

  /// The orthogonal offset item frames are given at: a looping section's equivalent in the
  /// canonical lap, so that the frame is the copy of the lap its offset is in
  /// (docs/SNAPPING.md, "Looping").
  @inline(__always)
  private func frameOffset(_ id: Int) -> Double { entries.slots[id].frameOffset }

  /// The frames of items `first ..< first + count` of a section, handed one by one to `body`
  /// in order (the batch form of `itemFrame`, for bindings whose per-call cost dominates).
  /// The range is checked before any frame is handed over; so is a count past `Int.max` (only
  /// possible where Int has 32 bits), which no buffer indexed by Int holds.
  /// Every frame is the one `itemFrame` gives, bit for bit; the lines and repetitions of a
  /// section with measured cells or sizes of their own are walked, not looked up one by one.
  /// - Complexity: O(log n + count).
  public func itemFrames(
    section: Int, first: Int64, count: Int64, _ body: (Int64, Rect) -> Void
  ) throws(LayoutError) {
    try requireSolved()
    try checkSection(section)
    guard count >= 0 else {
      throw LayoutError(
        .invalidArgument, "count must not be negative (got \(count))", path: "count")
    }
    let items = entries[section].itemCount
    guard first >= 0, first <= items, count <= items - first else {
      throw LayoutError(
        .outOfRange,
        "items \(first) ..< \(first) + \(count) are not all in section \(section), which has \(items) items",
        path: first >= 0 && first <= items ? "count" : "first")
    }
    // Only where Int has 32 bits: the frames go to a buffer indexed by Int.
    guard Int(exactly: count) != nil else {
      throw LayoutError(
        .outOfRange, "count \(count) is more frames than a buffer of this system holds",
        path: "count")
    }
    let (id, start) = entries.locate(section)
    let offset = frameOffset(id)
    // A looping main scroll: the copy of the lap its offset is in, as `itemFrame`.
    if mayLoop, let lap = mainLapShift() {
      canonicalItemFrames(
        id: id, start: start, section: section, first: first, count: count, offset: offset
      ) { body($0, lap.move($1)) }
      return
    }
    canonicalItemFrames(
      id: id, start: start, section: section, first: first, count: count, offset: offset, body)
  }

  /// `itemFrames` in the canonical copy of a looping main scroll.
  @inline(__always)
  private func canonicalItemFrames(
    id: Int, start: Double, section: Int, first: Int64, count: Int64, offset: Double,
    _ body: (Int64, Rect) -> Void
  ) {
    // Read once: `body` writes to memory the compiler cannot tell from the layout's, so a
    // computed `space` would be read from the layout again for every frame.
    let space = self.space
    if let lines = entries.slots[id].solved.flowLines {
      let origin = placedSection(section).placement.origin
      // `item` is not below `first`: no overflow. In canonical coordinates that are the host's
      // (`physical` is the identity), without a test of the space per frame.
      let items = Int(first)..<Int(first + count)
      if !space.transposed && !space.rightToLeft {
        lines.forEachFrame(items: items, origin: origin) { body(Int64($0) &- first, $1) }
      } else {
        lines.forEachFrame(items: items, origin: origin) { item, frame in
          body(Int64(item) &- first, space.physical(frame))
        }
      }
      return
    }
    if entries.slots[id].solved.measured != nil {
      let placed = placedSection(section)
      // `item` is not below `first`: no overflow. A list in canonical coordinates that are the
      // host's (`physical` is the identity) walks as one (`forEachListFrame`).
      if !space.transposed && !space.rightToLeft,
        placed.forEachListFrame(items: first..<first + count, { body($0 &- first, $1) })
      {
        return
      }
      placed.forEachMeasuredFrame(items: first..<first + count, offset: offset) {
        item, frame in body(item &- first, space.physical(frame))
      }
      return
    }
    let placement = entries.slots[id].solved.placement(at: start)
    let n = placement.itemsPerGroup
    let leaves = entries.slots[id].solved.template.leaves
    for item in first..<first + count {
      let slot = leaves[Int(item % n)].frame
      body(
        item - first, space.physical(placement.place(slot, repetition: item / n, offset: offset)))
    }
  }

  /// Solved facts about a section.
  public func sectionInfo(_ section: Int) throws(LayoutError) -> SectionInfo {
    try requireSolved()
    try checkSection(section)
    let placed = placedSection(section)
    let placement = placed.placement
    return SectionInfo(
      frame: space.physical(placed.frame), itemCount: placement.itemCount,
      groupCount: placement.groupCount,
      itemsPerGroup: placed.flowLines == nil ? placement.itemsPerGroup : 0,
      behavior: placed.behavior, orthogonalContentLength: placed.orthogonalContentLength,
      orthogonalOffset: entries[section].offset)
  }

  /// Visits every element whose frame intersects `rect` (host coordinates), in the order
  /// layout-level items, then per section: decorations, cells each followed by its item
  /// supplementary items, boundary items.
  ///
  /// The elements reach `visitor` through a `ForwardingVisitor`, one call each: the emission
  /// code is compiled once for every visitor (docs/PERFORMANCE.md, "Library size").
  /// `visitElementsInline(in:_:)` compiles it for the visitor itself, for a hot path.
  /// - Complexity: O(log sections + elements visited).
  public func visitElements<V: ElementVisitor>(in rect: Rect, _ visitor: inout V)
    throws(LayoutError)
  {
    try checkQuery(rect)
    ForwardingVisitor.around(&visitor) { forwarding in walk(query: rect, &forwarding) }
  }

  /// `visitElements(in:_:)` with the emission code compiled for `V` itself: no call per
  /// element, for the one hot path that needs it (the C export's buffer), at the cost of a
  /// copy of that code in the library (docs/PERFORMANCE.md, "Library size").
  /// - Complexity: O(log sections + elements visited).
  public func visitElementsInline<V: ElementVisitor>(in rect: Rect, _ visitor: inout V)
    throws(LayoutError)
  {
    try checkQuery(rect)
    walk(query: rect, &visitor)
  }

  /// Visits every element, including those of orthogonal sections scrolled out of the
  /// content rect, in the order of `visitElements(in:_:)`, through a `ForwardingVisitor`.
  public func visitAllElements<V: ElementVisitor>(_ visitor: inout V) throws(LayoutError) {
    try requireSolved()
    let far = 1e300
    ForwardingVisitor.around(&visitor) { forwarding in
      walk(
        query: Rect(x: -far, y: -far, width: 2 * far, height: 2 * far), singleCopy: true,
        &forwarding)
    }
  }

  /// Refuses a query rect that is not finite or has a negative size, or a layout not solved.
  private func checkQuery(_ rect: Rect) throws(LayoutError) {
    guard rect.x.isFinite, rect.y.isFinite, rect.width.isFinite, rect.height.isFinite,
      rect.width >= 0, rect.height >= 0
    else {
      throw LayoutError(
        .invalidArgument, "the rect must be finite with a non-negative width and height",
        path: "rect")
    }
    try requireSolved()
  }

  /// The walk of both (on a solved layout): a looping container gives every copy of its
  /// content the query reaches, or with `singleCopy` the one of the lap its offset is in
  /// (docs/SNAPPING.md, "Looping").
  private func walk<V: ElementVisitor>(
    query rect: Rect, singleCopy: Bool = false, _ visitor: inout V
  ) {
    // Mirroring and a lap's move round: there, candidates are found in canonical coordinates
    // and each is decided on its frame as the host gets it (docs/LAYOUT-RULES.md, "Rect
    // queries", §2.1), by a visitor compiled once. Elsewhere the canonical test is exact.
    guard space.rightToLeft || (mayLoop && solved.mainScroll.loops) else {
      return walk(query: rect, singleCopy: singleCopy, candidates: false, &visitor)
    }
    ForwardingVisitor.around(&visitor, copy: nil, own: false, keep: rect) { keeper in
      walk(query: rect, singleCopy: singleCopy, candidates: true, &keeper)
    }
  }

  /// `walk(query:singleCopy:_:)`; with `candidates`, the elements the query may hold, for a
  /// visitor that decides them (`ElementEmitter.findCandidates`).
  private func walk<V: ElementVisitor>(
    query rect: Rect, singleCopy: Bool, candidates: Bool, _ visitor: inout V
  ) {
    let space = self.space
    let query = space.canonical(rect)
    let main = solved.mainScroll
    // The visible rect along the main axis, inside the host's contentInset
    // (docs/LAYOUT-RULES.md, "Pinned boundary items").
    var emitter = ElementEmitter(
      space: space, query: query, visibleMin: mainOffset + main.insetLeading,
      visibleMax: mainOffset + main.viewportLength - main.insetTrailing)
    emitter.singleCopy = singleCopy
    emitter.mayLoop = mayLoop
    guard mayLoop, main.loops else {
      if candidates {
        // Mirrored along canonical y, the elements' own lengths widen it (`findCandidates`).
        var reach = 0.0
        if space.rightToLeft && space.transposed {
          let (low, high) = contentReach(main)
          reach = high - low
        }
        emitter.findCandidates(for: rect, canonical: query, dx: 0, dy: 0, reach: reach)
      }
      emitMain(emitter, offsetShift: 0, &visitor)
      return
    }
    // A looping main scroll: copy `lap + j` is the content moved `(lap + j) · period` along
    // the axis, seen from the offset `within − j · period`.
    let laps = LoopCopies(scroll: main, offset: mainOffset)
    let period = laps.period
    // Copy `lap + j` reaches `(lap + j) · period + reach.low ... + reach.high` along canonical
    // y: its content, and whatever its elements reach past it (docs/SELF-SIZING.md rule 13).
    let reach = contentReach(main)
    for j in laps.copies(
      start: laps.lap * period + reach.low, extent: reach.high - reach.low, from: query.minY,
      to: query.maxY, single: singleCopy)
    {
      if visitor.isFinished { return }
      var lap = emitter
      let shift = (laps.lap + Double(j)) * period
      let offsetShift = laps.offset(ofCopy: j) - mainOffset
      lap.visibleMin += offsetShift
      lap.visibleMax += offsetShift
      // The shift along canonical y, in the host's coordinates (`itemFrame` moves by the same).
      let moved = mainCopyShift(shift)
      var canonical = query
      canonical.y -= shift
      lap.findCandidates(
        for: rect, canonical: canonical, dx: moved.dx, dy: moved.dy, reach: reach.high - reach.low)
      ForwardingVisitor.around(
        &visitor, copy: laps.copyNumber(j), dx: moved.dx, dy: moved.dy, own: false
      ) { copy in emitMain(lap, offsetShift: offsetShift, &copy) }
    }
  }

  /// How far the elements of the main scroll's content may reach along canonical y: the
  /// content `0 ... contentLength`, widened by the layout-level items and by every section's
  /// elements (`SectionExtent.mainMin`, `mainMax`: cells that outgrow their group, a template's
  /// overhang, badges and boundary items), with the tree's slack (`SectionTree.slack`).
  /// - Complexity: O(layout-level items).
  private func contentReach(_ main: ScrollContainer) -> (low: Double, high: Double) {
    var low = 0.0
    var high = main.contentLength
    for element in solved.globalItems {
      low = min(low, element.frame.minY)
      high = max(high, element.frame.maxY)
    }
    let total = entries.tree.total
    if total.count > 0 {
      let base = entries.base.points
      if total.minStart.isFinite { low = min(low, base + total.minStart) }
      if total.maxEnd.isFinite { high = max(high, base + total.maxEnd) }
    }
    return (
      low - SectionTree.slack * max(1, Swift.abs(low)),
      high + SectionTree.slack * max(1, Swift.abs(high))
    )
  }

  /// The layout-level items and the sections that can reach `emitter`'s query; main-scroll
  /// effects seen from `offsetShift` past the main offset (a copy of a looping main scroll).
  private func emitMain<V: ElementVisitor>(
    _ emitter: ElementEmitter, offsetShift: Double, _ visitor: inout V
  ) {
    for element in solved.globalItems {
      emitter.emit(
        element, category: .supplementary, section: LayoutElement.layoutSection,
        host: (0, solved.contentSize.height), into: &visitor)
    }
    let slots = entries.slots
    let query = emitter.query
    entries.forEachPlaced(candidateSections(from: query.minY, to: query.maxY)) {
      index, id, start in
      if visitor.isFinished { return false }
      var effects = effects(of: index, id: id)
      if offsetShift != 0, let context = effects, !context.alongX {
        effects = context.shifted(by: offsetShift)
      }
      // Candidates for the host's decision: the query widened by the section's own elements'
      // magnitudes too (`ElementEmitter.widened(forEnvelope:frame:)`).
      if emitter.findsCandidates {
        emitter.widened(
          forEnvelope: slots[id].solved.placement.envelope, frame: slots[id].solved.frame
        ).emitSection(
          slots, id: id, start: start, index: index, offset: slots[id].offset,
          effects: effects, into: &visitor)
      } else {
        emitter.emitSection(
          slots, id: id, start: start, index: index, offset: slots[id].offset,
          effects: effects, into: &visitor)
      }
      return true
    }
  }
}
