#if canImport(SnapLayoutCore)
  import SnapLayoutCore
#endif

extension ConfigDecoder {
  static let scrollingKeys: [StaticString] = [
    "snapUnit", "pageLength", "alignment", "scrollPadding", "containment",
    "insufficientContentAlignment", "maxPagesPerGesture", "velocityThresholds",
    "decelerationRate", "directionalGuard", "positionalThreshold", "algorithm", "rounding",
    "spring", "decayLanding", "bounce", "slowRelease", "mergeDistance", "initialIndex",
    "touchpadEndGap", "groupsPerPage", "loop",
  ]

  /// Scroll and snap settings: `configuration.scrolling` (with `contentInset`) or a section's
  /// `orthogonalScrollingProperties`. Insets and padding are read along the container's axis:
  /// top/bottom when it scrolls vertically, leading/trailing when horizontally.
  @_optimize(size) static func decodeScrollingProperties(
    _ node: JSONNode, scrollsVertically: Bool, isMainScroll: Bool
  ) throws(ConfigError) -> ScrollingProperties {
    let object = try node.object(
      allowed: isMainScroll ? scrollingKeys + ["contentInset"] : scrollingKeys)
    var properties = ScrollingProperties()
    @_optimize(size) func alongAxis(_ insets: DirectionalEdgeInsets) -> (leading: Double, trailing: Double) {
      scrollsVertically ? (insets.top, insets.bottom) : (insets.leading, insets.trailing)
    }
    if let value = object["snapUnit"] {
      properties.snapUnit = try value.choice([
        ("none", SnapUnit.none), ("page", .page), ("item", .item), ("group", .group),
      ])
    }
    if let value = object["pageLength"] {
      properties.pageLength = try value.number(
        in: 1e-6...ConfigLimits.maxLength, "a page length must be greater than 0")
    }
    if let value = object["alignment"] { properties.alignment = try decodeAlignment(value) }
    if let value = object["scrollPadding"] {
      properties.scrollPadding = alongAxis(try decodeInsets(value))
    }
    if let value = object["contentInset"] {
      properties.contentInset = alongAxis(try decodeInsets(value))
    }
    if let value = object["containment"] {
      properties.containment = try value.choice([
        ("trimSnaps", SnapContainment.trimSnaps), ("keepSnaps", .keepSnaps), ("none", .none),
      ])
    }
    if let value = object["insufficientContentAlignment"] {
      properties.insufficientContentAlignment = try value.choice([
        ("start", InsufficientContentAlignment.start), ("center", .center), ("end", .end),
      ])
    }
    if let value = object["maxPagesPerGesture"] {
      properties.maxPagesPerGesture = Int(
        try value.integer(
          in: 0...1_000_000, "maxPagesPerGesture is 0 (unlimited) or a count up to 1000000"))
    }
    if let value = object["velocityThresholds"] {
      let thresholds = try value.object(allowed: ["fling", "free"])
      let rule = "a velocity threshold is between 0 and 10000000 pt/s"
      if let fling = thresholds["fling"] { properties.flingVelocity = try fling.number(in: 0...1e7, rule) }
      if let free = thresholds["free"] { properties.freeVelocity = try free.number(in: 0...1e7, rule) }
    }
    if let value = object["decelerationRate"] {
      properties.decelerationRate = try decodeDecelerationRate(value)
    }
    if let value = object["directionalGuard"] { properties.directionalGuard = try value.bool() }
    if let value = object["positionalThreshold"] {
      properties.positionalThreshold = try value.number(
        in: 1e-6...(1 - 1e-6), "positionalThreshold is a fraction of a page between 0 and 1")
    }
    if let value = object["slowRelease"] {
      properties.slowRelease = try value.choice([
        ("projection", SlowRelease.projection), ("positional", .positional),
      ])
    }
    if let value = object["mergeDistance"] {
      properties.mergeDistance = try value.number(
        in: 0...ConfigLimits.maxLength,
        "mergeDistance is a distance in points from 0 (above the viewport it acts as the viewport)")
    }
    if let value = object["algorithm"] {
      properties.algorithm = try value.choice([
        ("standard", SnapAlgorithm.standard), ("uikitWillEndDragging", .uikitWillEndDragging),
        ("uikitTargetContentOffset", .uikitTargetContentOffset),
      ])
    }
    if let value = object["rounding"] {
      properties.rounding = try value.choice([
        ("round", UIKitRounding.round), ("directional", .directional),
      ])
    }
    if let value = object["spring"] { properties.spring = try decodeSpring(value) }
    if let value = object["decayLanding"] {
      let band = try value.object(allowed: ["minimumRate", "maximumRate"])
      let rule = "a deceleration rate per millisecond is between 0 and 1, exclusive"
      let minimum = try band.required("minimumRate").number(in: 1e-6...(1 - 1e-9), rule)
      let maximumNode = try band.required("maximumRate")
      let maximum = try maximumNode.number(in: 1e-6...(1 - 1e-9), rule)
      guard minimum <= maximum else {
        throw .invalid("maximumRate must not be below minimumRate", at: maximumNode.path)
      }
      properties.decayLanding = (minimum, maximum)
    }
    if let value = object["bounce"] {
      properties.bounce = try value.choice([
        ("automatic", Bounce.automatic), ("always", .always), ("never", .never),
      ])
    }
    if let value = object["initialIndex"] {
      properties.initialIndex = try value.integer(
        in: 0...ConfigLimits.maxInitialIndex,
        "initialIndex is a rest position: an integer from 0 to \(ConfigLimits.maxInitialIndex)")
    }
    if let value = object["touchpadEndGap"] {
      properties.touchpadEndGap = try value.number(
        in: 0.001...10, "touchpadEndGap is between 0.001 and 10 seconds")
    }
    if let value = object["loop"] {
      properties.loop = try value.bool()
      // UIKit's two delegate patterns compute pages from the content's bounds, which a loop
      // does not have (docs/SNAPPING.md, "Looping").
      if properties.loop == true, let algorithm = properties.algorithm, algorithm != .standard {
        throw .invalid(
          "a looping container uses the standard algorithm (UIKit's delegate patterns need the "
            + "content's bounds)", at: value.path)
      }
    }
    if let value = object["groupsPerPage"] {
      if (try? value.string()) != nil {
        _ = try value.choice(["fit"])
        properties.groupsPerPage = .fit
      } else {
        properties.groupsPerPage = .count(
          try value.integer(
            in: 1...1_000_000, "groupsPerPage is \"fit\" or a count of groups from 1 to 1000000"))
      }
    }
    return properties
  }

