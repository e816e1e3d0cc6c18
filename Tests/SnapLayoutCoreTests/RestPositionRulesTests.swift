@testable import SnapLayoutCore
import Testing

/// The rest-position rules issue 17 found broken from outside (defects 7 to 13): free
/// deceleration of continuousGroupLeadingBoundary, the bounds of every containment, the merge
/// distance, a reference of none, the item of content shorter than the viewport, and +0
/// (docs/SNAPPING.md, "The release pipeline" and "Rest positions").
@Suite("Rest-position rules")
struct RestPositionRulesTests {
  /// The six behaviors' section (docs/SNAPPING.md): groups 312 wide, stride 322, insets 16 at
  /// 390: bounds [0, 1564].
  func orthogonal(
    _ behavior: OrthogonalScrollingBehavior, properties: ScrollingProperties = ScrollingProperties()
  ) throws -> Layout {
    let section = LayoutSection(
      group: hgroup(fw(0.8), abs_(200), .subitems([item(fw(1), fh(1))])), itemCount: 6,
      contentInsets: DirectionalEdgeInsets(top: 0, leading: 16, bottom: 0, trailing: 16),
      interGroupSpacing: 10, orthogonalScrollingBehavior: behavior,
      orthogonalScrollingProperties: properties)
    return try solve([section], width: 390, height: 844)
  }

  /// Twenty 100-pt rows below a top inset of `top`, snapping by item at 400 x 800: row k rests
  /// at top + 100·k; content bounds [0, top + 1200].
  func rows(top: Double = 100, _ configure: (inout ScrollingProperties) -> Void = { _ in })
    throws -> Layout
  {
    var scrolling = ScrollingProperties()
    scrolling.snapUnit = .item
    configure(&scrolling)
    let section = LayoutSection(
      group: hgroup(fw(1), abs_(100), .subitems([item(fw(1), fh(1))])), itemCount: 20,
      contentInsets: DirectionalEdgeInsets(top: top, leading: 0, bottom: 0, trailing: 0))
    return try solve(
      [section], width: 400, height: 800,
      configuration: LayoutConfiguration(scrolling: scrolling))
  }

  func snaps(_ layout: Layout, _ container: Int) throws -> [Double] {
    let count = try layout.snapCount(container)
    return try (0..<count).map { try layout.snapOffset($0, container: container) }
  }

  func target(
    _ layout: Layout, _ start: Double, _ release: Double, _ velocity: Double,
    container: Int = mainScrollContainer
  ) throws -> Double {
    try layout.resolveScroll(
      ScrollRelease(startOffset: start, releaseOffset: release, velocity: velocity),
      container: container
    ).targetOffset
  }

  @Test("continuousGroupLeadingBoundary rests where a free deceleration stops, at any velocity")
  func slowReleaseProjects() throws {
    let glide = try orthogonal(.continuousGroupLeadingBoundary)
    // 200 − 0.12·499 = 140.12: nearest 0, not forward to 322.
    #expect(try target(glide, 0, 200, -120, container: 0) == 0)
    // 100 + 0.15·499 = 174.85: nearest 322.
    #expect(try target(glide, 0, 100, 150, container: 0) == 322)
    #expect(try target(glide, 0, 200, 0, container: 0) == 322)
    var positional = ScrollingProperties()
    positional.slowRelease = .positional
    let old = try orthogonal(.continuousGroupLeadingBoundary, properties: positional)
    #expect(try target(old, 0, 200, -120, container: 0) == 322)
    // The paging behaviors keep the positional rule; the projection is a setting there too.
    #expect(try target(try orthogonal(.groupPaging), 0, 100, 150, container: 0) == 0)
    var projection = ScrollingProperties()
    projection.slowRelease = .projection
    // groupPaging decelerates fast (99 pt per pt/ms): 170 − 0.12·99 = 158.12, nearest 0; the
    // positional rule crosses half a group (170/322 = 0.53) and moves on.
    let paging = try orthogonal(.groupPaging, properties: projection)
    #expect(try target(paging, 0, 170, -120, container: 0) == 0)
    #expect(try target(try orthogonal(.groupPaging), 0, 170, -120, container: 0) == 322)
  }

