import CSnapLayout

#if canImport(SnapLayoutCore)
  import SnapLayoutCore
#endif

@implementation @_cdecl("sl_layout_report_item_size")
public func sl_layout_report_item_size(
  _ layout: OpaquePointer?, _ section: Int32, _ item: Int64, _ width: Double, _ height: Double,
  _ outReport: UnsafeMutablePointer<sl_size_report>?
) -> Int32 {
  if let refused = refusedInsideHandler(layout, "sl_layout_report_item_size") { return refused }
  return reportSize(layout, Size(width: width, height: height), section, item, outReport)
}

@implementation @_cdecl("sl_layout_report_item_sizes")
public func sl_layout_report_item_sizes(
  _ layout: OpaquePointer?, _ section: Int32, _ first: Int64, _ sizes: UnsafePointer<sl_size>?,
  _ count: Int, _ outReport: UnsafeMutablePointer<sl_size_report>?
) -> Int32 {
  if let refused = refusedInsideHandler(layout, "sl_layout_report_item_sizes") { return refused }
  guard layout != nil else { return ErrorRecord.null("layout") }
  guard count == 0 || sizes != nil else { return ErrorRecord.null("sizes") }
  guard count >= 0 else {
    return ErrorRecord.fail(
      SL_ERANGE, "count \(UInt(bitPattern: count)) is more sizes than a section has items",
      path: "count")
  }
  return report(layout, outReport) { target throws(LayoutError) in
    try target.reportItemSizes(count: count, section: Int(section), from: first) { index in
      Size(width: sizes![index].width, height: sizes![index].height)
    }
  }
}

@implementation @_cdecl("sl_layout_reset_item_size")
public func sl_layout_reset_item_size(
  _ layout: OpaquePointer?, _ section: Int32, _ item: Int64,
  _ outReport: UnsafeMutablePointer<sl_size_report>?
) -> Int32 {
  if let refused = refusedInsideHandler(layout, "sl_layout_reset_item_size") { return refused }
  return reportSize(layout, nil, section, item, outReport)
}

private func reportSize(
  _ layout: OpaquePointer?, _ size: Size?, _ section: Int32, _ item: Int64,
  _ outReport: UnsafeMutablePointer<sl_size_report>?
) -> Int32 {
  report(layout, outReport) { target throws(LayoutError) in
    try target.reportItemSize(size, section: Int(section), item: item)
  }
}

@implementation @_cdecl("sl_layout_get_measured_size")
public func sl_layout_get_measured_size(
  _ layout: OpaquePointer?, _ section: Int32, _ item: Int64,
  _ outSize: UnsafeMutablePointer<sl_size>?, _ outMeasured: UnsafeMutablePointer<Int32>?
) -> Int32 {
  readMeasured(layout, outSize, outMeasured) { target throws(LayoutError) in
    try target.measuredSize(section: Int(section), item: item)
  }
}

/// Writes the measured size `read` finds (0 x 0 and 0 when none) after checking the arguments.
private func readMeasured(
  _ layout: OpaquePointer?, _ outSize: UnsafeMutablePointer<sl_size>?,
  _ outMeasured: UnsafeMutablePointer<Int32>?, _ read: (Layout) throws(LayoutError) -> Size?
) -> Int32 {
  guard let layout else { return ErrorRecord.null("layout") }
  guard let outSize else { return ErrorRecord.null("out_size") }
  guard let outMeasured else { return ErrorRecord.null("out_measured") }
  return withLayout(layout) { target throws(LayoutError) in
    let size = try read(target)
    outSize.pointee = sl_size(width: size?.width ?? 0, height: size?.height ?? 0)
    outMeasured.pointee = size == nil ? 0 : 1
    return SL_OK
  }
}

@implementation @_cdecl("sl_layout_report_supplementary_size")
public func sl_layout_report_supplementary_size(
  _ layout: OpaquePointer?, _ section: Int32, _ kind: Int32, _ width: Double, _ height: Double,
  _ outReport: UnsafeMutablePointer<sl_size_report>?
) -> Int32 {
  if let refused = refusedInsideHandler(layout, "sl_layout_report_supplementary_size") {
    return refused
  }
  return report(layout, outReport) { target throws(LayoutError) in
    try target.reportSupplementarySize(
      Size(width: width, height: height), section: boundaryOwner(section), kind: kind)
  }
}

