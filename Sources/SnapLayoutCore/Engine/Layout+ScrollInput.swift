/// One event of a mouse wheel or a touchpad (docs/SNAPPING.md, "Wheels and touchpads").
public struct ScrollInput: Equatable, Sendable {
  public enum Device: Equatable, Sendable {
    /// A wheel that turns in notches: each whole notch is one step.
    case wheel
    /// A touchpad (or a smooth wheel): deltas in points that move the content as they come.
    case touchpad
  }

  public var device: Device
  /// Wheel: notches, positive toward the end of the content (fractions of high-resolution
  /// wheels add up to whole notches). Touchpad: points, positive toward the end.
  public var delta: Double
  /// Seconds on the host's monotonic clock.
  public var time: Double
  /// Touchpad: the fingers lifted (GTK's `scroll-end`, libinput's axis stop; docs/SNAPPING.md,
  /// "Wheels and touchpads").
  public var ends: Bool

  public init(device: Device, delta: Double, time: Double, ends: Bool = false) {
    self.device = device
    self.delta = delta
    self.time = time
    self.ends = ends
  }
}

/// What an input does: the offset to show now and, when the input started a motion (a wheel
/// step, the end of a touchpad gesture), where it comes to rest and how.
public struct ScrollInputResult: Equatable, Sendable {
  public var offset: Double
  /// nil while a touchpad gesture follows the fingers.
  public var decision: SnapDecision?
}

/// A container's touchpad gesture in progress, and the wheel's fraction of a notch.
struct InputSession {
  /// The container (main scroll or section index); follows sections through changes.
  var container: Int
  /// A touchpad gesture is in progress.
  var active = false
  var startOffset = 0.0
  /// The rest position the gesture counts from (a caught motion's target), if any.
  var reference: Int64?
  /// The time of the latest delta.
  var lastTime = 0.0
  /// The velocity (pt/s) the deltas carried at the latest one.
  var velocity = 0.0
  /// The latest deltas' times and the offsets they led to, for the velocity.
  var samples: [(time: Double, offset: Double)] = []
  /// The part of a wheel notch not yet stepped.
  var wheelRemainder = 0.0

  /// How far back the velocity is fitted: the deltas of the last 100 ms (as the SDL client
  /// fits a finger's).
  static let velocityWindow = 0.1
  static let maxSamples = 32

  /// The least-squares slope of offset over time in the window ending at the latest sample:
  /// 0 with fewer than two samples or no time between them.
  func fittedVelocity() -> Double {
    guard let last = samples.last else { return 0 }
    let window = samples.filter { last.time - $0.time <= InputSession.velocityWindow }
    guard window.count >= 2 else { return 0 }
    let n = Double(window.count)
    let meanT = window.reduce(0) { $0 + $1.time } / n
    let meanX = window.reduce(0) { $0 + $1.offset } / n
    var covariance = 0.0
    var variance = 0.0
    for sample in window {
      covariance += (sample.time - meanT) * (sample.offset - meanX)
      variance += (sample.time - meanT) * (sample.time - meanT)
    }
    return variance > 0 ? covariance / variance : 0
  }
}

extension Layout {
  /// Applies one wheel or touchpad event to a container (docs/SNAPPING.md, "Wheels and
  /// touchpads") and sets its offset to the one returned:
  ///
  /// - a wheel moves one rest position per whole notch (libadwaita's carousel), counted from
  ///   where `motion` (in flight at `t`) is going, as navigation does; a free container moves
  ///   by the wheel step of GTK's scrolled windows, `viewport^(2/3)` points a notch;
  /// - touchpad deltas move the content as they come (clamped to the bounds); when the host says
  ///   the gesture ended, or a delta-less event arrives `touchpadEndGap` after the last delta,
  ///   the gesture is resolved like a release from where it started, with the velocity the
  ///   deltas carried. A delta after the gap without such an event continues the gesture.
  public func scrollInput(
    _ input: ScrollInput, container: Int, inFlight motion: Motion?, at t: Double
  ) throws(LayoutError) -> ScrollInputResult {
    guard input.delta.isFinite, Swift.abs(input.delta) <= Layout.maxOffset else {
      throw LayoutError(
        .invalidArgument,
        "the delta must be a finite number from -1e100 to 1e100 (got \(input.delta))",
        path: "input.delta")
    }
    guard input.time.isFinite else {
      throw LayoutError(.invalidArgument, "the time must be a finite number", path: "input.time")
    }
    guard t.isFinite else {
      throw LayoutError(.invalidArgument, "the time must be a finite number", path: "time")
    }
    let offset = try scrollOffset(container)
    let slot = inputSessions.firstIndex { $0.container == container }
    var session = slot.map { inputSessions[$0] } ?? InputSession(container: container)
    let result: ScrollInputResult
    switch input.device {
    case .wheel:
      // A wheel event ends a touchpad gesture without a fling (a mouse took over).
      session.active = false
      session.wheelRemainder += input.delta
      let notches = session.wheelRemainder.rounded(.towardZero)
      session.wheelRemainder -= notches
      guard notches != 0 else {
        result = ScrollInputResult(offset: offset, decision: nil)
        break
      }
      let steps = Int64(clamping: Swift.abs(notches), 1, Int64.max)
      let free = try withScroll(container) { $0.snaps.isFree }
      if free {
        let step = try withScroll(container) { Math.exp(Math.log($0.viewportLength) * 2 / 3) }
        let decision = try scrollBy(
          notches * step, container: container, inFlight: motion, at: t)
        result = ScrollInputResult(offset: offset, decision: decision)
      } else {
        // Inside an item longer than the viewport a notch scrolls as in a free container.
        let step = try withScroll(container) { Math.exp(Math.log($0.viewportLength) * 2 / 3) }
        let decision = try navigate(
          notches > 0 ? .next(steps: steps) : .previous(steps: steps), container: container,
          inFlight: motion, at: t, rangeStep: step)
        result = ScrollInputResult(offset: offset, decision: decision)
      }
    case .touchpad:
      result = try touchpad(input, &session, offset: offset, inFlight: motion, at: t)
    }
    if let slot {
      inputSessions[slot] = session
    } else {
      inputSessions.append(session)
    }
    if result.offset != offset { try setScrollOffset(result.offset, container: container) }
    return result
  }

