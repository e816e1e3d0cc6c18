/// The distinct element kinds of a layout, numbered from 0.
///
/// Order: layout-level boundary items, then per section its boundary items, decoration items
/// and the supplementary items of its items in tree order.
public struct KindTable: Equatable, Sendable {
  public private(set) var names: [String] = []

  public init(_ description: LayoutDescription) {
    for item in description.configuration.boundarySupplementaryItems { intern(item.elementKind) }
    for section in description.sections { add(section) }
  }

  /// Numbers the kinds of `section` that are new (existing ids never change).
  mutating func add(_ section: LayoutSection) {
    for item in section.boundarySupplementaryItems { intern(item.elementKind) }
    for item in section.decorationItems { intern(item.elementKind) }
    internSupplementaries(of: section.group)
  }

  /// The id of `name`, or `nil` if no element has that kind.
  public func id(of name: String) -> Int32? {
    for (index, candidate) in names.enumerated() where candidate == name {
      return Int32(truncatingIfNeeded: index)
    }
    return nil
  }

  private mutating func intern(_ name: String) {
    if id(of: name) == nil { names.append(name) }
  }

  private mutating func internSupplementaries(of group: LayoutGroup) {
    switch group.content {
    case .subitems(let children): for child in children { internSupplementaries(of: child) }
    case .subitem(let child, _), .repeatingSubitem(let child, _): internSupplementaries(of: child)
    }
  }

  private mutating func internSupplementaries(of child: Subitem) {
    switch child {
    case .item(let item): for sup in item.supplementaryItems { intern(sup.elementKind) }
    case .group(let group): internSupplementaries(of: group)
    }
  }
}
