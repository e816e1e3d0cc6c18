/// One section of a layout: its shape (shared with the sections described alike), its item
/// count and the state the host gave it. Small on purpose (docs/ARCHITECTURE.md, "Many
/// sections"): what a plain section does not use is nil or empty.
struct SectionEntry {
  /// Its description but the item count, in both orientations: of the variant in force when
  /// it has variants.
  var shape: SectionShape
  /// A section with variants: its shape as described, whose `variantShapes` hold the variants
  /// (`shape` is one of them, or this one); nil for a section without (docs/LAYOUT-RULES.md,
  /// "Sections that adapt to the container").
  var adaptive: SectionShape? = nil
  var itemCount: Int64
  /// Its scroll offset (logical; 0 for sections that follow the main axis), and whether the
  /// host set it (otherwise it follows the container's initial rest offset).
  var offset = 0.0 {
    didSet { placeFrames() }
  }
  var hostSetOffset = false
  /// The sizes the host measured for its cells (docs/SELF-SIZING.md).
  var measured: MeasuredSizes? = nil
  /// The sizes of a flow section's items, once they are not all the same
  /// (docs/FLOW-LAYOUT.md).
  var flowSizes: FlowSizes? = nil
  /// The sizes the host measured for its boundary items (docs/SELF-SIZING.md rule 12).
  var boundarySizes = BoundarySizes()
  /// A number the host keeps with the section (the C layer's visible-items handler), -1 for
  /// none: it follows the section through inserts, deletes and moves.
  var hostTag: Int32 = -1
  /// The section solved at the current container size, relative to its start (placed at 0;
  /// `SolvedSection.place(at:)` puts it at its start); `SolvedSection.unsolved` before.
  var solved = SolvedSection.unsolved
  /// Its snap units in the main scroll (relative to its start), when it has items.
  var mainRun: UnitRun? = nil
  /// Its own scroll, when it scrolls orthogonally.
  var scroll: ScrollContainer? = nil {
    didSet { placeFrames() }
  }
  /// The orthogonal offset item frames are given at: `offset`, or a looping section's
  /// equivalent in the canonical lap, so that the frame is the copy of the lap its offset is
  /// in (docs/SNAPPING.md, "Looping"). Kept with `offset`, so that the item-frame query reads
  /// one stored number as before.
  private(set) var frameOffset = 0.0

  private mutating func placeFrames() {
    frameOffset = scroll?.canonical(offset).offset ?? offset
  }

  init(shape: SectionShape, itemCount: Int64) {
    self.shape = shape
    self.itemCount = itemCount
  }

  /// The canonical description with the item count (a copy: for solving and describing).
  var canonical: LayoutSection {
    var section = shape.canonical
    section.itemCount = itemCount
    return section
  }

  /// The description as the host gave it (with its variants), with the item count.
  var host: LayoutSection {
    var section = (adaptive ?? shape).host
    section.itemCount = itemCount
    return section
  }

  /// What a free slot of `SectionStore` keeps of a removed section: its shape (shared with
  /// others), nothing else.
  var freed: SectionEntry { SectionEntry(shape: shape, itemCount: 0) }

  var isOrthogonal: Bool { shape.isOrthogonal }
  var flowItems: FlowItems? { shape.canonical.flowItems }
}
