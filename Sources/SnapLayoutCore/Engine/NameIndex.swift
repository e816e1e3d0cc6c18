/// Strings numbered in the order they were added, compared byte for byte (their UTF-8, without
/// Unicode normalization: docs/CONFIG.md, "A section"), and found in O(1) expected time.
///
/// Up to `linearCount` names are searched one by one (a layout's handful of kinds: comparing
/// a few short strings costs less than hashing one); past it, an open-addressing table with
/// linear probing over `Hasher`'s hashes of the bytes. `Hasher` is seeded at random per process
/// (the Embedded standard library seeds it with `arc4random_buf`), so a configuration cannot be
/// written to make its names collide.
public struct NameIndex {
  /// The most names searched without the table.
  static let linearCount = 8

  /// The names, by number.
  public private(set) var names: [String] = []
  /// With the table: the hash of each name, by number (to place and move entries without
  /// hashing again).
  private var hashes: [Int] = []
  /// Per slot, the number of the name it holds, or -1. Empty until the names outgrow
  /// `linearCount`; then a power of two, at least twice the number of names.
  private var slots: [Int32] = []

  public init() {}

  public var count: Int { names.count }

  /// The number of `name`, or nil when it was never added.
  /// - Complexity: O(1) expected, plus the name's length.
  public func id(of name: String) -> Int32? {
    guard !slots.isEmpty else { return linearID(of: name) }
    let hash = NameIndex.hash(name)
    let mask = slots.count - 1
    var slot = hash & mask
    while true {
      let id = slots[slot]
      if id < 0 { return nil }
      if hashes[Int(id)] == hash && NameIndex.sameBytes(names[Int(id)], name) { return id }
      slot = (slot + 1) & mask
    }
  }

  /// Adds `name` unless it is there; returns its number and whether it was added.
  /// - Complexity: O(1) amortized expected, plus the name's length.
  @discardableResult
  public mutating func insert(_ name: String) -> (id: Int32, inserted: Bool) {
    if slots.isEmpty {
      if let id = linearID(of: name) { return (id, false) }
      names.append(name)
      if names.count > NameIndex.linearCount { grow() }
      return (Int32(truncatingIfNeeded: names.count - 1), true)
    }
    let hash = NameIndex.hash(name)
    let mask = slots.count - 1
    var slot = hash & mask
    while slots[slot] >= 0 {
      let found = slots[slot]
      if hashes[Int(found)] == hash && NameIndex.sameBytes(names[Int(found)], name) {
        return (found, false)
      }
      slot = (slot + 1) & mask
    }
    let id = Int32(truncatingIfNeeded: names.count)
    names.append(name)
    hashes.append(hash)
    if 2 * names.count > slots.count {
      grow()
    } else {
      place(id)
    }
    return (id, true)
  }

  /// Forgets the name added last (a change that failed gives back the kinds it added).
  /// - Complexity: O(1) expected.
  public mutating func removeLast() {
    guard let last = names.indices.last else { return }
    guard !slots.isEmpty else {
      names.removeLast()
      return
    }
    let mask = slots.count - 1
    var slot = hashes[last] & mask
    while slots[slot] != Int32(truncatingIfNeeded: last) { slot = (slot + 1) & mask }
    // Backward-shift deletion: move later entries of the probe run into the hole when their
    // home slot is not between the hole and them, so every run stays unbroken.
    var hole = slot
    var next = (hole + 1) & mask
    while slots[next] >= 0 {
      let home = hashes[Int(slots[next])] & mask
      let distanceToNext = (next - home) & mask
      let distanceToHole = (hole - home) & mask
      if distanceToHole <= distanceToNext {
        slots[hole] = slots[next]
        hole = next
      }
      next = (next + 1) & mask
    }
    slots[hole] = -1
    names.removeLast()
    hashes.removeLast()
  }

  private mutating func place(_ id: Int32) {
    let mask = slots.count - 1
    var slot = hashes[Int(id)] & mask
    while slots[slot] >= 0 { slot = (slot + 1) & mask }
    slots[slot] = id
  }

  private func linearID(of name: String) -> Int32? {
    // The same value first (what the solvers look up), then the bytes (`sameBytes`).
    for (id, candidate) in names.enumerated() where NameIndex.sameBytes(candidate, name) {
      return Int32(truncatingIfNeeded: id)
    }
    return nil
  }

  private mutating func grow() {
    if hashes.count < names.count { hashes = names.map { NameIndex.hash($0) } }
    var capacity = max(4 * NameIndex.linearCount, slots.count)
    while capacity < 2 * names.count { capacity *= 2 }
    slots = Array(repeating: -1, count: capacity)
    for id in names.indices { place(Int32(truncatingIfNeeded: id)) }
  }

  /// Whether two strings hold the same bytes (not `==`, which compares canonical equivalence).
  public static func sameBytes(_ a: String, _ b: String) -> Bool {
    if sameRepresentation(a, b) { return true }
    guard a.utf8.count == b.utf8.count else { return false }
    let compared = a.utf8.withContiguousStorageIfAvailable { left in
      b.utf8.withContiguousStorageIfAvailable { right in
        for index in left.indices where left[index] != right[index] { return false }
        return true
      }
    }
    // Native strings (all the decoder makes) are contiguous; a bridged one is walked.
    return (compared ?? nil) ?? a.utf8.elementsEqual(b.utf8)
  }

  /// Whether two strings are the same value: a short string's bytes held inline, or a long
  /// one's storage. The same representation holds the same bytes (the converse does not
  /// hold); a kind looked up with the very string it was added with — what the solvers do —
  /// is found without reading the bytes.
  @inline(__always)
  private static func sameRepresentation(_ a: String, _ b: String) -> Bool {
    // A String is two words (three on 32-bit systems): compared word by word.
    withUnsafeBytes(of: a) { left in
      withUnsafeBytes(of: b) { right in
        var offset = 0
        while offset + 4 <= left.count {
          if left.loadUnaligned(fromByteOffset: offset, as: UInt32.self)
            != right.loadUnaligned(fromByteOffset: offset, as: UInt32.self)
          {
            return false
          }
          offset += 4
        }
        for index in offset..<left.count where left[index] != right[index] { return false }
        return true
      }
    }
  }

  /// The seeded hash of a string's bytes.
  static func hash(_ name: String) -> Int {
    var hasher = Hasher()
    var bytes = name
    bytes.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    // The table indexes with the low bits.
    return hasher.finalize() & Int.max
  }
}

extension String {
  /// Whether the two strings are the same UTF-8 bytes. Names, element kinds and configuration
  /// words are compared so, as UIKit compares element kinds, literally: "café" written
  /// precomposed and decomposed are two names (docs/CONFIG.md). `==` would compare canonical
  /// equivalence, and bring Unicode's normalisation tables into the library (docs/PERFORMANCE.md,
  /// "Library size").
  @inline(__always)
  public func sameBytes(_ other: String) -> Bool { NameIndex.sameBytes(self, other) }
}
