/// The sizes of the items of one flow section once they are not all the same
/// (docs/FLOW-LAYOUT.md, "Per-item sizes"): given in the config (`itemSizes`), set by the host
/// (`sizeForItemAt`) or measured (self-sizing). Kept by the layout across container sizes;
/// `FlowLines` breaks them into lines for one container.
///
/// Dense: two lengths per item, so a section keeps at most `maxItems` of them. They are kept as
/// `Float32`s while every one is exactly a `Float32` (hosts give small integers and halves: 8
/// bytes per item), and as `Double`s from the first that is not, converted in place: either way
/// every read gives the double that was set, so lines and frames do not depend on the storage
/// (issue 19).
final class FlowSizes {
  /// The most items a flow section with per-item sizes may hold.
  static let maxItems = FlowItems.maxItemsWithSizes

  /// The size of an item that has none of its own (`itemSize` or `estimatedItemSize`).
  let uniform: Size
  /// Whether reports of measured sizes apply (`estimatedItemSize`).
  let isSelfSizing: Bool
  /// The number of items.
  let count: Int
  /// Canonical width and height of each item, as laid out (two per item), while `isWide` is
  /// false (empty after).
  private var narrow: [Float32]
  /// The same as doubles once a length is not exactly a `Float32` (empty before).
  private var wide: [Double] = []
  /// Whether the sizes are kept as doubles (`wide`): from the first length set that is not
  /// exactly a `Float32` on, for the life of the storage.
  private(set) var isWide = false
  /// Items the host gave a size other than `uniform` (self-sizing sections: their items then
  /// have given sizes besides measured ones). A count, not a flag, so that sizes given and given
  /// back leave what a section never given them has (state, not history).
  private var givenDiffering = 0
  private var hasGiven: Bool { givenDiffering > 0 }
  /// The given sizes items return to when a measurement is forgotten, kept apart from `sizes`
  /// only while an item is measured in a self-sizing section given sizes of its own: with none
  /// measured, `sizes` are the given sizes (16 bytes per item saved; issue 19).
  private var given: [Double]?
  /// One bit per item: measured by the host.
  private var measuredBits: [UInt64]
  private(set) var measuredCount = 0
  /// Items whose size is not `uniform`: with none, lines follow the one-size rules.
  private(set) var differing = 0
  /// One bit per item whose size is not `uniform`, and how many per 64 items: the next such
  /// item is found in O(log n), so runs of items of the flow's size are skipped whole.
  private var differingBits: [UInt64]
  private var differingWords: FenwickTree<Int32>

  /// - Precondition: `given`, when present, holds `count` positive sizes.
  init(count: Int, uniform: Size, isSelfSizing: Bool, given: [Size]? = nil) {
    self.uniform = uniform
    self.isSelfSizing = isSelfSizing
    self.count = count
    let words = (count + 63) / 64
    differingBits = Array(repeating: 0, count: words)
    measuredBits = Array(repeating: 0, count: words)
    differingWords = FenwickTree(count: given == nil ? words : 0)
    // Every item at the flow's size, written in one pass.
    if FlowSizes.isNarrow(uniform) {
      let width = Float32(uniform.width)
      let height = Float32(uniform.height)
      narrow = Array(unsafeUninitializedCapacity: 2 * count) { buffer, initialized in
        for index in 0..<count {
          buffer[2 * index] = width
          buffer[2 * index + 1] = height
        }
        initialized = 2 * count
      }
    } else {
      narrow = []
      isWide = true
      wide = Array(unsafeUninitializedCapacity: 2 * count) { buffer, initialized in
        for index in 0..<count {
          buffer[2 * index] = uniform.width
          buffer[2 * index + 1] = uniform.height
        }
        initialized = 2 * count
      }
    }
    guard let given else { return }
    var counts = [Int32](repeating: 0, count: words)
    for index in 0..<min(count, given.count) {
      let size = given[index]
      store(size, at: index)
      if size != uniform {
        differing += 1
        differingBits[index >> 6] |= 1 << UInt64(index & 63)
        counts[index >> 6] += 1
      }
    }
    differingWords = FenwickTree(counts)
    givenDiffering = isSelfSizing ? differing : 0
  }

