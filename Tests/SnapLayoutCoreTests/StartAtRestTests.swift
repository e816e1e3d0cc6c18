import Testing

import SnapLayoutCore

/// Start at rest (issue 21, point 3; docs/SNAPPING.md, "Rest positions"): until the host
/// scrolls it, every container rests at one of its rest positions — the first, or
/// `initialIndex` — under every behavior, containment, alignment, inset and loop, so that a
/// release with no drag never moves it.
@Suite struct StartAtRestTests {
  static let containments: [SnapContainment?] = [nil, .trimSnaps, .keepSnaps, SnapContainment.none]

  @Test(arguments: OrthogonalScrollingBehavior.allCases.filter { $0 != .none })
  func everyContainerStartsAtARestPosition(_ behavior: OrthogonalScrollingBehavior) throws {
    var generator = Lcg(state: UInt64(behavior.rawValue) + 11)
    for _ in 0..<60 {
      var properties = ScrollingProperties()
      properties.containment = StartAtRestTests.containments[Int(generator.next() % 4)]
      properties.loop = generator.next() % 3 == 0
      let initial = generator.next() % 3 == 0 ? Int64(generator.next() % 9) : nil
      properties.initialIndex = initial
      if generator.next() % 2 == 0 { properties.alignment = [0, 0.5, 1][Int(generator.next() % 3)] }
      let width = Double(100 + generator.next() % 300)
      let group = hgroup(abs_(width), abs_(120), .subitems([item(fw(1), fh(1))]))
      let leading = Double(generator.next() % 60)
      let layout = try solve([
        LayoutSection(
          group: group, itemCount: Int64(1 + generator.next() % 8),
          contentInsets: DirectionalEdgeInsets(top: 0, leading: leading, bottom: 0, trailing: 8),
          interGroupSpacing: Double(generator.next() % 20), orthogonalScrollingBehavior: behavior,
          orthogonalScrollingProperties: properties)
      ])
      let info = try layout.scrollInfo(0)
      let count = try layout.snapCount(0)
      guard count > 0 else { continue }
      let expected = min(initial ?? 0, count - 1)
      #expect(
        info.offset == (try layout.snapOffset(expected, container: 0)),
        "\(behavior) \(properties.containment.map { "\($0)" } ?? "default"): starts at \(info.offset)")
      // A touch and release without a drag stays where it is.
      let decision = try layout.resolveScroll(
        ScrollRelease(startOffset: info.offset, releaseOffset: info.offset, velocity: 0),
        container: 0)
      #expect(decision.targetOffset == info.offset)
    }
  }

  /// CSS's case: one snap area 200 pt in. With containment `none` the bounds are the first and
  /// last rest positions and the scroll starts at 200; with the default the start bound is a
  /// rest position of its own and it starts there.
  @Test func oneSnapAreaTwoHundredPointsIn() throws {
    func layout(_ containment: SnapContainment?) throws -> Layout {
      var scrolling = ScrollingProperties()
      scrolling.snapUnit = .group
      scrolling.containment = containment
      let card = hgroup(fw(1), abs_(300), .subitems([item(fw(1), fh(1))]))
      return try solve(
        [LayoutSection(group: card, itemCount: 1, contentInsets: DirectionalEdgeInsets(
          top: 200, leading: 0, bottom: 2000, trailing: 0))],
        configuration: LayoutConfiguration(scrolling: scrolling))
    }
    #expect(try layout(SnapContainment.none).scrollOffset(-1) == 200)
    #expect(try layout(nil).scrollOffset(-1) == 0)
    #expect(try layout(nil).snapOffset(0, container: -1) == 0)
  }
}
