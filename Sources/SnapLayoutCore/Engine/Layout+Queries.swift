/// What kind of view an element is.
public enum ElementCategory: Int32, Sendable {
  case cell = 0
  case supplementary = 1
  case decoration = 2
}

/// One laid-out element, in the host's coordinates.
public struct LayoutElement: Equatable, Sendable {
  public var frame: Rect
  public var category: ElementCategory
  /// The section, or -1 for layout-level boundary items.
  public var section: Int32
  /// The item for cells and item supplementary items, else 0.
  public var item: Int64
  /// The kind id (see `KindTable`), or -1 for cells.
  public var kind: Int32
  public var zIndex: Int32

  public static let cellKind: Int32 = -1
  public static let layoutSection: Int32 = -1
}

/// Receives the elements of a rect query one at a time.
public protocol ElementVisitor {
  mutating func visit(_ element: LayoutElement)
  /// Whether the visitor wants no more elements; checked between repetitions and sections, so
  /// a visitor can bound the work of a rect that holds billions of elements.
  var isFinished: Bool { get }
}

extension ElementVisitor {
  public var isFinished: Bool { false }
}

/// Solved facts about one section, in the host's coordinates.
public struct SectionInfo: Equatable, Sendable {
  public var frame: Rect
  public var itemCount: Int64
  public var groupCount: Int64
  public var itemsPerGroup: Int64
  public var behavior: OrthogonalScrollingBehavior
  public var orthogonalContentLength: Double
  public var orthogonalOffset: Double
}

extension Layout {
  /// The frame of one cell, including the section's orthogonal offset.
  /// - Complexity: O(1).
  public func itemFrame(section: Int, item: Int64) throws(LayoutError) -> Rect {
    try requireSolved()
    try checkSection(section)
    // Chains of stored properties only: no solved struct is copied (see `Layout`).
    let placement = solved.sections[section].placement
    guard item >= 0, item < placement.itemCount else {
      throw LayoutError(
        .outOfRange,
        "item \(item) does not exist; section \(section) has \(placement.itemCount) items",
        path: "item")
    }
    let n = placement.itemsPerGroup
    let slot = solved.sections[section].template.leaves[Int(item % n)].frame
    return space.physical(placement.place(slot, repetition: item / n, offset: offsets[section]))
  }

  /// Solved facts about a section.
  public func sectionInfo(_ section: Int) throws(LayoutError) -> SectionInfo {
    try requireSolved()
    try checkSection(section)
    let placement = solved.sections[section].placement
    return SectionInfo(
      frame: space.physical(solved.sections[section].frame), itemCount: placement.itemCount,
      groupCount: placement.groupCount, itemsPerGroup: placement.itemsPerGroup,
      behavior: solved.sections[section].behavior,
      orthogonalContentLength: solved.sections[section].orthogonalContentLength,
      orthogonalOffset: offsets[section])
  }

  /// Visits every element whose frame intersects `rect` (host coordinates), in the order
  /// layout-level items, then per section: decorations, cells each followed by its item
  /// supplementary items, boundary items.
  /// - Complexity: O(log sections + elements visited).
  public func visitElements<V: ElementVisitor>(in rect: Rect, _ visitor: inout V)
    throws(LayoutError)
  {
    guard rect.x.isFinite, rect.y.isFinite, rect.width.isFinite, rect.height.isFinite,
      rect.width >= 0, rect.height >= 0
    else {
      throw LayoutError(
        .invalidArgument, "the rect must be finite with a non-negative width and height",
        path: "rect")
    }
    try visitElements(query: rect, &visitor)
  }

  /// Visits every element, including those of orthogonal sections scrolled out of the
  /// content rect, in the order of `visitElements(in:_:)`.
  public func visitAllElements<V: ElementVisitor>(_ visitor: inout V) throws(LayoutError) {
    let far = 1e300
    try visitElements(query: Rect(x: -far, y: -far, width: 2 * far, height: 2 * far), &visitor)
  }