  /// "start" (0), "center" (0.5), "end" (1) or a fraction in [0, 1].
  @_optimize(size) static func decodeAlignment(_ node: JSONNode) throws(ConfigError) -> Double {
    if (try? node.string()) != nil {
      return try node.choice([("start", 0.0), ("center", 0.5), ("end", 1.0)])
    }
    return try node.number(
      in: 0...1, "an alignment is \"start\", \"center\", \"end\" or a fraction from 0 to 1")
  }

  /// "normal" (0.998), "fast" (0.99) or the fraction of velocity kept per millisecond.
  @_optimize(size) static func decodeDecelerationRate(_ node: JSONNode) throws(ConfigError) -> Double {
    if (try? node.string()) != nil {
      return try node.choice([("normal", 0.998), ("fast", 0.99)])
    }
    return try node.number(
      in: 1e-6...(1 - 1e-9),
      "a deceleration rate is \"normal\", \"fast\" or the velocity kept per millisecond, "
        + "between 0 and 1 exclusive")
  }

  /// `{"dampingRatio", "response"}` or `{"mass", "stiffness", "damping"}`.
  @_optimize(size) static func decodeSpring(_ node: JSONNode) throws(ConfigError) -> SpringParameters {
    let object = try node.object(allowed: [
      "dampingRatio", "response", "mass", "stiffness", "damping",
    ])
    if object.has("dampingRatio") || object.has("response") {
      for key: StaticString in ["mass", "stiffness", "damping"] where object.has(key) {
        throw .invalid(
          "a spring is either {dampingRatio, response} or {mass, stiffness, damping}",
          at: object.path + "/" + key.description)
      }
      return .response(
        dampingRatio: try object.required("dampingRatio").number(
          in: 0.01...100, "dampingRatio is between 0.01 and 100"),
        response: try object.required("response").number(
          in: 0.001...60, "response is between 0.001 and 60 seconds"))
    }
    let rule = "mass, stiffness and damping are greater than 0 and at most 1000000"
    return .physical(
      mass: try object.required("mass").number(in: 1e-6...1e6, rule),
      stiffness: try object.required("stiffness").number(in: 1e-6...1e6, rule),
      damping: try object.required("damping").number(in: 1e-6...1e6, rule))
  }

  @_optimize(size) static func decodeVisibleItemEffects(_ node: JSONNode) throws(ConfigError) -> VisibleItemEffects {
    let object = try node.object(allowed: ["scale", "alpha", "zIndex", "distance"])
    var effects = VisibleItemEffects()
    @_optimize(size) func pair(_ node: JSONNode, _ range: ClosedRange<Double>, _ rule: String)
      throws(ConfigError) -> (center: Double, edge: Double)
    {
      let values = try node.object(allowed: ["center", "edge"])
      return (
        try values["center"]?.number(in: range, rule) ?? 1,
        try values["edge"]?.number(in: range, rule) ?? 1
      )
    }
    if let value = object["scale"] {
      effects.scale = try pair(value, 0...100, "a scale is between 0 and 100")
    }
    if let value = object["alpha"] {
      effects.alpha = try pair(value, 0...1, "an alpha is between 0 and 1")
    }
    if let value = object["zIndex"] {
      let values = try value.object(allowed: ["center", "edge"])
      effects.zIndex = (
        try decodeZIndex(values.required("center")), try decodeZIndex(values.required("edge"))
      )
    }
    if let value = object["distance"] {
      effects.distance = try value.number(
        in: 1e-6...1e6, "distance is a number of group strides greater than 0")
    }
    return effects
  }
}
