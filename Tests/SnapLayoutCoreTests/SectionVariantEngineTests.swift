import SnapLayoutCore
import Testing

/// The engine's side of sections with variants, built in Swift (docs/LAYOUT-RULES.md,
/// "Sections that adapt to the container"): shapes shared by sections described alike, the
/// choice in a horizontal layout and on a section inserted into a solved layout.
@Suite("Section variants: engine")
struct SectionVariantEngineTests {
  /// A row of `columns` cells 100 pt tall, and a section of it with a three-column variant
  /// from 600 pt.
  static func row(_ columns: Int) -> LayoutGroup {
    hgroup(fw(1), abs_(100), .subitem(item(fw(1), fh(1)), count: columns))
  }

  static func adaptive(items: Int64) -> LayoutSection {
    var section = LayoutSection(group: row(1), itemCount: items)
    var wide = LayoutSection(group: row(3), itemCount: 0)
    wide.interGroupSpacing = 10
    section.variants = [SectionVariant(when: ContainerRange(minWidth: 600), section: wide)]
    return section
  }

  @Test("sections described alike switch together; an empty variant list is no variant")
  func sharedShapes() throws {
    let layout = try solve(
      [SectionVariantEngineTests.adaptive(items: 4), SectionVariantEngineTests.adaptive(items: 7)])
    #expect(try layout.sectionVariant(0) == nil && layout.sectionVariant(1) == nil)
    #expect(layout.contentSize == Size(width: 390, height: 1100))
    try layout.setContainerSize(Size(width: 900, height: 844))
    #expect(try layout.sectionVariant(0) == 0 && layout.sectionVariant(1) == 0)
    // Section 0: 2 rows, 210 pt; section 1: 3 rows, 320 pt.
    #expect(layout.contentSize == Size(width: 900, height: 530))
    #expect(
      try layout.itemFrame(section: 1, item: 4) == Rect(x: 300, y: 320, width: 300, height: 100))
    var plain = SectionVariantEngineTests.adaptive(items: 1)
    plain.variants = []
    #expect(plain == LayoutSection(group: SectionVariantEngineTests.row(1), itemCount: 1))
  }

  @Test("a section inserted into a solved layout takes the variant in force")
  func insertedSection() throws {
    let layout = try solve(
      [LayoutSection(group: SectionVariantEngineTests.row(1), itemCount: 1)], width: 700)
    _ = try layout.changeSections(.insert([SectionVariantEngineTests.adaptive(items: 3)], at: 1))
    #expect(try layout.sectionVariant(1) == 0)
    #expect(try layout.sectionInfo(1).itemsPerGroup == 3)
    #expect(try layout.sectionDescription(1) == SectionVariantEngineTests.adaptive(items: 3))
  }
}
