/// How a section scrolls across the layout's main axis
/// (`UICollectionLayoutSectionOrthogonalScrollingBehavior`).
public enum OrthogonalScrollingBehavior: Int32, CaseIterable, Equatable, Sendable {
  case none = 0
  case continuous = 1
  case continuousGroupLeadingBoundary = 2
  case paging = 3
  case groupPaging = 4
  case groupPagingCentered = 5
}

/// A section: a root group repeated for its items, with insets, spacing, boundary items and
/// backgrounds (`NSCollectionLayoutSection`).
public struct LayoutSection: Equatable, Sendable {
  public var group: LayoutGroup
  public var itemCount: Int64
  public var contentInsets: DirectionalEdgeInsets
  public var interGroupSpacing: Double
  public var orthogonalScrollingBehavior: OrthogonalScrollingBehavior
  public var boundarySupplementaryItems: [BoundarySupplementaryItem]
  public var decorationItems: [DecorationItem]
  public var supplementariesFollowContentInsets: Bool
  /// Overrides of the behavior's scroll and snap settings (iOS 17's
  /// `orthogonalScrollingProperties`, and beyond).
  public var orthogonalScrollingProperties: ScrollingProperties
  /// Scale, opacity and zIndex by distance from the viewport's centre.
  public var visibleItemEffects: VisibleItemEffects?
  /// A flow-layout section's items: its group is built for the container when the layout is
  /// solved (`group` is then a placeholder).
  public var flowItems: FlowItems?
  /// Sections chosen by the container's size, first match wins; none matching, this section
  /// is in force (docs/LAYOUT-RULES.md, "Sections that adapt to the container"). Not in
  /// UIKit's section, whose provider chooses in code.
  public var variants: [SectionVariant] {
    get { storedVariants ?? [] }
    set { storedVariants = newValue.isEmpty ? nil : newValue }
  }
  /// Nil rather than empty without variants: a plain section releases no array
  /// (docs/PERFORMANCE.md, "Instruction counts").
  private var storedVariants: [SectionVariant]?

  public init(
    group: LayoutGroup, itemCount: Int64, contentInsets: DirectionalEdgeInsets = .zero,
    interGroupSpacing: Double = 0, orthogonalScrollingBehavior: OrthogonalScrollingBehavior = .none,
    boundarySupplementaryItems: [BoundarySupplementaryItem] = [],
    decorationItems: [DecorationItem] = [], supplementariesFollowContentInsets: Bool = true,
    orthogonalScrollingProperties: ScrollingProperties = ScrollingProperties(),
    visibleItemEffects: VisibleItemEffects? = nil, flowItems: FlowItems? = nil,
    variants: [SectionVariant] = []
  ) {
    self.group = group
    self.itemCount = itemCount
    self.contentInsets = contentInsets
    self.interGroupSpacing = interGroupSpacing
    self.orthogonalScrollingBehavior = orthogonalScrollingBehavior
    self.boundarySupplementaryItems = boundarySupplementaryItems
    self.decorationItems = decorationItems
    self.supplementariesFollowContentInsets = supplementariesFollowContentInsets
    self.orthogonalScrollingProperties = orthogonalScrollingProperties
    self.visibleItemEffects = visibleItemEffects
    self.flowItems = flowItems
    self.storedVariants = variants.isEmpty ? nil : variants
  }

  /// Whether the section scrolls across the main axis.
  public var isOrthogonal: Bool { orthogonalScrollingBehavior != .none }

  /// The section turned for a horizontal layout. Its variants are dropped: the engine solves
  /// the variant in force, turned on its own.
  public var transposed: LayoutSection {
    LayoutSection(
      group: group.transposed, itemCount: itemCount, contentInsets: contentInsets.transposed,
      interGroupSpacing: interGroupSpacing,
      orthogonalScrollingBehavior: orthogonalScrollingBehavior,
      boundarySupplementaryItems: boundarySupplementaryItems.map { $0.transposed },
      decorationItems: decorationItems.map { $0.transposed },
      supplementariesFollowContentInsets: supplementariesFollowContentInsets,
      orthogonalScrollingProperties: orthogonalScrollingProperties,
      visibleItemEffects: visibleItemEffects, flowItems: flowItems?.transposed)
  }
}
