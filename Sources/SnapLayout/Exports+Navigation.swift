import CSnapLayout

#if canImport(SnapLayoutCore)
  import SnapLayoutCore
#endif

// Navigation without touch: keys, rotary encoders, remotes, autoplay timers
// (docs/SNAPPING.md, "Navigation without touch").

@implementation @_cdecl("sl_layout_navigate")
public func sl_layout_navigate(
  _ layout: OpaquePointer?, _ container: Int32, _ action: Int32, _ argument: Int64,
  _ inFlight: UnsafePointer<sl_motion>?, _ time: Double,
  _ outResult: UnsafeMutablePointer<sl_snap_result>?
) -> Int32 {
  guard let layout else { return ErrorRecord.null("layout") }
  guard let outResult else { return ErrorRecord.null("out_result") }
  let request: NavigationAction
  switch action {
  case SL_NAVIGATE_NEXT: request = .next(steps: argument)
  case SL_NAVIGATE_PREVIOUS: request = .previous(steps: argument)
  case SL_NAVIGATE_TO: request = .to(index: argument)
  case SL_NAVIGATE_FIRST: request = .first
  case SL_NAVIGATE_LAST: request = .last
  default:
    return ErrorRecord.fail(
      SL_EINVAL,
      "action is \(action); use SL_NAVIGATE_NEXT (1), PREVIOUS (2), TO (3), FIRST (4) or LAST (5)",
      path: "action")
  }
  let motion: Motion?
  switch inFlightMotion(inFlight) {
  case .success(let value): motion = value
  case .failure(let status): return status.code
  }
  return withLayout(layout) { target throws(LayoutError) in
    let decision = try target.navigate(
      request, container: Int(container), inFlight: motion, at: time)
    outResult.pointee.write(decision)
    return SL_OK
  }
}

@implementation @_cdecl("sl_layout_get_selected_snap")
public func sl_layout_get_selected_snap(
  _ layout: OpaquePointer?, _ container: Int32, _ inFlight: UnsafePointer<sl_motion>?,
  _ time: Double, _ outIndex: UnsafeMutablePointer<Int64>?
) -> Int32 {
  guard let layout else { return ErrorRecord.null("layout") }
  guard let outIndex else { return ErrorRecord.null("out_index") }
  let motion: Motion?
  switch inFlightMotion(inFlight) {
  case .success(let value): motion = value
  case .failure(let status): return status.code
  }
  return withLayout(layout) { target throws(LayoutError) in
    outIndex.pointee = try target.selectedSnap(
      container: Int(container), inFlight: motion, at: time)
    return SL_OK
  }
}

@implementation @_cdecl("sl_layout_jump_to_snap")
public func sl_layout_jump_to_snap(_ layout: OpaquePointer?, _ container: Int32, _ index: Int64)
  -> Int32
{
  if let refused = refusedInsideHandler(layout, "sl_layout_jump_to_snap") { return refused }
  guard let layout else { return ErrorRecord.null("layout") }
  return withLayout(layout) { target throws(LayoutError) in
    try target.jumpToSnap(index, container: Int(container))
    return SL_OK
  }
}

// Wheels and touchpads (docs/SNAPPING.md, "Wheels and touchpads").

@implementation @_cdecl("sl_layout_scroll_input")
public func sl_layout_scroll_input(
  _ layout: OpaquePointer?, _ container: Int32, _ input: UnsafePointer<sl_scroll_input>?,
  _ inFlight: UnsafePointer<sl_motion>?, _ time: Double,
  _ outResult: UnsafeMutablePointer<sl_scroll_input_result>?
) -> Int32 {
  if let refused = refusedInsideHandler(layout, "sl_layout_scroll_input") { return refused }
  guard let layout else { return ErrorRecord.null("layout") }
  guard let input else { return ErrorRecord.null("input") }
  guard let outResult else { return ErrorRecord.null("out_result") }
  let event = input.pointee
  guard event.version == SL_SCROLL_INPUT_VERSION else {
    return ErrorRecord.fail(
      SL_EINVAL,
      "input.version is \(event.version); this library reads version \(SL_SCROLL_INPUT_VERSION)",
      path: "input.version")
  }
  let device: ScrollInput.Device
  switch event.device {
  case SL_INPUT_WHEEL: device = .wheel
  case SL_INPUT_TOUCHPAD: device = .touchpad
  default:
    return ErrorRecord.fail(
      SL_EINVAL,
      "input.device is \(event.device); use SL_INPUT_WHEEL (1) or SL_INPUT_TOUCHPAD (2)",
      path: "input.device")
  }
  guard event.flags & ~SL_INPUT_END == 0 else {
    return ErrorRecord.fail(
      SL_EINVAL, "input.flags has unknown bits (\(event.flags)); only SL_INPUT_END is defined",
      path: "input.flags")
  }
  let motion: Motion?
  switch inFlightMotion(inFlight) {
  case .success(let value): motion = value
  case .failure(let status): return status.code
  }
  return withLayout(layout) { target throws(LayoutError) in
    let result = try target.scrollInput(
      ScrollInput(
        device: device, delta: event.delta, time: event.time,
        ends: event.flags & SL_INPUT_END != 0), container: Int(container), inFlight: motion,
      at: time)
    outResult.pointee.offset = result.offset.positiveZero
    outResult.pointee.has_motion = result.decision == nil ? 0 : 1
    outResult.pointee.reserved = 0
    outResult.pointee.result.write(result.decision ?? SnapDecision.unresolved)
    return SL_OK
  }
}
