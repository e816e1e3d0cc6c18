extension Layout {
  /// Records the size the host measured for a boundary supplementary item (a header, a footer)
  /// of `section`, or of the layout when `section` is nil; nil forgets it (the estimate applies
  /// again). The item is named by its element kind id (`KindTable`), which is unique among a
  /// section's boundary items. As for cells, only axes whose dimension is estimated take the
  /// measured length; the section grows or shrinks, everything after it moves, and the
  /// visible content stays in place (docs/SELF-SIZING.md rule 12).
  /// - Complexity: O(the section's boundary items + log sections), independent of item counts.
  public func reportSupplementarySize(_ size: Size?, section: Int?, kind: Int32)
    throws(LayoutError) -> SizeReport
  {
    try requireSolved()
    try checkBoundaryKind(kind, section: section)
    if let size { try Layout.checkMeasured(size) }
    let canonical = size.map { transposed ? $0.transposed : $0 }
    let before = anchors(section: section)
    if let section {
      let previous = entries[section].boundarySizes
      entries[section].boundarySizes.set(canonical, of: kind)
      do throws(LayoutError) {
        try resolveSection(section, reuse: true, refresh: false)
      } catch {
        entries[section].boundarySizes = previous
        throw error
      }
    } else {
      globalBoundarySizes.set(canonical, of: kind)
      remeasureGlobals()
    }
    return keep(before, section: section)
  }

  /// The size the host measured for a boundary supplementary item of `section` (nil: of the
  /// layout), or nil when it has not reported one.
  public func measuredSupplementarySize(section: Int?, kind: Int32) throws(LayoutError) -> Size? {
    try checkBoundaryKind(kind, section: section)
    let sizes = section.map { entries[$0].boundarySizes } ?? globalBoundarySizes
    guard let size = sizes.size(of: kind) else { return nil }
    return transposed ? size.transposed : size
  }

  /// Checks that `kind` names a boundary supplementary item of `section` (nil: of the layout).
  private func checkBoundaryKind(_ kind: Int32, section: Int?) throws(LayoutError) {
    if let section { try checkSection(section) }
    let items =
      section.map { entries[$0].shape.canonical.boundarySupplementaryItems } ?? globalItems
    for item in items where kinds.id(of: item.elementKind) == kind { return }
    let owner = section.map { "section \($0)" } ?? "the layout"
    let names = items.map { "'\($0.elementKind)'" }
    let known = names.isEmpty ? "it has none" : "its kinds are " + names.joined(separator: ", ")
    let name = kind >= 0 && Int(kind) < kinds.names.count ? " ('\(kinds.names[Int(kind)])')" : ""
    throw LayoutError(
      .outOfRange,
      "kind \(kind)\(name) is not a boundary supplementary item of \(owner); \(known)",
      path: "kind")
  }
}
