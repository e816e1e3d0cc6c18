/// Solves one repetition of a section's root group — the template, or a repetition with
/// measured cells — and measures how far it reaches along the repeat axis.
struct RepetitionSolver {
  let group: LayoutGroup
  /// The root group's size before self-sizing (its estimated axes hold the estimates).
  let proposedSize: Size
  let resolver: DimensionResolver
  let kinds: KindTable
  let transposed: Bool
  /// Whether cells' supplementary items rise above a background (spec §7.7).
  let promotesBadges: Bool
  let path: String
  /// Whether repetitions follow one another along x (an orthogonal section).
  let alongX: Bool
  /// The root group's edge spacing before and after it along the repeat axis.
  let edgeLength: Double

  func solve(_ measurements: LeafMeasurements) throws(LayoutError) -> GroupTemplate {
    var solver = GroupSolver(resolver: resolver, kinds: kinds, transposed: transposed)
    var template = try solver.solveRoot(
      group, size: proposedSize, path: path, measurements: measurements)
    if promotesBadges {
      // Spec §7.7: with a background, cells and supplementaries are promoted above it.
      for index in template.badges.indices {
        template.badges[index].zIndex = max(template.badges[index].zIndex, 1)
      }
    }
    return template
  }

  /// The length a repetition of `template` holding its first `present` cells takes along the
  /// repeat axis (spec §7.3): the full step, minus how far the missing cells would have
  /// reached beyond the present ones.
  func extent(_ template: GroupTemplate, present: Int? = nil) -> Double {
    let step = (alongX ? template.size.width : template.size.height) + edgeLength
    guard let present, present < template.leaves.count else { return step }
    var all = -Double.infinity
    var reached = -Double.infinity
    for (index, leaf) in template.leaves.enumerated() {
      let end = alongX ? leaf.frame.maxX : leaf.frame.maxY
      all = max(all, end)
      if index < present { reached = max(reached, end) }
    }
    return step - (all - reached)
  }

  /// The template of `repetition` with its measured cells, or `template` when it has none.
  func template(
    of repetition: Int64, measured: MeasuredSizes, template: GroupTemplate
  ) -> GroupTemplate {
    let measurements = measured.measurements(forRepetition: repetition)
    guard measurements.page != nil else { return template }
    // The template solved; the same group with measured cells solves too.
    return (try? solve(measurements)) ?? template
  }

  /// How much longer than `template` a measured repetition is, and its extent across the
  /// repeat axis.
  func change(
    of repetition: Int64, present: Int, measured: MeasuredSizes, template: GroupTemplate
  ) -> (delta: Double, cross: Double) {
    let measurements = measured.measurements(forRepetition: repetition)
    guard measurements.page != nil, let solved = try? solve(measurements) else {
      return (0, .nan)
    }
    return (
      extent(solved, present: present) - extent(template, present: present),
      alongX ? solved.size.height : solved.size.width
    )
  }
}
