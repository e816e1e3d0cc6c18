/// Where a boundary supplementary item sits around its section or layout
/// (`NSRectAlignment`).
public enum RectAlignment: CaseIterable, Equatable, Sendable {
  case top, topLeading, leading, bottomLeading, bottom, bottomTrailing, trailing, topTrailing

  /// The edges the alignment names.
  public var edges: RectEdges {
    switch self {
    case .top: return [.top]
    case .topLeading: return [.top, .leading]
    case .leading: return [.leading]
    case .bottomLeading: return [.bottom, .leading]
    case .bottom: return [.bottom]
    case .bottomTrailing: return [.bottom, .trailing]
    case .trailing: return [.trailing]
    case .topTrailing: return [.top, .trailing]
    }
  }

  /// The alignment naming exactly `edges`, if any.
  public init?(edges: RectEdges) {
    for candidate in RectAlignment.allCases where candidate.edges == edges {
      self = candidate
      return
    }
    return nil
  }

  /// The alignment with top/leading and bottom/trailing exchanged.
  public var transposed: RectAlignment {
    // Every transposed edge set of an alignment is again an alignment.
    RectAlignment(edges: edges.transposed) ?? self
  }
}
