/// What reporting a measured size changed (docs/SELF-SIZING.md).
public struct SizeReport: Equatable, Sendable {
  /// How far the main scroll offset moved to keep the visible content where it was (and the
  /// offset within the content): add it to the host's scroll position.
  public var mainOffsetAdjustment: Double
  /// How far the section's orthogonal offset moved (0 for sections that follow the main axis).
  public var sectionOffsetAdjustment: Double
  /// The content size afterwards.
  public var contentSize: Size
}

extension Layout {
  /// The largest length a measured size may have, in points.
  public static let maxMeasuredLength = 1_000_000.0

  /// Records the size the host measured for a cell (nil forgets it: the estimate applies
  /// again). Axes whose dimension is estimated (or `uniformAcrossSiblings`) take the measured
  /// length; the others keep the length the layout gives them. Every frame after the cell, the
  /// content size and the scroll containers follow; the visible content stays in place.
  /// - Complexity: O(log n + template) for a section of n items, plus O(log sections): the
  ///   section alone is solved again (docs/ARCHITECTURE.md, "Many sections").
  public func reportItemSize(_ size: Size?, section: Int, item: Int64) throws(LayoutError)
    -> SizeReport
  {
    try requireSolved()
    try checkSection(section)
    try checkItem(item, section: section)
    let placement = entries[section].solved.placement
    if let size { try Layout.checkMeasured(size) }
    let canonical = size.map { transposed ? $0.transposed : $0 }
    if entries[section].flowItems != nil {
      return try reportFlowItemSize(canonical, section: section, item: item)
    }
    let before = anchors(section: section)
    let measured = measuredSizes(section)
    let previousSize = measured.size(ofItem: item)
    let previousUniform = measured.sectionUniform
    let repetition = item / placement.itemsPerGroup
    measured.setSize(canonical, ofItem: item)
    // The repetition takes the shape of its sizes now. Also when the section's share changes
    // below and every measured repetition is solved again: a repetition whose last measured
    // cell was just forgotten is not among them and would keep the extent of a size no cell
    // has any more (docs/SELF-SIZING.md rule 14).
    remeasure(section, measured, repetitions: repetition...repetition)
    do throws(LayoutError) {
      try resolveMeasured(section, measured, previousUniform: previousUniform)
    } catch {
      // Put everything back: the layout stays as it was.
      measured.setSize(previousSize, ofItem: item)
      remeasure(section, measured, repetitions: repetition...repetition)
      throw error
    }
    return keep(before, section: section)
  }

  /// Records the sizes the host measured for items `first ..< first + count` of a section,
  /// item `first + i` measuring `size(i)`: what `count` calls of `reportItemSize` in item
  /// order leave (the same frames, bit for bit), as one change. The section is solved again
  /// once and the visible content stays in place once, so a host that measures many cells
  /// at a time (a screenful after a layout pass, or every cell up front) pays for one report
  /// plus a little per cell (docs/SELF-SIZING.md, "Many sizes at once").
  /// - Complexity: O(count · log n + the repetitions they touch · template), plus
  ///   O(log sections).
  public func reportItemSizes(
    count: Int, section: Int, from first: Int64, _ size: (Int) -> Size
  ) throws(LayoutError) -> SizeReport {
    try requireSolved()
    try checkSection(section)
    let items = entries[section].itemCount
    guard first >= 0, first <= items else {
      throw itemOutOfRange(first, section: section, count: items, path: "first")
    }
    guard count >= 0, Int64(count) <= items - first else {
      throw LayoutError(
        .outOfRange,
        "items \(first) ..< \(first) + \(count) run past the \(items) items of section "
          + "\(section)", path: "count")
    }
    for index in 0..<count { try Layout.checkMeasured(size(index), index: index) }
    let transposed = self.transposed
    func canonical(_ index: Int) -> Size { transposed ? size(index).transposed : size(index) }
    guard count > 0 else {
      return SizeReport(
        mainOffsetAdjustment: 0, sectionOffsetAdjustment: 0, contentSize: contentSize ?? .zero)
    }
    if entries[section].flowItems != nil {
      return try reportFlowItemSizes(count: count, section: section, from: first, canonical)
    }
    let before = anchors(section: section)
    let measured = measuredSizes(section)
    let previousUniform = measured.sectionUniform
    // What to put back if the section cannot be solved: the cells measured before (the others
    // were not).
    var previous: [(item: Int64, size: Size)] = []
    var hint = 0
    for index in 0..<count {
      let item = first + Int64(index)
      if let old = measured.size(ofItem: item, hint: &hint) { previous.append((item, old)) }
      measured.setSize(canonical(index), ofItem: item)
    }
    let n = entries[section].solved.placement.itemsPerGroup
    let repetitions = first / n...(first + Int64(count) - 1) / n
    remeasure(section, measured, repetitions: repetitions)
    do throws(LayoutError) {
      try resolveMeasured(section, measured, previousUniform: previousUniform)
    } catch {
      // Put everything back: the layout stays as it was.
      for index in 0..<count { measured.setSize(nil, ofItem: first + Int64(index)) }
      for (item, old) in previous { measured.setSize(old, ofItem: item) }
      remeasure(section, measured, repetitions: repetitions)
      throw error
    }
    return keep(before, section: section)
  }

