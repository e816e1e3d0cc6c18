import SnapLayoutConfig
import SnapLayoutCore
import Testing

let item1x1 =
  #"{"layoutSize": {"widthDimension": {"fractionalWidth": 1}, "heightDimension": {"fractionalHeight": 1}}}"#
let size1x44 = #"{"widthDimension": {"fractionalWidth": 1}, "heightDimension": {"absolute": 44}}"#

/// A one-section configuration with `group` as the root group and `extra` section keys.
func config(group: String? = nil, section extra: String = "", top: String = "") -> String {
  let root = group ?? #"{"group": "horizontal", "layoutSize": \#(size1x44), "subitems": [\#(item1x1)]}"#
  let sectionText = #"{"itemCount": 3, "group": \#(root)\#(extra.isEmpty ? "" : ", " + extra)}"#
  return #"{"sections": [\#(sectionText)]\#(top.isEmpty ? "" : ", " + top)}"#
}

func expectConfigError(
  _ text: String, _ kind: ConfigError.Kind, path: String, _ message: String,
  line: Int? = nil, column: Int? = nil, sourceLocation: SourceLocation = #_sourceLocation
) {
  do {
    _ = try ConfigDecoder.decode(text)
    Issue.record("accepted: \(text)", sourceLocation: sourceLocation)
  } catch {
    #expect(error.kind == kind, sourceLocation: sourceLocation)
    #expect(error.path == path, "message: \(error.message)", sourceLocation: sourceLocation)
    #expect(
      error.message.contains(message), "message: \(error.message)", sourceLocation: sourceLocation)
    if let line { #expect(error.line == line, sourceLocation: sourceLocation) }
    if let column { #expect(error.column == column, sourceLocation: sourceLocation) }
  }
}

@Suite("Config decoding")
struct ConfigDecoderTests {
  @Test("every key of the format decodes into the model")
  func fullDecode() throws {
    let text = #"""
      {
        // Comments are accepted.
        "version": 1,
        "configuration": {
          "scrollDirection": "horizontal", "interSectionSpacing": 12,
          "boundarySupplementaryItems": [{"elementKind": "banner", "alignment": "topLeading",
            "layoutSize": {"widthDimension": {"absolute": 100}, "heightDimension": {"estimated": 40}},
            "offset": {"x": 1, "y": -2}, "extendsBoundary": false, "pinToVisibleBounds": true,
            "zIndex": 7, "contentInsets": {"leading": 3}}]
        },
        "environment": {"container": {"width": 320, "height": 480},
          "contentInsets": {"top": 1, "leading": 2, "bottom": 3, "trailing": 4},
          "layoutDirection": "rightToLeft", "displayScale": 2},
        "sections": [{
          "itemCount": 9223372036854775807,
          "contentInsets": {"top": 5}, "interGroupSpacing": 6,
          "orthogonalScrollingBehavior": "groupPagingCentered",
          "supplementariesFollowContentInsets": false,
          "decorationItems": [{"elementKind": "bg", "contentInsets": {"bottom": 2}, "zIndex": -1}],
          "group": {"group": "vertical",
            "layoutSize": {"widthDimension": {"fractionalWidth": 0.5}, "heightDimension": {"fractionalWidth": 1.5}},
            "interItemSpacing": {"flexible": 4}, "contentInsets": {"trailing": 1},
            "edgeSpacing": {"leading": {"fixed": 2}, "bottom": {"flexible": 0}},
            "repeatingSubitem": {"layoutSize": {"widthDimension": {"fractionalHeight": 0.1}, "heightDimension": {"absolute": 30}},
              "supplementaryItems": [{"elementKind": "badge",
                "layoutSize": {"widthDimension": {"absolute": 10}, "heightDimension": {"absolute": 10}},
                "containerAnchor": {"edges": ["top", "trailing"], "fractionalOffset": {"x": 0.5, "y": -0.5}},
                "itemAnchor": {"edges": ["bottom"], "offset": {"x": 1}}, "zIndex": 3}]},
            "count": 2}
        }]
      }
      """#
    let badge = SupplementaryItem(
      elementKind: "badge", layoutSize: size(abs_(10), abs_(10)),
      containerAnchor: Anchor(edges: [.top, .trailing], offset: Point(x: 0.5, y: -0.5), isFractional: true),
      itemAnchor: Anchor(edges: [.bottom], offset: Point(x: 1, y: 0)), zIndex: 3)
    let leaf = LayoutItem(layoutSize: size(fh(0.1), abs_(30)), supplementaryItems: [badge])
    let group = LayoutGroup(
      axis: .vertical, layoutSize: size(fw(0.5), fw(1.5)),
      content: .repeatingSubitem(.item(leaf), count: 2), interItemSpacing: .flexible(4),
      contentInsets: DirectionalEdgeInsets(trailing: 1),
      edgeSpacing: EdgeSpacing(leading: .fixed(2), bottom: .flexible(0)))
    let section = LayoutSection(
      group: group, itemCount: Int64.max, contentInsets: DirectionalEdgeInsets(top: 5),
      interGroupSpacing: 6, orthogonalScrollingBehavior: .groupPagingCentered,
      decorationItems: [
        DecorationItem(elementKind: "bg", contentInsets: DirectionalEdgeInsets(bottom: 2), zIndex: -1)
      ], supplementariesFollowContentInsets: false)
    let banner = BoundarySupplementaryItem(
      elementKind: "banner", layoutSize: size(abs_(100), est(40)), alignment: .topLeading,
      offset: Point(x: 1, y: -2), extendsBoundary: false, pinToVisibleBounds: true, zIndex: 7,
      contentInsets: DirectionalEdgeInsets(leading: 3))
    let expected = LayoutDescription(
      configuration: LayoutConfiguration(
        scrollDirection: .horizontal, interSectionSpacing: 12, boundarySupplementaryItems: [banner]),
      environment: LayoutEnvironment(
        containerSize: Size(width: 320, height: 480),
        contentInsets: DirectionalEdgeInsets(top: 1, leading: 2, bottom: 3, trailing: 4),
        layoutDirection: .rightToLeft, displayScale: 2),
      sections: [section])
    #expect(try ConfigDecoder.decode(text) == expected)
  }

  @Test("defaults: an empty sections list, vertical, left to right, exact arithmetic")
  func defaults() throws {
    let description = try ConfigDecoder.decode(#"{"sections": []}"#)
    #expect(description == LayoutDescription(sections: []))
  }

  @Test("a top-level \"$schema\" string is accepted and changes nothing")
  func schemaKey() throws {
    for text in [
      config(top: #""$schema": "../schema/snaplayout-config.schema.json""#),
      config(top: #""$schema": "urn:snaplayout:config-schema:1""#),
      config(top: #""$schema": """#),
    ] {
      #expect(try ConfigDecoder.decode(text) == ConfigDecoder.decode(config()))
    }
    let flow = #"{"$schema": "x", "flowLayout": {}, "sections": [{"itemCount": 2}]}"#
    #expect(try ConfigDecoder.decode(flow) == ConfigDecoder.decode(#"{"flowLayout": {}, "sections": [{"itemCount": 2}]}"#))
  }

  @Test("the three group constructions and items vs groups")
  func groupConstructions() throws {
    let subitem = try ConfigDecoder.decode(
      config(group: #"{"group": "horizontal", "layoutSize": \#(size1x44), "subitem": \#(item1x1), "count": 3}"#))
    guard case .subitem(_, let count) = subitem.sections[0].group.content else {
      Issue.record("not a subitem group")
      return
    }
    #expect(count == 3)
    let nested = try ConfigDecoder.decode(
      config(group: #"{"group": "vertical", "layoutSize": \#(size1x44), "subitems": [\#(item1x1), {"group": "horizontal", "layoutSize": \#(size1x44), "subitems": [\#(item1x1)]}]}"#))
    guard case .subitems(let children) = nested.sections[0].group.content else {
      Issue.record("not a subitems group")
      return
    }
    #expect(children.count == 2)
    if case .group(let inner) = children[1] { #expect(inner.axis == .horizontal) } else {
      Issue.record("second child is not a group")
    }
  }

  @Test("32 nested groups decode; 33 are refused")
  func groupDepthLimit() throws {
    func nested(_ depth: Int) -> String {
      var group = #"{"group": "horizontal", "layoutSize": \#(size1x44), "subitems": [\#(item1x1)]}"#
      for _ in 0..<depth {
        group = #"{"group": "vertical", "layoutSize": \#(size1x44), "subitem": \#(group), "count": 1}"#
      }
      return config(group: group)
    }
    _ = try ConfigDecoder.decode(nested(32))
    var path = "/sections/0/group"
    for _ in 0..<33 { path += "/subitem" }
    expectConfigError(nested(33), .invalid, path: path, "nested more than 32 levels")
  }
}
