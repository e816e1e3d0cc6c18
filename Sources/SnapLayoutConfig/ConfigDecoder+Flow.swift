#if canImport(SnapLayoutCore)
  import SnapLayoutCore
#endif

/// `flowLayout`: a `UICollectionViewFlowLayout` (docs/FLOW-LAYOUT.md). Its properties are the
/// defaults of every section; a section may override them, as the flow layout's delegate does
/// per section. Flow sections are compiled to compositional sections whose group is built when
/// the layout is solved (`FlowItems`), so scrolling, snapping, pinning and effects apply as is.
extension ConfigDecoder {
  /// The properties a flow layout and its sections share, with UIKit's defaults.
  struct FlowProperties {
    var itemSize = Size(width: 50, height: 50)
    /// Zero: none. A section's own value, zero included, replaces the layout's (CONFIG.md).
    var estimatedItemSize = Size.zero
    /// Whether `itemSize` was given where `estimatedItemSize` was not (a section answering its
    /// own size under the layout's estimate): it is then the items' estimate, as `itemSizes` are.
    var itemSizeIsMoreSpecific = false
    /// Whether items size themselves: there is an estimate.
    var isSelfSizing: Bool { estimatedItemSize != .zero }
    /// The size of an item that has none of its own (CONFIG.md, "Flow layout"): without an
    /// estimate `itemSize`; with one, the more specific of `itemSize` and the estimate.
    var effectiveItemSize: Size {
      isSelfSizing && !itemSizeIsMoreSpecific ? estimatedItemSize : itemSize
    }
    var minimumLineSpacing = 10.0
    var minimumInteritemSpacing = 10.0
    var sectionInset = DirectionalEdgeInsets()
    var headerReferenceSize = Size.zero
    var footerReferenceSize = Size.zero
    var headersPin = false
    var footersPin = false
  }

  static let flowSectionKeys: [StaticString] = [
    "itemSize", "estimatedItemSize", "minimumLineSpacing", "minimumInteritemSpacing",
    "sectionInset", "headerReferenceSize", "footerReferenceSize",
  ]

  /// The layout-wide flow properties and the scroll direction, if `flowLayout` names one.
  @_optimize(size) static func decodeFlowLayout(_ node: JSONNode) throws(ConfigError)
    -> (properties: FlowProperties, horizontal: (horizontal: Bool, path: String)?)
  {
    let object = try node.object(
      allowed: flowSectionKeys + [
        "scrollDirection", "sectionHeadersPinToVisibleBounds", "sectionFootersPinToVisibleBounds",
      ])
    var properties = FlowProperties()
    try decodeFlowProperties(object, into: &properties)
    if let value = object["sectionHeadersPinToVisibleBounds"] {
      properties.headersPin = try value.bool()
    }
    if let value = object["sectionFootersPinToVisibleBounds"] {
      properties.footersPin = try value.bool()
    }
    var horizontal: (horizontal: Bool, path: String)?
    if let value = object["scrollDirection"] {
      horizontal = (try value.choiceIndex(["vertical", "horizontal"]) == 1, value.path)
    }
    return (properties, horizontal)
  }

  /// Reads the shared keys present in `object` over `properties`.
  @_optimize(size) static func decodeFlowProperties(_ object: JSONObject, into properties: inout FlowProperties)
    throws(ConfigError)
  {
    if let value = object["itemSize"] {
      properties.itemSize = try decodeItemSize(value)
      properties.itemSizeIsMoreSpecific = true
    }
    // Self-sizing: the estimate is the size until the host reports a measured one.
    if let value = object["estimatedItemSize"] {
      let zero = try decodeCGSize(value) == .zero
      properties.estimatedItemSize = zero ? .zero : try decodeItemSize(value)
      properties.itemSizeIsMoreSpecific = false
    }
    if let value = object["minimumLineSpacing"] { properties.minimumLineSpacing = try value.length() }
    if let value = object["minimumInteritemSpacing"] {
      properties.minimumInteritemSpacing = try value.length()
    }
    // UIEdgeInsets: left is the leading edge (a right-to-left layout mirrors it, as UIKit's
    // flow layout does when it flips).
    if let value = object["sectionInset"] {
      properties.sectionInset = try decodeInsets(value, leading: "left", trailing: "right")
    }
    if let value = object["headerReferenceSize"] {
      properties.headerReferenceSize = try decodeCGSize(value)
    }
    if let value = object["footerReferenceSize"] {
      properties.footerReferenceSize = try decodeCGSize(value)
    }
  }