@implementation @_cdecl("sl_layout_reset_supplementary_size")
public func sl_layout_reset_supplementary_size(
  _ layout: OpaquePointer?, _ section: Int32, _ kind: Int32,
  _ outReport: UnsafeMutablePointer<sl_size_report>?
) -> Int32 {
  if let refused = refusedInsideHandler(layout, "sl_layout_reset_supplementary_size") {
    return refused
  }
  return report(layout, outReport) { target throws(LayoutError) in
    try target.reportSupplementarySize(nil, section: boundaryOwner(section), kind: kind)
  }
}

@implementation @_cdecl("sl_layout_get_measured_supplementary_size")
public func sl_layout_get_measured_supplementary_size(
  _ layout: OpaquePointer?, _ section: Int32, _ kind: Int32,
  _ outSize: UnsafeMutablePointer<sl_size>?, _ outMeasured: UnsafeMutablePointer<Int32>?
) -> Int32 {
  readMeasured(layout, outSize, outMeasured) { target throws(LayoutError) in
    try target.measuredSupplementarySize(section: boundaryOwner(section), kind: kind)
  }
}

/// The section a boundary item belongs to: nil for SL_SECTION_LAYOUT.
private func boundaryOwner(_ section: Int32) -> Int? {
  section == SL_SECTION_LAYOUT ? nil : Int(section)
}

extension sl_size_report {
  init(_ report: SizeReport) {
    self.init(
      main_offset_adjustment: report.mainOffsetAdjustment,
      section_offset_adjustment: report.sectionOffsetAdjustment,
      content_size: sl_size(width: report.contentSize.width, height: report.contentSize.height))
  }
}

@implementation @_cdecl("sl_layout_set_item_count")
public func sl_layout_set_item_count(
  _ layout: OpaquePointer?, _ section: Int32, _ count: Int64,
  _ outReport: UnsafeMutablePointer<sl_size_report>?
) -> Int32 {
  if let refused = refusedInsideHandler(layout, "sl_layout_set_item_count") { return refused }
  return changeItems(layout, section, .setCount(count), outReport)
}

@implementation @_cdecl("sl_layout_insert_items")
public func sl_layout_insert_items(
  _ layout: OpaquePointer?, _ section: Int32, _ at: Int64, _ count: Int64,
  _ outReport: UnsafeMutablePointer<sl_size_report>?
) -> Int32 {
  if let refused = refusedInsideHandler(layout, "sl_layout_insert_items") { return refused }
  return changeItems(layout, section, .insert(at: at, count: count), outReport)
}

@implementation @_cdecl("sl_layout_delete_items")
public func sl_layout_delete_items(
  _ layout: OpaquePointer?, _ section: Int32, _ at: Int64, _ count: Int64,
  _ outReport: UnsafeMutablePointer<sl_size_report>?
) -> Int32 {
  if let refused = refusedInsideHandler(layout, "sl_layout_delete_items") { return refused }
  return changeItems(layout, section, .delete(at: at, count: count), outReport)
}

private func changeItems(
  _ layout: OpaquePointer?, _ section: Int32, _ change: ItemChange,
  _ outReport: UnsafeMutablePointer<sl_size_report>?
) -> Int32 {
  report(layout, outReport) { target throws(LayoutError) in
    try target.changeItems(change, section: Int(section))
  }
}

/// Runs a change that reports what it moved, and writes the report on success.
func report(
  _ layout: OpaquePointer?, _ outReport: UnsafeMutablePointer<sl_size_report>?,
  _ change: (Layout) throws(LayoutError) -> SizeReport
) -> Int32 {
  guard let layout else { return ErrorRecord.null("layout") }
  return withLayout(layout) { target throws(LayoutError) in
    let report = try change(target)
    outReport?.pointee = sl_size_report(report)
    return SL_OK
  }
}
