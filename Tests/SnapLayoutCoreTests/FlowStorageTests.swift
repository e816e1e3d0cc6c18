@testable import SnapLayoutCore
import Testing

/// How a flow section keeps its items' sizes and lines (issue 19): `Float32`s while every
/// length is one exactly, doubles from the first that is not. Compared with plain arrays of
/// doubles, and layouts kept either way compared frame for frame, bit for bit.
@Suite("Flow layout: compact storage")
struct FlowStorageTests {
  /// A length of each kind: small integers and halves (`Float32`s), others that are not.
  static func length(_ random: inout Lcg, wide: Bool) -> Double {
    guard wide else { return Double(1 + random.below(400)) / 2 }
    switch random.below(4) {
    case 0: return Double(1 + random.below(400)) / 10 + 0.01  // not dyadic
    case 1: return 16_777_217  // 2^24 + 1: too many bits for a Float32
    case 2: return 1e300  // beyond a Float32
    default: return 0x1p-140  // below a Float32's subnormals
    }
  }

  static func size(_ random: inout Lcg, wide: Bool) -> Size {
    let widthWide = wide && random.below(2) == 0
    return Size(
      width: length(&random, wide: widthWide),
      height: length(&random, wide: wide && !widthWide))
  }

  @Test("sizes kept as Float32s, then doubles, read back as the doubles set", arguments: [false, true])
  func sizesMatchDoubles(selfSizing: Bool) {
    var random = Lcg(state: selfSizing ? 41 : 40)
    let uniform = Size(width: 60, height: 30)
    let count = 1_000
    var storage = FlowSizes(count: count, uniform: uniform, isSelfSizing: selfSizing)
    var given = Array(repeating: uniform, count: count)
    var measured: [Size?] = Array(repeating: nil, count: count)
    #expect(!storage.isWide)
    func expectSame(_ step: Int) {
      var differing = 0
      for item in 0..<count {
        let expected = measured[item] ?? given[item]
        if expected != uniform { differing += 1 }
        if storage.size(item) != expected {
          Issue.record("step \(step): item \(item) is \(storage.size(item)), not \(expected)")
          return
        }
      }
      #expect(storage.differing == differing, "step \(step)")
      let first = random.below(count)
      let end = min(count, first + random.below(200))
      let widest = (first..<end).map { (measured[$0] ?? given[$0]).width }.max() ?? 0
      #expect(storage.widest(in: first..<end) == widest, "step \(step)")
      // Per 64-item word, as the lines' tree of widths reads them (the flow's own width
      // without a read where no item of the word differs).
      let word = random.below((count + 63) / 64)
      let inWord = (word * 64..<min(count, word * 64 + 64)).map { (measured[$0] ?? given[$0]).width }
      #expect(storage.widest(inWord: word) == inWord.max()!, "step \(step), word \(word)")
      let next = (first..<count).first { (measured[$0] ?? given[$0]) != uniform } ?? count
      #expect(storage.nextDiffering(from: first) == next, "step \(step)")
    }
    for step in 0..<300 {
      // Doubles that are not Float32s from step 150 on: the storage is converted once.
      let wide = step >= 150 && random.below(10) == 0
      switch random.below(selfSizing ? 5 : 3) {
      case 0:
        let item = random.below(count)
        let size = random.below(4) == 0 ? uniform : Self.size(&random, wide: wide)
        storage.setGiven(size, item: item)
        given[item] = size
      case 1, 2:
        let first = random.below(count)
        let sizes = (0..<random.below(min(100, count - first) + 1)).map { _ in
          random.below(3) == 0 ? uniform : Self.size(&random, wide: wide)
        }
        storage.setGiven(from: first, count: sizes.count) { sizes[$0] }
        given.replaceSubrange(first..<first + sizes.count, with: sizes)
      case 3:
        let item = random.below(count)
        let size = Self.size(&random, wide: wide)
        storage.setMeasured(size, item: item)
        measured[item] = size
      default:
        let item = random.below(count)
        storage.setMeasured(nil, item: item)
        measured[item] = nil
      }
      #expect(storage.isWide == (step >= 150 && storage.isWide), "step \(step): wide too early")
      if step % 10 == 0 || step == 299 { expectSame(step) }
      if step % 50 == 49 {
        // Items deleted, inserted and moved: new storage, Float32s again when every size is one.
        var map: [Int?] = Array(0..<count)
        for _ in 0..<20 { map[random.below(count)] = nil }
        map.swapAt(random.below(count), random.below(count))
        var targets: [Int: Int] = [:]
        for (old, new) in map.enumerated() { if let new { targets[old] = new } }
        let remapped = storage.remapped(count: count) { old in targets[Int(old)].map(Int64.init) }
        var newGiven = Array(repeating: uniform, count: count)
        var newMeasured: [Size?] = Array(repeating: nil, count: count)
        for (old, new) in targets {
          if !selfSizing || storage.ownGivenSize(old) != nil { newGiven[new] = given[old] }
          newMeasured[new] = measured[old]
        }
        storage = remapped
        given = newGiven
        measured = newMeasured
        let allNarrow = (0..<count).allSatisfy { FlowSizes.isNarrow(measured[$0] ?? given[$0]) }
        if allNarrow { #expect(!storage.isWide) }
        expectSame(step)
      }
    }
    #expect(storage.isWide || selfSizing)
  }

  @Test("a flow section's storage: uniform sizes that are not Float32s start as doubles")
  func wideUniform() {
    let storage = FlowSizes(count: 10, uniform: Size(width: 0.1, height: 3), isSelfSizing: false)
    #expect(storage.isWide)
    #expect(storage.size(9) == Size(width: 0.1, height: 3))
    storage.setGiven(Size(width: 7, height: 2.5), item: 4)
    #expect(storage.size(4) == Size(width: 7, height: 2.5))
    #expect(storage.widest(in: 0..<10) == 7)
  }

  /// Every frame, the content size and what rects hold, compared bit for bit.
  func expectSameLayout(
    _ a: Layout, _ b: Layout, _ what: String, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    #expect(a.contentSize == b.contentSize, "\(what)", sourceLocation: sourceLocation)
    let count = a.entries[0].itemCount
    #expect(count == b.entries[0].itemCount, sourceLocation: sourceLocation)
    for item in 0..<count {
      let frame = try a.itemFrame(section: 0, item: item)
      guard frame == (try b.itemFrame(section: 0, item: item)) else {
        Issue.record("\(what): item \(item) differs", sourceLocation: sourceLocation)
        return
      }
    }
    let height = a.contentSize?.height ?? 0
    for top in Swift.stride(from: -50.0, to: height + 50, by: height / 13 + 1) {
      let rect = Rect(x: 0, y: top, width: 390, height: 211.3)
      let found = try elements(a, in: rect)
      let other = try elements(b, in: rect)
      #expect(found.count == other.count, "\(what): rect at \(top)", sourceLocation: sourceLocation)
      for (x, y) in zip(found, other) where x.item != y.item || x.frame != y.frame {
        Issue.record("\(what): rect at \(top) differs", sourceLocation: sourceLocation)
        break
      }
    }
  }

  @Test(
    "a layout kept in doubles gives a Float32 one's frames and rects, through data changes",
    arguments: [false, true])
  func doublesAndFloatsGiveSameFrames(selfSizing: Bool) throws {
    var random = Lcg(state: selfSizing ? 53 : 52)
    let uniform = Size(width: 90, height: 44)
    let count = 2_000
    let sizes = (0..<count).map { item -> Size in
      item / 300 % 3 == 0 ? uniform : Self.size(&random, wide: false)
    }
    func make() throws -> Layout {
      let layout = try solve([
        flowSection(items: Int64(count), itemSize: uniform, selfSizing: selfSizing, inset: 3)
      ])
      _ = try layout.setItemSizes(sizes, section: 0, from: 0)
      return layout
    }
    let narrow = try make()
    let wide = try make()
    // Sizes that are not Float32s, given and given back: the same sizes, kept as doubles.
    func widen() throws {
      let sizes = try #require(wide.entries[0].flowSizes)
      var item = Int64(random.below(Int(wide.entries[0].itemCount)))
      // An item not measured: a measured one keeps its measured size.
      while sizes.isMeasured(Int(item)) { item = (item + 1) % wide.entries[0].itemCount }
      let before = try wide.itemFrame(section: 0, item: item)
      let given = wide.entries[0].flowSizes?.ownGivenSize(Int(item))
      _ = try wide.setItemSizes([Size(width: 0.1, height: 333.3)], section: 0, from: item)
      #expect(wide.entries[0].flowSizes?.isWide == true)
      _ = try wide.setItemSizes([given ?? uniform], section: 0, from: item)
      #expect(try wide.itemFrame(section: 0, item: item) == before)
    }
    try widen()
    #expect(narrow.entries[0].flowSizes?.isWide == false)
    try expectSameLayout(narrow, wide, "given")
    for step in 0..<12 {
      let items = Int(narrow.entries[0].itemCount)
      let change: ItemChange
      switch step % 4 {
      case 0: change = .insert(at: Int64(random.below(items)), count: Int64(1 + random.below(40)))
      case 1: change = .delete(at: Int64(random.below(items - 50)), count: Int64(1 + random.below(40)))
      case 2: change = .move(from: Int64(random.below(items)), to: Int64(random.below(items)))
      default:
        let first = random.below(items - 100)
        let fresh = (0..<100).map { _ in Self.size(&random, wide: false) }
        _ = try narrow.setItemSizes(fresh, section: 0, from: Int64(first))
        _ = try wide.setItemSizes(fresh, section: 0, from: Int64(first))
        if selfSizing {
          let item = Int64(random.below(items))
          let measured = Self.size(&random, wide: false)
          _ = try narrow.reportItemSize(measured, section: 0, item: item)
          _ = try wide.reportItemSize(measured, section: 0, item: item)
        }
        try expectSameLayout(narrow, wide, "step \(step)")
        continue
      }
      _ = try narrow.changeItems(change, section: 0)
      _ = try wide.changeItems(change, section: 0)
      try expectSameLayout(narrow, wide, "step \(step)")
      try widen()
      try expectSameLayout(narrow, wide, "step \(step), widened")
    }
    // NaN is refused as before and leaves the storage as it was.
    expectLayoutError(.invalidArgument, path: "sizes/0/height", messageContains: "height") {
      _ = try narrow.setItemSizes([Size(width: 5, height: .nan)], section: 0, from: 0)
    }
    #expect(narrow.entries[0].flowSizes?.isWide == false)
  }
}
