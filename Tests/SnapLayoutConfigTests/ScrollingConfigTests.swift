import SnapLayoutConfig
import SnapLayoutCore
import Testing

/// `configuration.scrolling`, a section's `orthogonalScrollingProperties` and
/// `visibleItemEffects`.
@Suite("Scrolling configuration")
struct ScrollingConfigTests {
  @Test("every scrolling key decodes, along the container's axis")
  func fullDecode() throws {
    let text = config(
      section: #"""
        "orthogonalScrollingBehavior": "groupPaging",
        "orthogonalScrollingProperties": {"snapUnit": "item", "decelerationRate": 0.995,
          "scrollPadding": {"leading": 12, "top": 99}, "bounce": "never",
          "spring": {"mass": 1, "stiffness": 400, "damping": 40}},
        "visibleItemEffects": {"scale": {"center": 1, "edge": 0.9}, "alpha": {"edge": 0.5},
          "zIndex": {"center": 2, "edge": 0}, "distance": 1.5}
        """#,
      top: #"""
        "configuration": {"scrolling": {
          "snapUnit": "group", "alignment": "center", "containment": "keepSnaps",
          "insufficientContentAlignment": "end", "maxPagesPerGesture": 2,
          "velocityThresholds": {"fling": 300, "free": 2500}, "decelerationRate": "fast",
          "directionalGuard": false, "positionalThreshold": 0.3, "algorithm": "uikitWillEndDragging",
          "slowRelease": "projection", "mergeDistance": 12.5,
          "rounding": "directional", "spring": {"dampingRatio": 0.8, "response": 0.4},
          "decayLanding": {"minimumRate": 0.98, "maximumRate": 0.999},
          "contentInset": {"top": 47, "bottom": 34, "leading": 5}, "pageLength": 300}}
        """#)
    let description = try ConfigDecoder.decode(text)
    let main = description.configuration.scrolling
    #expect(main.snapUnit == .group && main.alignment == 0.5 && main.containment == .keepSnaps)
    #expect(main.insufficientContentAlignment == .end && main.maxPagesPerGesture == 2)
    #expect(main.flingVelocity == 300 && main.freeVelocity == 2500 && main.decelerationRate == 0.99)
    #expect(main.directionalGuard == false && main.positionalThreshold == 0.3)
    #expect(main.slowRelease == .projection && main.mergeDistance == 12.5)
    #expect(main.algorithm == .uikitWillEndDragging && main.rounding == .directional)
    #expect(main.spring == .response(dampingRatio: 0.8, response: 0.4))
    #expect(main.decayLanding?.minimumRate == 0.98 && main.decayLanding?.maximumRate == 0.999)
    // A vertical layout's main scroll takes the top and bottom insets.
    #expect(main.contentInset?.leading == 47 && main.contentInset?.trailing == 34)
    #expect(main.pageLength == 300)
    let section = description.sections[0]
    let properties = section.orthogonalScrollingProperties
    #expect(properties.snapUnit == .item && properties.decelerationRate == 0.995)
    // An orthogonal section of a vertical layout scrolls horizontally: leading/trailing.
    #expect(properties.scrollPadding?.leading == 12 && properties.scrollPadding?.trailing == 0)
    #expect(properties.bounce == .never)
    #expect(properties.spring == .physical(mass: 1, stiffness: 400, damping: 40))
    let effects = try #require(section.visibleItemEffects)
    #expect(effects.scale == (1, 0.9) && effects.alpha == (1, 0.5) && effects.distance == 1.5)
    #expect(effects.zIndex?.center == 2 && effects.zIndex?.edge == 0)
  }

  @Test("a horizontal layout's main scroll reads leading and trailing insets")
  func horizontalAxis() throws {
    let description = try ConfigDecoder.decode(
      config(
        top: #""configuration": {"scrollDirection": "horizontal", "scrolling": {"contentInset": {"top": 1, "leading": 34, "trailing": 30}}}"#
      ))
    #expect(description.configuration.scrolling.contentInset?.leading == 34)
    #expect(description.configuration.scrolling.contentInset?.trailing == 30)
  }

  static let errors: [(String, String, String)] = [
    (config(top: #""configuration": {"scrolling": {"snapUnits": "item"}}"#),
     "/configuration/scrolling/snapUnits", "did you mean 'snapUnit'?"),
    (config(top: #""configuration": {"scrolling": {"snapUnit": "card"}}"#),
     "/configuration/scrolling/snapUnit", "is not one of 'none', 'page', 'item', 'group'"),
    (config(top: #""configuration": {"scrolling": {"alignment": 1.5}}"#),
     "/configuration/scrolling/alignment", "fraction from 0 to 1"),
    (config(top: #""configuration": {"scrolling": {"alignment": "middle"}}"#),
     "/configuration/scrolling/alignment", "is not one of 'start', 'center', 'end'"),
    (config(top: #""configuration": {"scrolling": {"decelerationRate": 1}}"#),
     "/configuration/scrolling/decelerationRate", "between 0 and 1 exclusive"),
    (config(top: #""configuration": {"scrolling": {"decelerationRate": "slow"}}"#),
     "/configuration/scrolling/decelerationRate", "is not one of 'normal', 'fast'"),
    (config(top: #""configuration": {"scrolling": {"maxPagesPerGesture": -1}}"#),
     "/configuration/scrolling/maxPagesPerGesture", "0 (unlimited)"),
    (config(top: #""configuration": {"scrolling": {"velocityThresholds": {"fling": NaN}}}"#),
     "/configuration/scrolling/velocityThresholds/fling", "finite"),
    (config(top: #""configuration": {"scrolling": {"spring": {"dampingRatio": 1, "response": 0.3, "mass": 1}}}"#),
     "/configuration/scrolling/spring/mass", "either {dampingRatio, response}"),
    (config(top: #""configuration": {"scrolling": {"spring": {"dampingRatio": 1}}}"#),
     "/configuration/scrolling/spring", "missing required key 'response'"),
    (config(top: #""configuration": {"scrolling": {"spring": {"mass": 1, "stiffness": 0, "damping": 1}}}"#),
     "/configuration/scrolling/spring/stiffness", "greater than 0"),
    (config(top: #""configuration": {"scrolling": {"decayLanding": {"minimumRate": 0.999, "maximumRate": 0.99}}}"#),
     "/configuration/scrolling/decayLanding/maximumRate", "must not be below minimumRate"),
    (config(top: #""configuration": {"scrolling": {"positionalThreshold": 1}}"#),
     "/configuration/scrolling/positionalThreshold", "between 0 and 1"),
    (config(top: #""configuration": {"scrolling": {"slowRelease": "decay"}}"#),
     "/configuration/scrolling/slowRelease", "is not one of 'projection', 'positional'"),
    (config(section: #""orthogonalScrollingProperties": {"mergeDistance": -1}"#),
     "/sections/0/orthogonalScrollingProperties/mergeDistance", "a distance in points from 0"),
    (config(top: #""configuration": {"scrolling": {"mergeDistance": "far"}}"#),
     "/configuration/scrolling/mergeDistance", "expected a number"),
    (config(section: #""orthogonalScrollingProperties": {"contentInset": {"leading": 3}}"#),
     "/sections/0/orthogonalScrollingProperties/contentInset", "unknown key 'contentInset'"),
    (config(section: #""visibleItemEffects": {"alpha": {"edge": 1.5}}"#),
     "/sections/0/visibleItemEffects/alpha/edge", "between 0 and 1"),
    (config(section: #""visibleItemEffects": {"zIndex": {"center": 1}}"#),
     "/sections/0/visibleItemEffects/zIndex", "missing required key 'edge'"),
    (config(section: #""visibleItemEffects": {"distance": 0}"#),
     "/sections/0/visibleItemEffects/distance", "greater than 0"),
    (config(section: #""visibleItemEffects": {"scale": 0.9}"#),
     "/sections/0/visibleItemEffects/scale", "expected an object, found a number"),
  ]

  @Test("errors name the key and the rule", arguments: errors)
  func refusals(text: String, path: String, message: String) {
    expectConfigError(text, .invalid, path: path, message)
  }
}
