/// A background view behind a section (`NSCollectionLayoutDecorationItem.background`).
public struct DecorationItem: Equatable, Sendable {
  public var elementKind: String
  public var contentInsets: DirectionalEdgeInsets
  public var zIndex: Int32

  public init(elementKind: String, contentInsets: DirectionalEdgeInsets = .zero, zIndex: Int32 = 0) {
    self.elementKind = elementKind
    self.contentInsets = contentInsets
    self.zIndex = zIndex
  }

  public var transposed: DecorationItem {
    DecorationItem(
      elementKind: elementKind, contentInsets: contentInsets.transposed, zIndex: zIndex)
  }
}

extension DecorationItem {
  /// Equal field by field, the element kind byte for byte (`String.sameBytes`), last.
  public static func == (a: DecorationItem, b: DecorationItem) -> Bool {
    a.contentInsets == b.contentInsets && a.zIndex == b.zIndex && a.elementKind.sameBytes(b.elementKind)
  }
}
