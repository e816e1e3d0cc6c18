#if canImport(SnapLayoutCore)
  import SnapLayoutCore
#endif

extension ConfigDecoder {
  static let alignmentNames = [
    "top", "topLeading", "leading", "bottomLeading", "bottom", "bottomTrailing", "trailing",
    "topTrailing",
  ]

  /// A list of boundary supplementary items whose element kinds are unique.
  @_optimize(size) static func decodeBoundaryItems(_ node: JSONNode) throws(ConfigError)
    -> [BoundarySupplementaryItem]
  {
    var items: [BoundarySupplementaryItem] = []
    var kinds = NameIndex()
    for entry in try node.array(maxCount: ConfigLimits.maxAccessories) {
      let item = try decodeBoundaryItem(entry)
      let (index, inserted) = kinds.insert(item.elementKind)
      guard inserted else {
        throw .invalid(
          "element kind '\(item.elementKind)' is already used at \(node.path)/\(index)/elementKind",
          at: entry.path + "/elementKind")
      }
      items.append(item)
    }
    return items
  }

  @_optimize(size) static func decodeBoundaryItem(_ node: JSONNode) throws(ConfigError) -> BoundarySupplementaryItem {
    let object = try node.object(allowed: [
      "elementKind", "layoutSize", "alignment", "offset", "extendsBoundary",
      "pinToVisibleBounds", "zIndex", "contentInsets",
    ])
    let chosen = try object.required("alignment").choiceIndex(alignmentNames)
    var alignment = RectAlignment.top
    for (index, candidate) in RectAlignment.allCases.enumerated() where index == chosen {
      alignment = candidate
    }
    var item = BoundarySupplementaryItem(
      elementKind: try decodeKind(object.required("elementKind")),
      layoutSize: try decodeSize(object.required("layoutSize")), alignment: alignment)
    if let value = object["offset"] { item.offset = try decodePoint(value) }
    if let value = object["extendsBoundary"] { item.extendsBoundary = try value.bool() }
    if let value = object["pinToVisibleBounds"] { item.pinToVisibleBounds = try value.bool() }
    if let value = object["zIndex"] { item.zIndex = try decodeZIndex(value) }
    if let value = object["contentInsets"] { item.contentInsets = try decodeInsets(value) }
    return item
  }

  @_optimize(size) static func decodeSupplementaryItem(_ node: JSONNode) throws(ConfigError) -> SupplementaryItem {
    let object = try node.object(allowed: [
      "elementKind", "layoutSize", "containerAnchor", "itemAnchor", "zIndex",
    ])
    var item = SupplementaryItem(
      elementKind: try decodeKind(object.required("elementKind")),
      layoutSize: try decodeSize(object.required("layoutSize")),
      containerAnchor: try decodeAnchor(object.required("containerAnchor")))
    if let value = object["itemAnchor"] { item.itemAnchor = try decodeAnchor(value) }
    if let value = object["zIndex"] { item.zIndex = try decodeZIndex(value) }
    return item
  }

  @_optimize(size) static func decodeDecorationItems(_ node: JSONNode) throws(ConfigError) -> [DecorationItem] {
    var items: [DecorationItem] = []
    for entry in try node.array(maxCount: ConfigLimits.maxAccessories) {
      let object = try entry.object(allowed: ["elementKind", "contentInsets", "zIndex"])
      var item = DecorationItem(elementKind: try decodeKind(object.required("elementKind")))
      if let value = object["contentInsets"] { item.contentInsets = try decodeInsets(value) }
      if let value = object["zIndex"] { item.zIndex = try decodeZIndex(value) }
      items.append(item)
    }
    return items
  }

  /// An anchor: edges plus an absolute or a fractional offset.
  @_optimize(size) static func decodeAnchor(_ node: JSONNode) throws(ConfigError) -> Anchor {
    let object = try node.object(allowed: ["edges", "offset", "fractionalOffset"])
    var edges: RectEdges = []
    let edgeNames = ["top", "leading", "bottom", "trailing"]
    let edgeValues: [RectEdges] = [.top, .leading, .bottom, .trailing]
    for entry in try object.required("edges").array(maxCount: 4) {
      let index = try entry.choiceIndex(edgeNames)
      let name = edgeNames[index]
      let edge = edgeValues[index]
      guard !edges.contains(edge) else {
        throw .invalid("edge '\(name)' is listed twice", at: entry.path)
      }
      edges.insert(edge)
      if edges.contains([.top, .bottom]) || edges.contains([.leading, .trailing]) {
        throw .invalid(
          "an anchor cannot name opposite edges ('\(name)' contradicts an earlier edge)",
          at: entry.path)
      }
    }
    if object.has("offset") && object.has("fractionalOffset") {
      throw .invalid(
        "an anchor takes 'offset' or 'fractionalOffset', not both", at: object.path + "/fractionalOffset")
    }
    if let value = object["offset"] {
      return Anchor(edges: edges, offset: try decodePoint(value))
    }
    if let value = object["fractionalOffset"] {
      return Anchor(edges: edges, offset: try decodePoint(value), isFractional: true)
    }
    return Anchor(edges: edges)
  }

  @_optimize(size) static func decodePoint(_ node: JSONNode) throws(ConfigError) -> Point {
    let object = try node.object(allowed: ["x", "y"])
    return Point(x: try object["x"]?.offset() ?? 0, y: try object["y"]?.offset() ?? 0)
  }

  @_optimize(size) static func decodeZIndex(_ node: JSONNode) throws(ConfigError) -> Int32 {
    Int32(
      try node.integer(
        in: Int64(Int32.min)...Int64(Int32.max), "zIndex must fit in a 32-bit signed integer"))
  }

  @_optimize(size) static func decodeKind(_ node: JSONNode) throws(ConfigError) -> String {
    let kind = try node.string()
    guard !kind.isEmpty else { throw .invalid("an element kind cannot be empty", at: node.path) }
    guard kind.utf8.count <= ConfigLimits.maxKindLength else {
      throw .invalid(
        "an element kind is at most \(ConfigLimits.maxKindLength) bytes long", at: node.path)
    }
    guard !kind.utf8.contains(0) else {
      throw .invalid("an element kind cannot contain a NUL character", at: node.path)
    }
    return kind
  }
}
