/// The line of a flow section for a given line length (docs/FLOW-LAYOUT.md), in canonical
/// coordinates: lines run across x and follow one another down y.
///
/// With one size for every item, every line but the last holds the same number of items at the
/// same places, and the last holds the first of those places — so a flow section is a
/// compositional section whose group is one line, repeated, with a partial last repetition.
enum FlowLine {
  /// A count of items that fits but for binary rounding (3 × 110 + 2 × 10 against 350) still
  /// fits: the fitted count may fall short of a whole number by this much.
  static let fitTolerance = 1e-9

  /// How many items `width` long fit on a line `length` long with at least `spacing` between
  /// them (F1): at least one, at most `FlowLines.maxItemsPerLine`.
  static func columns(width: Double, spacing: Double, length: Double) -> Int {
    Int(min(max(1, fitting(width: width, spacing: spacing, length: length)),
      Double(FlowLines.maxItemsPerLine)))
  }

  /// How many fit, before the bounds of `columns`.
  private static func fitting(width: Double, spacing: Double, length: Double) -> Double {
    ((length - width) / (width + spacing) + fitTolerance).rounded(.down) + 1
  }

  /// The group holding one line of `flow`'s items in a line `length` long.
  ///
  /// F1: as many items as fit with at least `minimumInteritemSpacing` between them, at least
  /// one (an item longer than the line overflows it, as in UIKit). F2: with two or more, the
  /// line is justified — the first item at the start, the last at the end, equal gaps. F3: a
  /// line of one item centres it (justifying a single item; a longer item starts at the line's
  /// start).
  static func group(_ flow: FlowItems, length: Double, path: String) throws(LayoutError)
    -> LayoutGroup
  {
    let width = flow.itemSize.width
    let height = flow.itemSize.height
    let spacing = flow.minimumInteritemSpacing
    guard fitting(width: width, spacing: spacing, length: length)
      <= Double(FlowLines.maxItemsPerLine)
    else {
      throw LayoutError(
        .invalidLayout,
        "items \(width) pt long (itemSize, of the section or of flowLayout) put more than "
          + "\(FlowLines.maxItemsPerLine) on one \(length) pt line; make them larger",
        path: path)
    }
    let count = columns(width: width, spacing: spacing, length: length)
    var item = LayoutItem(
      layoutSize: LayoutSize(widthDimension: .absolute(width), heightDimension: .absolute(height)))
    var gap = 0.0
    if count >= 2 {
      gap = (length - Double(count) * width) / Double(count - 1)
    } else if width < length {
      item.edgeSpacing = EdgeSpacing(leading: .fixed((length - width) / 2))
    }
    return LayoutGroup(
      axis: .horizontal,
      layoutSize: LayoutSize(widthDimension: .absolute(length), heightDimension: .absolute(height)),
      content: .repeatingSubitem(.item(item), count: count),
      interItemSpacing: count >= 2 ? .fixed(gap) : nil)
  }
}
