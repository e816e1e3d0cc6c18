import SnapLayoutCore
import Testing

// Shorthand builders so each test reads like the UIKit code it mirrors.

func size(_ width: Dimension, _ height: Dimension) -> LayoutSize {
  LayoutSize(widthDimension: width, heightDimension: height)
}

func fw(_ f: Double) -> Dimension { .fractionalWidth(f) }
func fh(_ f: Double) -> Dimension { .fractionalHeight(f) }
func abs_(_ v: Double) -> Dimension { .absolute(v) }
func est(_ v: Double) -> Dimension { .estimated(v) }

func insets(_ all: Double) -> DirectionalEdgeInsets {
  DirectionalEdgeInsets(top: all, leading: all, bottom: all, trailing: all)
}

func item(
  _ width: Dimension, _ height: Dimension, insets: DirectionalEdgeInsets = .zero,
  edges: EdgeSpacing = .none, badges: [SupplementaryItem] = []
) -> Subitem {
  .item(
    LayoutItem(
      layoutSize: size(width, height), contentInsets: insets, edgeSpacing: edges,
      supplementaryItems: badges))
}

func hgroup(
  _ width: Dimension, _ height: Dimension, _ content: GroupContent, spacing: Spacing? = nil,
  insets: DirectionalEdgeInsets = .zero, edges: EdgeSpacing = .none
) -> LayoutGroup {
  LayoutGroup(
    axis: .horizontal, layoutSize: size(width, height), content: content,
    interItemSpacing: spacing, contentInsets: insets, edgeSpacing: edges)
}

func vgroup(
  _ width: Dimension, _ height: Dimension, _ content: GroupContent, spacing: Spacing? = nil,
  insets: DirectionalEdgeInsets = .zero, edges: EdgeSpacing = .none
) -> LayoutGroup {
  LayoutGroup(
    axis: .vertical, layoutSize: size(width, height), content: content,
    interItemSpacing: spacing, contentInsets: insets, edgeSpacing: edges)
}

func header(
  _ kind: String = "header", height: Dimension = .absolute(44), alignment: RectAlignment = .top,
  width: Dimension = .fractionalWidth(1), extends: Bool = true, offset: Point = .zero,
  zIndex: Int32 = 1
) -> BoundarySupplementaryItem {
  BoundarySupplementaryItem(
    elementKind: kind, layoutSize: size(width, height), alignment: alignment, offset: offset,
    extendsBoundary: extends, zIndex: zIndex)
}

/// Builds and solves a layout at `width` x `height`.
func solve(
  _ sections: [LayoutSection], width: Double = 390, height: Double = 844,
  configuration: LayoutConfiguration = LayoutConfiguration(),
  environment: LayoutEnvironment = LayoutEnvironment()
) throws -> Layout {
  var layout = try Layout.solving(
    LayoutDescription(configuration: configuration, environment: environment, sections: sections))
  try layout.setContainerSize(Size(width: width, height: height))
  return layout
}

/// Collects every element, also those of orthogonal sections outside the content rect.
struct Collector: ElementVisitor {
  var elements: [LayoutElement] = []
  mutating func visit(_ element: LayoutElement) { elements.append(element) }
}

func allElements(_ layout: Layout) throws -> [LayoutElement] {
  var collector = Collector()
  try layout.visitAllElements(&collector)
  return collector.elements
}

func elements(_ layout: Layout, in rect: Rect) throws -> [LayoutElement] {
  var collector = Collector()
  try layout.visitElements(in: rect, &collector)
  return collector.elements
}

/// The frame of the one element with this kind name at (section, item).
func frame(
  _ layout: Layout, kind: String, section: Int32, item: Int64 = 0,
  sourceLocation: SourceLocation = #_sourceLocation
) throws -> Rect {
  let id = try #require(layout.kinds.id(of: kind), sourceLocation: sourceLocation)
  let matches = try allElements(layout).filter {
    $0.kind == id && $0.section == section && $0.item == item
  }
  try #require(matches.count == 1, "\(matches.count) \(kind) elements", sourceLocation: sourceLocation)
  return matches[0].frame
}

/// Compares frames with an explicit tolerance (Equatable stays exact).
func expectFrame(
  _ actual: Rect, _ x: Double, _ y: Double, _ width: Double, _ height: Double,
  tolerance: Double = 1e-9, sourceLocation: SourceLocation = #_sourceLocation
) {
  let close =
    Swift.abs(actual.x - x) <= tolerance && Swift.abs(actual.y - y) <= tolerance
    && Swift.abs(actual.width - width) <= tolerance && Swift.abs(actual.height - height) <= tolerance
  #expect(
    close, "frame \(actual) != (\(x), \(y), \(width), \(height))", sourceLocation: sourceLocation)
}

func expectItem(
  _ layout: Layout, section: Int = 0, _ item: Int64, _ x: Double, _ y: Double, _ width: Double,
  _ height: Double, sourceLocation: SourceLocation = #_sourceLocation
) throws {
  expectFrame(
    try layout.itemFrame(section: section, item: item), x, y, width, height,
    sourceLocation: sourceLocation)
}

func expectLayoutError(
  _ kind: LayoutError.Kind, path: String, messageContains: String,
  sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> Void
) {
  do {
    try body()
    Issue.record("expected a LayoutError at \(path)", sourceLocation: sourceLocation)
  } catch let error as LayoutError {
    #expect(error.kind == kind, sourceLocation: sourceLocation)
    #expect(error.path == path, sourceLocation: sourceLocation)
    #expect(
      error.message.contains(messageContains), "message: \(error.message)",
      sourceLocation: sourceLocation)
  } catch {
    Issue.record("unexpected error \(error)", sourceLocation: sourceLocation)
  }
}
