/// What a scroll comes to rest on.
public enum SnapUnit: Equatable, Sendable {
  /// Free deceleration: rest wherever the motion ends.
  case none
  /// Pages of the viewport's length (or `pageLength`).
  case page
  /// Every distinct item position along the axis.
  case item
  /// Every repetition of a section's root group.
  case group
}

/// How rest positions near the content bounds are kept (docs/SNAPPING.md, "Rest positions").
public enum SnapContainment: Equatable, Sendable {
  /// Clamp to the bounds and collapse the runs that meet at a bound into one rest position.
  case trimSnaps
  /// Clamp to the bounds, keeping one (possibly repeated) rest position per unit.
  case keepSnaps
  /// Keep the aligned positions as they are; targets are still clamped to the bounds.
  case none
}

/// How a release below the fling threshold chooses its rest position (docs/SNAPPING.md, "The
/// release pipeline", step 3).
public enum SlowRelease: Equatable, Sendable {
  /// The position nearest where a free deceleration would end, as for a fling
  /// (`continuousGroupLeadingBoundary`'s default: it decelerates freely at any velocity).
  case projection
  /// The position the drag has carried the content closest to, against `positionalThreshold`
  /// (the paging behaviors' and the main scroll's default).
  case positional
}

/// Where content shorter than the viewport rests (docs/SNAPPING.md, "Rest positions").
public enum InsufficientContentAlignment: Equatable, Sendable {
  case start, center, end
}

/// Which decision rule turns a release into a rest position.
public enum SnapAlgorithm: Equatable, Sendable {
  /// SnapLayout's rule: reference index from touch-down, projection, directional guard,
  /// positional threshold for slow drags, at most `maxPagesPerGesture` steps.
  case standard
  /// UIKit's `scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)` pattern
  /// (docs/SNAPPING.md, "The card carousel on the main scroll, three ways"), number for number.
  case uikitWillEndDragging
  /// The flow layout `targetContentOffset(forProposedContentOffset:withScrollingVelocity:)`
  /// pattern (docs/SNAPPING.md, "The card carousel on the main scroll, three ways"), number for
  /// number.
  case uikitTargetContentOffset
}

/// Index rounding of `uikitWillEndDragging`.
public enum UIKitRounding: Equatable, Sendable {
  /// `round(index)`: half a page must be crossed.
  case round
  /// `ceil` forward, `floor` backward (the pattern's one-step variant).
  case directional
}

/// How many groups make one rest position (docs/SNAPPING.md, "Pages of what fits").
public enum GroupsPerPage: Equatable, Sendable {
  /// Always this many (1: every group or item rests on its own).
  case count(Int64)
  /// As many whole groups as the snapport shows, recomputed at every container size (Embla's
  /// `slidesToScroll: "auto"`; docs/SNAPPING.md, "Rest positions").
  case fit
}

/// Whether a container bounces at its edges (iOS 17 `orthogonalScrollingProperties.bounce`);
/// reported to the host, which owns rubber-banding.
public enum Bounce: Equatable, Sendable {
  case automatic, always, never
}

/// A damped spring, in one of its two usual parameterizations (docs/SNAPPING.md, "Motion").
public enum SpringParameters: Equatable, Sendable {
  /// SwiftUI's `Spring(response:dampingRatio:)`: response in seconds.
  case response(dampingRatio: Double, response: Double)
  /// Mass, stiffness and damping coefficient.
  case physical(mass: Double, stiffness: Double, damping: Double)

  /// The undamped angular frequency ω0 (rad/s) and damping ratio ζ.
  public var frequencyAndRatio: (omega: Double, ratio: Double) {
    switch self {
    case .response(let ratio, let response):
      return (2 * Double.pi / response, ratio)
    case .physical(let mass, let stiffness, let damping):
      let omega = (stiffness / mass).squareRoot()
      return (omega, damping / (2 * (stiffness * mass).squareRoot()))
    }
  }

  /// No overshoot, settles in about a third of a second (docs/SNAPPING.md, "Motion": critically
  /// damped, response 0.3 s).
  public static let standard = SpringParameters.response(dampingRatio: 1, response: 0.3)
}

