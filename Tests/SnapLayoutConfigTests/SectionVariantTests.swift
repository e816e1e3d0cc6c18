import SnapLayoutConfig
import SnapLayoutCore
import Testing

/// Sections with variants chosen by the container's size (docs/CONFIG.md, "Variants";
/// docs/LAYOUT-RULES.md, "Sections that adapt to the container"): the decoder's refusals and
/// the engine's choice, kept through container changes, measured sizes and data changes.
@Suite("Section variants")
struct SectionVariantTests {
  /// One item per row of estimated height 50 (the section's own group); `columns` items a row.
  static func row(columns: Int, height: String = #"{"estimated": 50}"#) -> String {
    #"""
    {"group": "horizontal", "layoutSize": {"widthDimension": {"fractionalWidth": 1},
      "heightDimension": \#(height)}, "subitem": {"layoutSize": {"widthDimension":
      {"fractionalWidth": 1}, "heightDimension": \#(height)}}, "count": \#(columns)}
    """#
  }

  /// A section of 6 items: one column by default, three at 600 pt and wider, two from 400 to
  /// 600 pt with absolute heights.
  static func adaptive(container: String = "", insets: String = "") -> String {
    #"""
    {"environment": {\#(container)\#(insets)},
     "sections": [{"itemCount": 6, "group": \#(row(columns: 1)),
       "variants": [
         {"when": {"minWidth": 600}, "group": \#(row(columns: 3)), "interGroupSpacing": 10},
         {"when": {"minWidth": 400, "maxWidth": 600},
          "group": \#(row(columns: 2, height: #"{"absolute": 80}"#))}]}]}
    """#
  }

  func variantSection(_ variants: String, extra: String = "") -> String {
    config(section: #""variants": [\#(variants)]\#(extra.isEmpty ? "" : ", " + extra)"#)
  }

  // MARK: - Decoding

  @Test("variants decode as the section's keys with the variant's in their place")
  func decodesOverrides() throws {
    let description = try ConfigDecoder.decode(SectionVariantTests.adaptive())
    let section = description.sections[0]
    #expect(section.itemCount == 6)
    #expect(section.variants.count == 2)
    let wide = section.variants[0]
    #expect(wide.when == ContainerRange(minWidth: 600))
    #expect(wide.section.interGroupSpacing == 10)
    #expect(wide.section.itemCount == 0)
    #expect(wide.section.variants.isEmpty)
    let middle = section.variants[1]
    #expect(middle.when == ContainerRange(minWidth: 400, maxWidth: 600))
    // What the variant leaves out is the section's.
    #expect(middle.section.interGroupSpacing == 0)
    #expect(middle.section.contentInsets == section.contentInsets)
  }

  @Test("ranges: a minimum inclusive, a maximum exclusive, every bound optional")
  func rangeContains() {
    let range = ContainerRange(minWidth: 400, maxWidth: 600, minHeight: 100)
    #expect(range.contains(Size(width: 400, height: 100)))
    #expect(range.contains(Size(width: 599.999, height: 1e9)))
    #expect(!range.contains(Size(width: 600, height: 500)))
    #expect(!range.contains(Size(width: 399.999, height: 500)))
    #expect(!range.contains(Size(width: 500, height: 99)))
    #expect(ContainerRange().contains(Size(width: 0, height: 0)))
    #expect(ContainerRange().isUnbounded)
  }

  @Test("every refusal names its JSON Pointer")
  func refusals() {
    let base = "/sections/0/variants"
    expectConfigError(
      variantSection(#"{"when": {"minWidth": -1}}"#), .invalid, path: base + "/0/when/minWidth",
      "minWidth must be a finite number from 0 to")
    expectConfigError(
      variantSection(#"{"when": {"maxHeight": 1e13}}"#), .invalid,
      path: base + "/0/when/maxHeight", "maxHeight must be a finite number from 0 to")
    expectConfigError(
      variantSection(#"{"when": {"minWidth": "wide"}}"#), .invalid,
      path: base + "/0/when/minWidth", "expected a number, found a string")
    expectConfigError(
      variantSection(#"{"when": {"minWidth": 600, "maxWidth": 600}}"#), .invalid,
      path: base + "/0/when/maxWidth", "maxWidth 600.0 must be greater than minWidth 600.0")
    expectConfigError(
      variantSection(#"{"when": {"maxWidth": 0}}"#), .invalid, path: base + "/0/when/maxWidth",
      "must be greater than minWidth 0")
    expectConfigError(
      variantSection(#"{"when": {"minHeight": 900, "maxHeight": 300}}"#), .invalid,
      path: base + "/0/when/maxHeight", "maxHeight 300.0 must be greater than minHeight 900.0")
    expectConfigError(
      variantSection(#"{"when": {"minWdth": 600}}"#), .invalid, path: base + "/0/when/minWdth",
      "unknown key 'minWdth'; did you mean 'minWidth'?")
    expectConfigError(
      variantSection(#"{"when": {}, "interGroupSpcing": 4}"#), .invalid,
      path: base + "/0/interGroupSpcing", "did you mean 'interGroupSpacing'?")
    expectConfigError(
      variantSection(#"{"interGroupSpacing": 4}"#), .invalid, path: base + "/0",
      "missing required key 'when'")
    expectConfigError(
      variantSection(#"{"when": {"minWidth": 1}, "itemCount": 4}"#), .invalid,
      path: base + "/0/itemCount", "a variant cannot change itemCount")
    expectConfigError(
      variantSection(#"{"when": {"minWidth": 1}, "variants": []}"#), .invalid,
      path: base + "/0/variants", "variants cannot be nested")
    expectConfigError(
      variantSection(#"{"when": {}}, {"when": {"minWidth": 1}}"#), .invalid,
      path: base + "/0/when", "an empty 'when' matches every container")
    expectConfigError(
      variantSection(#"{"when": {"minWidth": 1}, "group": {"layoutSize": \#(size1x44)}}"#),
      .invalid, path: base + "/0/group", "a section's group must be a group")
    expectConfigError(
      variantSection(#"{"when": {"minWidth": 1}, "interGroupSpacing": -1}"#), .invalid,
      path: base + "/0/interGroupSpacing", "a length must be between 0 and")
    expectConfigError(
      config(section: #""variants": {}"#), .invalid, path: base, "expected an array")
    let seventeen = Array(repeating: #"{"when": {"minWidth": 1}}"#, count: 17)
    expectConfigError(
      variantSection(seventeen.joined(separator: ", ")), .invalid, path: base,
      "the array has 17 entries; the limit is 16")
  }

  @Test("an empty 'when' may close the list; sixteen variants are allowed")
  func acceptedEdges() throws {
    _ = try ConfigDecoder.decode(variantSection(#"{"when": {"minWidth": 1}}, {"when": {}}"#))
    _ = try ConfigDecoder.decode(variantSection(""))
    let sixteen = Array(repeating: #"{"when": {"minWidth": 1}}"#, count: 16)
    _ = try ConfigDecoder.decode(variantSection(sixteen.joined(separator: ", ")))
  }

  @Test("element kinds are unique in each variant, located where their list was written")
  func uniqueKinds() {
    let header = #"{"elementKind": "header", "layoutSize": \#(size1x44), "alignment": "top"}"#
    // The variant's own list clashes with itself.
    expectConfigError(
      variantSection(
        #"{"when": {"minWidth": 1}, "boundarySupplementaryItems": [\#(header), \#(header)]}"#),
      .invalid, path: "/sections/0/variants/0/boundarySupplementaryItems/1/elementKind",
      "already used at /sections/0/variants/0/boundarySupplementaryItems/0/elementKind")
    // The variant's decoration clashes with the section's header, which it inherits.
    let decoration = #"{"elementKind": "header"}"#
    expectConfigError(
      variantSection(
        #"{"when": {"minWidth": 1}, "decorationItems": [\#(decoration)]}"#,
        extra: #""boundarySupplementaryItems": [\#(header)]"#),
      .invalid, path: "/sections/0/variants/0/decorationItems/0/elementKind",
      "already used in this section at /sections/0/boundarySupplementaryItems/0/elementKind")
  }

  // MARK: - Choosing

  @Test("the first variant whose ranges hold the effective content size is in force")
  func choosesByWidth() throws {
    let layout = try Layout.solving(ConfigDecoder.decode(SectionVariantTests.adaptive()))
    #expect(try layout.sectionVariant(0) == nil)
    #expect(try layout.hasVariants(section: 0))
    try layout.setContainerSize(Size(width: 390, height: 844))
    #expect(try layout.sectionVariant(0) == nil)
    #expect(try layout.itemFrame(section: 0, item: 1) == Rect(x: 0, y: 50, width: 390, height: 50))
    try layout.setContainerSize(Size(width: 900, height: 844))
    #expect(try layout.sectionVariant(0) == 0)
    #expect(try layout.sectionInfo(0).itemsPerGroup == 3)
    // Item 4: row 1 (after 50 + 10 spacing), column 1 of 300.
    #expect(
      try layout.itemFrame(section: 0, item: 4) == Rect(x: 300, y: 60, width: 300, height: 50))
    try layout.setContainerSize(Size(width: 400, height: 844))
    #expect(try layout.sectionVariant(0) == 1)
    #expect(
      try layout.itemFrame(section: 0, item: 3) == Rect(x: 200, y: 80, width: 200, height: 80))
    try layout.setContainerSize(Size(width: 600, height: 844))
    #expect(try layout.sectionVariant(0) == 0)
    // Back to the fallback: the layout of a fresh one at that size, bit for bit.
    try layout.setContainerSize(Size(width: 390, height: 844))
    let fresh = try Layout.solving(
      ConfigDecoder.decode(
        SectionVariantTests.adaptive(container: #""container": {"width": 390, "height": 844}"#)))
    #expect(try layout.sectionVariant(0) == nil)
    #expect(layout.contentSize == fresh.contentSize)
    for item in Int64(0)..<6 {
      #expect(
        try layout.itemFrame(section: 0, item: item) == fresh.itemFrame(section: 0, item: item))
    }
  }

  @Test("the environment's content insets come off the container before choosing")
  func effectiveContentSize() throws {
    let text = SectionVariantTests.adaptive(
      container: #""container": {"width": 620, "height": 844}, "#,
      insets: #""contentInsets": {"leading": 20, "trailing": 20}"#)
    let layout = try Layout.solving(ConfigDecoder.decode(text))
    // 620 - 40 = 580: the 400 ..< 600 variant, not the 600 one.
    #expect(try layout.sectionVariant(0) == 1)
    try layout.setContainerSize(Size(width: 640, height: 844))
    #expect(try layout.sectionVariant(0) == 0)
  }

  @Test("a height range chooses too, in a horizontal layout as in a vertical one")
  func choosesByHeight() throws {
    let text = #"""
      {"configuration": {"scrollDirection": "horizontal"},
       "sections": [{"itemCount": 4, "group": {"group": "vertical", "layoutSize":
         {"widthDimension": {"absolute": 100}, "heightDimension": {"fractionalHeight": 1}},
         "subitem": {"layoutSize": {"widthDimension": {"fractionalWidth": 1},
           "heightDimension": {"fractionalHeight": 1}}}, "count": 1},
         "variants": [{"when": {"minHeight": 500}, "group": {"group": "vertical", "layoutSize":
           {"widthDimension": {"absolute": 100}, "heightDimension": {"fractionalHeight": 1}},
           "subitem": {"layoutSize": {"widthDimension": {"fractionalWidth": 1},
             "heightDimension": {"fractionalHeight": 1}}}, "count": 2}}]}]}
      """#
    let layout = try Layout.solving(ConfigDecoder.decode(text))
    try layout.setContainerSize(Size(width: 390, height: 400))
    #expect(try layout.sectionVariant(0) == nil)
    #expect(
      try layout.itemFrame(section: 0, item: 1) == Rect(x: 100, y: 0, width: 100, height: 400))
    try layout.setContainerSize(Size(width: 390, height: 600))
    #expect(try layout.sectionVariant(0) == 0)
    #expect(
      try layout.itemFrame(section: 0, item: 1) == Rect(x: 0, y: 300, width: 100, height: 300))
  }

  @Test("a container the new variant cannot take changes nothing")
  func failedSwitchChangesNothing() throws {
    let text = #"""
      {"sections": [{"itemCount": 3, "group": \#(SectionVariantTests.row(columns: 1)),
        "variants": [{"when": {"minWidth": 500},
          "contentInsets": {"leading": 400, "trailing": 400}}]}]}
      """#
    let layout = try Layout.solving(ConfigDecoder.decode(text))
    try layout.setContainerSize(Size(width: 390, height: 844))
    let before = try layout.itemFrame(section: 0, item: 2)
    #expect(throws: LayoutError.self) { try layout.setContainerSize(Size(width: 600, height: 844)) }
    #expect(try layout.sectionVariant(0) == nil)
    #expect(layout.containerSize == Size(width: 390, height: 844))
    #expect(try layout.itemFrame(section: 0, item: 2) == before)
  }

  // MARK: - Measured sizes and data changes

  @Test("measured sizes persist across variants, applying where the item's height is estimated")
  func measuredSizesPersist() throws {
    let layout = try Layout.solving(ConfigDecoder.decode(SectionVariantTests.adaptive()))
    try layout.setContainerSize(Size(width: 390, height: 844))
    try layout.reportItemSize(Size(width: 390, height: 120), section: 0, item: 0)
    #expect(try layout.itemFrame(section: 0, item: 1).y == 120)
    // 400 ..< 600: absolute heights of 80; the size stays reported but does not apply.
    try layout.setContainerSize(Size(width: 500, height: 844))
    #expect(try layout.measuredSize(section: 0, item: 0) == Size(width: 390, height: 120))
    #expect(try layout.itemFrame(section: 0, item: 0).height == 80)
    #expect(try layout.itemFrame(section: 0, item: 2).y == 80)
    // Three columns of estimated heights: it applies again, to its row.
    try layout.setContainerSize(Size(width: 900, height: 844))
    #expect(try layout.itemFrame(section: 0, item: 0).height == 120)
    #expect(try layout.itemFrame(section: 0, item: 3).y == 130)
    // And back to one column: as before the round trip, bit for bit.
    try layout.setContainerSize(Size(width: 390, height: 844))
    #expect(try layout.itemFrame(section: 0, item: 1).y == 120)
    try layout.reportItemSize(nil, section: 0, item: 0)
    #expect(try layout.itemFrame(section: 0, item: 1).y == 50)
  }

  @Test("item and section changes keep the variants and the one in force")
  func dataChanges() throws {
    let layout = try Layout.solving(
      ConfigDecoder.decode(
        SectionVariantTests.adaptive(container: #""container": {"width": 900, "height": 844}"#)))
    #expect(try layout.sectionVariant(0) == 0)
    _ = try layout.changeItems(.insert(at: 0, count: 3), section: 0)
    #expect(try layout.itemCount(section: 0) == 9)
    #expect(try layout.sectionVariant(0) == 0)
    #expect(
      try layout.itemFrame(section: 0, item: 8) == Rect(x: 600, y: 120, width: 300, height: 50))
    _ = try layout.changeItems(.delete(at: 0, count: 4), section: 0)
    _ = try layout.changeItems(.move(from: 0, to: 4), section: 0)
    #expect(try layout.sectionDescription(0).variants.count == 2)
    // An inserted section with variants takes the one in force at the current size.
    let inserted = try ConfigDecoder.decode(SectionVariantTests.adaptive()).sections[0]
    _ = try layout.changeSections(.insert([inserted], at: 0))
    #expect(try layout.sectionVariant(0) == 0)
    #expect(try layout.sectionVariant(1) == 0)
    _ = try layout.changeSections(.move(from: 0, to: 1))
    // A replacement without variants, then one with them again.
    let plain = try ConfigDecoder.decode(config()).sections[0]
    _ = try layout.changeSections(.replace(plain, at: 1))
    #expect(try layout.sectionVariant(1) == nil)
    #expect(try !layout.hasVariants(section: 1))
    _ = try layout.changeSections(.replace(inserted, at: 1))
    #expect(try layout.sectionVariant(1) == 0)
    try layout.setContainerSize(Size(width: 450, height: 844))
    #expect(try layout.sectionVariant(0) == 1)
    #expect(try layout.sectionVariant(1) == 1)
    _ = try layout.changeSections(.delete(at: 0, count: 1))
    #expect(try layout.sectionVariant(0) == 1)
  }

  @Test("a section's description keeps its variants; kinds of every variant have ids")
  func descriptionAndKinds() throws {
    let header = #"{"elementKind": "wide-header", "layoutSize": \#(size1x44), "alignment": "top"}"#
    let text = variantSection(
      #"{"when": {"minWidth": 600}, "boundarySupplementaryItems": [\#(header)]}"#)
    let description = try ConfigDecoder.decode(text)
    let layout = try Layout.solving(description)
    #expect(try layout.sectionDescription(0) == description.sections[0])
    #expect(layout.kinds.id(of: "wide-header") != nil)
    try layout.setContainerSize(Size(width: 390, height: 844))
    #expect(try layout.itemFrame(section: 0, item: 0).y == 0)
    try layout.setContainerSize(Size(width: 700, height: 844))
    #expect(try layout.itemFrame(section: 0, item: 0).y == 44)
  }

  @Test("a measured header stays with its kind: unused while the variant in force has none")
  func measuredBoundaryItems() throws {
    let header =
      #"{"elementKind": "header", "alignment": "top", "layoutSize": "#
      + #"{"widthDimension": {"fractionalWidth": 1}, "heightDimension": {"estimated": 44}}}"#
    let text = config(
      section: #""boundarySupplementaryItems": [\#(header)], "#
        + #""variants": [{"when": {"minWidth": 600}, "boundarySupplementaryItems": []}]"#)
    let layout = try Layout.solving(ConfigDecoder.decode(text))
    try layout.setContainerSize(Size(width: 390, height: 844))
    let kind = try #require(layout.kinds.id(of: "header"))
    _ = try layout.reportSupplementarySize(Size(width: 390, height: 100), section: 0, kind: kind)
    #expect(try layout.itemFrame(section: 0, item: 0).y == 100)
    try layout.setContainerSize(Size(width: 700, height: 844))
    #expect(try layout.sectionVariant(0) == 0)
    #expect(try layout.itemFrame(section: 0, item: 0).y == 0)
    #expect(throws: LayoutError.self) {
      try layout.measuredSupplementarySize(section: 0, kind: kind)
    }
    try layout.setContainerSize(Size(width: 390, height: 844))
    #expect(try layout.itemFrame(section: 0, item: 0).y == 100)
    #expect(
      try layout.measuredSupplementarySize(section: 0, kind: kind) == Size(width: 390, height: 100))
  }

  @Test("an offset the host set is parked while the variant in force does not scroll across")
  func parkedOffset() throws {
    let card =
      #"{"group": "horizontal", "layoutSize": {"widthDimension": {"absolute": 150}, "#
      + #""heightDimension": {"absolute": 100}}, "subitem": {"layoutSize": "#
      + #"{"widthDimension": {"fractionalWidth": 1}, "#
      + #""heightDimension": {"fractionalHeight": 1}}}, "#
      + #""count": 1}"#
    let text = #"""
      {"sections": [{"itemCount": 12, "group": \#(card),
        "orthogonalScrollingBehavior": "continuous",
        "variants": [{"when": {"minWidth": 600}, "orthogonalScrollingBehavior": "none",
          "group": \#(SectionVariantTests.row(columns: 3, height: #"{"absolute": 100}"#))}]}]}
      """#
    let layout = try Layout.solving(ConfigDecoder.decode(text))
    try layout.setContainerSize(Size(width: 390, height: 844))
    try layout.setOrthogonalOffset(120, section: 0)
    #expect(try layout.itemFrame(section: 0, item: 1).x == 30)
    try layout.setContainerSize(Size(width: 700, height: 844))
    #expect(try layout.scrollsOrthogonally(section: 0) == false)
    #expect(try layout.orthogonalOffset(section: 0) == 0)
    // Three columns of 700 / 3: item 1 in the second, unscrolled.
    let grid = try layout.itemFrame(section: 0, item: 1)
    #expect(abs(grid.x - 700.0 / 3) < 1e-9 && grid.y == 0 && grid.height == 100)
    try layout.setContainerSize(Size(width: 390, height: 844))
    #expect(try layout.orthogonalOffset(section: 0) == 120)
    #expect(try layout.itemFrame(section: 0, item: 1).x == 30)
  }
}
