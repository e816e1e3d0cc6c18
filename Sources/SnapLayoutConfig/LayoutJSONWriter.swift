#if canImport(SnapLayoutCore)
  import SnapLayoutCore
#endif

/// Writes a solved layout as JSON text: content size, sections and elements (the format of
/// `sl_layout_copy_json`, docs/C-API.md).
public enum LayoutJSONWriter {
  /// The most elements one text may hold.
  public static let maxElements = 1 << 22

  /// Renders the layout; only elements intersecting `rect` when it is given.
  /// - Throws: `LayoutError` without a container size, for a bad rect, or when more than
  ///   `maxElements` elements would be written.
  @_optimize(size) public static func render(_ layout: Layout, rect: Rect?) throws(LayoutError) -> [UInt8] {
    guard let content = layout.contentSize, let container = layout.containerSize else {
      throw LayoutError(
        .noContainer, "the layout has no container size yet; set one before asking for geometry",
        path: "layout")
    }
    var counter = Counter()
    try visit(layout, rect, &counter)
    guard !counter.isFinished else {
      throw LayoutError(
        .outOfRange,
        counter.examined > QueryBounds.maxExamined
          ? "more than \(QueryBounds.maxExamined) cells of measured sections would be examined; pass a rect"
          : "more than \(maxElements) elements would be written; pass a rect",
        path: "rect")
    }

    var out = Output()
    out.bytes.reserveCapacity(256 + counter.count * 120)
    out.write("{\n  \"container\": ")
    out.write(size: container)
    out.write(",\n  \"contentSize\": ")
    out.write(size: content)
    out.write(",\n  \"sections\": [")
    for index in 0..<layout.sectionCount {
      let info = try layout.sectionInfo(index)
      out.write(index == 0 ? "\n    {\"frame\": " : ",\n    {\"frame\": ")
      out.write(rect: info.frame)
      out.write(", \"itemCount\": ")
      out.write(integer: info.itemCount)
      out.write(", \"groupCount\": ")
      out.write(integer: info.groupCount)
      out.write(", \"itemsPerGroup\": ")
      out.write(integer: info.itemsPerGroup)
      out.write(", \"orthogonalScrollingBehavior\": ")
      out.write(string: behaviorName(info.behavior))
      out.write(", \"orthogonalContentLength\": ")
      out.write(number: info.orthogonalContentLength)
      out.write(", \"orthogonalOffset\": ")
      out.write(number: info.orthogonalOffset)
      // The variant in force, for a section described with variants (docs/C-API.md,
      // "The layout as JSON"): its index, -1 for the section's own keys.
      if try layout.hasVariants(section: index) {
        out.write(", \"variant\": ")
        out.write(integer: Int64(try layout.sectionVariant(index) ?? -1))
      }
      out.write("}")
    }
    out.write(layout.sectionCount == 0 ? "]," : "\n  ],")
    out.write("\n  \"scrollContainers\": [")
    var firstContainer = true
    for container in [mainScrollContainer] + Array(0..<layout.sectionCount) {
      guard let info = try? layout.scrollInfo(container) else { continue }
      out.write(firstContainer ? "\n    " : ",\n    ")
      firstContainer = false
      out.write("{\"container\": ")
      out.write(integer: Int64(container))
      out.write(", \"offset\": ")
      out.write(number: info.offset)
      out.write(", \"minOffset\": ")
      out.write(number: info.minimumOffset)
      out.write(", \"maxOffset\": ")
      out.write(number: info.maximumOffset)
      out.write(", \"viewportLength\": ")
      out.write(number: info.viewportLength)
      out.write(", \"contentLength\": ")
      out.write(number: info.contentLength)
      out.write(", \"snapCount\": ")
      out.write(integer: Int64(info.snapCount))
      out.write("}")
    }
    out.write("\n  ],\n  \"elements\": [")
    var writer = ElementWriter(out: out, names: layout.kinds.names)
    try visit(layout, rect, &writer)
    out = writer.out
    out.write(writer.first ? "]\n}\n" : "\n  ]\n}\n")
    return out.bytes
  }

  @_optimize(size) private static func visit<V: ElementVisitor>(_ layout: Layout, _ rect: Rect?, _ visitor: inout V)
    throws(LayoutError)
  {
    if let rect {
      try layout.visitElements(in: rect, &visitor)
    } else {
      try layout.visitAllElements(&visitor)
    }
  }

