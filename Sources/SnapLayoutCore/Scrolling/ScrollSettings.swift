/// The complete scroll and snap settings of one container: a behavior's defaults with the
/// configuration's overrides applied (docs/SNAPPING.md, "Settings"). Velocities are in points
/// per millisecond here, the unit of the formulas; the API speaks points per second.
struct ScrollSettings {
  var snapUnit: SnapUnit
  /// nil: the viewport's length.
  var pageLength: Double?
  var alignment: Double
  var padding: (leading: Double, trailing: Double)
  var containment: SnapContainment
  var insufficientContentAlignment: InsufficientContentAlignment
  /// 0 = unlimited.
  var maxSteps: Int
  var flingVelocity: Double
  var freeVelocity: Double
  var decelerationRate: Double
  var directionalGuard: Bool
  var positionalThreshold: Double
  var slowRelease: SlowRelease
  /// nil: max(1, 5 % of the snapport) (`ScrollContainer.mergeDistance`).
  var mergeDistance: Double?
  var algorithm: SnapAlgorithm
  var rounding: UIKitRounding
  var spring: (omega: Double, ratio: Double)
  var decayLanding: (minimumRate: Double, maximumRate: Double)
  /// Whether `decayLanding` came from the configuration (else it follows the rate).
  var decayLandingIsSet = false
  var contentInset: (leading: Double, trailing: Double)
  var bounce: Bounce
  /// The rest position the container starts at (docs/SNAPPING.md, "Navigation without touch").
  var initialIndex: Int64 = 0
  /// Seconds without a touchpad delta after which its gesture is released (docs/SNAPPING.md,
  /// "Wheels and touchpads").
  var touchpadEndGap = 0.1
  /// Groups per rest position for item and group units (docs/SNAPPING.md, "Pages of what
  /// fits").
  var groupsPerPage = GroupsPerPage.count(1)
  /// Whether the content wraps around when it is long enough (docs/SNAPPING.md, "Looping").
  var loop = false

  static let normalRate = 0.998
  static let fastRate = 0.99

  /// UIScrollView with no paging: free deceleration at the normal rate.
  static var free: ScrollSettings {
    ScrollSettings(
    snapUnit: .none, pageLength: nil, alignment: 0, padding: (0, 0), containment: .trimSnaps,
    insufficientContentAlignment: .start, maxSteps: 0, flingVelocity: 0.2, freeVelocity: 2,
    decelerationRate: normalRate, directionalGuard: true, positionalThreshold: 0.5,
    slowRelease: .positional, mergeDistance: nil,
    algorithm: .standard, rounding: .round, spring: SpringParameters.standard.frequencyAndRatio,
      decayLanding: (0.990, 0.9985), contentInset: (0, 0), bounce: .automatic)
  }

  /// The defaults of an orthogonal behavior (docs/SNAPPING.md, "The six orthogonal behaviors").
  /// `groupLeading` is where a group's leading edge rests: the section's effective leading inset.
  static func defaults(for behavior: OrthogonalScrollingBehavior, groupLeading: Double)
    -> ScrollSettings
  {
    var settings = free
    switch behavior {
    case .none, .continuous:
      break
    case .continuousGroupLeadingBoundary:
      settings.snapUnit = .group
      settings.padding = (groupLeading, 0)
      // It decelerates freely and rests on the group boundary nearest where it stops, at any
      // velocity (docs/SNAPPING.md, "The six orthogonal behaviors").
      settings.slowRelease = .projection
    case .paging:
      settings.snapUnit = .page
      settings.maxSteps = 1
      settings.decelerationRate = fastRate
    case .groupPaging:
      settings.snapUnit = .group
      settings.padding = (groupLeading, 0)
      settings.maxSteps = 1
      settings.decelerationRate = fastRate
    case .groupPagingCentered:
      settings.snapUnit = .group
      settings.alignment = 0.5
      settings.maxSteps = 1
      settings.decelerationRate = fastRate
    }
    return settings
  }

  /// These settings with every property the configuration sets replaced.
  func overridden(by properties: ScrollingProperties) -> ScrollSettings {
    var settings = self
    if let value = properties.snapUnit { settings.snapUnit = value }
    if let value = properties.pageLength { settings.pageLength = value }
    if let value = properties.alignment { settings.alignment = value }
    if let value = properties.contentInset {
      // Content rests inside the host's insets: the snapport starts where the inset ends
      // (what the UIKit patterns' `(x + contentInset.left) / stride` means), unless padded otherwise.
      settings.contentInset = value
      settings.padding = value
    }
    if let value = properties.algorithm { settings.algorithm = value }
    if let value = properties.scrollPadding { settings.padding = value }
    if let value = properties.containment { settings.containment = value }
    if let value = properties.insufficientContentAlignment {
      settings.insufficientContentAlignment = value
    }
    if let value = properties.maxPagesPerGesture { settings.maxSteps = value }
    if let value = properties.flingVelocity { settings.flingVelocity = value / 1000 }
    if let value = properties.freeVelocity { settings.freeVelocity = value / 1000 }
    if let value = properties.decelerationRate { settings.decelerationRate = value }
    if let value = properties.directionalGuard { settings.directionalGuard = value }
    if let value = properties.positionalThreshold { settings.positionalThreshold = value }
    if let value = properties.slowRelease { settings.slowRelease = value }
    if let value = properties.mergeDistance { settings.mergeDistance = value }
    if let value = properties.rounding { settings.rounding = value }
    if let value = properties.spring { settings.spring = value.frequencyAndRatio }
    if let value = properties.decayLanding {
      settings.decayLanding = value
      settings.decayLandingIsSet = true
    }
    if let value = properties.bounce { settings.bounce = value }
    if let value = properties.initialIndex { settings.initialIndex = value }
    if let value = properties.touchpadEndGap { settings.touchpadEndGap = value }
    if let value = properties.groupsPerPage { settings.groupsPerPage = value }
    if let value = properties.loop { settings.loop = value }
    return settings
  }

  /// The rates a landing decay may use. Unless configured, the band is capped halfway between
  /// the container's own rate and 1: a `fast` container (0.99) glides at most at 0.995, and a
  /// gentle fling that would need a slower glide to reach its page springs there instead.
  var landingBand: Motion.LandingBand {
    var band = decayLanding
    if !decayLandingIsSet {
      band.maximumRate = min(band.maximumRate, decelerationRate + (1 - decelerationRate) / 2)
      band.minimumRate = min(band.minimumRate, band.maximumRate)
    }
    return Motion.LandingBand(minimumRate: band.minimumRate, maximumRate: band.maximumRate)
  }

  /// Where an unhindered deceleration from a release at velocity `v` (pt/ms) comes to rest,
  /// relative to the release point: `v·d/(1 − d)` (UIKit's projection: docs/SNAPPING.md,
  /// "The release pipeline", step 2).
  func projection(_ velocity: Double) -> Double {
    velocity * decelerationRate / (1 - decelerationRate)
  }
}
