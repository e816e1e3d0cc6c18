@testable import SnapLayoutCore
import Testing

/// The tree over section extents against a plain list of them (docs/ARCHITECTURE.md, "Many
/// sections").
@Suite("Section tree")
struct SectionTreeTests {
  /// A plain list: every answer by a walk from the start.
  struct Model {
    var ids: [Int32] = []
    var extents: [SectionExtent] = []
    let spacing: Double
    let base: WideLength

    func start(_ position: Int) -> WideLength {
      var sum = base
      for index in 0..<position { sum += WideLength(extents[index].length) }
      return sum + WideLength(position, times: WideLength(spacing))
    }
    func unitsBefore(_ position: Int) -> Int64 {
      extents[..<position].reduce(0) { SectionTree.add($0, max(0, $1.units)) }
    }
  }

  static func randomExtent(_ random: inout Lcg) -> SectionExtent {
    var extent = SectionExtent()
    extent.length = Double(random.below(4000)) / 8 + (random.below(5) == 0 ? 1.0 / 3 : 0)
    extent.mainMin = random.below(6) == 0 ? -Double(random.below(200)) : 0
    extent.mainMax = extent.length + (random.below(6) == 0 ? Double(random.below(300)) : 0)
    extent.units = random.below(3) == 0 ? 0 : Int64(random.below(50))
    extent.firstUnit = extent.units > 0 ? Double(random.below(100)) - 50 : .infinity
    extent.crossExtent = Double(random.below(1000))
    extent.stride = random.below(2) == 0 ? 0 : Double(1 + random.below(90))
    return extent
  }

  static func check(_ tree: SectionTree, _ model: Model, _ random: inout Lcg) {
    let count = model.ids.count
    var starts = [model.base]
    for index in 0..<count {
      starts.append(starts[index] + WideLength(model.extents[index].length) + WideLength(model.spacing))
    }
    let start = { (position: Int) in starts[position].points }
    #expect(tree.count == count)
    guard tree.count == count else { return }
    #expect(tree.total.length == model.start(count) - model.base - WideLength(count, times: WideLength(model.spacing)))
    #expect(tree.total.units == model.unitsBefore(count))
    #expect(tree.total.unitSections == model.extents.filter { $0.units > 0 }.count)
    #expect(tree.total.crossExtent == model.extents.map(\.crossExtent).max() ?? 0)
    #expect(tree.total.stride == (model.extents.first { $0.stride != 0 }?.stride ?? 0))
    var visited: [Int32] = []
    tree.forEach(from: 0, to: count) { position, id, summary in
      #expect(position == visited.count)
      #expect(summary.length == WideLength(model.extents[position].length))
      visited.append(id)
      return true
    }
    #expect(visited == model.ids)
    for _ in 0..<min(count + 1, 40) {
      let position = random.below(count + 1)
      #expect(tree.exactStart(at: position, base: model.base) == model.start(position))
      #expect(model.start(position) == starts[position])
      #expect(tree.unitsBefore(position) == model.unitsBefore(position))
      if position < count { #expect(tree.id(at: position) == model.ids[position]) }
    }
    // Units: each section holding some is found from any of its units.
    let units = tree.total.units
    for _ in 0..<(units > 0 ? 20 : 0) {
      let unit = Int64(random.next() % UInt64(units))
      let (position, before) = tree.section(ofUnit: unit)
      #expect(before == model.unitsBefore(position))
      #expect(before <= unit && unit < before + model.extents[position].units)
    }
    // Rect candidates: conservative, and tight up to the slack.
    let content = start(count) + 500
    for _ in 0..<20 {
      let low = Double(random.below(Int(content) + 600)) - 300
      let high = low + Double(random.below(900))
      let first = tree.firstReaching(low, base: model.base)
      let end = tree.endStartingBy(high, base: model.base)
      var trueFirst = count
      var furthest = -Double.infinity
      for position in 0..<count {
        furthest = max(furthest, start(position) + model.extents[position].mainMax)
        if furthest >= low { trueFirst = position; break }
      }
      var trueEnd = 0
      for position in 0..<count
      where start(position) + model.extents[position].mainMin <= high {
        trueEnd = position + 1
      }
      #expect(first <= trueFirst && end >= trueEnd, "low \(low) high \(high)")
      #expect(first >= trueFirst - 1 && end <= trueEnd + 1)
      // The main anchor: the last section starting at or before low.
      let anchor = tree.lastStarting(atOrBefore: low, base: model.base)
      let expected = (0..<count).last { start($0) <= low } ?? -1
      #expect(anchor == expected)
      // Snap units in order: the last section whose first unit rests at or before low.
      let unitSection = tree.lastWithFirstUnit(atOrBefore: low, base: model.base)
      let expectedUnit = (0..<count).last {
        model.extents[$0].units > 0 && start($0) + model.extents[$0].firstUnit <= low
      }
      if let expectedUnit, let unitSection {
        #expect(Swift.abs(unitSection - expectedUnit) <= 1)
      } else {
        #expect(unitSection == expectedUnit)
      }
    }
  }

  @Test("random inserts, removals, moves and updates agree with a plain list", arguments: [0.0, 8, 1.0 / 3])
  func randomOperations(spacing: Double) {
    var random = Lcg(state: 99)
    var tree = SectionTree(spacing: spacing)
    var model = Model(spacing: spacing, base: WideLength(12.5))
    var next: Int32 = 0
    for step in 0..<3000 {
      let count = model.ids.count
      switch random.below(10) {
      case 0, 1, 2, 3:
        let position = random.below(count + 1)
        let extent = Self.randomExtent(&random)
        tree.insert(next, extent, at: position)
        model.ids.insert(next, at: position)
        model.extents.insert(extent, at: position)
        next += 1
      case 4, 5:
        guard count > 0 else { continue }
        let position = random.below(count)
        #expect(tree.remove(at: position) == model.ids.remove(at: position))
        model.extents.remove(at: position)
      case 6, 7:
        guard count > 0 else { continue }
        let position = random.below(count)
        let extent = Self.randomExtent(&random)
        tree.update(at: position, extent)
        model.extents[position] = extent
      case 8:
        guard count > 0 else { continue }
        let from = random.below(count)
        let to = random.below(count)
        let id = tree.remove(at: from)
        let extent = model.extents.remove(at: from)
        model.ids.remove(at: from)
        tree.insert(id, extent, at: to)
        model.ids.insert(id, at: to)
        model.extents.insert(extent, at: to)
      default:
        // Runs of removals, so that nodes merge and the root shrinks.
        for _ in 0..<min(count, 1 + random.below(60)) {
          let position = random.below(model.ids.count)
          tree.remove(at: position)
          model.ids.remove(at: position)
          model.extents.remove(at: position)
        }
      }
      if step % 50 == 0 || model.ids.count < 3 { Self.check(tree, model, &random) }
    }
    Self.check(tree, model, &random)
  }

  @Test("a tree built at once answers as one built section by section")
  func bulkBuild() {
    var random = Lcg(state: 4)
    for count in [0, 1, 23, 24, 25, 576, 577, 5000] {
      var model = Model(spacing: 3, base: .zero)
      for index in 0..<count {
        model.ids.append(Int32(index))
        model.extents.append(Self.randomExtent(&random))
      }
      let tree = SectionTree(ids: model.ids, extents: model.extents, spacing: 3)
      Self.check(tree, model, &random)
    }
  }
}
