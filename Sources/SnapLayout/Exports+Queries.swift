import CSnapLayout
import CSnapLayoutSupport

#if canImport(SnapLayoutCore)
  import SnapLayoutCore
#endif

@implementation @_cdecl("sl_layout_get_section_count")
public func sl_layout_get_section_count(
  _ layout: OpaquePointer?, _ outCount: UnsafeMutablePointer<Int32>?
) -> Int32 {
  guard let layout else { return ErrorRecord.null("layout") }
  guard let outCount else { return ErrorRecord.null("out_count") }
  outCount.pointee = Int32(truncatingIfNeeded: handle(layout).layout.sectionCount)
  return SL_OK
}

@implementation @_cdecl("sl_layout_get_item_count")
public func sl_layout_get_item_count(
  _ layout: OpaquePointer?, _ section: Int32, _ outCount: UnsafeMutablePointer<Int64>?
) -> Int32 {
  guard let layout else { return ErrorRecord.null("layout") }
  guard let outCount else { return ErrorRecord.null("out_count") }
  return withLayout(layout) { target throws(LayoutError) in
    outCount.pointee = try target.itemCount(section: Int(section))
    return SL_OK
  }
}

@implementation @_cdecl("sl_layout_get_section_variant")
public func sl_layout_get_section_variant(
  _ layout: OpaquePointer?, _ section: Int32, _ outVariant: UnsafeMutablePointer<Int32>?
) -> Int32 {
  guard let layout else { return ErrorRecord.null("layout") }
  guard let outVariant else { return ErrorRecord.null("out_variant") }
  return withLayout(layout) { target throws(LayoutError) in
    outVariant.pointee = Int32(try target.sectionVariant(Int(section)) ?? -1)
    return SL_OK
  }
}

@implementation @_cdecl("sl_layout_get_section_info")
public func sl_layout_get_section_info(
  _ layout: OpaquePointer?, _ section: Int32, _ outInfo: UnsafeMutablePointer<sl_section_info>?
) -> Int32 {
  guard let layout else { return ErrorRecord.null("layout") }
  guard let outInfo else { return ErrorRecord.null("out_info") }
  return withLayout(layout) { target throws(LayoutError) in
    let info = try target.sectionInfo(Int(section))
    outInfo.pointee = sl_section_info(
      frame: sl_rect(info.frame), item_count: info.itemCount, group_count: info.groupCount,
      items_per_group: Int32(truncatingIfNeeded: info.itemsPerGroup),
      orthogonal_scrolling_behavior: info.behavior.rawValue,
      orthogonal_content_length: info.orthogonalContentLength,
      orthogonal_offset: info.orthogonalOffset)
    return SL_OK
  }
}

@implementation @_cdecl("sl_layout_get_item_frame")
public func sl_layout_get_item_frame(
  _ layout: OpaquePointer?, _ section: Int32, _ item: Int64,
  _ outFrame: UnsafeMutablePointer<sl_rect>?
) -> Int32 {
  guard let layout else { return ErrorRecord.null("layout") }
  guard let outFrame else { return ErrorRecord.null("out_frame") }
  return LayoutHandle.with(layout) { handle in
    do throws(LayoutError) {
      outFrame.pointee = sl_rect(
        try handle.layout.itemFrame(section: Int(section), item: item))
      return SL_OK
    } catch {
      return ErrorRecord.fail(error)
    }
  }
}

@implementation @_cdecl("sl_layout_get_item_frames")
public func sl_layout_get_item_frames(
  _ layout: OpaquePointer?, _ section: Int32, _ first: Int64, _ count: Int64,
  _ outFrames: UnsafeMutablePointer<sl_rect>?
) -> Int32 {
  guard let layout else { return ErrorRecord.null("layout") }
  guard let outFrames else {
    if count == 0 { return SL_OK }
    return ErrorRecord.null("out_frames")
  }
  return LayoutHandle.with(layout) { handle in
    do throws(LayoutError) {
      try handle.layout.itemFrames(section: Int(section), first: first, count: count) {
        outFrames[Int($0)] = sl_rect($1)
      }
      return SL_OK
    } catch {
      return ErrorRecord.fail(error)
    }
  }
}