  /// The sizes a (canonical) flow section gives its items, or nil when it gives none other
  /// than its item size (`isUniform`).
  convenience init?(given section: LayoutSection) {
    guard let flow = section.flowItems, let given = flow.itemSizes,
      given.contains(where: { $0 != flow.itemSize })
    else { return nil }
    self.init(
      count: Int(min(section.itemCount, FlowSizes.maxItems)), uniform: flow.itemSize,
      isSelfSizing: flow.isSelfSizing, given: given)
  }

  /// Whether every item has the flow's size and none is measured: the section is then as if it
  /// kept no sizes, and the layout drops them (one state for one layout, docs/ARCHITECTURE.md,
  /// "Exact sums").
  var isUniform: Bool { differing == 0 && measuredCount == 0 }

  @inline(__always) func width(_ item: Int) -> Double {
    isWide ? wide[2 * item] : Double(narrow[2 * item])
  }
  @inline(__always) func height(_ item: Int) -> Double {
    isWide ? wide[2 * item + 1] : Double(narrow[2 * item + 1])
  }
  func size(_ item: Int) -> Size { Size(width: width(item), height: height(item)) }

  /// The largest width of the items of `range` (0 for none), read without a check per item.
  func widest(in range: Range<Int>) -> Double { largest(in: range, length: 0) }

  /// The largest of the items' lengths `length` (0: width, 1: height) in `range` (0 for none).
  private func largest(in range: Range<Int>, length: Int) -> Double {
    if isWide {
      return wide.withUnsafeBufferPointer { sizes in
        var result = 0.0
        for item in range { result = max(result, sizes[2 * item + length]) }
        return result
      }
    }
    return narrow.withUnsafeBufferPointer { sizes in
      var result: Float32 = 0
      for item in range { result = max(result, sizes[2 * item + length]) }
      return Double(result)
    }
  }

  /// The largest height of the items of word `word` (0 for none), as `widest(inWord:)`.
  func tallest(inWord word: Int) -> Double {
    let range = word << 6..<min(count, (word + 1) << 6)
    guard !range.isEmpty else { return 0 }
    guard differingBits[word] != 0 else { return Swift.max(0, uniform.height) }
    return largest(in: range, length: 1)
  }

  /// The largest width of the items of word `word` (items `64 word ..< 64 word + 64`, 0 for
  /// none): the flow's own width, read from no item, when none of them has another size (a
  /// host giving sizes in chunks leaves most words so until it reaches them; issue 19).
  func widest(inWord word: Int) -> Double {
    let range = word << 6..<min(count, (word + 1) << 6)
    guard !range.isEmpty else { return 0 }
    // An item that does not differ holds exactly `uniform` (`setGiven`, `place`).
    guard differingBits[word] != 0 else { return uniform.width }
    return widest(in: range)
  }

  /// The lengths, read in loops without a check per item (`withLengths`).
  struct Lengths {
    let isWide: Bool
    let narrow: UnsafePointer<Float32>?
    let wide: UnsafePointer<Double>?

    // Items are below `count` (`FlowSizes.maxItems`): `2 &* item` does not overflow, and an
    // overflow check per read would cost the walks of every line a test and a branch.
    @inline(__always) func width(_ item: Int) -> Double {
      isWide ? wide.unsafelyUnwrapped[2 &* item] : Double(narrow.unsafelyUnwrapped[2 &* item])
    }
    @inline(__always) func height(_ item: Int) -> Double {
      isWide
        ? wide.unsafelyUnwrapped[2 &* item &+ 1]
        : Double(narrow.unsafelyUnwrapped[2 &* item &+ 1])
    }
  }

  /// Calls `body` with the lengths as they are kept. - Precondition: `body` reads items below
  /// `count` only.
  @inline(__always)
  func withLengths<Result>(_ body: (Lengths) -> Result) -> Result {
    narrow.withUnsafeBufferPointer { narrow in
      wide.withUnsafeBufferPointer { wide in
        body(Lengths(isWide: isWide, narrow: narrow.baseAddress, wide: wide.baseAddress))
      }
    }
  }

