#if canImport(SnapLayoutCore)
  import SnapLayoutCore
#endif

/// A section's `variants`: sections chosen by the container's size (docs/CONFIG.md,
/// "Variants"; docs/LAYOUT-RULES.md, "Sections that adapt to the container").
extension ConfigDecoder {
  static let rangeKeys: [StaticString] = ["minWidth", "maxWidth", "minHeight", "maxHeight"]

  /// Decodes a section's `variants` array. Each variant is `base` with the keys the variant
  /// gives in their place; `baseObject` is the section's object, for error pointers.
  @_optimize(size) static func decodeVariants(
    _ node: JSONNode, base: LayoutSection, baseObject: JSONObject, layoutScrollsVertically: Bool
  ) throws(ConfigError) -> [SectionVariant] {
    let nodes = try node.array(maxCount: ConfigLimits.maxVariants)
    var variants: [SectionVariant] = []
    variants.reserveCapacity(nodes.count)
    for (index, variantNode) in nodes.enumerated() {
      let object = try variantNode.object(allowed: sectionKeys + ["when"])
      // What a variant cannot change: the items are the section's, and a variant is chosen,
      // it does not choose.
      if let value = object["itemCount"] {
        throw .invalid(
          "a variant cannot change itemCount: the items are the section's in every variant",
          at: value.path)
      }
      if let value = object["variants"] {
        throw .invalid(
          "variants cannot be nested: give this variant's own variants to the section, in the "
            + "order they are tried", at: value.path)
      }
      let range = try decodeRange(object.required("when"))
      if range.isUnbounded, index < nodes.count - 1 {
        throw .invalid(
          "an empty 'when' matches every container, so the variants after it could never be "
            + "chosen; it may only be the last variant's", at: object["when"]!.path)
      }
      var section = base
      if let value = object["group"] { section.group = try decodeRootGroup(value) }
      try decodeSectionKeys(
        object, into: &section, layoutScrollsVertically: layoutScrollsVertically)
      try checkUniqueKinds(in: section, object: object, inherited: baseObject)
      variants.append(SectionVariant(when: range, section: section))
    }
    return variants
  }

  /// Decodes a variant's `when`: bounds of the container's effective content size, a minimum
  /// inclusive and a maximum exclusive, each greater than the minimum of its axis.
  @_optimize(size) static func decodeRange(_ node: JSONNode) throws(ConfigError) -> ContainerRange {
    let object = try node.object(allowed: rangeKeys)
    @_optimize(size) func bound(_ key: StaticString) throws(ConfigError) -> Double? {
      try object[key]?.number(
        in: 0...ConfigLimits.maxLength,
        "\(key.description) must be a finite number from 0 to \(ConfigLimits.maxLength)")
    }
    let range = ContainerRange(
      minWidth: try bound("minWidth"), maxWidth: try bound("maxWidth"),
      minHeight: try bound("minHeight"), maxHeight: try bound("maxHeight"))
    if let maxWidth = range.maxWidth, !(maxWidth > range.minWidth ?? 0) {
      throw .invalid(
        "maxWidth \(maxWidth) must be greater than minWidth \(range.minWidth ?? 0) (a maximum "
          + "is exclusive)", at: object["maxWidth"]!.path)
    }
    if let maxHeight = range.maxHeight, !(maxHeight > range.minHeight ?? 0) {
      throw .invalid(
        "maxHeight \(maxHeight) must be greater than minHeight \(range.minHeight ?? 0) (a "
          + "maximum is exclusive)", at: object["maxHeight"]!.path)
    }
    return range
  }
}
