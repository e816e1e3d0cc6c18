/// One cell of a solved group repetition.
struct LeafSlot: Equatable {
  /// The cell frame relative to the root group's origin (item content insets applied).
  var frame: Rect
  /// The slot's item supplementary items: `badges[firstBadge ..< firstBadge + badgeCount]`.
  var firstBadge: Int32
  var badgeCount: Int32
}

/// One item supplementary item of a solved slot.
struct BadgeSlot: Equatable {
  var frame: Rect
  var kind: Int32
  var zIndex: Int32
}

/// A root group solved once: the frames of one repetition, reused for every repetition
/// (docs/ARCHITECTURE.md, "The engine is periodic").
struct GroupTemplate: Equatable {
  /// The root group's resolved size.
  var size: Size
  var leaves: [LeafSlot]
  var badges: [BadgeSlot]
  /// The union of all leaf and badge frames.
  var envelope: Rect
  /// Per cell, when any is: whether its width (bit 0) or height (bit 1) is
  /// `uniformAcrossSiblings` in the root group, so shared by the whole section.
  var sectionUniform: [UInt8] = []

  /// The number of items per repetition.
  var itemsPerGroup: Int { leaves.count }
}
