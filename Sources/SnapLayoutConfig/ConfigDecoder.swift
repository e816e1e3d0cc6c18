#if canImport(SnapLayoutCore)
  import SnapLayoutCore
#endif

/// Decodes and validates a JSON configuration (docs/CONFIG.md) into a `LayoutDescription`.
///
/// Every refusal names the JSON Pointer of the offending value. The decoder checks everything
/// the engine relies on (finite, in-range numbers; counts; unique element kinds), so the engine
/// never sees a description it could trap on.
public enum ConfigDecoder {
  /// The configuration format version this decoder reads.
  public static let formatVersion: Int64 = 1

  /// Decodes a configuration from UTF-8 JSON text.
  /// - Throws: `ConfigError` (`.syntax` for malformed JSON, `.invalid` for a bad layout).
  public static func decode(_ text: UnsafeRawBufferPointer) throws(ConfigError)
    -> LayoutDescription
  {
    try decodeWithContext(text).description
  }

  /// What decoding sections on their own needs from the configuration they join: a flow
  /// layout's shared properties and the scroll direction.
  public struct SectionContext {
    let flow: FlowProperties?
    let scrollsVertically: Bool
  }

  /// Decodes a configuration, and the context its sections were decoded in (for sections
  /// inserted later, `decodeSections`).
  public static func decodeWithContext(_ text: UnsafeRawBufferPointer) throws(ConfigError)
    -> (description: LayoutDescription, context: SectionContext)
  {
    let document = try JSONDocument.parse(text)
    return try decodeRoot(JSONNode(root: document.root))
  }

  /// Decodes sections given on their own — a JSON array of section objects, or one section
  /// object when `single` — as the configuration described by `context` would. Paths are
  /// relative to the text (`/0/itemCount`, or `/itemCount` for one section).
  public static func decodeSections(
    _ text: UnsafeRawBufferPointer, context: SectionContext, single: Bool
  ) throws(ConfigError) -> [LayoutSection] {
    let document = try JSONDocument.parse(text)
    let root = JSONNode(root: document.root)
    let nodes = single ? [root] : try root.array(maxCount: ConfigLimits.maxSections)
    var sections: [LayoutSection] = []
    sections.reserveCapacity(nodes.count)
    for node in nodes { sections.append(try decodeSection(node, context: context)) }
    return sections
  }

  static func decodeSection(_ node: JSONNode, context: SectionContext) throws(ConfigError)
    -> LayoutSection
  {
    if let flow = context.flow {
      return try decodeFlowSection(node, defaults: flow, horizontal: !context.scrollsVertically)
    }
    return try decodeSection(node, layoutScrollsVertically: context.scrollsVertically)
  }

  /// Decodes a configuration from a Swift string.
  public static func decode(_ text: String) throws(ConfigError) -> LayoutDescription {
    let bytes = Array(text.utf8)
    var result: Result<LayoutDescription, ConfigError> = .failure(ConfigError(.syntax, ""))
    bytes.withUnsafeBytes { buffer in
      do throws(ConfigError) {
        result = .success(try decode(buffer))
      } catch {
        result = .failure(error)
      }
    }
    return try result.get()
  }

  // MARK: - Root

  static func decodeRoot(_ node: JSONNode) throws(ConfigError)
    -> (description: LayoutDescription, context: SectionContext)
  {
    let root = try node.object(allowed: [
      "version", "configuration", "environment", "flowLayout", "sections", "$schema",
    ])
    // An editor's pointer to the JSON Schema (docs/CONFIG.md, "The JSON Schema"): a string,
    // read and ignored. Only the document's top level takes it.
    if let schema = root["$schema"] { _ = try schema.string() }
    if let version = root["version"] {
      let number = try version.integer(in: Int64.min...Int64.max, "")
      guard number == formatVersion else {
        throw .invalid(
          "unsupported configuration version \(number); this library reads version "
            + "\(formatVersion)", at: version.path)
      }
    }
    // A flow layout may name the scroll direction itself (UIKit's flowLayout.scrollDirection);
    // it is read first because the scrolling options are named along it.
    var flow: FlowProperties?
    var flowDirection: (horizontal: Bool, path: String)?
    if let node = root["flowLayout"] {
      let decoded = try decodeFlowLayout(node)
      flow = decoded.properties
      flowDirection = decoded.horizontal
    }
    var configuration = LayoutConfiguration()
    if let flowDirection, flowDirection.horizontal { configuration.scrollDirection = .horizontal }
    if let node = root["configuration"] {
      configuration = try decodeConfiguration(node, flowDirection: flowDirection)
    }
    var environment = LayoutEnvironment()
    if let node = root["environment"] { environment = try decodeEnvironment(node) }
    let sectionNodes = try root.required("sections").array(maxCount: ConfigLimits.maxSections)
    let context = SectionContext(
      flow: flow, scrollsVertically: configuration.scrollDirection == .vertical)
    var sections: [LayoutSection] = []
    sections.reserveCapacity(sectionNodes.count)
    for node in sectionNodes { sections.append(try decodeSection(node, context: context)) }
    return (
      LayoutDescription(configuration: configuration, environment: environment, sections: sections),
      context
    )
  }

