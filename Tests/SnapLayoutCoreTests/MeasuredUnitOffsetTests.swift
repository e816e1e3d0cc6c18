@testable import SnapLayoutCore
import Testing

/// `MeasuredUnits.offset`, the fast path every solve takes for a section's first unit and
/// every rest position of a measured section, against the reference it shortcuts: the offset
/// of `MeasuredUnits.unit`, which builds the repetition's arrays of offsets. Whole repetitions
/// as units (free and group snapping), a list's one-cell rows and grids of several cells
/// (item snapping), each alignment, cells measured longer, shorter and 0 long, the partial last
/// repetition, a horizontal layout.
@Suite("Measured unit offsets")
struct MeasuredUnitOffsetTests {
  /// Every unit of every measured run of `layout`, its section placed at its start.
  static func expectSameOffsets(_ layout: Layout, _ note: String) -> Int {
    var checked = 0
    for section in 0..<layout.sectionCount {
      guard let run = layout.entries[section].mainRun, let measured = run.measured else {
        continue
      }
      let start = layout.entries.start(at: section)
      for unit in 0..<run.count {
        let (repetition, index) = run.position(unit)
        let reference = measured.unit(index, of: repetition, in: run, base: run.origin(start))
        let fast = run.offset(unit, start: start)
        #expect(
          fast.bitPattern == reference.offset.bitPattern,
          "\(note): section \(section), unit \(unit): \(fast) against \(reference.offset)")
        if fast.bitPattern != reference.offset.bitPattern { return checked }
        checked += 1
      }
    }
    return checked
  }

  @Test("the fast offsets are the reference's, bit for bit, for every snap unit and alignment")
  func everySnapUnit() throws {
    var checked = 0
    for unit in [SnapUnit.none, .item, .group, .page] {
      for alignment in [0.0, 0.5, 1.0] {
        for horizontal in [false, true] {
          var scrolling = ScrollingProperties()
          scrolling.snapUnit = unit
          scrolling.alignment = alignment
          // A one-cell list (its last row short of a full repetition: 7 items of pairs in
          // the grid), a grid of two cells a row, a list whose rows are groups of two cells.
          let list = LayoutSection(
            group: vgroup(fw(1), est(44), .subitems([item(fw(1), est(44))])), itemCount: 60,
            interGroupSpacing: 3)
          let grid = LayoutSection(
            group: hgroup(fw(1), est(80), .subitems([item(fw(0.5), est(80))])), itemCount: 37)
          let pairs = LayoutSection(
            group: vgroup(
              fw(1), est(60),
              .subitems([item(fw(1), est(30)), item(fw(1), est(30))])), itemCount: 41)
          let description = LayoutDescription(
            configuration: LayoutConfiguration(
              scrollDirection: horizontal ? .horizontal : .vertical, scrolling: scrolling),
            environment: LayoutEnvironment(),
            sections: [list, grid, pairs].map { horizontal ? $0.transposed : $0 })
          let layout = try Layout.solving(description)
          try layout.setContainerSize(
            horizontal ? Size(width: 700, height: 390) : Size(width: 390, height: 700))
          var random = Lcg(state: 11)
          let note = "\(unit), alignment \(alignment), horizontal \(horizontal)"
          for round in 0..<40 {
            let section = random.below(3)
            let count = try layout.itemCount(section: section)
            // The last item too, and lengths from 0 to far past the estimate, in quarters.
            let item = round % 5 == 0 ? count - 1 : Int64(random.below(Int(count)))
            let along = Double(random.below(1200)) / 4
            let size = Size(width: 100, height: along)
            _ = try layout.reportItemSize(
              horizontal ? size.transposed : size, section: section, item: item)
          }
          checked += Self.expectSameOffsets(layout, note)
        }
      }
    }
    // Every run measured: 60 + 19 + 21 units at least per layout, 24 layouts.
    #expect(checked >= 24 * 100)
  }
}
