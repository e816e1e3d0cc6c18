@testable import SnapLayoutCore
import Testing

/// Layouts of many sections (docs/ARCHITECTURE.md, "Many sections"): what sections described
/// alike share, and what each keeps of its own.
@Suite("Many sections")
struct ManySectionsTests {
  static let row = hgroup(fw(1), abs_(44), .subitem(item(fw(1), fh(1)), count: 3))
  static let card = hgroup(fw(0.5), abs_(120), .subitems([item(fw(1), fh(1))]))

  static func plain(_ items: Int64) -> LayoutSection {
    LayoutSection(group: row, itemCount: items)
  }

  static func carousel(_ items: Int64) -> LayoutSection {
    LayoutSection(
      group: card, itemCount: items, interGroupSpacing: 8, orthogonalScrollingBehavior: .paging)
  }

  @Test("sections described alike share one shape and one template, whatever their item counts")
  func shapesAndTemplatesAreShared() throws {
    var sections: [LayoutSection] = []
    for index in 0..<1000 {
      let isCarousel = index % 10 == 9
      sections.append(isCarousel ? Self.carousel(Int64(index % 7)) : Self.plain(Int64(index % 13)))
    }
    let layout = try solve(sections)
    let plain = layout.entries[0].shape
    let carousel = layout.entries[9].shape
    #expect(plain !== carousel)
    for index in sections.indices {
      let expected = index % 10 == 9 ? carousel : plain
      #expect(layout.entries[index].shape === expected)
      #expect(layout.entries[index].itemCount == sections[index].itemCount)
      #expect(layout.solved.sections[index].shared === layout.solved.sections[index % 10 == 9 ? 9 : 0].shared)
      #expect(try layout.sectionDescription(index) == sections[index])
    }
    // Rows of 44 pt, three items each; carousels one row of 120.
    var y = 0.0
    for index in sections.indices {
      let items = sections[index].itemCount
      #expect(try layout.sectionInfo(index).frame.minY == y)
      if items > 0 {
        let last = try layout.itemFrame(section: index, item: items - 1)
        if index % 10 == 9 {
          #expect(last == Rect(x: Double(items - 1) * 203, y: y, width: 195, height: 120))
        } else {
          #expect(last.minY == y + Double((items - 1) / 3) * 44)
        }
      }
      let length: Double = index % 10 == 9 ? (items > 0 ? 120 : 0) : Double((items + 2) / 3) * 44
      y += length
    }
    #expect(layout.contentSize?.height == y)
  }

  @Test("a section whose measured cells share a section-wide length solves a template of its own")
  func measuredUniformLengthHasItsOwnTemplate() throws {
    let uniform = Subitem.item(LayoutItem(layoutSize: size(fw(1), .uniformAcrossSiblings(40))))
    let section = LayoutSection(group: vgroup(fw(1), est(40), .subitems([uniform])), itemCount: 10)
    let layout = try solve([section, section, section])
    #expect(layout.solved.sections[0].shared === layout.solved.sections[2].shared)
    _ = try layout.reportItemSize(Size(width: 1, height: 70), section: 1, item: 3)
    #expect(layout.solved.sections[1].shared !== layout.solved.sections[0].shared)
    #expect(layout.solved.sections[0].shared === layout.solved.sections[2].shared)
    // Section 1's rows are 70 pt; the others keep 40.
    #expect(try layout.itemFrame(section: 1, item: 9).height == 70)
    #expect(try layout.itemFrame(section: 2, item: 0) == Rect(x: 0, y: 400 + 700, width: 390, height: 40))
  }

  @Test("a shape is shared with sections inserted later and with one described anew alike")
  func insertedSectionsShareShapes() throws {
    let layout = try solve([Self.plain(3), Self.carousel(4)])
    _ = try layout.changeSections(.insert([Self.plain(9), Self.carousel(1)], at: 1))
    #expect(layout.entries[1].shape === layout.entries[0].shape)
    #expect(layout.entries[2].shape === layout.entries[3].shape)
    _ = try layout.changeSections(.replace(Self.plain(2), at: 3))
    #expect(layout.entries[3].shape === layout.entries[0].shape)
    #expect(try layout.itemCount(section: 3) == 2)
  }
}
