/// Which edge of the visible rect a pinned boundary item sticks to (docs/LAYOUT-RULES.md,
/// "Pinned boundary items").
enum PinEdge: Equatable {
  case none
  /// A header: follows the visible rect's start, within its section.
  case leading
  /// A footer: follows the visible rect's end, within its section.
  case trailing
}

/// A solved element that is not a cell: a boundary item or a decoration.
struct PlacedElement: Equatable {
  var frame: Rect
  var kind: Int32
  var zIndex: Int32
  var pin: PinEdge = .none
}

/// Boundary supplementary items placed around a host rect (docs/LAYOUT-RULES.md, "Boundary
/// supplementary items"), with frames relative to the host's top edge so that the host can move
/// once the extensions are known.
struct BoundaryPlacement {
  var elements: [PlacedElement] = []
  /// How far items extending the boundary reach before the host (headers).
  var leadingExtension = 0.0
  /// How far items extending the boundary reach after the host (footers).
  var trailingExtension = 0.0

  /// Places `items` around a host of main-axis length `hostLength` whose anchor rect spans
  /// `anchorMinX ..< anchorMaxX` across the main axis.
  ///
  /// Items that extend the boundary on the same edge stack outward in declaration order (the
  /// first one is nearest the content), a choice of this project (docs/LAYOUT-RULES.md, "Boundary
  /// supplementary items").
  /// An item's estimated axes take the length in `measured`, when the host reported one.
  init(
    _ items: [BoundarySupplementaryItem], hostLength: Double, anchorMinX: Double,
    anchorMaxX: Double, sizeContainer: Size, resolver: DimensionResolver, kinds: KindTable,
    zIndexFloor: Int32, measured: BoundarySizes = BoundarySizes()
  ) {
    let anchorWidth = anchorMaxX - anchorMinX
    for item in items {
      var size = resolver.resolve(item.layoutSize, in: sizeContainer)
      let kind = kinds.id(of: item.elementKind) ?? 0
      if let reported = measured.size(of: kind) {
        if item.layoutSize.widthDimension.isEstimated { size.width = reported.width }
        if item.layoutSize.heightDimension.isEstimated { size.height = reported.height }
      }
      let unit = item.alignment.edges.unitPoint
      let x = anchorMinX + anchorWidth * unit.x - size.width * unit.x + item.offset.x
      let edges = item.alignment.edges
      var y: Double
      if item.extendsBoundary && edges.contains(.top) {
        y = -leadingExtension - size.height + item.offset.y
        leadingExtension = max(leadingExtension, -y)
      } else if item.extendsBoundary && edges.contains(.bottom) {
        y = hostLength + trailingExtension + item.offset.y
        trailingExtension = max(trailingExtension, y + size.height - hostLength)
      } else {
        y = hostLength * unit.y - size.height * unit.y + item.offset.y
      }
      let frame = Rect(x: x, y: y, width: size.width, height: size.height)
        .inset(by: item.contentInsets.ignoringEstimatedAxes(of: item.layoutSize))
      var pin = PinEdge.none
      if item.pinToVisibleBounds {
        pin = edges.contains(.top) ? .leading : edges.contains(.bottom) ? .trailing : .none
      }
      elements.append(
        PlacedElement(
          frame: frame, kind: kind,
          zIndex: max(item.zIndex, zIndexFloor), pin: pin))
    }
  }

  /// The elements with their frames moved so that the host's top edge is at `hostTop`.
  func elements(hostTop: Double) -> [PlacedElement] {
    elements.map { element in
      var moved = element
      moved.frame.y += hostTop
      return moved
    }
  }
}