  @_optimize(size) static func behaviorName(_ behavior: OrthogonalScrollingBehavior) -> String {
    switch behavior {
    case .none: return "none"
    case .continuous: return "continuous"
    case .continuousGroupLeadingBoundary: return "continuousGroupLeadingBoundary"
    case .paging: return "paging"
    case .groupPaging: return "groupPaging"
    case .groupPagingCentered: return "groupPagingCentered"
    }
  }

  /// Counts up to one past the limit, then stops the visit.
  private struct Counter: ElementVisitor {
    var count = 0
    var examined: Int64 = 0
    var isRefused = false
    var isFinished: Bool {
      count > LayoutJSONWriter.maxElements || isRefused || examined > QueryBounds.maxExamined
    }
    @_optimize(size) mutating func visit(_ element: LayoutElement) { count += 1 }
    @_optimize(size) mutating func expect(atLeast more: Int64) {
      if more > Int64(LayoutJSONWriter.maxElements - count) { isRefused = true }
    }
    @_optimize(size) mutating func examine(_ cells: Int64) {
      examined = cells > Int64.max - examined ? Int64.max : examined + cells
    }
  }

  private struct ElementWriter: ElementVisitor {
    var out: Output
    let names: [String]
    var first = true

    @_optimize(size) mutating func visit(_ element: LayoutElement) {
      out.write(first ? "\n    {\"category\": " : ",\n    {\"category\": ")
      first = false
      switch element.category {
      case .cell: out.write("\"cell\"")
      case .supplementary: out.write("\"supplementary\"")
      case .decoration: out.write("\"decoration\"")
      }
      out.write(", \"kind\": ")
      let kind = Int(element.kind)
      out.write(string: kind >= 0 && kind < names.count ? names[kind] : "cell")
      out.write(", \"section\": ")
      out.write(integer: Int64(element.section))
      out.write(", \"item\": ")
      out.write(integer: element.item)
      out.write(", \"frame\": ")
      out.write(rect: element.frame)
      out.write(", \"zIndex\": ")
      out.write(integer: Int64(element.zIndex))
      if element.alpha != 1 {
        out.write(", \"alpha\": ")
        out.write(number: element.alpha)
      }
      if element.scale != 1 {
        out.write(", \"scale\": ")
        out.write(number: element.scale)
      }
      if element.isPinned { out.write(", \"pinned\": true") }
      // The lap of a looping container's copy (docs/SNAPPING.md, "Looping"); 0 is left out.
      if element.copy != 0 {
        out.write(", \"copy\": ")
        out.write(integer: Int64(element.copy))
      }
      out.write("}")
    }
  }

  private struct Output {
    var bytes: [UInt8] = []

    @_optimize(size) mutating func write(_ text: String) { bytes.append(contentsOf: text.utf8) }

    @_optimize(size) mutating func write(number: Double) {
      if !number.isFinite {
        write("null")
      } else if number == number.rounded(.towardZero) && abs(number) < 1e15 {
        // Whole numbers without the ".0" Swift would add: 390 rather than 390.0.
        write(integer: Int64(number))
      } else {
        write("\(number)")
      }
    }

    /// An integer in decimal, its digits written straight into the bytes (no string between).
    @_optimize(size) mutating func write(integer: Int64) {
      if integer < 0 { bytes.append(UInt8(ascii: "-")) }
      var magnitude = integer.magnitude
      let start = bytes.count
      repeat {
        bytes.append(UInt8(ascii: "0") + UInt8(magnitude % 10))
        magnitude /= 10
      } while magnitude > 0
      bytes[start...].reverse()
    }

    @_optimize(size) mutating func write(rect: Rect) {
      write("{\"x\": ")
      write(number: rect.x)
      write(", \"y\": ")
      write(number: rect.y)
      write(", \"width\": ")
      write(number: rect.width)
      write(", \"height\": ")
      write(number: rect.height)
      write("}")
    }

    @_optimize(size) mutating func write(size: Size) {
      write("{\"width\": ")
      write(number: size.width)
      write(", \"height\": ")
      write(number: size.height)
      write("}")
    }

    /// A JSON string literal with quotes, backslashes and control characters escaped.
    @_optimize(size) mutating func write(string: String) {
      bytes.append(UInt8(ascii: "\""))
      let hex: [UInt8] = Array("0123456789abcdef".utf8)
      for byte in string.utf8 {
        switch byte {
        case UInt8(ascii: "\""): write("\\\"")
        case UInt8(ascii: "\\"): write("\\\\")
        case 0..<0x20:
          write("\\u00")
          bytes.append(hex[Int(byte >> 4)])
          bytes.append(hex[Int(byte & 0xF)])
        default: bytes.append(byte)
        }
      }
      bytes.append(UInt8(ascii: "\""))
    }
  }
}
