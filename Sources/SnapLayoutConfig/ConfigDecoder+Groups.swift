#if canImport(SnapLayoutCore)
  import SnapLayoutCore
#endif

/// The least positive Double, 5e-324. Not `Double.leastNonzeroMagnitude`: on 32-bit Arm the
/// standard library gives the least normal number instead (it assumes subnormals flush to zero,
/// as on Apple's armv7; Linux's armhf keeps them), and a configuration means the same on every
/// system (docs/CROSS.md).
private let leastPositive = Double(bitPattern: 1)

extension ConfigDecoder {
  static let itemKeys: [StaticString] = [
    "layoutSize", "contentInsets", "edgeSpacing", "supplementaryItems",
  ]
  static let groupKeys: [StaticString] = [
    "group", "layoutSize", "subitems", "subitem", "repeatingSubitem", "count", "interItemSpacing",
    "contentInsets", "edgeSpacing",
  ]
  /// The keys of an item or a group, for telling them apart: `itemKeys` and `groupKeys`, as a
  /// literal (a list computed at run time would stay on the heap, and valgrind counts it).
  static let subitemKeys: [StaticString] = [
    "layoutSize", "contentInsets", "edgeSpacing", "supplementaryItems", "group", "subitems",
    "subitem", "repeatingSubitem", "count", "interItemSpacing",
  ]
  /// `itemKeys` and `groupKeys` as bits of `subitemKeys`.
  static let itemKeyMask = JSONObject.mask(of: itemKeys, in: subitemKeys)
  static let groupKeyMask = JSONObject.mask(of: groupKeys, in: subitemKeys)
  static let sizeKeys: [StaticString] = ["widthDimension", "heightDimension"]
  static let dimensionKeys: [StaticString] = [
    "fractionalWidth", "fractionalHeight", "absolute", "estimated", "uniformAcrossSiblings",
  ]

  /// An item or a group: an object with a "group" key is a group.
  static func decodeSubitem(_ node: JSONNode, depth: Int) throws(ConfigError) -> Subitem {
    // Look for "group" before checking keys, so that the right set of keys is reported.
    let object = try node.object(allowed: subitemKeys)
    if object.has("group") {
      return .group(try decodeGroup(node, depth: depth, subitem: object))
    }
    if !object.hasOnly(itemKeyMask) {
      let itemKeyNames = itemKeys.map { $0.description }
      for member in try node.members(allowed: subitemKeys)
      where !itemKeyNames.contains(where: { $0.sameBytes(member.key) }) {
        throw .invalid(
          "'\(member.key)' belongs to a group, but this object has no \"group\" key (add "
            + "\"group\": \"horizontal\" or \"vertical\")", at: member.node.path)
      }
    }
    return .item(try decodeItem(node, subitem: object))
  }

  /// An item; `subitem` is the node read as an item or a group (with `subitemKeys`), when it
  /// was: its keys are then checked once.
  static func decodeItem(_ node: JSONNode, subitem: JSONObject? = nil) throws(ConfigError)
    -> LayoutItem
  {
    let object: JSONObject
    if let subitem, subitem.hasOnly(itemKeyMask) {
      object = subitem
    } else {
      object = try node.object(allowed: itemKeys)
    }
    var item = LayoutItem(layoutSize: try decodeSize(object.required("layoutSize")))
    if let value = object["contentInsets"] { item.contentInsets = try decodeInsets(value) }
    if let value = object["edgeSpacing"] { item.edgeSpacing = try decodeEdgeSpacing(value) }
    if let value = object["supplementaryItems"] {
      let entries = try value.array(maxCount: ConfigLimits.maxAccessories)
      var kinds = NameIndex()
      for (index, entry) in entries.enumerated() {
        let supplementary = try decodeSupplementaryItem(entry)
        let (earlier, inserted) = kinds.insert(supplementary.elementKind)
        guard inserted else {
          throw .invalid(
            "element kind '\(supplementary.elementKind)' is already used by this item at "
              + entries[Int(earlier)].path + "/elementKind",
            at: entries[index].path + "/elementKind")
        }
        item.supplementaryItems.append(supplementary)
      }
    }
    return item
  }

  static let axisNames = ["horizontal", "vertical"]