  /// The measured sizes of a compositional section, created empty when it has none.
  private func measuredSizes(_ section: Int) -> MeasuredSizes {
    if let existing = entries[section].measured, !existing.isEmpty { return existing }
    let solvedSection = entries[section].solved
    let created = MeasuredSizes(
      itemsPerGroup: solvedSection.placement.itemsPerGroup,
      tracksCross: solvedSection.repetitionSolver.tracksCross,
      uniformFlags: solvedSection.template.sectionUniform)
    created.setStride(solvedSection.placement.stride)
    entries[section].measured = created
    return created
  }

  /// Measures the repetitions of `repetitions` again with the sizes as they are now.
  private func remeasure(
    _ section: Int, _ measured: MeasuredSizes, repetitions: ClosedRange<Int64>
  ) {
    // The parts it needs, not a copy of the solved section (retained and released whole).
    let placement = entries[section].solved.placement
    let solver = entries[section].solved.repetitionSolver
    let template = entries[section].solved.template
    let n = placement.itemsPerGroup
    let remainder = placement.itemCount % n
    var hint = 0
    measured.setShapes(repetitions) { repetition in
      let present =
        repetition == placement.groupCount - 1 && remainder > 0 ? Int(remainder) : Int(n)
      return solver.shape(
        present: present, measurements: measured.repetition(repetition, hint: &hint).measurements,
        template: template)
    }
  }

  /// Solves a section again after its measured sizes changed: only its deltas, unless a
  /// root-group cell whose length the section shares changed the section's share, when every
  /// repetition is solved again (docs/SELF-SIZING.md rule 5).
  private func resolveMeasured(
    _ section: Int, _ measured: MeasuredSizes, previousUniform: Size
  ) throws(LayoutError) {
    let refresh = measured.sectionUniform != previousUniform
    try resolveSection(section, reuse: !refresh, refresh: refresh)
  }

  /// Checks a size the host measured (`index`: the size's place in a call's array, named in
  /// the error as `sizes/<index>/width`).
  static func checkMeasured(_ size: Size, index: Int? = nil) throws(LayoutError) {
    guard isMeasuredLength(size.width), isMeasuredLength(size.height) else {
      throw refusedMeasured(size, index: index)
    }
  }

  @inline(__always)
  private static func isMeasuredLength(_ value: Double) -> Bool {
    value >= 0 && value <= Layout.maxMeasuredLength
  }

  @inline(never)
  private static func refusedMeasured(_ size: Size, index: Int?) -> LayoutError {
    let wide = !isMeasuredLength(size.width)
    let name = wide ? "width" : "height"
    let path = index.map { "sizes/\($0)/\(name)" } ?? name
    return LayoutError(
      .invalidArgument,
      "a measured \(name) must be finite, at least 0 and at most "
        + "\(Layout.maxMeasuredLength) points, not \(wide ? size.width : size.height)",
      path: path)
  }

  /// The measured size of a cell, or nil when the host has not reported one.
  public func measuredSize(section: Int, item: Int64) throws(LayoutError) -> Size? {
    try checkSection(section)
    try checkItem(item, section: section)
    let measured =
      entries[section].flowItems != nil
      ? entries[section].flowSizes?.measuredSize(Int(item))
      : entries[section].measured?.size(ofItem: item)
    guard let size = measured else { return nil }
    return transposed ? size.transposed : size
  }

