/// Solves one repetition of a section's root group — the template, or a repetition with
/// measured cells — and measures how far it reaches along the repeat axis.
struct RepetitionSolver {
  let group: LayoutGroup
  /// The root group's size before self-sizing (its estimated axes hold the estimates).
  let proposedSize: Size
  let resolver: DimensionResolver
  let kinds: KindTable
  let transposed: Bool
  /// Whether cells' supplementary items rise above a background (docs/LAYOUT-RULES.md, "zIndex").
  let promotesBadges: Bool
  /// Whether repetitions follow one another along x (an orthogonal section).
  let alongX: Bool
  /// The root group's edge spacing before and after it along the repeat axis.
  let edgeLength: Double
  /// When every repetition is one cell placed by fixed edges, without supplementary items:
  /// how each of its axes takes a measured length. Its frame in a measured repetition is then
  /// the template's with those lengths, without solving the group (the common self-sizing
  /// list). Cleared by `solveTemplate` when the template holds more than one cell.
  private(set) var singleCell: (width: SingleCellAxis, height: SingleCellAxis)?

  /// How the only cell of a one-cell repetition takes a measured length on one axis
  /// (docs/SELF-SIZING.md rules 1 and 5).
  enum SingleCellAxis {
    /// Not estimated: the template's length.
    case fixed
    /// Estimated: the measured length.
    case measured
    /// `uniformAcrossSiblings`: the largest of its own measured length and the section's
    /// share, as the group solver gives the group's uniform cells (the template holds the
    /// share or the estimate, for a cell not measured).
    case shared

    init(_ dimension: Dimension) {
      self =
        dimension.isUniformAcrossSiblings ? .shared : dimension.isEstimated ? .measured : .fixed
    }
  }
  /// Whether a repetition's extent across the repeat axis can change with measuring (the root
  /// group's cross dimension is estimated).
  var tracksCross: Bool {
    group.layoutSize.dimension(along: alongX ? .vertical : .horizontal).isEstimated
  }

  init(
    group: LayoutGroup, proposedSize: Size, resolver: DimensionResolver, kinds: KindTable,
    transposed: Bool, promotesBadges: Bool, alongX: Bool, edgeLength: Double
  ) {
    self.group = group
    self.proposedSize = proposedSize
    self.resolver = resolver
    self.kinds = kinds
    self.transposed = transposed
    self.promotesBadges = promotesBadges
    self.alongX = alongX
    self.edgeLength = edgeLength
    // The cell as the group lays it out: `count` rewrites a `subitem`'s length along the
    // group's axis, which is then neither estimated nor free of its insets.
    var cell: Subitem? = nil
    switch group.content {
    case .subitems(let children) where children.count == 1:
      cell = children[0]
    case .subitem(let child, 1):
      cell = group.counted(child, count: 1)
    case .repeatingSubitem(let child, 1):
      cell = child
    default:
      break
    }
    if case .item(let item) = cell, item.supplementaryItems.isEmpty,
      !item.edgeSpacing.hasFlexibleEdge
    {
      singleCell = (
        SingleCellAxis(item.layoutSize.widthDimension),
        SingleCellAxis(item.layoutSize.heightDimension)
      )
    } else {
      singleCell = nil
    }
  }

  /// The frame of the only cell of a measured repetition, from the template's (`singleCell`).
  @inline(__always)
  func singleCellFrame(_ frame: Rect, _ measurements: LeafMeasurements) -> Rect {
    RepetitionSolver.singleCellFrame(frame, singleCell, measurements)
  }

  /// `singleCellFrame(_:_:)` given the solver's `singleCell` alone: for a walk that reads it
  /// once instead of copying the solver (whose arrays a copy retains and releases).
  @inline(__always)
  static func singleCellFrame(
    _ frame: Rect, _ singleCell: (width: SingleCellAxis, height: SingleCellAxis)?,
    _ measurements: LeafMeasurements
  ) -> Rect {
    guard let page = measurements.page else { return frame }
    return singleCellFrame(
      frame, singleCell, width: page.sizes[measurements.base],
      height: page.sizes[measurements.base + 1], share: measurements.sectionUniform)
  }

