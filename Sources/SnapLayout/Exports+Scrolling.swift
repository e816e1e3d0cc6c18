import CSnapLayout

#if canImport(SnapLayoutCore)
  import SnapLayoutCore
#endif

@implementation @_cdecl("sl_layout_get_scroll_info")
public func sl_layout_get_scroll_info(
  _ layout: OpaquePointer?, _ container: Int32, _ outInfo: UnsafeMutablePointer<sl_scroll_info>?
) -> Int32 {
  guard let layout else { return ErrorRecord.null("layout") }
  guard let outInfo else { return ErrorRecord.null("out_info") }
  return withLayout(layout) { target throws(LayoutError) in
    let info = try target.scrollInfo(Int(container))
    // Offsets leave the library as +0, never −0 (docs/C-API.md, "Numbers").
    outInfo.pointee = sl_scroll_info(
      viewport_length: info.viewportLength, content_length: info.contentLength,
      inset_leading: info.insetLeading.positiveZero,
      inset_trailing: info.insetTrailing.positiveZero,
      min_offset: info.minimumOffset.positiveZero, max_offset: info.maximumOffset.positiveZero,
      offset: info.offset.positiveZero,
      deceleration_rate: info.decelerationRate, snap_count: info.snapCount,
      container: container, horizontal: info.scrollsHorizontally ? 1 : 0,
      orthogonal_scrolling_behavior: info.behavior.rawValue, snap_unit: info.snapUnit.code,
      max_pages_per_gesture: Int32(clamping: info.maxPagesPerGesture), bounce: info.bounce.code)
    return SL_OK
  }
}

@implementation @_cdecl("sl_layout_get_loop_info")
public func sl_layout_get_loop_info(
  _ layout: OpaquePointer?, _ container: Int32, _ outInfo: UnsafeMutablePointer<sl_loop_info>?
) -> Int32 {
  guard let layout else { return ErrorRecord.null("layout") }
  guard let outInfo else { return ErrorRecord.null("out_info") }
  return withLayout(layout) { target throws(LayoutError) in
    let info = try target.scrollInfo(Int(container))
    let loops = info.loopPeriod > 0
    outInfo.pointee = sl_loop_info(
      requested: info.loopRequested ? 1 : 0, active: loops ? 1 : 0, period: info.loopPeriod,
      start: loops ? info.minimumOffset.positiveZero : 0)
    return SL_OK
  }
}

@implementation @_cdecl("sl_layout_get_canonical_offset")
public func sl_layout_get_canonical_offset(
  _ layout: OpaquePointer?, _ container: Int32, _ offset: Double,
  _ outOffset: UnsafeMutablePointer<Double>?, _ outShift: UnsafeMutablePointer<Double>?
) -> Int32 {
  guard let layout else { return ErrorRecord.null("layout") }
  guard let outOffset else { return ErrorRecord.null("out_offset") }
  return withLayout(layout) { target throws(LayoutError) in
    let canonical = try target.canonicalOffset(offset, container: Int(container))
    outOffset.pointee = canonical.offset.positiveZero
    outShift?.pointee = canonical.shift.positiveZero
    return SL_OK
  }
}

@implementation @_cdecl("sl_layout_set_scroll_offset")
public func sl_layout_set_scroll_offset(
  _ layout: OpaquePointer?, _ container: Int32, _ offset: Double
) -> Int32 {
  if let refused = refusedInsideHandler(layout, "sl_layout_set_scroll_offset") { return refused }
  guard let layout else { return ErrorRecord.null("layout") }
  return withLayout(layout) { target throws(LayoutError) in
    _ = try target.scrollInfo(Int(container))  // validates the container and the state
    try target.setScrollOffset(offset, container: Int(container))
    return SL_OK
  }
}

@implementation @_cdecl("sl_layout_get_scroll_offset")
public func sl_layout_get_scroll_offset(
  _ layout: OpaquePointer?, _ container: Int32, _ outOffset: UnsafeMutablePointer<Double>?
) -> Int32 {
  guard let layout else { return ErrorRecord.null("layout") }
  guard let outOffset else { return ErrorRecord.null("out_offset") }
  return withLayout(layout) { target throws(LayoutError) in
    outOffset.pointee = try target.scrollOffset(Int(container)).positiveZero
    return SL_OK
  }
}