  /// The number of cells with a measured size in the layout.
  /// - Complexity: O(sections).
  public var measuredCellCount: Int {
    var count = 0
    for entry in entries.slots {
      count += entry.measured?.count ?? 0
      count += entry.flowSizes?.measuredCount ?? 0
    }
    return count
  }

  // MARK: Anchoring

  /// What stays in place while sizes change: for the main scroll and for `section`'s own
  /// scroll, the repetition at the leading edge of the visible bounds and where it starts.
  struct Anchors {
    var main: Anchor
    var section: Anchor?
    var mainOffset: Double
    var sectionOffset: Double
    var mainInBounds: Bool
    var sectionInBounds: Bool
    /// The bases the offsets move from, when the last change left them and they still apply.
    var mainBase: OffsetBase?
    var sectionBase: OffsetBase?
    /// In a loop the anchors are taken in the canonical lap (`mainOffset` and `sectionOffset`
    /// are canonical): the offsets' shifts from it, and the loops' periods (0: no loop), carry
    /// the laps over the change (docs/SNAPPING.md, "Looping").
    var mainShift = 0.0
    var sectionShift = 0.0
    var mainPeriod = 0.0
    var sectionPeriod = 0.0
    /// The containers at rest on an element, and motion targets, and how the change carries
    /// content (docs/SNAPPING.md, "Through layout changes").
    var resting: [Resting] = []
    var carry = RestCarry()
  }

  /// The shift of `laps` laps of `period` (0: no loop) in a container whose period is now
  /// `now` (nil: it no longer loops, and its offset stays in the canonical lap).
  static func lapShift(_ shift: Double, period: Double, now: Double?) -> Double {
    guard period > 0, let now else { return 0 }
    let moved = (shift / period).rounded() * now
    if moved.isFinite { return moved }
    // More laps than a double holds (a period of a few subnormal points, an offset far out):
    // the shift as it was, scaled by the period's change where that is finite, never an
    // infinite offset (found by the fuzzer, `fuzz_api`: an offset of −∞, then a trap).
    if now == period { return shift }
    let scaled = shift * (now / period)
    return scaled.isFinite ? scaled : 0
  }

  /// Where an anchored offset moves from (docs/SELF-SIZING.md rule 7): the offset and its
  /// anchor's position when a run of changes with the same anchor began, and what the last of
  /// them left. While the anchor and the offset are still where it left them, the next change
  /// adds the anchor's whole move since the run began to the offset it began at: a change
  /// undone puts the anchor back bit for bit, and so the offset. Adding each change's move to
  /// the offset the last one left would round at every step, and an undo need not cancel.
  struct OffsetBase {
    /// The scroll container (`mainScrollContainer` or a section).
    var container: Int
    /// The anchor, by its content: its section (-1: before every section) and item (-1: the
    /// section's start).
    var section: Int
    var item: Int64
    /// The anchor's position and the offset when the run began.
    var position: Double
    var offset: Double
    /// What the last change left: the offset, and where the anchor was.
    var leftOffset: Double
    var leftPosition: Double
    /// The item this run's anchor handed over from when it moved to another section, where it
    /// is now (section, item): moved back to the place of the item the run follows, it takes
    /// the run again (`Layout.moveItem`), so a move there and back gives the offset back.
    var awaySection = -1
    var awayItem: Int64 = -1
    /// Whether that item was after the one the run follows (it was its section's last, and the
    /// run handed over to the item before it): moved back, it goes after that item again.
    var awayAfter = false

    /// Whether `anchor` and `offset` of `container` are those the last change left.
    func applies(to anchor: Anchor, offset: Double, container: Int) -> Bool {
      follows(anchor, container: container) && leftPosition == anchor.position
        && leftOffset == offset
    }

    /// Whether the run follows `anchor` (the same content) in `container`.
    func follows(_ anchor: Anchor, container: Int) -> Bool {
      self.container == container && section == anchor.section && item == anchor.item
    }

