/// Pages of groups (docs/SNAPPING.md, "Pages of what fits"): with `groupsPerPage` N, or as
/// many whole groups as fit the snapport, a section's units are pages of N consecutive groups —
/// one rest position per page, aligned as a unit spanning its groups — instead of every group
/// or item. Embla Carousel's `slidesToScroll` (a number, or `"auto"`: what fits;
/// docs/SNAPPING.md, "Rest positions").
enum GroupPages {
  /// How many groups a page holds: the configured count, or — for `fit` — the most whole groups
  /// the snapport shows, `⌊(snapport + tolerance − groupLength) / stride⌋ + 1`, at least 1 (the
  /// 1-pt tolerance of "content within 1 pt of the viewport fits it", docs/SNAPPING.md).
  static func groupsPerPage(
    _ setting: GroupsPerPage, snapport: Double, groupLength: Double, stride: Double
  ) -> Int64 {
    switch setting {
    case .count(let count): return max(count, 1)
    case .fit:
      guard stride > 0, snapport.isFinite, groupLength.isFinite else { return 1 }
      // And a hair more: a group that fits exactly (to rounding) fits.
      let room = (snapport + SnapList.tolerance - groupLength) / stride + 1e-9
      return room < 0 ? 1 : Int64(clamping: room.rounded(.down), 0, Int64.max - 1) + 1
    }
  }

  /// The run of a section's pages, or nil when the section keeps its own units (one group a
  /// page; a section scrolled as one unit; `fit` in a section of more than `fitLimit` groups
  /// with sizes of their own).
  static func run(
    solved: SolvedSection, settings: ScrollSettings, viewportLength: Double, alongX: Bool,
    whole: Bool
  ) -> UnitRun? {
    guard settings.groupsPerPage != .count(1), !whole, let shared = solved.shared else {
      return nil
    }
    if solved.measured != nil || solved.flowLines != nil {
      return ownSizes(
        solved: solved, shared: shared, settings: settings, viewportLength: viewportLength,
        alongX: alongX)
    }
    let placement = solved.placement
    let groups = placement.groupCount
    let stride = placement.stride
    guard groups > 0, stride > 0 else { return nil }
    let alpha = settings.alignment
    let snapport = viewportLength - settings.padding.leading - settings.padding.trailing
    let groupLength = alongX ? shared.template.size.width : shared.template.size.height
    let perPage = min(
      groupsPerPage(
        settings.groupsPerPage, snapport: snapport, groupLength: groupLength, stride: stride),
      groups)
    guard perPage > 1 else { return nil }
    let pages = (groups - 1) / perPage + 1
    let remainder = Int(placement.itemCount % max(placement.itemsPerGroup, 1))
    let lastGroupLength =
      remainder == 0
      ? groupLength : shared.repetitionSolver.groupLength(shared.template, present: remainder)
    let lastGroups = groups - (pages - 1) * perPage
    // A page spans its groups: from the first's leading edge to the last's trailing one.
    let constant = settings.padding.leading + alpha * snapport
    let full = Double(perPage - 1) * stride + groupLength
    let last = Double(lastGroups - 1) * stride + lastGroupLength
    let zeros = [Int32](repeating: 0, count: max(shared.template.leaves.count, 1))
    let tables = UnitTables(
      slots: [UnitSlot(aligned: UnitSlot.aligned(0, full, alpha, constant), leaf: 0, extent: full)],
      lastSlots: [
        UnitSlot(aligned: UnitSlot.aligned(0, last, alpha, constant), leaf: 0, extent: last)
      ],
      slotOfLeaf: zeros, lastSlotOfLeaf: zeros, groupUnits: true)
    let base = alongX ? placement.origin.x : placement.origin.y
    return UnitRun(
      count: pages, base: base, stride: stride * Double(perPage), repetitions: pages,
      itemsPerGroup: placement.itemsPerGroup * perPage, tables: tables)
  }