@implementation @_cdecl("sl_layout_resolve_scroll")
public func sl_layout_resolve_scroll(
  _ layout: OpaquePointer?, _ container: Int32, _ release: UnsafePointer<sl_scroll_release>?,
  _ outResult: UnsafeMutablePointer<sl_snap_result>?
) -> Int32 {
  guard let layout else { return ErrorRecord.null("layout") }
  guard let release else { return ErrorRecord.null("release") }
  guard let outResult else { return ErrorRecord.null("out_result") }
  // The hot path of a gesture's end: errors are built out of line, the layout is borrowed
  // without a shared closure, and the result is written field by field (no temporary).
  let input = release.pointee
  guard input.version == SL_SCROLL_RELEASE_VERSION else { return unknownVersion(input.version) }
  // Bits this library does not define are refused, as `sl_scroll_input`'s are: a host that sets
  // a later version's flag must not get an answer that silently ignores it.
  guard input.flags & ~SL_RELEASE_HAS_REFERENCE == 0 else { return unknownFlags(input.flags) }
  let hasReference = input.flags & SL_RELEASE_HAS_REFERENCE != 0
  return LayoutHandle.with(layout) { handle in
    let target = handle.layout
    do throws(LayoutError) {
      if hasReference { try checkReference(input.reference_snap, target, container) }
      var decision = SnapDecision.unresolved
      try target.resolveScroll(
        ScrollRelease(
          startOffset: input.start_offset, releaseOffset: input.release_offset,
          velocity: input.velocity, referenceSnap: hasReference ? input.reference_snap : nil),
        container: Int(container), into: &decision)
      outResult.pointee.write(decision)
      return SL_OK
    } catch {
      return ErrorRecord.fail(error)
    }
  }
}

@inline(never)
private func unknownVersion(_ version: UInt32) -> Int32 {
  ErrorRecord.fail(
    SL_EINVAL,
    "release.version is \(version); this library reads version \(SL_SCROLL_RELEASE_VERSION)",
    path: "release.version")
}

@inline(never)
private func unknownFlags(_ flags: UInt32) -> Int32 {
  ErrorRecord.fail(
    SL_EINVAL,
    "release.flags has unknown bits (\(flags)); only SL_RELEASE_HAS_REFERENCE is defined",
    path: "release.flags")
}

/// Throws unless `reference` is a rest position of the container or −1, "none": measured from
/// `start_offset`, in any container (what `sl_layout_get_reference_snap` gives for a free one).
@inline(never)
private func checkReference(_ reference: Int64, _ layout: Layout, _ container: Int32)
  throws(LayoutError)
{
  let count = try layout.snapCount(Int(container))
  guard reference == -1 || (reference >= 0 && reference < count) else {
    throw LayoutError(
      .outOfRange,
      "reference_snap \(reference) is not a rest position; the container has \(count) "
        + "(-1: none, measured from start_offset)",
      path: "release.reference_snap")
  }
}

@implementation @_cdecl("sl_layout_get_snap_position")
public func sl_layout_get_snap_position(
  _ layout: OpaquePointer?, _ container: Int32, _ offset: Double,
  _ outPosition: UnsafeMutablePointer<sl_snap_position>?
) -> Int32 {
  guard let layout else { return ErrorRecord.null("layout") }
  guard let outPosition else { return ErrorRecord.null("out_position") }
  return withLayout(layout) { target throws(LayoutError) in
    let position = try target.snapPosition(at: offset, container: Int(container))
    outPosition.pointee = sl_snap_position(
      progress: position.progress.positiveZero, index: position.index, item: position.item,
      section: position.section, reserved: 0)
    return SL_OK
  }
}