    /// The base after items or sections changed: its anchor's content where it went, as
    /// `section` and `item` map it (nil: deleted, and the run ends). The item away follows the
    /// same changes, and is forgotten when deleted.
    func mapped(section: (Int) -> Int?, item: (Int) -> ((Int64) -> Int64?)?) -> OffsetBase? {
      var moved = self
      if awaySection >= 0 {
        var newItem: Int64? = awayItem
        if let map = item(awaySection) { newItem = map(awayItem) }
        if let newSection = section(awaySection), let newItem {
          moved.awaySection = newSection
          moved.awayItem = newItem
        } else {
          moved.awaySection = -1
          moved.awayItem = -1
          moved.awayAfter = false
        }
      }
      guard self.section >= 0 else { return moved }
      guard let newSection = section(self.section) else { return nil }
      moved.section = newSection
      if self.item >= 0, let map = item(self.section) {
        guard let newItem = map(self.item) else { return nil }
        moved.item = newItem
      }
      return moved
    }
  }

  struct Anchor {
    /// The section holding the anchor (-1: before every section).
    var section: Int
    /// The repetition (a flow section's line) at the edge, or -1 for the section's own start,
    /// or `Anchor.sectionEnd` for its end.
    var repetition: Int64
    var position: Double
    /// The first item of that repetition or line: the content that stays in place, wherever
    /// it is afterwards. In a flow section lines break again around a changed size, and the
    /// line that held the item may hold others (docs/SELF-SIZING.md rule 7).
    var item: Int64 = -1

    /// `repetition` (and `item`, so that a run anchored at a section's end is not taken for
    /// one at its start) of an anchor at its section's end: the main scroll's leading edge
    /// past the section's repetitions, in its trailing insets or boundary items.
    static let sectionEnd: Int64 = -2
  }

  /// The main scroll's anchor as the next change finds it: the run's when it goes on.
  func mainAnchor() -> Anchor {
    let offset = solved.mainScroll.canonical(mainOffset).offset
    return carried(
      anchor(mainAt: offset), base: mainOffsetBase, offset: offset,
      container: mainScrollContainer)
  }

  /// Whether the run `base` began is where the last change left it: its container's offset is
  /// that change's, and the item it follows starts where it did then — even where another
  /// repetition is at the leading edge now (the item the run handed over from, moved next to
  /// it: `Layout.changeItems`).
  func runIsLeft(_ base: OffsetBase) -> Bool {
    guard isSolved, base.section >= 0, base.section < entries.count, base.item >= 0,
      base.item < entries[base.section].itemCount || holdsEmptied(base)
    else { return false }
    let offset: Double
    let alongX = base.container != mainScrollContainer
    if alongX {
      guard base.container == base.section, entries[base.section].hostSetOffset,
        let scroll = entries[base.section].scroll
      else { return false }
      offset = scroll.canonical(entries[base.section].offset).offset
    } else {
      guard hostSetMainOffset else { return false }
      offset = solved.mainScroll.canonical(mainOffset).offset
    }
    let repetition = repetition(of: base.item, in: base.section)
    guard repetition >= 0 || holdsEmptied(base) else { return false }
    let anchor = Anchor(
      section: base.section, repetition: repetition, position: 0, item: base.item)
    return base.leftOffset == offset && position(of: anchor, alongX: alongX) == base.leftPosition
  }

  /// Whether `base` is a main-scroll run whose item was the only one of its section, moved to
  /// another: the run holds the emptied section's start, where the item comes back to
  /// (item 0 of no items; docs/SELF-SIZING.md rule 7).
  func holdsEmptied(_ base: OffsetBase) -> Bool {
    base.container == mainScrollContainer && base.item == 0
      && entries[base.section].itemCount == 0
  }

