/// Builds the scroll containers of a freshly solved layout.
struct ScrollBuilder {
  let layout: Layout
  /// The collection view's bounds (canonical).
  let container: Size
  let contentSize: Size
  let sections: [SolvedSection]
  let displayScale: Double

  init(_ solved: SolvedLayout, _ layout: Layout) {
    self.layout = layout
    container = solved.canonicalContainer
    contentSize = solved.contentSize
    sections = solved.sections
    displayScale = layout.description.environment.displayScale
  }

  /// The main scroll: along y in canonical coordinates, every section contributing its units
  /// (an orthogonal section is one unit: its row).
  func mainScroll() -> ScrollContainer {
    let settings = ScrollSettings.free.overridden(by: layout.description.configuration.scrolling)
    var runs: [UnitRun] = []
    var stride = 0.0
    for (index, section) in sections.enumerated() where section.placement.itemCount > 0 {
      runs.append(
        ScrollContainer.run(
          section: index, solved: section, settings: settings, viewportLength: container.height,
          alongX: false, whole: section.placement.isOrthogonal))
      if stride == 0 && !section.placement.isOrthogonal { stride = section.placement.stride }
    }
    return ScrollContainer(
      id: -1, behavior: .none, settings: settings, viewportLength: container.height,
      contentLength: contentSize.height, insets: settings.contentInset,
      units: UnitSequence(runs: runs), unitStride: stride, displayScale: displayScale)
  }

  /// An orthogonal section's scroll, along x in canonical coordinates (nil when the section
  /// follows the main axis).
  func orthogonalScroll(section index: Int) -> ScrollContainer? {
    let description = layout.sections[index]
    guard description.isOrthogonal else { return nil }
    let solved = sections[index]
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
      section: index, solved: solved, settings: settings, viewportLength: width, alongX: true,
      whole: false)
    return ScrollContainer(
      id: index, behavior: behavior, settings: settings, viewportLength: width,
      contentLength: solved.orthogonalContentLength, insets: insets,
      units: UnitSequence(runs: [run]), unitStride: solved.placement.stride,
      displayScale: displayScale)
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
      id: -1, behavior: .none, settings: .free, viewportLength: 0, contentLength: 0,
      insets: (0, 0), units: UnitSequence(runs: []), unitStride: 0, displayScale: 0)
  }
}