  static let configurationKeys: [StaticString] = [
    "scrollDirection", "interSectionSpacing", "boundarySupplementaryItems", "scrolling",
  ]

  static func decodeConfiguration(
    _ node: JSONNode, flowDirection: (horizontal: Bool, path: String)? = nil
  ) throws(ConfigError) -> LayoutConfiguration {
    let object = try node.object(allowed: configurationKeys)
    var configuration = LayoutConfiguration()
    if let flowDirection {
      configuration.scrollDirection = flowDirection.horizontal ? .horizontal : .vertical
    }
    if let value = object["scrollDirection"] {
      configuration.scrollDirection = try value.choice([
        ("vertical", ScrollDirection.vertical), ("horizontal", .horizontal),
      ])
      if let flowDirection,
        (configuration.scrollDirection == .horizontal) != flowDirection.horizontal
      {
        throw .invalid(
          "configuration.scrollDirection contradicts \(flowDirection.path); give one of them",
          at: value.path)
      }
    }
    if let value = object["interSectionSpacing"] {
      configuration.interSectionSpacing = try value.length()
    }
    if let value = object["boundarySupplementaryItems"] {
      configuration.boundarySupplementaryItems = try decodeBoundaryItems(value)
    }
    if let value = object["scrolling"] {
      configuration.scrolling = try decodeScrollingProperties(
        value, scrollsVertically: configuration.scrollDirection == .vertical, isMainScroll: true)
    }
    return configuration
  }

  static func decodeEnvironment(_ node: JSONNode) throws(ConfigError) -> LayoutEnvironment {
    let object = try node.object(allowed: [
      "container", "contentInsets", "layoutDirection", "displayScale",
    ])
    var environment = LayoutEnvironment()
    if let value = object["container"] {
      let container = try value.object(allowed: ["width", "height"])
      let width = try container.required("width").number(
        in: 1e-9...ConfigLimits.maxLength, "the container width must be greater than 0")
      let height = try container.required("height").number(
        in: 1e-9...ConfigLimits.maxLength, "the container height must be greater than 0")
      environment.containerSize = Size(width: width, height: height)
    }
    if let value = object["contentInsets"] { environment.contentInsets = try decodeInsets(value) }
    if let value = object["layoutDirection"] {
      environment.layoutDirection = try value.choice([
        ("leftToRight", LayoutDirection.leftToRight), ("rightToLeft", .rightToLeft),
      ])
    }
    if let value = object["displayScale"] {
      environment.displayScale = try value.number(
        in: 0...ConfigLimits.maxDisplayScale,
        "displayScale must be between 0 (exact) and \(ConfigLimits.maxDisplayScale)")
    }
    return environment
  }

  // MARK: - Sections

  static let behaviorNames = [
    "none", "continuous", "continuousGroupLeadingBoundary", "paging", "groupPaging",
    "groupPagingCentered",
  ]

  /// The keys of a section object; a variant takes them all but `itemCount` and `variants`
  /// (docs/CONFIG.md, "Variants").
  static let sectionKeys: [StaticString] = [
    "itemCount", "group", "contentInsets", "interGroupSpacing", "orthogonalScrollingBehavior",
    "boundarySupplementaryItems", "decorationItems", "supplementariesFollowContentInsets",
    "orthogonalScrollingProperties", "visibleItemEffects", "variants",
  ]

  static func decodeSection(_ node: JSONNode, layoutScrollsVertically: Bool) throws(ConfigError)
    -> LayoutSection
  {
    let object = try node.object(allowed: sectionKeys)
    let itemCount = try object.required("itemCount").integer(
      in: 0...Int64.max, "itemCount must be an integer from 0 to 9223372036854775807")
    let groupNode = try object.required("group")
    var section = LayoutSection(group: try decodeRootGroup(groupNode), itemCount: 0)
    try decodeSectionKeys(object, into: &section, layoutScrollsVertically: layoutScrollsVertically)
    try checkUniqueKinds(in: section, object: object)
    if let value = object["variants"] {
      section.variants = try decodeVariants(
        value, base: section, baseObject: object, layoutScrollsVertically: layoutScrollsVertically)
    }
    section.itemCount = itemCount
    return section
  }

  static func decodeRootGroup(_ node: JSONNode) throws(ConfigError) -> LayoutGroup {
    guard let group = try decodeSubitem(node, depth: 0).group else {
      throw .invalid(
        "a section's group must be a group (an object with a \"group\" key)", at: node.path)
    }
    return group
  }

