/// Builds the scroll containers of a solved layout: each orthogonal section's when the section
/// is solved (it does not depend on where the section is), the main scroll after every change
/// (O(log sections): its units are read through the layout's sections).
struct ScrollBuilder {
  let layout: Layout
  /// The collection view's bounds (canonical).
  let container: Size
  let displayScale: Double
  /// The main scroll's settings.
  let mainSettings: ScrollSettings

  init(_ layout: Layout, container: Size) {
    self.layout = layout
    self.container = container
    displayScale = layout.description.environment.displayScale
    mainSettings = layout.mainSettings
  }

  /// A section's units in the main scroll (an orthogonal section is one unit: its row), or nil
  /// when it has no items. `solved` is placed at 0.
  func mainRun(_ solved: SolvedSection) -> UnitRun? {
    guard solved.placement.itemCount > 0 else { return nil }
    return ScrollContainer.run(
      solved: solved, settings: mainSettings, viewportLength: container.height, alongX: false,
      whole: solved.placement.isOrthogonal)
  }

  /// The main scroll: along y in canonical coordinates, every section contributing its units.
  func mainScroll(contentLength: Double) -> ScrollContainer {
    let settings = mainSettings
    var loop: ScrollContainer.LoopShape? = nil
    if settings.loop && layout.entries.count > 0 {
      // The seam is one more section boundary: the period adds the spacing between sections
      // (docs/SNAPPING.md, "Looping"). O(sections), for looping main scrolls only.
      var longest = 0.0
      for entry in layout.entries.slots {
        longest = max(longest, entry.solved.longestGroup(alongX: false))
      }
      loop = ScrollContainer.LoopShape(
        period: contentLength + layout.description.configuration.interSectionSpacing,
        longest: longest)
    }
    return noted(
      ScrollContainer(
        isSection: false, behavior: .none, settings: settings, viewportLength: container.height,
        contentLength: contentLength, insets: settings.contentInset,
        units: UnitSequence(
          store: layout.entries,
          alignConstant: ScrollContainer.alignConstant(settings, viewportLength: container.height)),
        unitStride: layout.entries.tree.total.stride,
        displayScale: displayScale, loop: loop, landing: layout.mainLanding))
  }

  /// `scroll`, with the layout told when it loops (`Layout.mayLoop`).
  private func noted(_ scroll: ScrollContainer) -> ScrollContainer {
    if scroll.loops { layout.mayLoop = true }
    return scroll
  }

  /// An orthogonal section's scroll, along x in canonical coordinates (nil when the section
  /// follows the main axis). `solved` is placed at 0; the scroll does not depend on where.
  func orthogonalScroll(_ solved: SolvedSection, shape: SectionShape) -> ScrollContainer? {
    // Tested before the description is copied (its arrays retained and released): every
    // solve of a section asks, most sections follow the main axis.
    guard shape.canonical.isOrthogonal else { return nil }
    let description = shape.canonical
    let behavior = description.orthogonalScrollingBehavior
    let groupLeading = layout.environmentInsets.leading + description.contentInsets.leading
    let settings = ScrollSettings.defaults(for: behavior, groupLeading: groupLeading)
      .overridden(by: description.orthogonalScrollingProperties)
    let width = container.width
    var insets = (leading: 0.0, trailing: 0.0)
    if behavior == .groupPagingCentered && solved.placement.groupCount > 0 {
      // UIKit adds insets so that the first and last groups can rest centred (docs/SNAPPING.md,
      // "The six orthogonal behaviors"; LAYOUT-RULES.md, "Orthogonal sections").
      let groupWidth = solved.template.size.width
      let first = solved.placement.origin.x + groupWidth / 2 - width / 2
      let lastGroup = solved.placement.groupCount - 1
      // The last group as it is laid out (a partial one is shorter; a measured one longer) is
      // centred at the end, as its unit rests there (docs/SNAPPING.md, "A unit's span").
      let remainder = Int(solved.placement.itemCount % max(solved.placement.itemsPerGroup, 1))
      let lastWidth =
        remainder == 0
        ? groupWidth : solved.repetitionSolver.groupLength(solved.template, present: remainder)
      let last =
        first + Double(lastGroup) * solved.placement.stride + solved.shift(before: lastGroup)
        + ((lastWidth - groupWidth) + (solved.measured?.delta(ofRepetition: lastGroup) ?? 0)) / 2
      insets = (
        roundToPixel(max(0, -first)),
        roundToPixel(max(0, last - (solved.orthogonalContentLength - width)))
      )
    }
    let run = ScrollContainer.run(
      solved: solved, settings: settings, viewportLength: width, alongX: true, whole: false)
    // The section is not known here: answers name section 0, and the layout names the
    // container instead (`Layout.withScroll`).
    return noted(ScrollContainer(
      isSection: true, behavior: behavior, settings: settings, viewportLength: width,
      contentLength: solved.orthogonalContentLength, insets: insets,
      units: UnitSequence(runs: [run], sections: [0], starts: [0]),
      unitStride: solved.placement.stride, displayScale: displayScale,
      loop: settings.loop && solved.placement.groupCount > 0
        ? ScrollContainer.LoopShape(
          period: loopPeriod(solved, description), longest: solved.longestGroup(alongX: true))
        : nil))
  }

  /// An orthogonal section's loop period: its groups' span — the content without the insets
  /// around it — and one more spacing, the seam (docs/SNAPPING.md, "Looping").
  private func loopPeriod(_ solved: SolvedSection, _ description: LayoutSection) -> Double {
    let env = layout.environmentInsets
    let insets = description.contentInsets
    let groups =
      solved.orthogonalContentLength - (env.leading + insets.leading)
      - (insets.trailing + env.trailing)
    return groups + description.interGroupSpacing
  }

  /// Rounds to the nearest pixel, ties up; the bias makes values that are exact halves in
  /// exact arithmetic round the same way despite binary rounding (as `DimensionResolver.snap`).
  private func roundToPixel(_ value: Double) -> Double {
    displayScale > 0 ? (value * displayScale + 0.5 + 1e-7).rounded(.down) / displayScale : value
  }
}

extension ScrollContainer {
  /// Stands in before the first container size.
  static var placeholder: ScrollContainer {
    ScrollContainer(
      isSection: false, behavior: .none, settings: .free, viewportLength: 0, contentLength: 0,
      insets: (0, 0), units: UnitSequence(runs: [], sections: [], starts: []), unitStride: 0,
      displayScale: 0)
  }
}
