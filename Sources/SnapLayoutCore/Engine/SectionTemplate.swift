/// A section's root group solved at one container size, with what follows from it alone: the
/// part of a section's solution that does not depend on its item count, shared by the sections
/// of one shape (`SectionShape`) and reused when a section is solved again at the same size.
final class SectionTemplate {
  /// Solves repetitions with measured cells, and measures extents.
  let repetitionSolver: RepetitionSolver
  /// One repetition's frames.
  let template: GroupTemplate
  /// The root group's container (docs/LAYOUT-RULES.md, "Dimensions").
  let groupContainer: Size
  /// A full repetition's length along the repeat axis, edge spacing included, and the
  /// distance between repetitions.
  let step: Double
  let stride: Double
  /// The root group's offset across the repeat axis (its leading edge spacing, flexible edges
  /// resolved), its leading edge spacing along it, and its trailing edge spacing across it.
  let crossOffset: Double
  let leadingEdge: Double
  let trailingCrossEdge: Double
  /// Whether the section has a background (cells and badges rise above it,
  /// docs/LAYOUT-RULES.md, "zIndex").
  let hasBackground: Bool
  /// Where the snap units of a repetition rest, per container axis and last-repetition size,
  /// built once (`unitTables(alongX:byGroup:remainder:settings:viewportLength:)`).
  var unitTables: [(key: Int, tables: UnitTables)] = []

  private init(
    repetitionSolver: RepetitionSolver, template: GroupTemplate, groupContainer: Size,
    step: Double, stride: Double, crossOffset: Double, leadingEdge: Double,
    trailingCrossEdge: Double, hasBackground: Bool
  ) {
    self.repetitionSolver = repetitionSolver
    self.template = template
    self.groupContainer = groupContainer
    self.step = step
    self.stride = stride
    self.crossOffset = crossOffset
    self.leadingEdge = leadingEdge
    self.trailingCrossEdge = trailingCrossEdge
    self.hasBackground = hasBackground
  }

  /// Solves the root group of `section` in `container` (canonical), for section `index`.
  ///
  /// A factory, not a throwing initializer: Embedded Swift does not free a class instance
  /// whose initializer throws (valgrind saw the leak when a container too small failed).
  /// - Throws: `LayoutError` naming the section when its group cannot be solved there.
  static func solve(
    _ section: LayoutSection, index: Int, container: Size, environmentInsets env: DirectionalEdgeInsets,
    resolver: DimensionResolver, kinds: KindTable, transposed: Bool, sectionUniform: Size
  ) throws(LayoutError) -> SectionTemplate {
    let path = "/sections/\(index)"
    let insets = section.contentInsets
    let orthogonal = section.isOrthogonal
    // The root group's container (docs/LAYOUT-RULES.md, "Dimensions"). Section insets shrink it
    // only across the repeat axis; for orthogonal sections that is the main axis.
    let groupContainer =
      orthogonal
      ? Size(
        width: container.width - env.horizontal,
        height: container.height - env.vertical - insets.vertical)
      : Size(
        width: container.width - env.horizontal - insets.horizontal,
        height: container.height - env.vertical)
    guard groupContainer.width > 0, groupContainer.height > 0 else {
      let size =
        "\(container.physical(transposed).width) x \(container.physical(transposed).height) pt"
      // Name the insets that are there: the environment's, when they alone leave no room, or
      // the section's (a flow section's come from a `sectionInset`).
      guard container.width - env.horizontal > 0, container.height - env.vertical > 0 else {
        throw LayoutError(
          .invalidLayout,
          "the environment's contentInsets leave no room for the sections in a \(size) container",
          path: "/environment/contentInsets")
      }
      throw LayoutError(
        .invalidLayout,
        "the section's contentInsets leave no room for its group in a \(size) container",
        path: section.flowItems?.sectionInsetPath ?? path + "/contentInsets")
    }
    let hasBackground = !section.decorationItems.isEmpty
    // A flow section's line depends on the room across the scroll axis (docs/FLOW-LAYOUT.md).
    let group =
      try section.flowItems.map { flow throws(LayoutError) in
        // The size may be the section's or flowLayout's: the error points at the section.
        try FlowLine.group(flow, length: groupContainer.width, path: path)
      } ?? section.group
    let repeatEdges = group.edgeSpacing.along(orthogonal ? .horizontal : .vertical)
    let crossEdges = group.edgeSpacing.along(orthogonal ? .vertical : .horizontal)
    var solver = RepetitionSolver(
      group: group, proposedSize: resolver.resolve(group.layoutSize, in: groupContainer),
      resolver: resolver, kinds: kinds, transposed: transposed, promotesBadges: hasBackground,
      alongX: orthogonal,
      edgeLength: (repeatEdges.pre?.value ?? 0) + (repeatEdges.post?.value ?? 0))
    let template = try solver.solveTemplate(sectionUniform: sectionUniform, path: path + "/group")

    // The root group's edge spacing (docs/LAYOUT-RULES.md, "Sections"). Along the repeat axis
    // only the (minimum) values count; across it flexible edges share the leftover room.
    let step = solver.extent(template)
    let stride = step + section.interGroupSpacing
    var crossOffset = crossEdges.pre?.value ?? 0
    if !orthogonal {
      let flexible = (crossEdges.pre?.isFlexible == true ? 1 : 0)
        + (crossEdges.post?.isFlexible == true ? 1 : 0)
      if flexible > 0 && crossEdges.pre?.isFlexible == true {
        let used = template.size.width + crossOffset + (crossEdges.post?.value ?? 0)
        crossOffset += (groupContainer.width - used) / Double(flexible)
      }
    }
    return SectionTemplate(
      repetitionSolver: solver, template: template, groupContainer: groupContainer, step: step,
      stride: stride, crossOffset: crossOffset, leadingEdge: repeatEdges.pre?.value ?? 0,
      trailingCrossEdge: crossEdges.post?.value ?? 0, hasBackground: hasBackground)
  }
}
