import Foundation
import SnapLayoutConfig
import SnapLayoutCore
import Testing

/// The built-in layout of `make demo` (examples-c/appstore.json), frame by frame.
/// Container 390 x 844 at @3x: fractional lengths are floored to thirds of a point.
@Suite("The App Store layout")
struct AppStoreLayoutTests {
  static func layout() throws -> Layout {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("examples-c/appstore.json")
    return try Layout.solving(ConfigDecoder.decode(try String(contentsOf: url, encoding: .utf8)))
  }

  func element(_ layout: Layout, _ kind: String, _ section: Int32, _ item: Int64 = 0) throws -> LayoutElement {
    var collector = Collector()
    try layout.visitAllElements(&collector)
    let id = kind == "cell" ? LayoutElement.cellKind : layout.kinds.id(of: kind)
    let found = collector.elements.filter { $0.kind == id && $0.section == section && $0.item == item }
    try #require(found.count == 1)
    return found[0]
  }

  func expect(_ rect: Rect, _ x: Double, _ y: Double, _ w: Double, _ h: Double,
              sourceLocation: SourceLocation = #_sourceLocation) {
    FixtureTests.expectClose(
      FixtureTests.values(rect), [x, y, w, h], "frame", sourceLocation: sourceLocation)
  }

  @Test("title, banner carousel, grid with badges and background, list with header and footer")
  func frames() throws {
    let layout = try Self.layout()
    #expect(layout.contentSize == Size(width: 390, height: 2104))
    // Layout title: 390 wide minus its own insets of 16.
    expect(try element(layout, "title", -1).frame, 16, 0, 358, 52)

    // Banner: fractionalWidth(0.82) of 390 = 319.8, floored at @3x to 959 / 3. It rests with
    // its first card centred: (390 - 959/3)/2 = 35.1667, rounded to the pixel grid = 106/3.
    let card = 959.0 / 3
    let centring = 106.0 / 3
    #expect(try layout.orthogonalOffset(section: 0) == -centring)
    expect(try layout.itemFrame(section: 0, item: 0), centring, 52, card, 220)
    expect(try layout.itemFrame(section: 0, item: 5), centring + 5 * (card + 12), 52, card, 220)
    #expect(try layout.sectionInfo(0).orthogonalContentLength == 6 * card + 5 * 12)

    // Grid: starts after 24 pt of interSectionSpacing; 366 wide after the section insets;
    // rows fractionalWidth(0.3333) of 366 = 121.99, floored to 365 / 3; cells 122 - 8 wide.
    let top = 52 + 220 + 24.0
    let row = 365.0 / 3
    expect(try element(layout, "header", 1).frame, 12, top, 366, 44)
    expect(try layout.itemFrame(section: 1, item: 0), 16, top + 48, 114, row - 8)
    expect(try layout.itemFrame(section: 1, item: 8), 260, top + 48 + 2 * row, 114, row - 8)
    let badge = try element(layout, "badge", 1, 4)
    expect(badge.frame, 138 + 114 - 20 + 6, top + 48 + row - 6, 20, 20)
    let background = try element(layout, "background", 1)
    expect(background.frame, 4, top + 4, 382, 44 + 3 * row - 8)
    #expect(background.zIndex == 0)
    #expect(try element(layout, "cell", 1, 0).zIndex == 1)

    // List: 20 rows of 64 with 1 pt between them, inside insets of 16; header and footer.
    let list = top + 44 + 3 * row + 24
    let header = try element(layout, "header", 2)
    expect(header.frame, 16, list, 358, 44)
    #expect(header.zIndex == 2)
    expect(try layout.itemFrame(section: 2, item: 19), 16, list + 44 + 19 * 65, 358, 64)
    expect(try element(layout, "footer", 2).frame, 16, list + 44 + 20 * 64 + 19, 358, 32)
  }
}