  /// The most groups a section with sizes of its own may have for `fit` to page it: its pages
  /// are found group by group at every solve of the section — every size reported in it —
  /// O(groups · log groups), about a microsecond a group; a longer section keeps one unit per
  /// group (docs/SNAPPING.md, "Pages of what fits").
  static let fitLimit: Int64 = 1 << 10

  /// Pages of a section whose groups have sizes of their own (measured cells, a flow's lines
  /// with per-item sizes): the groups as units at their starts, N to a page or what fits each
  /// page (`PagedUnits`); nil when every page would hold one group, or for `fit` past
  /// `fitLimit` groups.
  private static func ownSizes(
    solved: SolvedSection, shared: SectionTemplate, settings: ScrollSettings,
    viewportLength: Double, alongX: Bool
  ) -> UnitRun? {
    let placement = solved.placement
    let base = alongX ? placement.origin.x : placement.origin.y
    let groupLength = alongX ? shared.template.size.width : shared.template.size.height
    let remainder = Int(placement.itemCount % max(placement.itemsPerGroup, 1))
    let lastLength =
      remainder == 0
      ? groupLength : shared.repetitionSolver.groupLength(shared.template, present: remainder)
    // Whole groups resting at their starts (alignment 0, no constant).
    let zeros = [Int32](repeating: 0, count: max(shared.template.leaves.count, 1))
    let tables = UnitTables(
      slots: [UnitSlot(aligned: 0, leaf: 0, extent: groupLength)],
      lastSlots: [UnitSlot(aligned: 0, leaf: 0, extent: lastLength)],
      slotOfLeaf: zeros, lastSlotOfLeaf: zeros, groupUnits: true)
    let groups: UnitRun
    if let lines = solved.flowLines {
      let count = Int64(lines.lineCount)
      groups = UnitRun(
        count: count, base: base, stride: placement.stride, repetitions: count, itemsPerGroup: 1,
        tables: tables, lines: LineUnits(lines: lines, alignment: 0, alignConstant: 0))
    } else if let sizes = solved.measured {
      let count = placement.groupCount
      groups = UnitRun(
        count: count, base: base, stride: placement.stride, repetitions: count,
        itemsPerGroup: placement.itemsPerGroup, tables: tables,
        measured: MeasuredUnits(
          sizes: sizes, template: shared, alongX: alongX, alignment: 0, alignConstant: 0,
          groupUnits: true,
          lastPresent: remainder == 0 ? Int(placement.itemsPerGroup) : remainder))
    } else {
      return nil
    }
    let alignConstant = ScrollContainer.alignConstant(settings, viewportLength: viewportLength)
    guard case .count(let setting) = settings.groupsPerPage else {
      // What fits: each page's groups, found in order.
      guard groups.count <= fitLimit,
        let firstGroups = PagedUnits.fitting(
          groups, snapport: viewportLength - settings.padding.leading - settings.padding.trailing)
      else { return nil }
      let paged = PagedUnits(
        groups: groups, perPage: 1, firstGroups: firstGroups, alignment: settings.alignment,
        alignConstant: alignConstant)
      return UnitRun(
        count: paged.count, base: base, stride: placement.stride, repetitions: paged.count,
        itemsPerGroup: placement.itemsPerGroup, tables: tables, paged: paged)
    }
    let perPage = min(max(setting, 1), groups.count)
    guard perPage > 1 else { return nil }
    let pages = (groups.count - 1) / perPage + 1
    return UnitRun(
      count: pages, base: base, stride: placement.stride * Double(perPage), repetitions: pages,
      itemsPerGroup: placement.itemsPerGroup.multipliedReportingOverflow(by: perPage).overflow
        ? Int64.max : placement.itemsPerGroup * perPage, tables: tables,
      paged: PagedUnits(
        groups: groups, perPage: perPage, alignment: settings.alignment,
        alignConstant: alignConstant))
  }
}
