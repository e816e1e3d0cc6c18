/// Where a section's repetitions go: everything an O(1) item frame needs, in a trivially
/// copyable struct (no references), so hot queries read it without reference counting.
struct SectionPlacement {
  /// The origin of repetition 0 (root edge spacing included).
  var origin: Point
  /// The distance between repetitions along the repeat axis (y, or x when orthogonal).
  var stride: Double
  var isOrthogonal: Bool
  var itemCount: Int64
  /// N: cells per repetition of the root group.
  var itemsPerGroup: Int64
  /// Repetitions of the root group; the last one holds `itemCount % N` items when not full.
  var groupCount: Int64
  /// The union of one repetition's cell and badge frames, relative to its origin.
  var envelope: Rect
  var cellZIndex: Int32

  /// Moves a template frame to repetition `repetition`.
  /// `shift` is how much later than the periodic start a measured repetition starts.
  @inline(__always)
  func place(_ frame: Rect, repetition: Int64, offset: Double, shift: Double = 0) -> Rect {
    if isOrthogonal {
      let shift = Double(repetition) * stride + shift
      return frame.offsetBy(dx: origin.x + shift - offset, dy: origin.y)
    }
    return placeDown(frame, repetition: repetition, shift: shift)
  }

  /// `place` of a section that is not orthogonal (its repetitions follow one another down):
  /// for a walk that has decided that once.
  @inline(__always)
  func placeDown(_ frame: Rect, repetition: Int64, shift: Double) -> Rect {
    down.place(frame, repetition: repetition, shift: shift)
  }

  /// What `placeDown` reads, on its own: a struct small enough to be passed in registers, so
  /// that a walk capturing it (`SolvedSection.forEachListFrame`) keeps it there instead of
  /// reading the whole placement from memory every row.
  struct Down {
    var origin: Point
    var stride: Double

    /// `placeDown`'s formula.
    @inline(__always)
    func place(_ frame: Rect, repetition: Int64, shift: Double) -> Rect {
      frame.offsetBy(dx: origin.x, dy: origin.y + (Double(repetition) * stride + shift))
    }
  }

  var down: Down { Down(origin: origin, stride: stride) }

  /// The repetitions whose envelope may reach into `low ... high` along the repeat axis, or
  /// `nil` when none can. The caller still tests each element exactly.
  func repetitions(from low: Double, to high: Double, offset: Double) -> ClosedRange<Int64>? {
    guard groupCount > 0 else { return nil }
    let base: Double
    let envelopeLow: Double
    let envelopeHigh: Double
    if isOrthogonal {
      base = origin.x - offset
      envelopeLow = envelope.minX
      envelopeHigh = envelope.maxX
    } else {
      base = origin.y
      envelopeLow = envelope.minY
      envelopeHigh = envelope.maxY
    }
    let last = groupCount - 1
    // One repetition of slack on each side absorbs rounding in the divisions.
    let first = Int64(clamping: ((low - base - envelopeHigh) / stride).rounded(.down) - 1, 0, last)
    let end = Int64(clamping: ((high - base - envelopeLow) / stride).rounded(.down) + 1, 0, last)
    return first <= end ? first...end : nil
  }
}

/// A section solved at one container size, in canonical coordinates (main axis = y).
///
/// Memory and solving time depend on the root group's template, never on `itemCount`: item
/// `i` is repetition `i / N`, slot `i % N` (docs/LAYOUT-RULES.md, "Sections").
struct SolvedSection {
  /// The whole section: boundary items, insets and content, across the container.
  var frame: Rect
  var template: GroupTemplate
  var placement: SectionPlacement
  /// The sizes the host measured, when it measured any cell (docs/SELF-SIZING.md).
  var measured: MeasuredSizes?
  /// The lines of a flow section whose items have sizes of their own (docs/FLOW-LAYOUT.md);
  /// `placement.groupCount` is then their count and `itemsPerGroup` means nothing.
  var flowLines: FlowLines?
  /// The root group solved at this container, shared with the sections of the same shape
  /// (nil only in `unsolved`).
  var shared: SectionTemplate?
  /// Solves a repetition with its measured cells.
  var repetitionSolver: RepetitionSolver { shared!.repetitionSolver }
  var behavior: OrthogonalScrollingBehavior
  /// The scrollable length of an orthogonal section's content (0 otherwise).
  var orthogonalContentLength: Double
  /// Boundary items and decorations, their y relative to the section's start (`frame.y`):
  /// `placed(_:)` gives their frames.
  var boundaryItems: [PlacedElement]
  var decorations: [PlacedElement]
  /// The span of all of the section's elements along the main axis.
  var mainMin: Double
  var mainMax: Double
  /// How far the content reaches across the main axis.
  var crossExtent: Double
  /// `placement.origin.y`, `mainMin` and `mainMax` relative to the section's start.
  var local: (originY: Double, mainMin: Double, mainMax: Double) = (0, 0, 0)
  /// How long the repetitions (a flow's lines) are together along the repeat axis, from
  /// `placement.origin`: past it lie the section's trailing insets and boundary items, where
  /// the main scroll anchors by the section's end (docs/SELF-SIZING.md rule 7).
  var repetitionsLength = 0.0