@implementation @_cdecl("sl_layout_get_snap_offsets")
public func sl_layout_get_snap_offsets(
  _ layout: OpaquePointer?, _ container: Int32, _ first: Int64,
  _ offsets: UnsafeMutablePointer<Double>?, _ capacity: Int, _ outCount: UnsafeMutablePointer<Int>?
) -> Int32 {
  guard let layout else { return ErrorRecord.null("layout") }
  guard let outCount else { return ErrorRecord.null("out_count") }
  return withLayout(layout) { target throws(LayoutError) in
    let count = try target.snapCount(Int(container))
    guard first >= 0, first <= count else {
      return ErrorRecord.fail(
        SL_ERANGE, "first is \(first); the container has \(count) rest positions", path: "first")
    }
    let remaining = count - first
    let room = offsets == nil ? 0 : capacity < 0 ? Int.max : capacity
    let written = Int(min(Int64(room), remaining))
    if let offsets {
      for index in 0..<written {
        offsets[index] = try target.snapOffset(first + Int64(index), container: Int(container))
          .positiveZero
      }
    }
    // Only where size_t has 32 bits: the count does not fit in *out_count (snaplayout.h).
    guard let counted = UInt(exactly: remaining) else {
      return ErrorRecord.fail(
        SL_ERANGE,
        "too many rest positions to count: \(remaining) follow position \(first), more than a "
          + "size_t holds" + (written > 0 ? "; the first \(written) were written" : ""),
        path: "first")
    }
    outCount.pointee = Int(bitPattern: counted)
    guard offsets == nil || remaining <= Int64(room) else {
      return ErrorRecord.fail(
        SL_EBUFS,
        "\(remaining) rest positions follow but the buffer holds \(room); the first \(room) "
          + "were written", path: "capacity")
    }
    return SL_OK
  }
}

@implementation @_cdecl("sl_layout_get_offset_for_item")
public func sl_layout_get_offset_for_item(
  _ layout: OpaquePointer?, _ container: Int32, _ section: Int32, _ item: Int64,
  _ outOffset: UnsafeMutablePointer<Double>?, _ outSnap: UnsafeMutablePointer<Int64>?
) -> Int32 {
  guard let layout else { return ErrorRecord.null("layout") }
  guard let outOffset else { return ErrorRecord.null("out_offset") }
  return withLayout(layout) { target throws(LayoutError) in
    let result = try target.snapOffset(
      forSection: Int(section), item: item, container: Int(container))
    outOffset.pointee = result.offset.positiveZero
    outSnap?.pointee = result.index
    return SL_OK
  }
}

@implementation @_cdecl("sl_layout_get_offset_to_show_item")
public func sl_layout_get_offset_to_show_item(
  _ layout: OpaquePointer?, _ container: Int32, _ section: Int32, _ item: Int64,
  _ alignment: Int32, _ outOffset: UnsafeMutablePointer<Double>?,
  _ outSnap: UnsafeMutablePointer<Int64>?
) -> Int32 {
  guard let layout else { return ErrorRecord.null("layout") }
  guard let outOffset else { return ErrorRecord.null("out_offset") }
  guard let align = ScrollAlignment(rawValue: alignment) else {
    return ErrorRecord.fail(
      SL_EINVAL,
      "alignment \(alignment) is not SL_ALIGN_START (0), SL_ALIGN_CENTER (1), SL_ALIGN_END (2) "
        + "or SL_ALIGN_NEAREST (3)", path: "alignment")
  }
  return withLayout(layout) { target throws(LayoutError) in
    let result = try target.offsetToShow(
      section: Int(section), item: item, alignment: align, container: Int(container))
    outOffset.pointee = result.offset.positiveZero
    outSnap?.pointee = result.index
    return SL_OK
  }
}

@implementation @_cdecl("sl_layout_get_reference_snap")
public func sl_layout_get_reference_snap(
  _ layout: OpaquePointer?, _ container: Int32, _ touchOffset: Double,
  _ inFlight: UnsafePointer<sl_motion>?, _ time: Double, _ outSnap: UnsafeMutablePointer<Int64>?
) -> Int32 {
  guard let layout else { return ErrorRecord.null("layout") }
  guard let outSnap else { return ErrorRecord.null("out_snap") }
  guard touchOffset.isFinite else {
    return ErrorRecord.fail(SL_EINVAL, "touch_offset must be a finite number", path: "touch_offset")
  }
  guard time.isFinite else {
    return ErrorRecord.fail(SL_EINVAL, "time must be a finite number", path: "time")
  }
  let motion: Motion?
  switch inFlightMotion(inFlight) {
  case .success(let value): motion = value
  case .failure(let status): return status.code
  }
  return withLayout(layout) { target throws(LayoutError) in
    outSnap.pointee = try target.referenceSnap(
      touchOffset: touchOffset, inFlight: motion, at: time, container: Int(container))
    return SL_OK
  }
}