  /// `singleCellFrame(_:width:height:share:)` given the solver's `singleCell` alone.
  @inline(__always)
  static func singleCellFrame(
    _ frame: Rect, _ singleCell: (width: SingleCellAxis, height: SingleCellAxis)?,
    width: Float32, height: Float32, share: Size
  ) -> Rect {
    guard let singleCell else { return frame }
    return SingleCellLengths(singleCell, share: share).frame(frame, width: width, height: height)
  }

  /// How the only cell of a one-cell repetition takes its measured lengths (`singleCell`, with
  /// the section's share): the one formula of its frame, decided once for a walk of many rows,
  /// so that a row tests two flags instead of the axes' kinds.
  struct SingleCellLengths {
    /// Per axis: whether the measured length is taken (not `.fixed`), and whether the share
    /// bounds it from below (`.shared`).
    let takesWidth: Bool
    let sharesWidth: Bool
    let takesHeight: Bool
    let sharesHeight: Bool
    let share: Size

    @inline(__always)
    init(_ axes: (width: SingleCellAxis, height: SingleCellAxis), share: Size) {
      takesWidth = axes.width != .fixed
      sharesWidth = axes.width == .shared
      takesHeight = axes.height != .fixed
      sharesHeight = axes.height == .shared
      self.share = share
    }

    /// The cell's frame from the template's and its measured width and height (NaN when it is
    /// not measured: then the template's). On each axis: `.fixed` keeps the template's length,
    /// `.measured` takes the measured one, `.shared` the largest of the share and the measured.
    @inline(__always)
    func frame(_ template: Rect, width: Float32, height: Float32) -> Rect {
      // NaN is the one value unequal to itself: one comparison, where `isNaN` tests the bits'
      // two fields (a walk's rows test it each).
      guard width == width else { return template }
      var result = template
      if takesWidth {
        result.width = sharesWidth ? Swift.max(share.width, Double(width)) : Double(width)
      }
      if takesHeight {
        result.height = sharesHeight ? Swift.max(share.height, Double(height)) : Double(height)
      }
      return result
    }
  }

  /// The root group's length along the repeat axis in a one-cell repetition whose cell is
  /// `cell` (`singleCell`): the template's, followed by the cell on an estimated axis.
  func groupLength(of cell: Rect, template: GroupTemplate) -> Double {
    let before = template.leaves[0].frame
    let length = alongX ? template.size.width : template.size.height
    let along = group.layoutSize.dimension(along: alongX ? .horizontal : .vertical)
    guard along.isEstimated else { return length }
    return length + (alongX ? cell.width - before.width : cell.height - before.height)
  }

  /// Solves the unmeasured template (with the section-wide uniform lengths, when any); errors
  /// name the root group at `path`.
  mutating func solveTemplate(sectionUniform: Size, path: String) throws(LayoutError)
    -> GroupTemplate
  {
    let template = try solve(
      LeafMeasurements(page: nil, base: 0, sectionUniform: sectionUniform), path: path)
    if template.leaves.count != 1 { singleCell = nil }
    return template
  }

  func solve(_ measurements: LeafMeasurements, path: String = "") throws(LayoutError)
    -> GroupTemplate
  {
    var solver = GroupSolver(resolver: resolver, kinds: kinds, transposed: transposed)
    var template = try solver.solveRoot(
      group, size: proposedSize, path: path, measurements: measurements)
    if promotesBadges {
      // With a background, cells and supplementaries are promoted above it
      // (docs/LAYOUT-RULES.md, "zIndex").
      for index in template.badges.indices {
        template.badges[index].zIndex = max(template.badges[index].zIndex, 1)
      }
    }
    return template
  }

  /// The length a repetition of `template` holding its first `present` cells takes along the
  /// repeat axis (docs/LAYOUT-RULES.md, "Partial last group"): the full step, minus how far the
  /// missing cells would have reached beyond the present ones, both counted within the group
  /// (choice: cells that overflow a `count` group do not count past its end), so a partial group
  /// is never negative and one more cell never shortens it.
  func extent(_ template: GroupTemplate, present: Int? = nil) -> Double {
    let length = alongX ? template.size.width : template.size.height
    return (length + edgeLength) - missingReach(template, present: present)
  }

