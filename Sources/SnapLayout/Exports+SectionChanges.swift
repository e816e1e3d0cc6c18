import CSnapLayout

#if canImport(SnapLayoutCore)
  import SnapLayoutCore
#endif
#if canImport(SnapLayoutConfig)
  import SnapLayoutConfig
#endif

@implementation @_cdecl("sl_layout_set_item_sizes")
public func sl_layout_set_item_sizes(
  _ layout: OpaquePointer?, _ section: Int32, _ first: Int64, _ sizes: UnsafePointer<sl_size>?,
  _ count: Int, _ outReport: UnsafeMutablePointer<sl_size_report>?
) -> Int32 {
  if let refused = refusedInsideHandler(layout, "sl_layout_set_item_sizes") { return refused }
  guard count == 0 || sizes != nil else { return ErrorRecord.null("sizes") }
  guard count >= 0, Int64(count) <= FlowItems.maxItemsWithSizes else {
    return ErrorRecord.fail(
      SL_ERANGE, "count \(UInt(bitPattern: count)) is more sizes than a section keeps",
      path: "count")
  }
  return report(layout, outReport) { target throws(LayoutError) in
    try target.setItemSizes(count: count, section: Int(section), from: first) { index in
      Size(width: sizes![index].width, height: sizes![index].height)
    }
  }
}

@implementation @_cdecl("sl_layout_move_item")
public func sl_layout_move_item(
  _ layout: OpaquePointer?, _ fromSection: Int32, _ fromItem: Int64, _ toSection: Int32,
  _ toItem: Int64, _ outReport: UnsafeMutablePointer<sl_size_report>?
) -> Int32 {
  if let refused = refusedInsideHandler(layout, "sl_layout_move_item") { return refused }
  return report(layout, outReport) { target throws(LayoutError) in
    try target.moveItem(
      from: (Int(fromSection), fromItem), to: (Int(toSection), toItem))
  }
}

@implementation @_cdecl("sl_layout_insert_sections")
public func sl_layout_insert_sections(
  _ layout: OpaquePointer?, _ at: Int32, _ json: UnsafePointer<CChar>?, _ length: Int,
  _ outReport: UnsafeMutablePointer<sl_size_report>?
) -> Int32 {
  if let refused = refusedInsideHandler(layout, "sl_layout_insert_sections") { return refused }
  return changeSections(layout, json, length, single: false, outReport) { .insert($0, at: Int(at)) }
}

@implementation @_cdecl("sl_layout_replace_section")
public func sl_layout_replace_section(
  _ layout: OpaquePointer?, _ section: Int32, _ json: UnsafePointer<CChar>?, _ length: Int,
  _ outReport: UnsafeMutablePointer<sl_size_report>?
) -> Int32 {
  if let refused = refusedInsideHandler(layout, "sl_layout_replace_section") { return refused }
  return changeSections(layout, json, length, single: true, outReport) {
    .replace($0.first!, at: Int(section))
  }
}

@implementation @_cdecl("sl_layout_delete_sections")
public func sl_layout_delete_sections(
  _ layout: OpaquePointer?, _ at: Int32, _ count: Int32,
  _ outReport: UnsafeMutablePointer<sl_size_report>?
) -> Int32 {
  if let refused = refusedInsideHandler(layout, "sl_layout_delete_sections") { return refused }
  return changeSections(layout, outReport, .delete(at: Int(at), count: Int(count)))
}

@implementation @_cdecl("sl_layout_move_section")
public func sl_layout_move_section(
  _ layout: OpaquePointer?, _ from: Int32, _ to: Int32,
  _ outReport: UnsafeMutablePointer<sl_size_report>?
) -> Int32 {
  if let refused = refusedInsideHandler(layout, "sl_layout_move_section") { return refused }
  return changeSections(layout, outReport, .move(from: Int(from), to: Int(to)))
}

/// Decodes the sections in `json` as the layout's configuration would, then changes them.
private func changeSections(
  _ layout: OpaquePointer?, _ json: UnsafePointer<CChar>?, _ length: Int, single: Bool,
  _ outReport: UnsafeMutablePointer<sl_size_report>?,
  _ change: ([LayoutSection]) -> SectionChange
) -> Int32 {
  guard let layout else { return ErrorRecord.null("layout") }
  guard let json else { return ErrorRecord.null("json") }
  guard length >= 0 else {
    return ErrorRecord.fail(
      SL_EINVAL, "length \(UInt(bitPattern: length)) is not the size of a buffer", path: "length")
  }
  let sections: [LayoutSection]
  do {
    sections = try ConfigDecoder.decodeSections(
      UnsafeRawBufferPointer(start: json, count: length),
      context: handle(layout).sectionContext, single: single)
  } catch {
    return ErrorRecord.fail(error)
  }
  return changeSections(layout, outReport, change(sections))
}

/// Changes the layout's sections, and the handle's kind names and handlers with them.
private func changeSections(
  _ layout: OpaquePointer?, _ outReport: UnsafeMutablePointer<sl_size_report>?,
  _ change: SectionChange
) -> Int32 {
  guard let layout else { return ErrorRecord.null("layout") }
  let target = handle(layout)
  return withLayout(layout) { layout throws(LayoutError) in
    try change.check(sectionCount: layout.sectionCount)
    // Handlers follow their sections (and a replaced section keeps its own); those of deleted
    // sections are given back.
    var deleted: [Int32] = []
    if case .delete(let at, let count) = change, target.handlerCount > 0 {
      for section in at..<at + count { deleted.append(try layout.hostTag(section: section)) }
    }
    let report = try layout.changeSections(change)
    target.sectionsChanged(deletedTags: deleted)
    outReport?.pointee = sl_size_report(report)
    return SL_OK
  }
}