  /// One section of a flow layout: `itemCount`, overrides of the shared properties, and the
  /// extensions a compositional section also has (backgrounds, visible-item effects).
  @_optimize(size) static func decodeFlowSection(
    _ node: JSONNode, defaults: FlowProperties, horizontal: Bool
  ) throws(ConfigError) -> LayoutSection {
    let object = try node.object(
      allowed: flowSectionKeys + [
        "itemCount", "itemSizes", "group", "decorationItems", "visibleItemEffects",
      ])
    if let group = object["group"] {
      throw .invalid(
        "a flow layout's sections have no group: their items take \"itemSize\" (from "
          + "\"flowLayout\" or the section); remove \"flowLayout\" for a compositional layout",
        at: group.path)
    }
    let itemCount = try object.required("itemCount").integer(
      in: 0...Int64.max, "itemCount must be an integer from 0 to 9223372036854775807")
    var flow = defaults
    try decodeFlowProperties(object, into: &flow)

    var items = FlowItems(
      itemSize: flow.effectiveItemSize, minimumInteritemSpacing: flow.minimumInteritemSpacing,
      isSelfSizing: flow.isSelfSizing)
    if let value = object["itemSizes"] {
      items.itemSizes = try decodeItemSizes(value, itemCount: itemCount)
    }
    items.sectionInsetPath = object["sectionInset"]?.path ?? "/flowLayout/sectionInset"
    var section = LayoutSection(group: items.placeholderGroup, itemCount: itemCount)
    section.flowItems = items
    section.contentInsets = flow.sectionInset
    section.interGroupSpacing = flow.minimumLineSpacing
    // Headers and footers span the whole width across the scroll axis, outside the section's
    // insets; only their length along the scroll axis counts (UIKit ignores the other).
    section.supplementariesFollowContentInsets = false
    @_optimize(size) func boundary(_ kind: String, _ size: Size, pin: Bool, start: Bool) -> BoundarySupplementaryItem? {
      let length = horizontal ? size.width : size.height
      guard length > 0 else { return nil }
      // In a self-sizing flow the reference length is the estimate the host's measurement
      // replaces (docs/FLOW-LAYOUT.md F14).
      let along: Dimension = flow.isSelfSizing ? .estimated(length) : .absolute(length)
      let layoutSize =
        horizontal
        ? LayoutSize(widthDimension: along, heightDimension: .fractionalHeight(1))
        : LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: along)
      let alignment: RectAlignment =
        horizontal ? (start ? .leading : .trailing) : (start ? .top : .bottom)
      return BoundarySupplementaryItem(
        elementKind: kind, layoutSize: layoutSize, alignment: alignment, pinToVisibleBounds: pin)
    }
    section.boundarySupplementaryItems = [
      boundary("header", flow.headerReferenceSize, pin: flow.headersPin, start: true),
      boundary("footer", flow.footerReferenceSize, pin: flow.footersPin, start: false),
    ].compactMap { $0 }
    if let value = object["decorationItems"] {
      section.decorationItems = try decodeDecorationItems(value)
    }
    if let value = object["visibleItemEffects"] {
      section.visibleItemEffects = try decodeVisibleItemEffects(value)
    }
    try checkUniqueKinds(in: section, object: object)
    return section
  }

  /// `itemSizes`: one item size per item (`sizeForItemAt`).
  @_optimize(size) static func decodeItemSizes(_ node: JSONNode, itemCount: Int64) throws(ConfigError) -> [Size] {
    let elements = try node.array(maxCount: Int(FlowItems.maxItemsWithSizes))
    guard Int64(elements.count) == itemCount else {
      throw .invalid(
        "itemSizes holds \(elements.count) sizes for \(itemCount) items: give one per item",
        at: node.path)
    }
    var sizes: [Size] = []
    sizes.reserveCapacity(elements.count)
    for element in elements { sizes.append(try decodeItemSize(element)) }
    return sizes
  }

  /// A `CGSize`: `width` and `height`, non-negative lengths, both required.
  @_optimize(size) static func decodeCGSize(_ node: JSONNode) throws(ConfigError) -> Size {
    let object = try node.object(allowed: ["width", "height"])
    return Size(
      width: try object.required("width").length(), height: try object.required("height").length())
  }

  /// An item's size: both lengths positive (UIKit refuses empty items).
  @_optimize(size) static func decodeItemSize(_ node: JSONNode) throws(ConfigError) -> Size {
    let object = try node.object(allowed: ["width", "height"])
    @_optimize(size) func positive(_ key: StaticString) throws(ConfigError) -> Double {
      let value = try object.required(key)
      let length = try value.length()
      guard length > 0 else {
        throw .invalid("an item's \(key.description) must be greater than 0", at: value.path)
      }
      return length
    }
    return Size(width: try positive("width"), height: try positive("height"))
  }
}
