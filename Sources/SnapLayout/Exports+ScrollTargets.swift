import CSnapLayout

#if canImport(SnapLayoutCore)
  import SnapLayoutCore
#endif

// Motions in flight through layout changes (docs/SNAPPING.md, "Through layout changes").

@implementation @_cdecl("sl_layout_set_scroll_target")
public func sl_layout_set_scroll_target(
  _ layout: OpaquePointer?, _ container: Int32, _ targetOffset: Double
) -> Int32 {
  if let refused = refusedInsideHandler(layout, "sl_layout_set_scroll_target") { return refused }
  guard let layout else { return ErrorRecord.null("layout") }
  return withLayout(layout) { target throws(LayoutError) in
    try target.setScrollTarget(targetOffset, container: Int(container))
    return SL_OK
  }
}

@implementation @_cdecl("sl_layout_clear_scroll_target")
public func sl_layout_clear_scroll_target(_ layout: OpaquePointer?, _ container: Int32) -> Int32 {
  if let refused = refusedInsideHandler(layout, "sl_layout_clear_scroll_target") { return refused }
  guard let layout else { return ErrorRecord.null("layout") }
  return withLayout(layout) { target throws(LayoutError) in
    try target.setScrollTarget(nil, container: Int(container))
    return SL_OK
  }
}

@implementation @_cdecl("sl_layout_get_scroll_target")
public func sl_layout_get_scroll_target(
  _ layout: OpaquePointer?, _ container: Int32, _ outTarget: UnsafeMutablePointer<Double>?,
  _ outHasTarget: UnsafeMutablePointer<Int32>?
) -> Int32 {
  guard let layout else { return ErrorRecord.null("layout") }
  guard let outTarget else { return ErrorRecord.null("out_target") }
  guard let outHasTarget else { return ErrorRecord.null("out_has_target") }
  return withLayout(layout) { target throws(LayoutError) in
    if let value = try target.scrollTarget(container: Int(container)) {
      outTarget.pointee = value.positiveZero
      outHasTarget.pointee = 1
    } else {
      outHasTarget.pointee = 0
    }
    return SL_OK
  }
}

@implementation @_cdecl("sl_layout_retarget_motion")
public func sl_layout_retarget_motion(
  _ layout: OpaquePointer?, _ container: Int32, _ inFlight: UnsafePointer<sl_motion>?,
  _ time: Double, _ outMotion: UnsafeMutablePointer<sl_motion>?
) -> Int32 {
  if let refused = refusedInsideHandler(layout, "sl_layout_retarget_motion") { return refused }
  guard let layout else { return ErrorRecord.null("layout") }
  guard inFlight != nil else { return ErrorRecord.null("in_flight") }
  guard let outMotion else { return ErrorRecord.null("out_motion") }
  let motion: Motion
  switch inFlightMotion(inFlight) {
  case .success(let value): motion = value!
  case .failure(let status): return status.code
  }
  return withLayout(layout) { target throws(LayoutError) in
    outMotion.pointee.write(try target.retargetMotion(motion, at: time, container: Int(container)))
    return SL_OK
  }
}

@implementation @_cdecl("sl_layout_get_snap_range")
public func sl_layout_get_snap_range(
  _ layout: OpaquePointer?, _ container: Int32, _ index: Int64,
  _ outLow: UnsafeMutablePointer<Double>?, _ outHigh: UnsafeMutablePointer<Double>?
) -> Int32 {
  guard let layout else { return ErrorRecord.null("layout") }
  guard let outLow else { return ErrorRecord.null("out_low") }
  guard let outHigh else { return ErrorRecord.null("out_high") }
  return withLayout(layout) { target throws(LayoutError) in
    let range = try target.snapRange(index, container: Int(container))
    outLow.pointee = range.low.positiveZero
    outHigh.pointee = range.high.positiveZero
    return SL_OK
  }
}