@implementation @_cdecl("sl_motion_sample")
public func sl_motion_sample(
  _ motion: UnsafePointer<sl_motion>?, _ time: Double,
  _ outState: UnsafeMutablePointer<sl_motion_state>?
) -> Int32 {
  guard let motion else { return ErrorRecord.null("motion") }
  guard let outState else { return ErrorRecord.null("out_state") }
  guard let converted = Motion(motion.pointee) else {
    return invalidMotion("kind", argument: "motion")
  }
  if let field = converted.invalidField { return invalidMotion(field, argument: "motion") }
  guard time.isFinite else {
    return ErrorRecord.fail(SL_EINVAL, "time must be a finite number", path: "time")
  }
  let state = converted.sample(at: time)
  // Only a motion of absurd numbers (not one this library made) overflows.
  guard state.offset.isFinite, state.velocity.isFinite else { return motionOverflows(time) }
  outState.pointee = sl_motion_state(
    offset: state.offset.positiveZero, velocity: state.velocity.positiveZero, settled: state.settled ? 1 : 0, reserved: 0)
  return SL_OK
}

/// The refusal of a motion whose state at `time` is not finite (out of line: sampling is hot).
@inline(never)
func motionOverflows(_ time: Double) -> Int32 {
  ErrorRecord.fail(
    SL_EINVAL, "the motion's offset or velocity at time \(time) is not finite (its numbers are "
      + "too large)", path: "motion")
}

@implementation @_cdecl("sl_motion_retarget")
public func sl_motion_retarget(
  _ motion: UnsafePointer<sl_motion>?, _ time: Double, _ targetOffset: Double,
  _ outMotion: UnsafeMutablePointer<sl_motion>?
) -> Int32 {
  guard let motion else { return ErrorRecord.null("motion") }
  guard let outMotion else { return ErrorRecord.null("out_motion") }
  guard let converted = Motion(motion.pointee) else {
    return invalidMotion("kind", argument: "motion")
  }
  if let field = converted.invalidField { return invalidMotion(field, argument: "motion") }
  guard time.isFinite, Swift.abs(targetOffset) <= Layout.maxOffset else {
    return ErrorRecord.fail(
      SL_EINVAL, "time must be finite and target_offset a finite number from -1e100 to 1e100",
      path: time.isFinite ? "target_offset" : "time")
  }
  guard converted.continuableSample(at: time) != nil else {
    return ErrorRecord.fail(
      SL_EINVAL, "the motion cannot be continued at time \(time): its offset or velocity there "
        + "is beyond ±1e101 points or ±1e150 points per second", path: "motion")
  }
  let retargeted = converted.retargeted(at: time, to: targetOffset)
  guard retargeted.isPlayable else {
    return ErrorRecord.fail(
      SL_EINVAL,
      "a motion from this one's state overflows or settles in no time (its spring or numbers "
        + "are absurd)", path: "motion")
  }
  outMotion.pointee.write(retargeted)
  return SL_OK
}

/// A failed status, carried in a `Result`.
struct FailedStatus: Error { let code: Int32 }

/// The motion an export's optional `in_flight` argument points to (nil for NULL), or the
/// status of its refusal (the error names `in_flight` and the bad field).
func inFlightMotion(_ pointer: UnsafePointer<sl_motion>?) -> Result<Motion?, FailedStatus> {
  guard let pointer else { return .success(nil) }
  guard let converted = Motion(pointer.pointee) else {
    return .failure(FailedStatus(code: invalidMotion("kind", argument: "in_flight")))
  }
  if let field = converted.invalidField {
    return .failure(FailedStatus(code: invalidMotion(field, argument: "in_flight")))
  }
  return .success(converted)
}