@implementation @_cdecl("sl_layout_get_elements_in_rect")
public func sl_layout_get_elements_in_rect(
  _ layout: OpaquePointer?, _ rect: sl_rect, _ elements: UnsafeMutablePointer<sl_element>?,
  _ capacity: Int, _ outCount: UnsafeMutablePointer<Int>?
) -> Int32 {
  guard let layout else { return ErrorRecord.null("layout") }
  guard let outCount else { return ErrorRecord.null("out_count") }
  // size_t arrives as a signed Int: capacities beyond Int.max are as good as Int.max.
  let room = elements == nil ? 0 : capacity < 0 ? Int.max : capacity
  var visitor = ElementBuffer(buffer: elements, capacity: room)
  let status = LayoutHandle.with(layout) { handle in
    do throws(LayoutError) {
      // The hot path: the emission code compiled for the buffer itself.
      try handle.layout.visitElementsInline(in: Rect(rect), &visitor)
      if handle.handlerCount > 0 { visitor.callHandlers(handle) }
      return SL_OK
    } catch {
      return ErrorRecord.fail(error)
    }
  }
  guard status == SL_OK else { return status }
  guard !visitor.isFinished else {
    return ErrorRecord.fail(
      SL_ERANGE,
      QueryBounds.refusal(maxElements: ElementBuffer.maxCount, examined: visitor.examined),
      path: "rect")
  }
  outCount.pointee = visitor.count
  guard elements == nil || visitor.count <= room else {
    return ErrorRecord.fail(
      SL_EBUFS,
      "\(visitor.count) elements intersect the rect but the buffer holds \(room); the "
        + "first \(room) were written", path: "capacity")
  }
  return SL_OK
}

@implementation @_cdecl("sl_layout_get_element_kind_count")
public func sl_layout_get_element_kind_count(
  _ layout: OpaquePointer?, _ outCount: UnsafeMutablePointer<Int32>?
) -> Int32 {
  guard let layout else { return ErrorRecord.null("layout") }
  guard let outCount else { return ErrorRecord.null("out_count") }
  outCount.pointee = Int32(truncatingIfNeeded: handle(layout).kindNames.count)
  return SL_OK
}

@implementation @_cdecl("sl_layout_get_element_kind_name")
public func sl_layout_get_element_kind_name(
  _ layout: OpaquePointer?, _ kind: Int32, _ outName: UnsafeMutablePointer<UnsafePointer<CChar>?>?
) -> Int32 {
  guard let layout else { return ErrorRecord.null("layout") }
  guard let outName else { return ErrorRecord.null("out_name") }
  let names = handle(layout).kindNames
  if kind == SL_KIND_CELL {
    outName.pointee = StaticText.cellKind
    return SL_OK
  }
  guard kind >= 0, Int(kind) < names.count else {
    let valid =
      names.isEmpty
      ? "the layout has no element kinds besides SL_KIND_CELL"
      : "ids run from 0 to \(names.count - 1), besides SL_KIND_CELL"
    return ErrorRecord.fail(
      SL_ERANGE, "element kind \(kind) does not exist; \(valid)", path: "kind")
  }
  outName.pointee = UnsafePointer(names[Int(kind)])
  return SL_OK
}

@implementation @_cdecl("sl_layout_find_element_kind")
public func sl_layout_find_element_kind(
  _ layout: OpaquePointer?, _ name: UnsafePointer<CChar>?, _ outKind: UnsafeMutablePointer<Int32>?
) -> Int32 {
  guard let layout else { return ErrorRecord.null("layout") }
  guard let name else { return ErrorRecord.null("name") }
  guard let outKind else { return ErrorRecord.null("out_kind") }
  let text = String(cString: name)
  guard let id = handle(layout).layout.kinds.id(of: text) else {
    if text.sameBytes("cell") {
      outKind.pointee = SL_KIND_CELL
      return SL_OK
    }
    return ErrorRecord.fail(
      SL_ENOTFOUND, "no element has the kind '\(text)'", path: "name")
  }
  outKind.pointee = id
  return SL_OK
}

