/// The sizes the host measured for the boundary supplementary items of one section (or of the
/// layout), by element kind id, in canonical coordinates (docs/SELF-SIZING.md rule 12).
///
/// A section has a handful of boundary items, so a short list beats a dictionary.
struct BoundarySizes {
  private(set) var entries: [(kind: Int32, size: Size)] = []

  var isEmpty: Bool { entries.isEmpty }

  /// The measured size of the boundary item of kind `kind`, if any.
  func size(of kind: Int32) -> Size? {
    for entry in entries where entry.kind == kind { return entry.size }
    return nil
  }

  /// Records (or, with nil, forgets) the measured size of kind `kind`.
  mutating func set(_ size: Size?, of kind: Int32) {
    entries.removeAll { $0.kind == kind }
    if let size { entries.append((kind, size)) }
  }

  /// The sizes of the kinds `items` still has (a section described anew keeps those).
  func keeping(_ items: [BoundarySupplementaryItem], kinds: KindTable) -> BoundarySizes {
    var kept = BoundarySizes()
    for item in items {
      if let kind = kinds.id(of: item.elementKind), let size = size(of: kind) {
        kept.set(size, of: kind)
      }
    }
    return kept
  }
}