func invalidMotion(_ field: String, argument: String) -> Int32 {
  ErrorRecord.fail(
    SL_EINVAL,
    "\(argument) is not a motion this library made: its \(field) is out of range",
    path: argument + "." + field)
}

extension sl_snap_result {
  /// Writes `decision` into this C struct field by field (no temporary).
  @inline(always)
  mutating func write(_ decision: SnapDecision) {
    target_offset = decision.targetOffset.positiveZero
    release_progress = decision.releaseProgress.positiveZero
    snap_index = decision.snapIndex
    reference_snap = decision.referenceSnap
    item = decision.item
    section = decision.section
    reserved = 0
    motion.write(decision.motion)
  }
}

extension sl_motion {
  /// Writes `motion` into this C struct field by field.
  @inline(always)
  mutating func write(_ motion: Motion) {
    kind = motion.kind.rawValue
    reserved = 0
    start_offset = motion.startOffset.positiveZero
    start_velocity = motion.startVelocity.positiveZero
    target_offset = motion.targetOffset.positiveZero
    duration = motion.duration
    decay = motion.decay
    omega = motion.omega
    damping_ratio = motion.dampingRatio
    epsilon_offset = motion.epsilonOffset
    epsilon_velocity = motion.epsilonVelocity
    landing_min_rate = motion.landingMinimumRate
    landing_max_rate = motion.landingMaximumRate
  }
}

extension Motion {
  /// A motion from C, or nil for an unknown kind (other fields: see `invalidField`).
  init?(_ motion: sl_motion) {
    guard let kind = Motion.Kind(rawValue: motion.kind) else { return nil }
    self.init(
      kind: kind, startOffset: motion.start_offset, startVelocity: motion.start_velocity,
      targetOffset: motion.target_offset, duration: motion.duration, decay: motion.decay,
      omega: motion.omega, dampingRatio: motion.damping_ratio,
      epsilonOffset: motion.epsilon_offset, epsilonVelocity: motion.epsilon_velocity,
      landingMinimumRate: motion.landing_min_rate, landingMaximumRate: motion.landing_max_rate)
  }
}

extension SnapUnit {
  var code: Int32 {
    switch self {
    case .none: return SL_SNAP_NONE
    case .page: return SL_SNAP_PAGE
    case .item: return SL_SNAP_ITEM
    case .group: return SL_SNAP_GROUP
    }
  }
}

extension Bounce {
  var code: Int32 {
    switch self {
    case .automatic: return SL_BOUNCE_AUTOMATIC
    case .always: return SL_BOUNCE_ALWAYS
    case .never: return SL_BOUNCE_NEVER
    }
  }
}

@implementation @_cdecl("sl_layout_set_visible_items_handler")
public func sl_layout_set_visible_items_handler(
  _ layout: OpaquePointer?, _ section: Int32, _ function: sl_visible_items_handler?,
  _ userData: UnsafeMutableRawPointer?
) -> Int32 {
  if let refused = refusedInsideHandler(layout, "sl_layout_set_visible_items_handler") {
    return refused
  }
  guard let layout else { return ErrorRecord.null("layout") }
  let target = handle(layout)
  let count = target.layout.sectionCount
  guard section >= 0, Int(section) < count else {
    return ErrorRecord.fail(
      SL_ERANGE, "section \(section) does not exist; the layout has \(count) sections",
      path: "section")
  }
  return withLayout(layout) { _ throws(LayoutError) in
    try target.setHandler(
      function.map { LayoutHandle.Handler(function: $0, userData: userData) },
      section: Int(section))
    return SL_OK
  }
}

@implementation @_cdecl("sl_layout_get_item_distance")
public func sl_layout_get_item_distance(
  _ layout: OpaquePointer?, _ section: Int32, _ item: Int64,
  _ outDistance: UnsafeMutablePointer<Double>?
) -> Int32 {
  guard let layout else { return ErrorRecord.null("layout") }
  guard let outDistance else { return ErrorRecord.null("out_distance") }
  return withLayout(layout) { target throws(LayoutError) in
    outDistance.pointee = try target.itemDistance(section: Int(section), item: item)
    return SL_OK
  }
}