/// Scroll and snap settings of one scroll container. Every field is optional: a section's
/// `orthogonalScrollingProperties` override the defaults of its behavior, the layout's
/// `scrolling` those of the main scroll (docs/SNAPPING.md).
public struct ScrollingProperties: Equatable, Sendable {
  public var snapUnit: SnapUnit?
  /// The length of a page for `.page` (default: the viewport's length).
  public var pageLength: Double?
  /// 0 aligns a unit's start with the snapport's start, 0.5 centres it, 1 aligns the ends.
  public var alignment: Double?
  /// Insets of the snapport inside the viewport (CSS `scroll-padding`), along the axis.
  public var scrollPadding: (leading: Double, trailing: Double)?
  public var containment: SnapContainment?
  public var insufficientContentAlignment: InsufficientContentAlignment?
  /// At most this many rest positions per gesture; 0 = unlimited.
  public var maxPagesPerGesture: Int?
  /// Releases at least this fast (pt/s) are flings.
  public var flingVelocity: Double?
  /// `uikitTargetContentOffset` only: releases at least this fast (pt/s) use the projection.
  public var freeVelocity: Double?
  /// Velocity kept per millisecond (UIKit: normal 0.998, fast 0.99).
  public var decelerationRate: Double?
  /// A fling never rests behind the release point.
  public var directionalGuard: Bool?
  /// The fraction of a page a slow drag must cross to move on.
  public var positionalThreshold: Double?
  /// How a release below the fling threshold chooses its rest position.
  public var slowRelease: SlowRelease?
  /// Rest positions closer than this (points) to a bound rest on the bound (docs/SNAPPING.md,
  /// "Rest positions", Containment); nil: max(1, 5 % of the snapport).
  public var mergeDistance: Double?
  public var algorithm: SnapAlgorithm?
  public var rounding: UIKitRounding?
  public var spring: SpringParameters?
  /// Decelerations that land exactly on the target are used when their implied rate per ms
  /// lies in this band; otherwise the motion is a spring (docs/SNAPPING.md, "The release
  /// pipeline", step 4).
  public var decayLanding: (minimumRate: Double, maximumRate: Double)?
  /// The host scroll view's `contentInset` along the axis (main scroll only).
  public var contentInset: (leading: Double, trailing: Double)?
  public var bounce: Bounce?
  /// The rest position the container starts at until the host scrolls it (docs/SNAPPING.md,
  /// "Navigation without touch"); past the last one, the last.
  public var initialIndex: Int64?
  /// Seconds without a touchpad delta after which its gesture is released.
  public var touchpadEndGap: Double?
  /// Groups per rest position (item and group units).
  public var groupsPerPage: GroupsPerPage?
  /// Whether the content wraps around (docs/SNAPPING.md, "Looping").
  public var loop: Bool?

  public init() {}

  public static func == (a: ScrollingProperties, b: ScrollingProperties) -> Bool {
    a.snapUnit == b.snapUnit && a.pageLength == b.pageLength && a.alignment == b.alignment
      && a.scrollPadding?.leading == b.scrollPadding?.leading
      && a.scrollPadding?.trailing == b.scrollPadding?.trailing
      && a.containment == b.containment
      && a.insufficientContentAlignment == b.insufficientContentAlignment
      && a.maxPagesPerGesture == b.maxPagesPerGesture && a.flingVelocity == b.flingVelocity
      && a.freeVelocity == b.freeVelocity && a.decelerationRate == b.decelerationRate
      && a.directionalGuard == b.directionalGuard
      && a.positionalThreshold == b.positionalThreshold && a.algorithm == b.algorithm
      && a.slowRelease == b.slowRelease && a.mergeDistance == b.mergeDistance
      && a.rounding == b.rounding && a.spring == b.spring
      && a.decayLanding?.minimumRate == b.decayLanding?.minimumRate
      && a.decayLanding?.maximumRate == b.decayLanding?.maximumRate
      && a.contentInset?.leading == b.contentInset?.leading
      && a.contentInset?.trailing == b.contentInset?.trailing && a.bounce == b.bounce
      && a.initialIndex == b.initialIndex && a.touchpadEndGap == b.touchpadEndGap
      && a.groupsPerPage == b.groupsPerPage && a.loop == b.loop
  }
}

/// Scale, opacity and zIndex of a section's items by their distance from the centre of their
/// scroll container's viewport (the card carousel's zoom; docs/SNAPPING.md, "Pinned headers and
/// visible-item effects").
public struct VisibleItemEffects: Equatable, Sendable {
  /// Values at distance 0 and at `distance` (and beyond), interpolated linearly in between.
  public var scale: (center: Double, edge: Double)
  public var alpha: (center: Double, edge: Double)
  public var zIndex: (center: Int32, edge: Int32)?
  /// The normalised distance (in units of the section's group stride) where edge values apply.
  public var distance: Double

  public init(
    scale: (center: Double, edge: Double) = (1, 1), alpha: (center: Double, edge: Double) = (1, 1),
    zIndex: (center: Int32, edge: Int32)? = nil, distance: Double = 1
  ) {
    self.scale = scale
    self.alpha = alpha
    self.zIndex = zIndex
    self.distance = distance
  }

  public static func == (a: VisibleItemEffects, b: VisibleItemEffects) -> Bool {
    a.scale == b.scale && a.alpha == b.alpha && a.zIndex?.center == b.zIndex?.center
      && a.zIndex?.edge == b.zIndex?.edge && a.distance == b.distance
  }
}