/// Writes visited elements into the caller's buffer and counts them all, up to a bound that
/// keeps a rect over billions of items from taking minutes.
struct ElementBuffer: ElementVisitor {
  /// The most elements one rect query reports (2^26).
  static let maxCount = 1 << 26

  let buffer: UnsafeMutablePointer<sl_element>?
  let capacity: Int
  var count = 0
  /// Cells of measured sections examined (`QueryBounds.maxExamined`).
  var examined: Int64 = 0
  /// `maxCount`, or -1 once the query is refused before its elements are counted (told it
  /// holds more, or past the examined bound): one comparison tells whether to stop.
  private(set) var limit = ElementBuffer.maxCount

  /// Whether the query went past a bound: the export then fails with `SL_ERANGE`.
  var isFinished: Bool { count > limit }

  mutating func expect(atLeast more: Int64) {
    if more > Int64(ElementBuffer.maxCount - count) { limit = -1 }
  }

  mutating func examine(_ cells: Int64) {
    examined = cells > Int64.max - examined ? Int64.max : examined + cells
    if examined > QueryBounds.maxExamined { limit = -1 }
  }

  @inline(__always)
  mutating func visit(_ element: LayoutElement) {
    if count < capacity, let buffer {
      buffer[count] = sl_element(
        frame: sl_rect(element.frame),
        transform: sl_transform(a: element.scale, b: 0, c: 0, d: element.scale, tx: 0, ty: 0),
        alpha: element.alpha, item: element.item, section: element.section,
        category: element.category.rawValue, kind: element.kind, z_index: element.zIndex,
        flags: element.isPinned ? SL_ELEMENT_FLAG_PINNED : 0, copy: element.copy)
    }
    count += 1
  }
}

extension ElementBuffer {
  /// Hands each section's written elements to that section's visible-items handler, run by run
  /// (the elements of a section are contiguous; a looping main scroll gives a section one run
  /// per copy), in the order they were written.
  func callHandlers(_ handle: LayoutHandle) {
    guard let elements = buffer else { return }
    let written = min(count, capacity)
    var start = 0
    while start < written {
      let section = elements[start].section
      var end = start + 1
      while end < written && elements[end].section == section { end += 1 }
      callHandler(handle, section: section, elements: elements + start, count: end - start)
      start = end
    }
  }

  /// Calls the handler of `section`, if it has one, on its `count` elements at `elements`.
  private func callHandler(
    _ handle: LayoutHandle, section: Int32, elements: UnsafeMutablePointer<sl_element>,
    count: Int
  ) {
    guard section >= 0, let handler = handle.handler(section: Int(section)) else { return }
    let layout = handle.layout
    let orthogonal = (try? layout.scrollsOrthogonally(section: Int(section))) ?? false
    let container = orthogonal ? section : SL_SCROLL_MAIN
    guard let info = try? layout.scrollInfo(Int(container)) else { return }
    var context = sl_visible_items_context(
      section: section, container: container, offset: info.offset,
      viewport_length: info.viewportLength, content_length: info.contentLength)
    // Through the support module, which marks the layout as inside a handler on this thread
    // while it runs: the changes it must not make are refused (`refusedInsideHandler`).
    sl__call_handler(
      UnsafeRawPointer(Unmanaged.passUnretained(handle).toOpaque()), handler.function,
      handler.userData, &context, elements, count)
  }
}

extension sl_rect {
  init(_ rect: Rect) {
    self.init(x: rect.x, y: rect.y, width: rect.width, height: rect.height)
  }
}

extension Rect {
  init(_ rect: sl_rect) {
    self.init(x: rect.x, y: rect.y, width: rect.width, height: rect.height)
  }
}
