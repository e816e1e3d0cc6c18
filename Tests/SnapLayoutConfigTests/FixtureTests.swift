import CJSONC
import Foundation
import SnapLayoutConfig
import SnapLayoutCore
import Testing

/// Runs the shared fixture corpus (Tests/Fixtures/*.json, format in its README) through the
/// decoder and the engine. The C runner (Tests/c/test_fixtures.c) runs the same files through
/// the shipped library.
@Suite("Fixture corpus")
struct FixtureTests {
  static let directory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures")

  static var names: [String] {
    let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    return files.filter { $0.hasSuffix(".json") }.sorted()
  }

  @Test("the corpus is there")
  func corpusExists() {
    #expect(Self.names.count >= 40)
  }

  @Test("fixture", arguments: names)
  func fixture(name: String) throws {
    let url = Self.directory.appendingPathComponent(name)
    let data = try Data(contentsOf: url)
    let fixture = try #require(
      try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) as? [String: Any])
    let configText = try Self.configText(of: data, fixture: fixture)

    var layout: Layout
    do {
      let description = try ConfigDecoder.decode(configText)
      layout = try Layout.solving(description)
      if let container = fixture["container"] as? [String: Any] {
        try layout.setContainerSize(
          Size(width: try number(container["width"]), height: try number(container["height"])))
      }
      for entry in fixture["sectionOffsets"] as? [[String: Any]] ?? [] {
        try layout.setOrthogonalOffset(
          try number(entry["offset"]), section: Int(try number(entry["section"])))
      }
    } catch {
      guard let expected = fixture["expectError"] as? [String: Any] else {
        Issue.record("\(name): unexpected error \(error)")
        return
      }
      try Self.check(error, against: expected, name: name)
      return
    }
    if fixture["expectError"] != nil {
      Issue.record("\(name): expected an error, but the layout was accepted")
      return
    }
    try Self.check(layout, against: fixture["expect"] as? [String: Any] ?? [:], name: name)
  }

  /// The configuration text: "configText" verbatim, or "config" serialized by json-c (as the
  /// C runner does, so both see the same text, big integers included).
  static func configText(of data: Data, fixture: [String: Any]) throws -> String {
    if let text = fixture["configText"] as? String { return text }
    let text = String(decoding: data, as: UTF8.self)
    guard let root = json_tokener_parse(text) else { throw FixtureError("not JSON") }
    defer { json_object_put(root) }
    var config: OpaquePointer?
    guard json_object_object_get_ex(root, "config", &config) != 0, let config else {
      throw FixtureError("no config")
    }
    return String(cString: json_object_to_json_string_ext(config, JSON_C_TO_STRING_PLAIN))
  }

  static func check(_ error: Error, against expected: [String: Any], name: String) throws {
    let status: String
    let path: String
    let message: String
    switch error {
    case let error as ConfigError:
      status = error.kind == .syntax ? "SL_EPARSE" : "SL_ECONFIG"
      (path, message) = (error.path, error.message)
    case let error as LayoutError:
      switch error.kind {
      case .invalidLayout: status = "SL_ECONFIG"
      case .invalidArgument: status = "SL_EINVAL"
      case .outOfRange: status = "SL_ERANGE"
      case .noContainer: status = "SL_ESTATE"
      }
      (path, message) = (error.path, error.message)
    default:
      throw error
    }
    #expect(status == expected["status"] as? String, "\(name): \(message)")
    if let expectedPath = expected["path"] as? String {
      #expect(path == expectedPath, "\(name): \(message)")
    }
    if let part = expected["messageContains"] as? String {
      #expect(message.contains(part), "\(name): \(message)")
    }
  }

  static func check(_ layout: Layout, against expect: [String: Any], name: String) throws {
    if let size = expect["contentSize"] as? [Any] {
      let content = try #require(layout.contentSize)
      expectClose([content.width, content.height], try size.map(number), "\(name) contentSize")
    }
    for entry in expect["sections"] as? [[String: Any]] ?? [] {
      let index = Int(try number(entry["section"]))
      let info = try layout.sectionInfo(index)
      if let frame = entry["frame"] as? [Any] {
        expectClose(values(info.frame), try frame.map(number), "\(name) section \(index) frame")
      }
      if let value = entry["groupCount"] {
        #expect(Double(info.groupCount) == (try number(value)), "\(name) section \(index)")
      }
      if let value = entry["itemsPerGroup"] {
        #expect(Double(info.itemsPerGroup) == (try number(value)), "\(name) section \(index)")
      }
      if let value = entry["orthogonalOffset"] {
        expectClose([info.orthogonalOffset], [try number(value)], "\(name) section \(index) offset")
      }
      if let value = entry["orthogonalContentLength"] {
        expectClose(
          [info.orthogonalContentLength], [try number(value)], "\(name) section \(index) length")
      }
    }
    for entry in expect["items"] as? [[String: Any]] ?? [] {
      let section = Int(try number(entry["section"]))
      let item = Int64(try number(entry["item"]))
      let frame = try layout.itemFrame(section: section, item: item)
      expectClose(
        values(frame), try (entry["frame"] as? [Any] ?? []).map(number),
        "\(name) item \(section)/\(item)")
    }
    let all = try allElements(layout)
    for entry in expect["elements"] as? [[String: Any]] ?? [] {
      let category = entry["category"] as? String ?? ""
      let kind = entry["kind"] as? String ?? ""
      let section = Int32(try number(entry["section"]))
      let item = Int64(try number(entry["item"] ?? 0))
      let kindID = kind == "cell" ? LayoutElement.cellKind : layout.kinds.id(of: kind)
      let matches = all.filter {
        categoryName($0.category) == category && $0.kind == kindID && $0.section == section
          && $0.item == item
      }
      guard matches.count == 1 else {
        Issue.record("\(name): \(matches.count) elements match \(category) \(kind) \(section)/\(item)")
        continue
      }
      if let frame = entry["frame"] as? [Any] {
        expectClose(values(matches[0].frame), try frame.map(number), "\(name) \(kind) \(section)/\(item)")
      }
      if let z = entry["zIndex"] {
        #expect(Double(matches[0].zIndex) == (try number(z)), "\(name) \(kind) zIndex")
      }
    }
    for entry in expect["rects"] as? [[String: Any]] ?? [] {
      let r = try (entry["rect"] as? [Any] ?? []).map(number)
      try #require(r.count == 4, "\(name): a rect has four numbers")
      var collector = Collector()
      try layout.visitElements(in: Rect(x: r[0], y: r[1], width: r[2], height: r[3]), &collector)
      #expect(
        Double(collector.elements.count) == (try number(entry["count"])), "\(name) rect \(r)")
    }
  }

  static func allElements(_ layout: Layout) throws -> [LayoutElement] {
    var collector = Collector()
    try layout.visitAllElements(&collector)
    return collector.elements
  }

  static func categoryName(_ category: ElementCategory) -> String {
    switch category {
    case .cell: return "cell"
    case .supplementary: return "supplementary"
    case .decoration: return "decoration"
    }
  }

  static func values(_ rect: Rect) -> [Double] { [rect.x, rect.y, rect.width, rect.height] }

  static func expectClose(
    _ actual: [Double], _ expected: [Double], _ what: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let close =
      actual.count == expected.count
      && zip(actual, expected).allSatisfy { Swift.abs($0 - $1) <= 1e-6 }
    #expect(close, "\(what): \(actual) != \(expected)", sourceLocation: sourceLocation)
  }
}

struct Collector: ElementVisitor {
  var elements: [LayoutElement] = []
  mutating func visit(_ element: LayoutElement) { elements.append(element) }
}

struct FixtureError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}

func number(_ value: Any?) throws -> Double {
  guard let number = value as? NSNumber else { throw FixtureError("expected a number: \(String(describing: value))") }
  return number.doubleValue
}