  /// Stands in for a section not solved yet (no container size): it holds no items. Stored,
  /// not optional, so that queries read a section's solution in place instead of copying it.
  static var unsolved: SolvedSection {
    SolvedSection(
      frame: .zero,
      template: GroupTemplate(size: .zero, leaves: [], badges: [], envelope: .zero),
      placement: SectionPlacement(
        origin: .zero, stride: 0, isOrthogonal: false, itemCount: 0, itemsPerGroup: 1,
        groupCount: 0, envelope: .zero, cellZIndex: 0),
      measured: nil, flowLines: nil, shared: nil, behavior: .none, orthogonalContentLength: 0,
      boundaryItems: [], decorations: [], mainMin: 0, mainMax: 0, crossExtent: 0)
  }

  /// Puts the section's start at `start` along the main axis: the one formula of a solve and of
  /// a section moved by a change before it, `start + (y relative to the start)`, so that a
  /// section moved there and back, or solved anew, is where it was to the last bit
  /// (docs/ARCHITECTURE.md, "Exact sums"). - Complexity: O(1).
  mutating func place(at start: Double) {
    frame.y = start
    placement = self.placement(at: start)
    mainMin = start + local.mainMin
    mainMax = start + local.mainMax
  }

  /// Where the repetitions go when the section starts at `start` (`place(at:)`'s placement),
  /// without copying the rest of the section.
  @inline(__always)
  func placement(at start: Double) -> SectionPlacement {
    var placed = placement
    placed.origin.y = start + local.originY
    return placed
  }

  /// A boundary item or decoration of the section, placed at the section's start.
  @inline(__always)
  func placed(_ element: PlacedElement) -> PlacedElement {
    SolvedSection.placed(element, at: frame.y)
  }

  /// A boundary item or decoration of a section starting at `start`: the one formula.
  @inline(__always)
  static func placed(_ element: PlacedElement, at start: Double) -> PlacedElement {
    var placed = element
    placed.frame.y = start + element.frame.y
    return placed
  }
}

extension SolvedSection {
  /// The longest group along an axis (`alongX`: canonical x), measured ones included: what a
  /// loop must fit beside the viewport to never show one twice (docs/SNAPPING.md, "Looping").
  /// An orthogonal section is one unit along the main axis; a flow's longest line is as long as
  /// its longest item. - Complexity: O(measured repetitions); O(1) for a flow's lines.
  func longestGroup(alongX: Bool) -> Double {
    guard placement.groupCount > 0 else { return 0 }
    if placement.isOrthogonal && !alongX { return mainMax - mainMin }
    // A flow's lines: the longest is its longest item's (docs/FLOW-LAYOUT.md F11).
    if let flowLines { return flowLines.tallest }
    let length = alongX ? template.size.width : template.size.height
    var longest = length
    measured?.forEachMeasuredRepetition { repetition in
      longest = Swift.max(longest, length + measured!.delta(ofRepetition: repetition))
    }
    return longest
  }
}

extension Int64 {
  /// `value` converted toward zero and clamped to `low ... high`; NaN gives `low`. Never traps.
  init(clamping value: Double, _ low: Int64, _ high: Int64) {
    if !(value > Double(low)) {
      self = low
    } else if value >= Double(high) {
      self = high
    } else {
      self = Swift.max(low, Swift.min(high, Int64(value)))
    }
  }
}