  @Test(
    "every containment starts at a rest position, and items and releases agree",
    arguments: [SnapContainment.trimSnaps, .keepSnaps, .none])
  func containmentBounds(_ containment: SnapContainment) throws {
    let layout = try rows { $0.containment = containment }
    let info = try layout.scrollInfo(mainScrollContainer)
    let offsets = try snaps(layout, mainScrollContainer)
    #expect(info.offset == info.minimumOffset)
    #expect(offsets.first == info.minimumOffset && offsets.last == info.maximumOffset)
    switch containment {
    case .trimSnaps:
      #expect(offsets == [0] + (1...12).map { Double($0) * 100 } + [1300])
    case .keepSnaps:
      #expect(offsets == [0] + (1...12).map { Double($0) * 100 } + Array(repeating: 1300, count: 8))
    case .none:
      #expect(info.minimumOffset == 100 && info.maximumOffset == 2000)
      #expect(offsets == (1...20).map { Double($0) * 100 })
    }
    for item: Int64 in 0..<20 {
      let shown = try layout.snapOffset(forSection: 0, item: item, container: mainScrollContainer)
      #expect(offsets[Int(shown.index)] == shown.offset)
      #expect(shown.offset >= info.minimumOffset && shown.offset <= info.maximumOffset)
      #expect(try target(layout, shown.offset, shown.offset, 0) == shown.offset)
    }
  }

  @Test("containment none: the bounds may lie outside the content")
  func noneOutside() throws {
    let layout = try rows {
      $0.containment = SnapContainment.none
      $0.alignment = 0.5
    }
    let info = try layout.scrollInfo(mainScrollContainer)
    // Row k's centre 150 + 100k at the viewport's centre 400: 100k − 250.
    #expect(info.minimumOffset == -250 && info.maximumOffset == 1650 && info.offset == -250)
    #expect(try target(layout, 1500, 1600, 20000) == 1650)
  }

  @Test("a unit within the merge distance of a bound rests on the bound")
  func mergeDistance() throws {
    // 5 % of 800 = 40: row 0 (10) merges into 0, rows from 1210 on into 1210.
    let merged = try rows(top: 10)
    let inside = (1...11).map { Double($0) * 100 + 10 }
    #expect(try snaps(merged, mainScrollContainer) == [0] + inside + [1210])
    #expect(try merged.snapPosition(at: 8, container: mainScrollContainer).item == 0)
    let apart = try rows(top: 10) { $0.mergeDistance = 5 }
    #expect(try Array(snaps(apart, mainScrollContainer).prefix(3)) == [0, 10, 110])
    let keep = try rows(top: 10) { $0.containment = .keepSnaps }
    let kept = try snaps(keep, mainScrollContainer)
    #expect(kept.count == 20 && kept.first == 0 && kept[1] == 110 && kept.last == 1210)
    // The default merge distance: 5 % of the 800-pt snapport.
    let fast = merged.solved.mainScroll.snaps
    #expect(fast.mergeDistance == 40)
    // UIKit's worked examples keep their numbers.
    #expect(try snaps(try orthogonal(.groupPagingCentered), 0) == [-23, 299, 621, 943, 1265, 1587])
    #expect(try snaps(try orthogonal(.groupPaging), 0) == [0, 322, 644, 966, 1288, 1564])
    #expect(try snaps(try orthogonal(.paging), 0) == [0, 390, 780, 1170, 1560, 1564])
  }

  @Test("a reference of none (-1) measures from the start offset")
  func noReference() throws {
    let layout = try rows()
    let with = try layout.resolveScroll(
      ScrollRelease(startOffset: 300, releaseOffset: 340, velocity: 0, referenceSnap: -1),
      container: mainScrollContainer)
    let without = try layout.resolveScroll(
      ScrollRelease(startOffset: 300, releaseOffset: 340, velocity: 0),
      container: mainScrollContainer)
    #expect(with == without && without.referenceSnap == 3)
  }

  @Test("content shorter than the viewport names the first unit's item")
  func shortContentItem() throws {
    let section = LayoutSection(
      group: hgroup(abs_(100), abs_(100), .subitems([item(fw(1), fh(1))])), itemCount: 2,
      orthogonalScrollingBehavior: .groupPaging)
    let layout = try solve([section], width: 390, height: 844)
    let decision = try layout.resolveScroll(
      ScrollRelease(startOffset: 0, releaseOffset: 30, velocity: 500), container: 0)
    #expect(decision.snapIndex == 0 && decision.section == 0 && decision.item == 0)
    let position = try layout.snapPosition(at: 40, container: 0)
    #expect(position.section == 0 && position.item == 0)
    let shown = try layout.snapOffset(forSection: 0, item: 1, container: 0)
    #expect(shown.offset == 0 && shown.index == 0)
  }

  @Test("the main scroll without an inset starts at +0")
  func positiveZero() throws {
    let layout = try rows(top: 0)
    let info = try layout.scrollInfo(mainScrollContainer)
    #expect(info.minimumOffset == 0 && info.minimumOffset.sign == .plus)
    #expect((-0.0).positiveZero.sign == .plus && (-2.5).positiveZero == -2.5)
  }
}