  /// Whether both lengths of `size` are exactly `Float32`s (NaN is not).
  @inline(__always)
  static func isNarrow(_ size: Size) -> Bool {
    Double(Float32(size.width)) == size.width && Double(Float32(size.height)) == size.height
  }

  /// Writes item `item`'s size, converting the storage to doubles first when `size` is not
  /// exactly two `Float32`s.
  @inline(__always)
  private func store(_ size: Size, at item: Int) {
    if !isWide {
      if FlowSizes.isNarrow(size) {
        narrow[2 * item] = Float32(size.width)
        narrow[2 * item + 1] = Float32(size.height)
        return
      }
      widen()
    }
    wide[2 * item] = size.width
    wide[2 * item + 1] = size.height
  }

  /// Every length as a double: `wide` takes over from `narrow`, once.
  private func widen() {
    wide = allLengths()
    narrow = []
    isWide = true
  }

  /// Two lengths per item, as doubles.
  private func allLengths() -> [Double] {
    if isWide { return wide }
    return narrow.withUnsafeBufferPointer { narrow in
      Array(unsafeUninitializedCapacity: narrow.count) { buffer, initialized in
        for index in 0..<narrow.count { buffer[index] = Double(narrow[index]) }
        initialized = narrow.count
      }
    }
  }

  func isMeasured(_ item: Int) -> Bool { measuredBits[item >> 6] & (1 << UInt64(item & 63)) != 0 }

  /// The measured size of an item, or nil.
  func measuredSize(_ item: Int) -> Size? { isMeasured(item) ? size(item) : nil }

  /// The size an item has when not measured.
  func givenSize(_ item: Int) -> Size {
    // Without measuring, the sizes are the given ones.
    guard isSelfSizing else { return size(item) }
    guard hasGiven else { return uniform }
    guard let given else { return size(item) }
    return Size(width: given[2 * item], height: given[2 * item + 1])
  }

  /// The size the host gave an item (`itemSizes`, `sizeForItemAt`), or nil in a self-sizing
  /// section given none that differ from its estimate: there the item has no size of its own
  /// but a measured one (docs/FLOW-LAYOUT.md, "Moving items").
  func ownGivenSize(_ item: Int) -> Size? {
    isSelfSizing && !hasGiven ? nil : givenSize(item)
  }

  /// Sets the size an item has when not measured; a measured item keeps its measured size.
  func setGiven(_ size: Size, item: Int) {
    if isSelfSizing {
      let change = (size != uniform ? 1 : 0) - (givenSize(item) != uniform ? 1 : 0)
      let had = hasGiven
      givenDiffering += change
      // The given sizes are kept apart while items are measured and some differ.
      if !had && hasGiven && measuredCount > 0 { given = uniformSizes() }
      if given != nil {
        given![2 * item] = size.width
        given![2 * item + 1] = size.height
      }
      if !hasGiven { given = nil }
      if isMeasured(item) { return }
    }
    place(size, item: item)
  }

  /// Two lengths per item, every one `uniform`.
  private func uniformSizes() -> [Double] {
    var all: [Double] = []
    all.reserveCapacity(2 * count)
    for _ in 0..<count {
      all.append(uniform.width)
      all.append(uniform.height)
    }
    return all
  }