  /// The anchors of the main scroll and, when given, of `section`'s own scroll.
  func anchors(section: Int?) -> Anchors {
    let main = solved.mainScroll
    let mainCanonical = main.canonical(mainOffset)
    let mainAnchor = self.mainAnchor()
    var sectionAnchor: Anchor? = nil
    var inBounds = true
    var sectionCanonical = (offset: section.map { entries[$0].offset } ?? 0, shift: 0.0)
    var sectionPeriod = 0.0
    if let section, let scroll = entries[section].scroll {
      sectionCanonical = scroll.canonical(entries[section].offset)
      sectionPeriod = scroll.period ?? 0
      let offset = sectionCanonical.offset
      sectionAnchor = carried(
        anchor(section: section, at: offset, alongX: true), base: sectionOffsetBase,
        offset: offset, container: section)
      inBounds = offset >= scroll.minimumOffset && offset <= scroll.maximumOffset
    }
    var anchors = Anchors(
      main: mainAnchor, section: sectionAnchor, mainOffset: mainCanonical.offset,
      sectionOffset: sectionCanonical.offset,
      mainInBounds: mainClampHeld?.inBounds
        ?? (mainCanonical.offset >= main.minimumOffset
          && mainCanonical.offset <= main.maximumOffset),
      sectionInBounds: inBounds,
      mainBase: mainOffsetBase.flatMap {
        $0.applies(to: mainAnchor, offset: mainCanonical.offset, container: mainScrollContainer)
          ? $0 : nil
      },
      sectionBase: sectionOffsetBase.flatMap { base in
        guard let section, let sectionAnchor,
          base.applies(to: sectionAnchor, offset: sectionCanonical.offset, container: section)
        else { return nil }
        return base
      })
    anchors.mainShift = mainCanonical.shift
    anchors.sectionShift = sectionCanonical.shift
    anchors.mainPeriod = main.period ?? 0
    anchors.sectionPeriod = sectionPeriod
    anchors.resting = noteResting(
      mainScrollContainer, section.flatMap { entries[$0].scroll != nil ? $0 : nil })
    return anchors
  }

  /// `found`, or the anchor the last change left when its run goes on: the offset is where
  /// that change left it, and the item it followed is still where it left it, in the
  /// repetition (a flow line) at the leading edge now. Another item of that repetition may be
  /// its first by now (an item inserted before it, a size that moved a line's breaks); the run
  /// keeps following the item it began with, so a change undone gives the offset back bit for
  /// bit (docs/SELF-SIZING.md rule 7).
  private func carried(_ found: Anchor, base: OffsetBase?, offset: Double, container: Int)
    -> Anchor
  {
    // Between the steps of one change (`mainRunHeld`) the item need not be at the edge, nor in
    // the section holding it (the moved item was its section's last, and the edge is past the
    // section's end until it comes back: docs/SELF-SIZING.md rule 7).
    // A held run may also follow a section emptied by the move: the moved item was its only
    // one, and the run holds the section's start, the place it comes back to.
    let held = mainRunHeld && container == mainScrollContainer
    guard let base, base.container == container, base.leftOffset == offset,
      base.section == found.section || (held && base.section >= 0),
      found.repetition >= 0 || held, base.item >= 0,
      base.item != found.item || base.section != found.section, base.section < entries.count,
      base.item < entries[base.section].itemCount || (held && holdsEmptied(base)),
      repetition(of: base.item, in: base.section) == found.repetition || held
    else { return found }
    var anchor = found
    anchor.section = base.section
    anchor.item = base.item
    // The item's own repetition, where a held run found it elsewhere.
    anchor.repetition = repetition(of: base.item, in: base.section)
    let position = position(of: anchor, alongX: container != mainScrollContainer)
    guard position == base.leftPosition else { return found }
    anchor.position = position
    return anchor
  }

  /// Forgets where the offsets moved from: they, or the anchors' identities, changed other
  /// than by keeping anchors in place (docs/SELF-SIZING.md rule 7).
  func forgetOffsetBases() {
    mainOffsetBase = nil
    sectionOffsetBase = nil
  }

  /// The main-axis anchor at `y`: the repetition of a main-axis section whose span holds it,
  /// the section's end when `y` lies past its repetitions, else the start of the section
  /// holding it (the last starting at or before `y`).
  /// - Complexity: O(log sections).
  private func anchor(mainAt y: Double) -> Anchor {
    let holder = entries.tree.lastStarting(atOrBefore: y, base: entries.base)
    guard holder >= 0 else { return Anchor(section: -1, repetition: -1, position: 0) }
    if !entries[holder].isOrthogonal {
      let found = anchor(section: holder, at: y, alongX: false)
      // Past the repetitions the edge is in the section's trailing part, which moves with the
      // section's end, not with its last repetition's start (found by the state soak,
      // docs/TESTING-MODEL.md).
      if found.repetition >= 0,
        found.repetition == entries[holder].solved.placement.groupCount - 1,
        y >= entries.start(at: holder) + entries[holder].solved.local.originY
          + entries[holder].solved.repetitionsLength
      {
        return Anchor(
          section: holder, repetition: Anchor.sectionEnd, position: sectionEnd(holder),
          item: Anchor.sectionEnd)
      }
      return found
    }
    return Anchor(section: holder, repetition: -1, position: entries.start(at: holder))
  }

