/// The distinct element kinds of a layout, numbered from 0.
///
/// Order: layout-level boundary items, then per section its boundary items, decoration items
/// and the supplementary items of its items in tree order, then its variants' new kinds. Kinds
/// are compared byte for byte (docs/CONFIG.md, "A section") and looked up in O(1) expected
/// time, so a layout with many sections of many kinds costs what its kinds cost, not their
/// product.
///
/// A class: the section solvers share the layout's table instead of copying it, and a section
/// inserted later adds its kinds in place (existing numbers never change).
public final class KindTable {
  private var index = NameIndex()

  /// The kind names, by number.
  public var names: [String] { index.names }
  public var count: Int { index.count }

  public init(_ description: LayoutDescription) {
    for item in description.configuration.boundarySupplementaryItems { intern(item.elementKind) }
    for section in description.sections { add(section) }
  }

  /// Numbers the kinds of `section` that are new (existing ids never change), then those of
  /// its variants in order: a kind keeps its id whichever variant is in force.
  func add(_ section: LayoutSection) {
    for item in section.boundarySupplementaryItems { intern(item.elementKind) }
    for item in section.decorationItems { intern(item.elementKind) }
    internSupplementaries(of: section.group)
    for variant in section.variants { add(variant.section) }
  }

  /// The id of `name`, or `nil` if no element has that kind.
  /// - Complexity: O(1) expected.
  public func id(of name: String) -> Int32? { index.id(of: name) }

  /// Forgets the kinds numbered `count` and above (a change that failed gives back the kinds it
  /// added). - Complexity: O(kinds forgotten).
  func truncate(to count: Int) {
    while index.count > count { index.removeLast() }
  }

  private func intern(_ name: String) { index.insert(name) }

  private func internSupplementaries(of group: LayoutGroup) {
    switch group.content {
    case .subitems(let children): for child in children { internSupplementaries(of: child) }
    case .subitem(let child, _), .repeatingSubitem(let child, _): internSupplementaries(of: child)
    }
  }

  private func internSupplementaries(of child: Subitem) {
    switch child {
    case .item(let item): for sup in item.supplementaryItems { intern(sup.elementKind) }
    case .group(let group): internSupplementaries(of: group)
    }
  }
}
