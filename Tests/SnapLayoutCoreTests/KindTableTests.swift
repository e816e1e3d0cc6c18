@testable import SnapLayoutCore
import Testing

/// Element kinds: numbered once per layout, compared byte for byte, found by hashing.
@Suite("Element kinds")
struct KindTableTests {
  @Test("names are numbered in order and found again; a name added twice keeps its number")
  func numbering() {
    var index = NameIndex()
    for number in 0..<1000 {
      #expect(index.insert("kind-\(number)") == (Int32(number), true))
    }
    #expect(index.insert("kind-17") == (17, false))
    #expect(index.count == 1000)
    for number in 0..<1000 { #expect(index.id(of: "kind-\(number)") == Int32(number)) }
    #expect(index.id(of: "kind-1000") == nil)
    #expect(index.id(of: "") == nil)
  }

  @Test("kinds compare by their bytes: precomposed and decomposed é are two kinds")
  func bytesNotCanonicalEquivalence() {
    let precomposed = "\u{E9}"
    let decomposed = "e\u{301}"
    // Swift's == says they are equal (canonical equivalence); kinds are bytes.
    #expect(precomposed == decomposed)
    #expect(!NameIndex.sameBytes(precomposed, decomposed))
    var index = NameIndex()
    #expect(index.insert(precomposed).inserted)
    #expect(index.insert(decomposed).inserted)
    #expect(index.id(of: decomposed) == 1)
    #expect(index.id(of: precomposed) == 0)
  }

  @Test("items whose element kinds differ only in normalisation are different items")
  func itemsCompareKindsByBytes() {
    let size = LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(40))
    let precomposed = BoundarySupplementaryItem(
      elementKind: "caf\u{E9}", layoutSize: size, alignment: .top)
    var decomposed = precomposed
    decomposed.elementKind = "cafe\u{301}"
    #expect(precomposed.elementKind == decomposed.elementKind)  // Swift's canonical equivalence
    #expect(precomposed != decomposed)
    #expect(precomposed == precomposed)
    let decoration = DecorationItem(elementKind: "caf\u{E9}")
    #expect(decoration != DecorationItem(elementKind: "cafe\u{301}"))
    #expect("caf\u{E9}".sameBytes("caf\u{E9}") && !"caf\u{E9}".sameBytes("cafe\u{301}"))
  }

  @Test("a name is found from a string with storage of its own, short or long")
  func foundFromOtherStorage() {
    let long = String(repeating: "header-", count: 10)
    var index = NameIndex()
    for number in 0..<20 { index.insert("k\(number)") }
    index.insert(long)
    index.insert("short")
    // Built again, byte by byte: equal bytes, another value.
    let longAgain = String(decoding: Array(long.utf8), as: UTF8.self)
    let shortAgain = String(decoding: Array("short".utf8), as: UTF8.self)
    #expect(index.id(of: longAgain) == 20)
    #expect(index.id(of: shortAgain) == 21)
    // Canonically equivalent, other bytes: two accents in either order.
    let accents = "a\u{301}\u{323}"
    let reordered = "a\u{323}\u{301}"
    #expect(accents == reordered)
    #expect(!NameIndex.sameBytes(accents, reordered))
    var small = NameIndex()
    small.insert(accents)
    #expect(small.id(of: reordered) == nil)
    #expect(small.insert(reordered) == (1, true))
  }

  @Test("removing the last names, in any table state, agrees with a plain list")
  func removeLastMatchesModel() {
    var random = Lcg(state: 7)
    var index = NameIndex()
    var model: [String] = []
    for _ in 0..<4000 {
      if random.below(3) == 0, !model.isEmpty {
        index.removeLast()
        model.removeLast()
      } else {
        // Few distinct names: many are already there.
        let name = "k\(random.below(600))"
        let found = model.firstIndex(of: name)
        let result = index.insert(name)
        #expect(result.inserted == (found == nil))
        #expect(Int(result.id) == (found ?? model.count))
        if found == nil { model.append(name) }
      }
      if random.below(50) == 0 {
        for probe in 0..<600 {
          let name = "k\(probe)"
          #expect(index.id(of: name).map { Int($0) } == model.firstIndex(of: name))
        }
      }
    }
    #expect(index.names == model)
  }

  @Test("a layout of 1,000 sections with 100 kinds each numbers 100,000 kinds")
  func manyKinds() throws {
    let sections = (0..<1000).map { section in
      LayoutSection(
        group: hgroup(fw(1), abs_(44), .subitems([item(fw(1), fh(1))])), itemCount: 1,
        boundarySupplementaryItems: (0..<100).map { header("s\(section)-k\($0)", height: abs_(1)) })
    }
    let layout = try solve(sections)
    #expect(layout.kinds.count == 100_000)
    #expect(layout.kinds.id(of: "s999-k99") == 99_999)
    #expect(layout.kinds.id(of: "s0-k0") == 0)
    // The last section's headers carry the last 100 numbers.
    let frame = try layout.sectionInfo(999).frame
    let kinds = try elements(layout, in: frame).filter { $0.section == 999 && $0.kind >= 0 }
    #expect(Set(kinds.map(\.kind)) == Set(99_900..<100_000))
  }
}