  private func touchpad(
    _ input: ScrollInput, _ session: inout InputSession, offset: Double, inFlight motion: Motion?,
    at t: Double
  ) throws(LayoutError) -> ScrollInputResult {
    let gap = try withScroll(session.container) { $0.settings.touchpadEndGap }
    if session.active && input.time < session.lastTime {
      throw LayoutError(
        .invalidArgument,
        "input.time \(input.time) is before the gesture's previous event (\(session.lastTime)); "
          + "use one monotonic clock", path: "input.time")
    }
    var current = offset
    if input.delta != 0 {
      if !session.active {
        // A new gesture: it catches a motion in flight where it is, counting from its target.
        session = InputSession(container: session.container)
        session.active = true
        if let motion, case let state = try inFlightState(motion, at: t), !state.settled {
          current = state.offset
          let reference = try referenceSnap(
            touchOffset: current, inFlight: motion, at: t, container: session.container)
          session.reference = reference >= 0 ? reference : nil
        }
        session.startOffset = current
      }
      current = try withScroll(session.container) { $0.clamp(current + input.delta) }
      session.lastTime = input.time
      if session.samples.count == InputSession.maxSamples { session.samples.removeFirst() }
      session.samples.append((input.time, current))
      session.velocity = session.fittedVelocity()
    }
    guard session.active, input.ends || input.time - session.lastTime >= gap else {
      return ScrollInputResult(offset: current, decision: nil)
    }
    // The fingers lifted (or stopped long enough): a release with the velocity they carried.
    session.active = false
    var reference = session.reference
    if let given = reference, given >= (try snapCount(session.container)) { reference = nil }
    let decision = try resolveScroll(
      ScrollRelease(
        startOffset: session.startOffset, releaseOffset: current, velocity: session.velocity,
        referenceSnap: reference), container: session.container)
    return ScrollInputResult(offset: current, decision: decision)
  }

  /// A motion from where a container is (or where `motion` is at `t`) to `distance` past where
  /// it is heading, clamped: a free container's wheel step.
  private func scrollBy(_ distance: Double, container: Int, inFlight motion: Motion?, at t: Double)
    throws(LayoutError) -> SnapDecision
  {
    let offset = try scrollOffset(container)
    let state = try motion.map { m throws(LayoutError) in try inFlightState(m, at: t) }
    let moving = state.map { !$0.settled } ?? false
    return try withScroll(container) { scroll in
      var decision = SnapDecision.unresolved
      let heading = moving ? motion!.targetOffset : offset
      decision.targetOffset = scroll.clamp(heading + distance)
      decision.motion = Motion.plan(
        from: moving ? state!.offset : offset, velocity: moving ? state!.velocity : 0,
        to: decision.targetOffset, omega: scroll.settings.spring.omega,
        dampingRatio: scroll.settings.spring.ratio, landing: scroll.landing,
        tolerance: scroll.tolerance)
      return decision
    }
  }

  /// Carries the input sessions through a change of sections: each follows its section to its
  /// new index; a removed section's ends.
  func remapInputSessions(_ newIndex: (Int) -> Int?) {
    guard !inputSessions.isEmpty else { return }
    var kept: [InputSession] = []
    for var session in inputSessions {
      if session.container == mainScrollContainer {
        kept.append(session)
      } else if let index = newIndex(session.container) {
        session.container = index
        kept.append(session)
      }
    }
    inputSessions = kept
  }
}
