import Foundation
import SnapLayoutConfig
import Testing

/// Every refusal of the decoder: its kind, the JSON Pointer of the offending value and a
/// sentence that says what is wrong.
@Suite("Config errors")
struct ConfigErrorTests {
  func group(_ body: String) -> String {
    config(group: #"{"group": "horizontal", "layoutSize": \#(size1x44), \#(body)}"#)
  }

  func item(_ body: String) -> String {
    group(#""subitems": [{\#(body)}]"#)
  }

  @Test("malformed JSON reports the line and column")
  func syntax() {
    expectConfigError(
      "{\n  \"sections\": [\n    {\"itemCount\": 1,, }\n  ]\n}", .syntax, path: "",
      "malformed JSON at line 3, column 21", line: 3, column: 21)
    expectConfigError(#"{"sections": ["#, .syntax, path: "", "ends before the JSON value is complete")
    expectConfigError(#"{"sections": []} trailing"#, .syntax, path: "", "unexpected text after")
    expectConfigError("", .syntax, path: "", "ends before")
  }

  @Test(
    "a text cut inside a comment, a string or a container ends too early, wherever it is cut",
    arguments: [
      #"{"version": 1 /*"#, #"{"version": 1 /* format"#, #"{"version": 1 // the"#,
      #"{"sections": [{"itemCount": 1} /* one"#, #"{"sections": [] // x"#, #"{"sections": []} /* tail"#,
      #"{"sections": [], "k": "a /* b"#, #"{'sections': [], 'k': 'a \" // not"#, #"[{"a": 1} // x"#,
    ])
  func cutInsideComments(_ text: String) {
    // json-c took the NUL that completes a top-level number for the end of the document, and
    // answered with the value it was reading (found by the hostile corpus).
    expectConfigError(
      text, .syntax, path: "", "the text ends before the JSON value is complete", line: 1,
      column: text.utf8.count + 1)
  }

  @Test("a complete document may end inside a // comment or a closed /* comment */")
  func endsInComment() throws {
    for text in [
      #"{"sections": []} // tail"#, #"{"sections": []} /* tail */"#,
      "{\"sections\": [] /* ] } */} // \"", #"{"sections": [/* "]" // */]}"#,
    ] {
      _ = try ConfigDecoder.decode(text)
    }
    // A top-level number still needs the end of the text to be complete.
    expectConfigError("12", .invalid, path: "", "expected an object")
  }

  @Test("a raw NUL is reported at its own column, inside strings as outside")
  func nulColumn() {
    for (text, column) in [
      ("{\"sections\": [], \"a\u{0}b\": 1}", 20), ("{\"sections\": [], \"k\": \"a\u{0}b\"}", 25),
      ("{\"sections\": \u{0}[]}", 14), ("\u{0}{}", 1),
    ] {
      expectConfigError(text, .syntax, path: "", "malformed JSON", line: 1, column: column)
    }
  }

  @Test("invalid UTF-8 is a syntax error")
  func invalidUTF8() {
    var bytes = Array(#"{"sections": [], "a": "x"}"#.utf8)
    bytes[23] = 0xC3  // a lead byte followed by '"'
    bytes.withUnsafeBytes { buffer in
      do throws(ConfigError) {
        _ = try ConfigDecoder.decode(buffer)
        Issue.record("invalid UTF-8 accepted")
      } catch {
        #expect(error.kind == .syntax)
        #expect(error.line == 1)
      }
    }
  }

  @Test(
    "UTF-8 is checked strictly: overlong forms, surrogates, > U+10FFFF and broken sequences",
    arguments: [
      [0xC0, 0xAF], [0xC1, 0xBF], [0xE0, 0x80, 0xAF], [0xF0, 0x80, 0x80, 0xAF], [0xED, 0xA0, 0x80],
      [0xED, 0xBF, 0xBF], [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80], [0xFF], [0x80],
      [0xE2, 0x82], [0xC3, 0x28], [0xF0, 0x9F, 0x98],
    ] as [[UInt8]])
  func strictUTF8(_ sequence: [UInt8]) {
    // In a key and in an element kind: the error points at the sequence's first byte.
    for prefix in [#"{"sections": [], ""#, #"{"sections": [], "x": ""#] {
      let bytes = Array(prefix.utf8) + sequence + Array(#"": 1}"#.utf8)
      bytes.withUnsafeBytes { buffer in
        do throws(ConfigError) {
          _ = try ConfigDecoder.decode(buffer)
          Issue.record("\(sequence) accepted")
        } catch {
          #expect(error.kind == .syntax && error.message.contains("invalid utf-8"))
          #expect(error.line == 1 && error.column == prefix.utf8.count + 1, "\(sequence)")
        }
      }
    }
  }

  @Test("well-formed UTF-8 of every length is accepted, at the edges of each range")
  func wellFormedUTF8() throws {
    for sequence: [UInt8] in [
      [0x7F], [0xC2, 0x80], [0xDF, 0xBF], [0xE0, 0xA0, 0x80], [0xED, 0x9F, 0xBF],
      [0xEE, 0x80, 0x80], [0xEF, 0xBF, 0xBF], [0xF0, 0x90, 0x80, 0x80], [0xF4, 0x8F, 0xBF, 0xBF],
    ] {
      let text = Array(#"{"sections": [{"itemCount": 1, "boundarySupplementaryItems": [{"elementKind": ""#.utf8)
        + sequence
        + Array(#"", "alignment": "top", "layoutSize": {"widthDimension": {"fractionalWidth": 1}, "heightDimension": {"absolute": 10}}}], "group": {"group": "horizontal", "layoutSize": {"widthDimension": {"fractionalWidth": 1}, "heightDimension": {"absolute": 10}}, "subitems": [{"layoutSize": {"widthDimension": {"fractionalWidth": 1}, "heightDimension": {"fractionalHeight": 1}}}]}}]}"#.utf8)
      text.withUnsafeBytes { buffer in
        do throws(ConfigError) {
          _ = try ConfigDecoder.decode(buffer)
        } catch {
          Issue.record("\(sequence) refused: \(error.message)")
        }
      }
    }
  }

  @Test("100,000 levels of nesting are refused without a stack overflow")
  func deepNesting() {
    let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
    expectConfigError(deep, .syntax, path: "", "nested more than 256 levels")
    let deepObject =
      String(repeating: #"{"a":"#, count: 100_000) + "1" + String(repeating: "}", count: 100_000)
    expectConfigError(deepObject, .syntax, path: "", "nested more than 256 levels")
  }

  @Test("a text over 64 MiB is refused before parsing")
  func hugeText() {
    let length = ConfigLimits.maxTextLength + 1
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: length, alignment: 1)
    defer { buffer.deallocate() }
    buffer.initializeMemory(as: UInt8.self, repeating: 0x20)
    do {
      _ = try ConfigDecoder.decode(UnsafeRawBufferPointer(buffer))
      Issue.record("accepted")
    } catch {
      #expect(error.kind == .syntax)
      #expect(error.message.contains("the limit is 67108864 bytes"))
    }
  }

  static let cases: [(String, String, String)] = [
    // (text, JSON Pointer, part of the message)
    ("null", "", "expected an object, found null"),
    ("[]", "", "expected an object, found an array"),
    (#"{"sections": [], "section": 1}"#, "/section", "unknown key 'section'; did you mean 'sections'?"),
    (#"{}"#, "", "missing required key 'sections'"),
    (#"{"sections": {}}"#, "/sections", "expected an array, found an object"),
    (#"{"version": 2, "sections": []}"#, "/version", "unsupported configuration version 2"),
    (#"{"version": "1", "sections": []}"#, "/version", "expected an integer, found a string"),
    // "$schema" is a string, at the top level only (docs/CONFIG.md, "The JSON Schema").
    (#"{"$schema": 1, "sections": []}"#, "/$schema", "expected a string, found a number"),
    (#"{"$schema": null, "sections": []}"#, "/$schema", "expected a string, found null"),
    (#"{"$schema": {"$id": "x"}, "sections": []}"#, "/$schema", "expected a string, found an object"),
    (#"{"$schema": "x"}"#, "", "missing required key 'sections'"),
    (#"{"$schemas": "x", "sections": []}"#, "/$schemas", "unknown key '$schemas'; did you mean '$schema'?"),
    (config(section: #""$schema": "x""#), "/sections/0/$schema", "unknown key '$schema'"),
    (config(top: #""configuration": {"$schema": "x"}"#), "/configuration/$schema", "unknown key '$schema'"),
    (config(top: #""flowLayout": {"$schema": "x"}"#), "/flowLayout/$schema", "unknown key '$schema'"),
    (config(group: #"{"group": "horizontal", "layoutSize": \#(size1x44), "subitems": [\#(item1x1)], "$schema": "x"}"#),
     "/sections/0/group/$schema", "unknown key '$schema'"),
    (config(top: #""configuration": {"scrollDirection": "horizontl"}"#),
     "/configuration/scrollDirection", "did you mean 'horizontal'?"),
    (config(top: #""configuration": {"interSectionSpacing": -1}"#),
     "/configuration/interSectionSpacing", "-1.0 is out of range"),
    (config(top: #""environment": {"container": {"width": 0, "height": 1}}"#),
     "/environment/container/width", "must be greater than 0"),
    (config(top: #""environment": {"container": {"width": 10}}"#),
     "/environment/container", "missing required key 'height'"),
    (config(top: #""environment": {"displayScale": 17}"#), "/environment/displayScale", "between 0"),
    (config(top: #""environment": {"layoutDirection": "rtl"}"#),
     "/environment/layoutDirection", "is not one of 'leftToRight', 'rightToLeft'"),
    (config(section: #""item_count": 1"#), "/sections/0/item_count", "did you mean 'itemCount'?"),
    (#"{"sections": [{"group": {}}]}"#, "/sections/0", "missing required key 'itemCount'"),
    (#"{"sections": [{"itemCount": -1}]}"#, "/sections/0/itemCount", "-1 is out of range"),
    (#"{"sections": [{"itemCount": 1.5}]}"#, "/sections/0/itemCount", "expected an integer, found 1.5"),
    (#"{"sections": [{"itemCount": 9223372036854775808}]}"#, "/sections/0/itemCount",
     "does not fit in 64 bits"),
    (#"{"sections": [{"itemCount": 1}]}"#, "/sections/0", "missing required key 'group'"),
    (config(group: item1x1), "/sections/0/group", "must be a group"),
    (config(section: #""orthogonalScrollingBehavior": "paged""#),
     "/sections/0/orthogonalScrollingBehavior", "did you mean 'paging'?"),
    (config(section: #""supplementariesFollowContentInsets": 1"#),
     "/sections/0/supplementariesFollowContentInsets", "expected true or false, found a number"),
    (config(section: #""contentInsets": {"left": 4}"#), "/sections/0/contentInsets/left", "unknown key 'left'"),
    (config(section: #""contentInsets": {"top": NaN}"#), "/sections/0/contentInsets/top", "finite number"),
    (config(section: #""interGroupSpacing": Infinity"#), "/sections/0/interGroupSpacing", "finite number"),
    (config(section: #""interGroupSpacing": 1e400"#), "/sections/0/interGroupSpacing", "finite number"),
    (config(section: #""interGroupSpacing": 1e13"#), "/sections/0/interGroupSpacing", "out of range"),
  ]

  @Test("root, configuration, environment and section errors", arguments: cases)
  func sectionErrors(text: String, path: String, message: String) {
    expectConfigError(text, .invalid, path: path, message)
  }

  @Test("group errors")
  func groupErrors() {
    let g = "/sections/0/group"
    expectConfigError(
      config(group: #"{"group": "diagonal", "layoutSize": \#(size1x44), "subitems": [\#(item1x1)]}"#),
      .invalid, path: g + "/group", "'diagonal' is not one of 'horizontal', 'vertical'")
    expectConfigError(group(#""count": 2"#), .invalid, path: g, "needs one of 'subitems'")
    expectConfigError(
      group(#""subitems": [\#(item1x1)], "subitem": \#(item1x1), "count": 1"#), .invalid,
      path: g + "/subitem", "only one of 'subitems', 'subitem' and 'repeatingSubitem'")
    expectConfigError(
      group(#""subitems": [\#(item1x1)], "count": 2"#), .invalid, path: g + "/count",
      "'count' applies to 'subitem' and 'repeatingSubitem'")
    expectConfigError(group(#""subitems": []"#), .invalid, path: g + "/subitems", "at least one subitem")
    expectConfigError(
      group(#""subitem": \#(item1x1), "count": 0"#), .invalid, path: g + "/count",
      "count must be an integer from 1 to 10000")
    expectConfigError(
      group(#""repeatingSubitem": \#(item1x1), "count": 10001"#), .invalid, path: g + "/count",
      "10001 is out of range")
    expectConfigError(
      group(#""repeatingSubitem": \#(item1x1)"#), .invalid, path: g, "missing required key 'count'")
    expectConfigError(
      group(#""subitems": [{"layoutSize": \#(size1x44), "subitems": []}]"#), .invalid,
      path: g + "/subitems/0/subitems", "belongs to a group")
    expectConfigError(
      group(#""subitems": [\#(item1x1)], "interItemSpacing": {"fixed": 1, "flexible": 2}"#),
      .invalid, path: g + "/interItemSpacing", "exactly one of 'fixed' and 'flexible'")
    expectConfigError(
      group(#""subitems": [\#(item1x1)], "edgeSpacing": {"leading": {"fixed": -3}}"#), .invalid,
      path: g + "/edgeSpacing/leading/fixed", "-3.0 is out of range")
  }

  @Test("item, size and dimension errors")
  func itemErrors() {
    let i = "/sections/0/group/subitems/0"
    expectConfigError(item(#""contentInsets": {}"#), .invalid, path: i, "missing required key 'layoutSize'")
    expectConfigError(
      item(#""layoutSize": {"widthDimension": {"absolute": 1}}"#), .invalid, path: i + "/layoutSize",
      "missing required key 'heightDimension'")
    expectConfigError(
      item(#""layoutSize": {"widthDimension": {"absolute": 1, "estimated": 2}, "heightDimension": {"absolute": 1}}"#),
      .invalid, path: i + "/layoutSize/widthDimension", "exactly one of")
    expectConfigError(
      item(#""layoutSize": {"widthDimension": {}, "heightDimension": {"absolute": 1}}"#),
      .invalid, path: i + "/layoutSize/widthDimension", "exactly one of")
    expectConfigError(
      item(#""layoutSize": {"widthDimension": {"fractionalWidth": 0}, "heightDimension": {"absolute": 1}}"#),
      .invalid, path: i + "/layoutSize/widthDimension/fractionalWidth", "greater than 0 and at most 1")
    expectConfigError(
      item(#""layoutSize": {"widthDimension": {"fractionalWidth": 1.5}, "heightDimension": {"absolute": 1}}"#),
      .invalid, path: i + "/layoutSize/widthDimension/fractionalWidth", "at most 1")
    expectConfigError(
      item(#""layoutSize": {"widthDimension": {"absolute": 1}, "heightDimension": {"fractionalWidth": 101}}"#),
      .invalid, path: i + "/layoutSize/heightDimension/fractionalWidth", "at most 100")
    expectConfigError(
      item(#""layoutSize": {"widthDimension": {"absolute": -1}, "heightDimension": {"absolute": 1}}"#),
      .invalid, path: i + "/layoutSize/widthDimension/absolute", "-1.0 is out of range")
    expectConfigError(
      item(#""layoutSize": {"widthDimension": {"estimated": 0}, "heightDimension": {"absolute": 1}}"#),
      .invalid, path: i + "/layoutSize/widthDimension/estimated", "greater than 0")
    expectConfigError(
      item(#""layoutSize": {"widthDimension": {"absolute": "10"}, "heightDimension": {"absolute": 1}}"#),
      .invalid, path: i + "/layoutSize/widthDimension/absolute", "expected a number, found a string")
    expectConfigError(
      item(#""layoutSize": {"widthDimension": {"abs": 10}, "heightDimension": {"absolute": 1}}"#),
      .invalid, path: i + "/layoutSize/widthDimension/abs", "did you mean 'absolute'?")
  }

  static let badge = #"{"elementKind": "badge", "layoutSize": \#(size1x44), "containerAnchor": {"edges": ["top"]}}"#
  static let header = #"{"elementKind": "header", "alignment": "top", "layoutSize": \#(size1x44)}"#

  @Test("boundary, supplementary, decoration and kind errors")
  func accessoryErrors() {
    let s = "/sections/0"
    expectConfigError(
      config(section: #""boundarySupplementaryItems": [{"elementKind": "h", "layoutSize": \#(size1x44)}]"#),
      .invalid, path: s + "/boundarySupplementaryItems/0", "missing required key 'alignment'")
    expectConfigError(
      config(section: #""boundarySupplementaryItems": [{"elementKind": "h", "alignment": "center", "layoutSize": \#(size1x44)}]"#),
      .invalid, path: s + "/boundarySupplementaryItems/0/alignment", "is not one of 'top'")
    expectConfigError(
      config(section: #""boundarySupplementaryItems": [\#(Self.header), \#(Self.header)]"#), .invalid,
      path: s + "/boundarySupplementaryItems/1/elementKind",
      "element kind 'header' is already used at /sections/0/boundarySupplementaryItems/0/elementKind")
    expectConfigError(
      config(section: #""boundarySupplementaryItems": [\#(Self.header)], "decorationItems": [{"elementKind": "header"}]"#),
      .invalid, path: s + "/decorationItems/0/elementKind", "already used in this section")
    expectConfigError(
      config(section: #""decorationItems": [{"elementKind": "badge"}]"#)
        .replacingOccurrences(of: item1x1, with: #"{"layoutSize": \#(size1x44), "supplementaryItems": [\#(Self.badge)]}"#),
      .invalid, path: s + "/group/subitems/0/supplementaryItems/0/elementKind", "already used in this section")
    expectConfigError(
      item(#""layoutSize": \#(size1x44), "supplementaryItems": [\#(Self.badge), \#(Self.badge)]"#),
      .invalid, path: s + "/group/subitems/0/supplementaryItems/1/elementKind", "already used by this item")
    // Kinds compare byte for byte (docs/CONFIG.md, "A section"): the two spellings of é are
    // two kinds, as in UIKit, where elementKind strings compare literally.
    let spellings = #""decorationItems": [{"elementKind": "\#u{E9}"}, {"elementKind": "e\#u{301}"}]"#
    #expect(throws: Never.self) { _ = try ConfigDecoder.decode(config(section: spellings)) }
    expectConfigError(
      config(section: #""decorationItems": [{"elementKind": "e\#u{301}"}, {"elementKind": "e\#u{301}"}]"#),
      .invalid, path: s + "/decorationItems/1/elementKind", "already used in this section")
    expectConfigError(
      config(section: #""decorationItems": [{"contentInsets": {}}]"#), .invalid,
      path: s + "/decorationItems/0", "missing required key 'elementKind'")
    expectConfigError(
      config(section: #""decorationItems": [{"elementKind": ""}]"#), .invalid,
      path: s + "/decorationItems/0/elementKind", "cannot be empty")
    expectConfigError(
      config(section: #""decorationItems": [{"elementKind": "a\u0000b"}]"#), .invalid,
      path: s + "/decorationItems/0/elementKind", "NUL")
    expectConfigError(
      config(section: #""decorationItems": [{"elementKind": "\#(String(repeating: "k", count: 257))"}]"#),
      .invalid, path: s + "/decorationItems/0/elementKind", "at most 256 bytes")
    expectConfigError(
      config(section: #""decorationItems": [{"elementKind": "bg", "zIndex": 2147483648}]"#),
      .invalid, path: s + "/decorationItems/0/zIndex", "32-bit")
    let anchored = { (anchor: String) in
      self.item(#""layoutSize": \#(size1x44), "supplementaryItems": [{"elementKind": "b", "layoutSize": \#(size1x44), "containerAnchor": \#(anchor)}]"#)
    }
    let a = s + "/group/subitems/0/supplementaryItems/0/containerAnchor"
    expectConfigError(anchored("{}"), .invalid, path: a, "missing required key 'edges'")
    expectConfigError(anchored(#"{"edges": ["top", "top"]}"#), .invalid, path: a + "/edges/1", "listed twice")
    expectConfigError(anchored(#"{"edges": ["top", "bottom"]}"#), .invalid, path: a + "/edges/1", "opposite edges")
    expectConfigError(anchored(#"{"edges": ["up"]}"#), .invalid, path: a + "/edges/0", "is not one of")
    expectConfigError(
      anchored(#"{"edges": [], "offset": {"x": 1}, "fractionalOffset": {"x": 1}}"#), .invalid,
      path: a + "/fractionalOffset", "not both")
    expectConfigError(
      anchored(#"{"edges": [], "offset": {"z": 1}}"#), .invalid, path: a + "/offset/z", "unknown key 'z'")
  }

  @Test("too many sections are refused")
  func sectionLimit() {
    let sections = Array(repeating: "{}", count: ConfigLimits.maxSections + 1).joined(separator: ",")
    expectConfigError(
      #"{"sections": [\#(sections)]}"#, .invalid, path: "/sections", "the limit is 100000")
  }

  @Test("JSON Pointer tokens escape '~' and '/'")
  func pointerEscaping() {
    expectConfigError(#"{"sections": [], "a/b~c": 1}"#, .invalid, path: "/a~1b~0c", "unknown key 'a/b~c'")
  }
}