  /// A group; `subitem` is the node read as an item or a group (with `subitemKeys`), when it
  /// was: its keys are then checked once.
  static func decodeGroup(_ node: JSONNode, depth: Int, subitem: JSONObject? = nil)
    throws(ConfigError) -> LayoutGroup
  {
    guard depth <= ConfigLimits.maxGroupDepth else {
      throw .invalid(
        "groups are nested more than \(ConfigLimits.maxGroupDepth) levels deep", at: node.path)
    }
    let object: JSONObject
    if let subitem, subitem.hasOnly(groupKeyMask) {
      object = subitem
    } else {
      object = try node.object(allowed: groupKeys)
    }
    let axisIndex = try object.required("group").choiceIndex(axisNames)
    let axis: GroupAxis = axisNames[axisIndex].sameBytes("horizontal") ? .horizontal : .vertical
    let layoutSize = try decodeSize(object.required("layoutSize"))

    let wayCount =
      (object.has("subitems") ? 1 : 0) + (object.has("subitem") ? 1 : 0)
      + (object.has("repeatingSubitem") ? 1 : 0)
    guard wayCount == 1 else {
      var ways: [String] = []
      for way: StaticString in ["subitems", "subitem", "repeatingSubitem"] where object.has(way) {
        ways.append(way.description)
      }
      let message =
        ways.isEmpty
        ? "a group needs one of 'subitems', 'subitem' (with 'count') or 'repeatingSubitem' "
          + "(with 'count')"
        : "a group takes only one of 'subitems', 'subitem' and 'repeatingSubitem', not "
          + "'\(ways[0])' and '\(ways[1])'"
      throw .invalid(message, at: ways.count > 1 ? object.path + "/" + ways[1] : object.path)
    }
    let content: GroupContent
    if let list = object["subitems"] {
      if let count = object["count"] {
        throw .invalid(
          "'count' applies to 'subitem' and 'repeatingSubitem', not to 'subitems'",
          at: count.path)
      }
      var children: [Subitem] = []
      for child in try list.array(maxCount: ConfigLimits.maxSubitems) {
        children.append(try decodeSubitem(child, depth: depth + 1))
      }
      guard !children.isEmpty else {
        throw .invalid("a group needs at least one subitem", at: list.path)
      }
      content = .subitems(children)
    } else {
      let repeating = !object.has("subitem")
      let key: StaticString = repeating ? "repeatingSubitem" : "subitem"
      let child = try decodeSubitem(object.required(key), depth: depth + 1)
      let countNode = try object.required("count")
      let count = Int(
        try countNode.integer(
          in: 1...Int64(ConfigLimits.maxSubitems),
          "count must be an integer from 1 to \(ConfigLimits.maxSubitems)"))
      content = repeating ? .repeatingSubitem(child, count: count) : .subitem(child, count: count)
    }
    var group = LayoutGroup(axis: axis, layoutSize: layoutSize, content: content)
    if let value = object["interItemSpacing"] { group.interItemSpacing = try decodeSpacing(value) }
    if let value = object["contentInsets"] { group.contentInsets = try decodeInsets(value) }
    if let value = object["edgeSpacing"] { group.edgeSpacing = try decodeEdgeSpacing(value) }
    return group
  }

  // MARK: - Sizes

  static func decodeSize(_ node: JSONNode) throws(ConfigError) -> LayoutSize {
    let object = try node.object(allowed: sizeKeys)
    return LayoutSize(
      widthDimension: try decodeDimension(object.required("widthDimension"), isWidth: true),
      heightDimension: try decodeDimension(object.required("heightDimension"), isWidth: false))
  }

  /// A dimension. A fraction of the same axis is in (0, 1]; a fraction of the other axis (an
  /// aspect ratio, e.g. a height of fractionalWidth(1.5)) may reach `maxCrossAxisFraction`.
  static func decodeDimension(_ node: JSONNode, isWidth: Bool) throws(ConfigError) -> Dimension {
    let object = try node.object(allowed: dimensionKeys)
    guard object.count == 1, let member = object.firstMember else {
      throw .invalid(
        "a dimension has exactly one of 'fractionalWidth', 'fractionalHeight', 'absolute', "
          + "'estimated' and 'uniformAcrossSiblings'", at: object.path)
    }
    // The index of its key in `dimensionKeys`.
    let value = member.node
    switch member.index {
    case 0, 1:
      let sameAxis = (member.index == 0) == isWidth
      let limit = sameAxis ? 1 : ConfigLimits.maxCrossAxisFraction
      let fraction = try value.number(
        in: leastPositive...limit,
        sameAxis
          ? "a fraction of the same axis must be greater than 0 and at most 1"
          : "a fraction of the other axis must be greater than 0 and at most \(limit)")
      return member.index == 0 ? .fractionalWidth(fraction) : .fractionalHeight(fraction)
    case 2:
      return .absolute(try value.length())
    default:
      let estimate = try value.number(
        in: leastPositive...ConfigLimits.maxLength,
        "an estimate must be greater than 0 and at most \(ConfigLimits.maxLength) points")
      return member.index == 3 ? .estimated(estimate) : .uniformAcrossSiblings(estimate)
    }
  }

  // MARK: - Insets and spacing

  /// Directional insets; `leading`/`trailing` name the side keys (UIKit's `UIEdgeInsets`, as
  /// the flow layout's `sectionInset`, calls them `left`/`right`).
  static func decodeInsets(
    _ node: JSONNode, leading: StaticString = "leading", trailing: StaticString = "trailing"
  ) throws(ConfigError) -> DirectionalEdgeInsets {
    let object = try node.object(allowed: ["top", leading, "bottom", trailing])
    var insets = DirectionalEdgeInsets()
    if let value = object["top"] { insets.top = try value.length() }
    if let value = object[leading] { insets.leading = try value.length() }
    if let value = object["bottom"] { insets.bottom = try value.length() }
    if let value = object[trailing] { insets.trailing = try value.length() }
    return insets
  }

  static func decodeSpacing(_ node: JSONNode) throws(ConfigError) -> Spacing {
    // `fixed` is the first allowed key.
    let object = try node.object(allowed: ["fixed", "flexible"])
    guard object.count == 1, let member = object.firstMember else {
      throw .invalid("a spacing has exactly one of 'fixed' and 'flexible'", at: object.path)
    }
    let value = try member.node.length()
    return member.index == 0 ? .fixed(value) : .flexible(value)
  }

  static func decodeEdgeSpacing(_ node: JSONNode) throws(ConfigError) -> EdgeSpacing {
    let object = try node.object(allowed: ["leading", "top", "trailing", "bottom"])
    var spacing = EdgeSpacing()
    if let value = object["leading"] { spacing.leading = try decodeSpacing(value) }
    if let value = object["top"] { spacing.top = try decodeSpacing(value) }
    if let value = object["trailing"] { spacing.trailing = try decodeSpacing(value) }
    if let value = object["bottom"] { spacing.bottom = try decodeSpacing(value) }
    return spacing
  }
}