  /// The most repetitions `anchor(section:at:alongX:)` moves its search's answer by.
  static let anchorSteps = 8

  /// The repetition of `section` whose span holds `position` along its repeat axis.
  /// (The section is read in place, placed at its start: `SolvedSection.placement(at:)` is
  /// `placedSection`'s placement without a copy of the section, its arrays retained and
  /// released, on every report.)
  private func anchor(section: Int, at position: Double, alongX: Bool) -> Anchor {
    let start = entries.start(at: section)
    let placement = entries[section].solved.placement(at: start)
    // The two references alone: an optional chain through the entry copies it whole.
    let lines = entries[section].solved.flowLines
    let measured = entries[section].solved.measured
    let base = alongX ? placement.origin.x : placement.origin.y
    // The searches below compare the position less the section's origin with the starts
    // within the section, which rounds apart from the origin plus those starts — the
    // positions every other path gives (`start(section:ofItem:)`, the frames) — by an ulp or
    // so either way: an offset set on a repetition's start was taken for the repetition
    // before it (the state soak, docs/TESTING-MODEL.md). The repetition found is moved to the
    // last whose start, as those paths give it, is at or before the position: a step, or a
    // few across repetitions 0 long (at most `anchorSteps`).
    if let lines, lines.lineCount > 0, position >= base {
      let found = lines.line(at: position - base)
      var line = found.line
      var first = found.first
      var lineStart = base + found.start
      var steps = 0
      while lineStart > position, line > 0, steps < Layout.anchorSteps {
        line -= 1
        first = lines.firstItem(ofLine: line)
        lineStart = base + lines.start(ofLineAt: first)
        steps += 1
      }
      while steps < Layout.anchorSteps, line + 1 < lines.lineCount {
        let next = lines.firstItem(ofLine: line + 1)
        let nextStart = base + lines.start(ofLineAt: next)
        guard nextStart <= position else { break }
        line += 1
        first = next
        lineStart = nextStart
        steps += 1
      }
      return Anchor(
        section: section, repetition: Int64(line), position: lineStart, item: Int64(first))
    }
    guard placement.groupCount > 0, placement.stride > 0, position >= base else {
      // The placed frame's minY is the section's start.
      return Anchor(section: section, repetition: -1, position: alongX ? 0 : start)
    }
    var repetition =
      measured?.repetition(
        at: position - base, stride: placement.stride, repetitions: placement.groupCount)
      ?? Int64(clamping: ((position - base) / placement.stride).rounded(.down), 0,
        placement.groupCount - 1)
    let ipg = placement.itemsPerGroup
    var repetitionStart = self.start(
      section: section, ofItem: repetition * ipg, alongX: alongX, placement: placement)
    var steps = 0
    while repetitionStart > position, repetition > 0, steps < Layout.anchorSteps {
      repetition -= 1
      repetitionStart = self.start(
        section: section, ofItem: repetition * ipg, alongX: alongX, placement: placement)
      steps += 1
    }
    while steps < Layout.anchorSteps, repetition + 1 < placement.groupCount {
      let nextStart = self.start(
        section: section, ofItem: (repetition + 1) * ipg, alongX: alongX, placement: placement)
      guard nextStart <= position else { break }
      repetition += 1
      repetitionStart = nextStart
      steps += 1
    }
    return Anchor(
      section: section, repetition: repetition, position: repetitionStart,
      item: repetition * ipg)
  }

  /// Where a main-axis section ends: its start and its length, as the next one starts.
  private func sectionEnd(_ section: Int) -> Double {
    entries.start(at: section) + entries[section].solved.frame.height
  }

  /// Where the repetition (a flow section's line) holding `item` starts.
  private func start(section: Int, ofItem item: Int64, alongX: Bool) -> Double {
    start(
      section: section, ofItem: item, alongX: alongX,
      placement: entries[section].solved.placement(at: entries.start(at: section)))
  }

  /// The same, given the section's placement at its start.
  private func start(
    section: Int, ofItem item: Int64, alongX: Bool, placement: SectionPlacement
  ) -> Double {
    let base = alongX ? placement.origin.x : placement.origin.y
    if let lines = entries[section].solved.flowLines {
      return base + lines.start(ofLineAt: lines.lineStart(ofItem: Int(item)))
    }
    let repetition = min(item / placement.itemsPerGroup, placement.groupCount - 1)
    return base + Double(repetition) * placement.stride
      + entries[section].solved.shift(before: repetition)
  }