  /// The length of the group itself in a repetition of `template` holding its first `present`
  /// cells, along the repeat axis, without its edge spacing: a partial group's own length, the
  /// span of its group unit (docs/SNAPPING.md, "A unit's span").
  func groupLength(_ template: GroupTemplate, present: Int? = nil) -> Double {
    (alongX ? template.size.width : template.size.height)
      - missingReach(template, present: present)
  }

  /// How far the cells missing from a partial repetition would have reached beyond the present
  /// ones along the repeat axis, counted within the group (0 for a full one).
  private func missingReach(_ template: GroupTemplate, present: Int?) -> Double {
    guard let present, present < template.leaves.count else { return 0 }
    let length = alongX ? template.size.width : template.size.height
    var all = -Double.infinity
    var reached = -Double.infinity
    for (index, leaf) in template.leaves.enumerated() {
      let end = min(alongX ? leaf.frame.maxX : leaf.frame.maxY, length)
      all = max(all, end)
      if index < present { reached = max(reached, end) }
    }
    return max(0, all - reached)
  }

  /// A repetition's frames with its measured cells, or `template` when it has none.
  func template(_ measurements: LeafMeasurements, or template: GroupTemplate) -> GroupTemplate {
    guard measurements.page != nil else { return template }
    // The template solved; the same group with measured cells solves too.
    return (try? solve(measurements)) ?? template
  }

  /// What a measured repetition changes (docs/SELF-SIZING.md): how much longer than
  /// `template` it is, its extent across the repeat axis, and how far its cells and badges reach
  /// beyond what the template's reach covers — past its own length plus the template's
  /// overhang along the repeat axis, beyond the template's envelope across it (orthogonal
  /// sections).
  func shape(
    of repetition: Int64, present: Int, measured: MeasuredSizes, template: GroupTemplate
  ) -> RepetitionShape {
    shape(
      present: present, measurements: measured.measurements(forRepetition: repetition),
      template: template)
  }

  /// `shape(of:present:measured:template:)` with the repetition's measurements found by the
  /// caller (a walk over consecutive repetitions finds each in O(1)).
  func shape(present: Int, measurements: LeafMeasurements, template: GroupTemplate)
    -> RepetitionShape
  {
    guard measurements.page != nil else { return .unmeasured }
    var shape = RepetitionShape.unmeasured
    let envelope: Rect
    if singleCell != nil {
      // The group follows its cell on its estimated axes, by the cell's change in length.
      let before = template.leaves[0].frame
      let after = singleCellFrame(before, measurements)
      let along = group.layoutSize.dimension(along: alongX ? .horizontal : .vertical)
      let across = group.layoutSize.dimension(along: alongX ? .vertical : .horizontal)
      shape.delta =
        along.isEstimated
        ? (alongX ? after.width - before.width : after.height - before.height) : 0
      shape.cross =
        (alongX ? template.size.height : template.size.width)
        + (across.isEstimated
          ? (alongX ? after.height - before.height : after.width - before.width) : 0)
      envelope = after
    } else {
      guard let solved = try? solve(measurements) else { return .unmeasured }
      shape.delta = extent(solved, present: present) - extent(template, present: present)
      shape.cross = alongX ? solved.size.height : solved.size.width
      envelope = solved.envelope
    }
    // What the template's reach covers: its own step plus its envelope's overhang.
    let step = extent(template)
    let templateEnd = max(alongX ? template.envelope.maxX : template.envelope.maxY, step)
    let templateStart = min(alongX ? template.envelope.minX : template.envelope.minY, 0)
    let end = alongX ? envelope.maxX : envelope.maxY
    let start = alongX ? envelope.minX : envelope.minY
    if end > templateEnd + shape.delta { shape.alongEnd = end }
    if start < templateStart { shape.alongStart = start }
    if alongX {
      if envelope.maxY > template.envelope.maxY { shape.crossEnd = envelope.maxY }
      if envelope.minY < template.envelope.minY { shape.crossStart = envelope.minY }
    }
    return shape
  }
}