  /// Reads the keys a section and its variants share but `group` into `section`: those the
  /// object has replace what `section` holds.
  static func decodeSectionKeys(
    _ object: JSONObject, into section: inout LayoutSection, layoutScrollsVertically: Bool
  ) throws(ConfigError) {
    if let value = object["contentInsets"] { section.contentInsets = try decodeInsets(value) }
    if let value = object["interGroupSpacing"] { section.interGroupSpacing = try value.length() }
    if let value = object["orthogonalScrollingBehavior"] {
      let index = try value.choiceIndex(behaviorNames)
      for behavior in OrthogonalScrollingBehavior.allCases where Int(behavior.rawValue) == index {
        section.orthogonalScrollingBehavior = behavior
      }
    }
    if let value = object["boundarySupplementaryItems"] {
      section.boundarySupplementaryItems = try decodeBoundaryItems(value)
    }
    if let value = object["decorationItems"] {
      section.decorationItems = try decodeDecorationItems(value)
    }
    if let value = object["supplementariesFollowContentInsets"] {
      section.supplementariesFollowContentInsets = try value.bool()
    }
    if let value = object["orthogonalScrollingProperties"] {
      // An orthogonal section scrolls across the layout's main axis.
      section.orthogonalScrollingProperties = try decodeScrollingProperties(
        value, scrollsVertically: !layoutScrollsVertically, isMainScroll: false)
    }
    if let value = object["visibleItemEffects"] {
      section.visibleItemEffects = try decodeVisibleItemEffects(value)
    }
  }

  /// Element kinds must be unique within a section (UIKit enforces the same): boundary items
  /// and decorations each once, and no item supplementary kind may reuse one of theirs.
  /// Locations are kept relative to the section and turned into pointers only for an error.
  /// In a variant, `inherited` is the section whose keys the variant does not give: a kind
  /// is located where its list was written.
  static func checkUniqueKinds(
    in section: LayoutSection, object: JSONObject, inherited: JSONObject? = nil
  ) throws(ConfigError) {
    // Kinds compare byte for byte (docs/CONFIG.md, "A section"); the index keeps a section
    // of many kinds linear. A place is relative to the object its list was written in, which
    // is a variant's own (`object`) or, for a key the variant leaves out, the section's
    // (`inherited`); pointers are made only for an error.
    func inherits(_ key: StaticString) -> Bool { inherited != nil && !object.has(key) }
    func pointer(_ place: (String, inherited: Bool)) -> String {
      (place.inherited ? inherited ?? object : object).path + place.0
    }
    var seen = NameIndex()
    var places: [(String, inherited: Bool)] = []
    // Out of line: called from two loops.
    @inline(never)
    func claim(_ kind: String, _ place: (String, inherited: Bool)) throws(ConfigError) {
      let (id, inserted) = seen.insert(kind)
      guard inserted else {
        throw kindUsedTwice(kind, earlier: pointer(places[Int(id)]), at: pointer(place))
      }
      places.append(place)
    }
    let boundaryInherited = inherits("boundarySupplementaryItems")
    for (index, item) in section.boundarySupplementaryItems.enumerated() {
      try claim(
        item.elementKind,
        ("/boundarySupplementaryItems/\(index)/elementKind", inherited: boundaryInherited))
    }
    let decorationInherited = inherits("decorationItems")
    for (index, item) in section.decorationItems.enumerated() {
      try claim(
        item.elementKind, ("/decorationItems/\(index)/elementKind", inherited: decorationInherited))
    }
    guard seen.count > 0 else { return }
    var itemKinds: [(kind: String, place: String)] = []
    collectSupplementaryKinds(.group(section.group), place: "/group", into: &itemKinds)
    let groupInherited = inherits("group")
    for entry in itemKinds {
      if let earlier = seen.id(of: entry.kind) {
        throw kindUsedTwice(
          entry.kind, earlier: pointer(places[Int(earlier)]),
          at: pointer((entry.place, inherited: groupInherited)))
      }
    }
  }

  /// The error of an element kind used a second time in one section, at the pointer `place`.
  private static func kindUsedTwice(_ kind: String, earlier: String, at place: String)
    -> ConfigError
  {
    .invalid("element kind '\(kind)' is already used in this section at " + earlier, at: place)
  }

  private static func collectSupplementaryKinds(
    _ subitem: Subitem, place: String, into kinds: inout [(kind: String, place: String)]
  ) {
    switch subitem {
    case .item(let item):
      for (index, supplementary) in item.supplementaryItems.enumerated() {
        kinds.append(
          (supplementary.elementKind, place + "/supplementaryItems/\(index)/elementKind"))
      }
    case .group(let group):
      switch group.content {
      case .subitems(let children):
        for (index, child) in children.enumerated() {
          collectSupplementaryKinds(child, place: place + "/subitems/\(index)", into: &kinds)
        }
      case .subitem(let child, _):
        collectSupplementaryKinds(child, place: place + "/subitem", into: &kinds)
      case .repeatingSubitem(let child, _):
        collectSupplementaryKinds(child, place: place + "/repeatingSubitem", into: &kinds)
      }
    }
  }
}

extension Subitem {
  var group: LayoutGroup? {
    if case .group(let group) = self { return group }
    return nil
  }
}