  /// Where `anchor` is now: the start of the repetition or line holding its item.
  private func position(of anchor: Anchor, alongX: Bool) -> Double {
    guard anchor.section >= 0 else { return anchor.position }
    if anchor.repetition == Anchor.sectionEnd { return sectionEnd(anchor.section) }
    let placement = entries[anchor.section].solved.placement
    if anchor.repetition < 0 || anchor.item < 0 || anchor.item >= placement.itemCount
      || placement.groupCount == 0
    {
      return alongX ? anchor.position : entries.start(at: anchor.section)
    }
    return start(section: anchor.section, ofItem: anchor.item, alongX: alongX)
  }

  /// Moves the offsets so that the anchors stay in place (and within bounds when they were),
  /// and reports the moves. When items or sections changed, the anchors were carried to their
  /// new places and the bases with them (`OffsetBase.mapped`): a run goes on while a base
  /// follows its anchor's content.
  func keep(_ before: Anchors, section: Int?) -> SizeReport {
    let main = solved.mainScroll
    if hostSetMainOffset {
      (mainOffset, mainOffsetBase) = moved(
        before.main,
        from: before.mainBase.flatMap {
          $0.follows(before.main, container: mainScrollContainer) ? $0 : nil
        }, offset: before.mainOffset,
        container: mainScrollContainer,
        clamp: before.mainInBounds && mainClampHeld?.last != false ? main.clamp : nil)
      mainOffset += Layout.lapShift(before.mainShift, period: before.mainPeriod, now: main.period)
    } else {
      mainOffset = main.initialOffset
      mainOffsetBase = nil
    }
    sectionOffsetBase = nil
    let mainBefore = before.mainOffset + before.mainShift
    guard let section else {
      var report = SizeReport(
        mainOffsetAdjustment: mainOffset - mainBefore, sectionOffsetAdjustment: 0,
        contentSize: contentSize ?? .zero)
      resnap(before.resting, carry: before.carry, report: &report, section: nil)
      return report
    }
    if let anchor = before.section, let scroll = entries[section].scroll {
      if entries[section].hostSetOffset {
        let (offset, base) = moved(
          anchor,
          from: before.sectionBase.flatMap { $0.follows(anchor, container: section) ? $0 : nil },
          offset: before.sectionOffset, container: section,
          clamp: before.sectionInBounds ? scroll.clamp : nil)
        entries[section].offset =
          offset
          + Layout.lapShift(before.sectionShift, period: before.sectionPeriod, now: scroll.period)
        sectionOffsetBase = base
      } else {
        entries[section].offset = scroll.initialOffset
      }
    }
    var report = SizeReport(
      mainOffsetAdjustment: mainOffset - mainBefore,
      sectionOffsetAdjustment: entries[section].offset - (before.sectionOffset + before.sectionShift),
      contentSize: contentSize ?? .zero)
    resnap(before.resting, carry: before.carry, report: &report, section: section)
    return report
  }

  /// The offset of `container` after `anchor` moved, from `base` when the run it began goes
  /// on, else from `offset` (clamped by `clamp` when given), and the base it leaves.
  private func moved(
    _ anchor: Anchor, from base: OffsetBase?, offset: Double, container: Int,
    clamp: ((Double) -> Double)?
  ) -> (Double, OffsetBase) {
    var base =
      base
      ?? OffsetBase(
        container: container, section: anchor.section, item: anchor.item,
        position: anchor.position, offset: offset, leftOffset: offset,
        leftPosition: anchor.position)
    let now = position(of: anchor, alongX: container != mainScrollContainer)
    // The anchor's move since the run began, added once: no move gives the offset back.
    let unclamped = base.offset + (now - base.position)
    let result = clamp?(unclamped) ?? unclamped
    // A clamped offset begins a run of its own; not one the clamp only rounded (the anchor's
    // move equal to the bound's, which is summed otherwise, on a bound before and after):
    // the run goes on, so the change undone still gives it back bit for bit.
    if result != unclamped
      && (result - unclamped).magnitude > 4 * Swift.max(result.magnitude, unclamped.magnitude).ulp
    {
      base.position = now
      base.offset = result
    }
    base.leftOffset = result
    base.leftPosition = now
    return (result, base)
  }
}