  private func visitElements<V: ElementVisitor>(query rect: Rect, _ visitor: inout V)
    throws(LayoutError)
  {
    try requireSolved()
    let space = self.space
    let query = space.canonical(rect)
    let emitter = Emitter(space: space, query: query)
    for element in solved.globalItems {
      emitter.emit(
        element, category: .supplementary, section: LayoutElement.layoutSection, into: &visitor)
    }
    let sections = solved.sections
    for index in solved.candidateSections(from: query.minY, to: query.maxY) {
      if visitor.isFinished { return }
      emitter.emitSection(sections, index: index, offset: offsets[index], into: &visitor)
    }
  }

  /// Converts canonical frames to host elements and filters them against the query.
  private struct Emitter {
    let space: CoordinateSpace
    let query: Rect

    @inline(__always)
    func emit<V: ElementVisitor>(
      _ element: PlacedElement, category: ElementCategory, section: Int32, into visitor: inout V
    ) {
      guard element.frame.intersects(query) else { return }
      visitor.visit(
        LayoutElement(
          frame: space.physical(element.frame), category: category,
          section: section, item: 0, kind: element.kind, zIndex: element.zIndex))
    }

    func emitSection<V: ElementVisitor>(
      _ sections: [SolvedSection], index: Int, offset: Double, into visitor: inout V
    ) {
      let sectionIndex = Int32(truncatingIfNeeded: index)
      for element in sections[index].decorations {
        emit(element, category: .decoration, section: sectionIndex, into: &visitor)
      }
      emitCells(sections, index: index, offset: offset, into: &visitor)
      for element in sections[index].boundaryItems {
        emit(element, category: .supplementary, section: sectionIndex, into: &visitor)
      }
    }

    /// The cells (and their badges) of the repetitions that can reach the query.
    private func emitCells<V: ElementVisitor>(
      _ sections: [SolvedSection], index: Int, offset: Double, into visitor: inout V
    ) {
      let placement = sections[index].placement
      let repetitions: ClosedRange<Int64>?
      if placement.isOrthogonal {
        let rowMin = placement.origin.y + placement.envelope.minY
        let rowMax = placement.origin.y + placement.envelope.maxY
        guard rowMin <= query.maxY, rowMax >= query.minY else { return }
        repetitions = placement.repetitions(from: query.minX, to: query.maxX, offset: offset)
      } else {
        repetitions = placement.repetitions(from: query.minY, to: query.maxY, offset: offset)
      }
      guard let repetitions else { return }
      let sectionIndex = Int32(truncatingIfNeeded: index)
      let leaves = sections[index].template.leaves
      let badges = sections[index].template.badges
      let n = placement.itemsPerGroup
      for repetition in repetitions {
        if visitor.isFinished { return }
        let firstItem = repetition * n
        for slot in 0..<leaves.count {
          let item = firstItem + Int64(slot)
          if item >= placement.itemCount { return }
          let leaf = leaves[slot]
          let frame = placement.place(leaf.frame, repetition: repetition, offset: offset)
          if frame.intersects(query) {
            visitor.visit(
              LayoutElement(
                frame: space.physical(frame), category: .cell, section: sectionIndex,
                item: item, kind: LayoutElement.cellKind, zIndex: placement.cellZIndex))
          }
          let first = Int(leaf.firstBadge)
          for badgeIndex in first..<first + Int(leaf.badgeCount) {
            let badge = badges[badgeIndex]
            let badgeFrame = placement.place(badge.frame, repetition: repetition, offset: offset)
            guard badgeFrame.intersects(query) else { continue }
            visitor.visit(
              LayoutElement(
                frame: space.physical(badgeFrame), category: .supplementary,
                section: sectionIndex, item: item, kind: badge.kind, zIndex: badge.zIndex))
          }
        }
      }
    }
  }
}