  /// `setGiven` for the items `first ..< first + count`, item `first + i` taking `size(i)`:
  /// the sizes are written in one pass and the items that differ from `uniform` counted again
  /// per word of 64 items, not per item. - Complexity: O(count + words changed · log n), or
  /// O(count + n / 64) when most words change.
  func setGiven(from first: Int, count: Int, _ size: (Int) -> Size) {
    guard count > 0 else { return }
    if isSelfSizing {
      // The items given a size of their own, counted again over the range first.
      var change = 0
      for index in 0..<count {
        change += (size(index) != uniform ? 1 : 0) - (givenSize(first + index) != uniform ? 1 : 0)
      }
      let had = hasGiven
      givenDiffering += change
      if !had && hasGiven && measuredCount > 0 { given = uniformSizes() }
    }
    var written = 0
    if !isSelfSizing && !isWide {
      // Sizes set by the host, while they are Float32s: written without a check per item.
      precondition(first >= 0 && first + count <= self.count)
      narrow.withUnsafeMutableBufferPointer { narrow in
        while written < count {
          let value = size(written)
          guard FlowSizes.isNarrow(value) else { break }
          narrow[2 * (first + written)] = Float32(value.width)
          narrow[2 * (first + written) + 1] = Float32(value.height)
          written += 1
        }
      }
    }
    for index in written..<count {
      let value = size(index)
      let item = first + index
      if given != nil {
        given![2 * item] = value.width
        given![2 * item + 1] = value.height
      }
      if isSelfSizing && isMeasured(item) { continue }
      store(value, at: item)
    }
    if !hasGiven { given = nil }
    let words = first >> 6...(first + count - 1) >> 6
    var counts: [Int32] = []
    let rebuilding = words.count > differingBits.count / 8
    if rebuilding {
      counts.reserveCapacity(differingBits.count)
      for word in differingBits.indices {
        counts.append(Int32(differingBits[word].nonzeroBitCount))
      }
    }
    for word in words {
      let bits = withLengths { sizes in
        var bits: UInt64 = 0
        for item in word << 6..<min(self.count, (word + 1) << 6)
        where sizes.width(item) != uniform.width || sizes.height(item) != uniform.height {
          bits |= 1 << UInt64(item & 63)
        }
        return bits
      }
      let change = bits.nonzeroBitCount - differingBits[word].nonzeroBitCount
      differing += change
      differingBits[word] = bits
      if rebuilding {
        counts[word] = Int32(bits.nonzeroBitCount)
      } else if change != 0 {
        differingWords.add(Int32(change), at: word)
      }
    }
    if rebuilding { differingWords = FenwickTree(counts) }
  }

  /// Records a measured size, or forgets it (nil: the item takes its given size again).
  func setMeasured(_ size: Size?, item: Int) {
    let bit: UInt64 = 1 << UInt64(item & 63)
    if let size {
      // The first measurement keeps the given sizes apart (they are `sizes` until then).
      if hasGiven && given == nil { given = allLengths() }
      if !isMeasured(item) { measuredCount += 1 }
      measuredBits[item >> 6] |= bit
      place(size, item: item)
    } else {
      let was = isMeasured(item)
      place(givenSize(item), item: item)
      if was { measuredCount -= 1 }
      measuredBits[item >> 6] &= ~bit
      // None measured: every item has its given size, which `sizes` hold again.
      if measuredCount == 0 { given = nil }
    }
  }

  private func place(_ size: Size, item: Int) {
    let was = self.size(item) != uniform
    let now = size != uniform
    store(size, at: item)
    guard was != now else { return }
    differing += now ? 1 : -1
    differingBits[item >> 6] ^= 1 << UInt64(item & 63)
    differingWords.add(now ? 1 : -1, at: item >> 6)
  }

  /// The first item at or after `item` whose size is not `uniform`, or the item count.
  /// - Complexity: O(log n).
  func nextDiffering(from item: Int) -> Int {
    guard item < count else { return count }
    let word = item >> 6
    let here = differingBits[word] & (~UInt64(0) << UInt64(item & 63))
    if here != 0 { return word << 6 + here.trailingZeroBitCount }
    // The first word after `word` holding one: the words whose counts sum to no more than
    // those through `word` come before it.
    let next = differingWords.count(atOrBelow: differingWords.prefix(word + 1)).count
    guard next < differingBits.count else { return count }
    return next << 6 + differingBits[next].trailingZeroBitCount
  }

  /// The sizes after a batch update: new item `j` takes the sizes of the old item mapped to
  /// it, inserted items take `uniform`.
  /// - Complexity: O(old count + new count).
  func remapped(count newCount: Int, _ map: (Int64) -> Int64?) -> FlowSizes {
    let result = FlowSizes(count: newCount, uniform: uniform, isSelfSizing: isSelfSizing)
    for old in 0..<count {
      guard let target = map(Int64(old)) else { continue }
      let index = Int(target)
      if hasGiven || !isSelfSizing { result.setGiven(givenSize(old), item: index) }
      if let measured = measuredSize(old) { result.setMeasured(measured, item: index) }
    }
    return result
  }
}
