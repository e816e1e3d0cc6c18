/// The container sizes a section variant is chosen for (docs/LAYOUT-RULES.md, "Sections that
/// adapt to the container"): ranges of the container's effective content size — the container
/// less the environment's content insets, UIKit's `effectiveContentSize` — each bound optional,
/// a minimum inclusive and a maximum exclusive (as CSS's `min-width` and a `max-width` of the
/// next width down).
public struct ContainerRange: Equatable, Sendable {
  public var minWidth: Double?
  public var maxWidth: Double?
  public var minHeight: Double?
  public var maxHeight: Double?

  public init(
    minWidth: Double? = nil, maxWidth: Double? = nil, minHeight: Double? = nil,
    maxHeight: Double? = nil
  ) {
    self.minWidth = minWidth
    self.maxWidth = maxWidth
    self.minHeight = minHeight
    self.maxHeight = maxHeight
  }

  /// Whether no bound is given: the range holds every container.
  public var isUnbounded: Bool {
    minWidth == nil && maxWidth == nil && minHeight == nil && maxHeight == nil
  }

  /// Whether `size` (an effective content size, in the host's orientation) is in the range.
  public func contains(_ size: Size) -> Bool {
    if let minWidth, !(size.width >= minWidth) { return false }
    if let maxWidth, !(size.width < maxWidth) { return false }
    if let minHeight, !(size.height >= minHeight) { return false }
    if let maxHeight, !(size.height < maxHeight) { return false }
    return true
  }
}

/// One of a section's variants: the section in force while the container's effective content
/// size is in `when` (what UIKit's section provider returns for that environment).
public struct SectionVariant: Equatable, Sendable {
  public var when: ContainerRange
  /// The section's own keys with the variant's in their place; its item count is 0 (the
  /// section's own) and it has no variants.
  public var section: LayoutSection

  public init(when: ContainerRange, section: LayoutSection) {
    self.when = when
    self.section = section
  }
}

extension LayoutSection {
  /// The index of the first variant whose range holds `size` (an effective content size in the
  /// host's orientation), or nil: the section's own keys (docs/LAYOUT-RULES.md, "Sections that
  /// adapt to the container"). - Complexity: O(variants).
  public func variantIndex(at size: Size) -> Int? {
    for (index, variant) in variants.enumerated() where variant.when.contains(size) {
      return index
    }
    return nil
  }
}
