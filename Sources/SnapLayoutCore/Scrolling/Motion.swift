/// How a scroll travels to its target, sampled in closed form at any time (no integration
/// drift; docs/SNAPPING.md, "Motion"). Times are in seconds, velocities in points per second.
public struct Motion: Equatable, Sendable {
  public enum Kind: Int32, Sendable {
    /// Already at the target: nothing to animate.
    case none = 0
    /// Exponential deceleration that lands exactly on the target (UIKit's decay with the
    /// rate chosen to stop there).
    case decay = 1
    /// A damped spring seeded with the release velocity.
    case spring = 2
  }

  public var kind: Kind
  public var startOffset: Double
  public var startVelocity: Double
  public var targetOffset: Double
  /// When the motion is settled (an upper bound: within `epsilonOffset` of the target and
  /// slower than `epsilonVelocity` from then on).
  public var duration: Double
  /// Decay constant (1/s) for `.decay`.
  public var decay: Double
  /// Undamped angular frequency (rad/s) and damping ratio of the spring used by `.spring`
  /// and by retargeting.
  public var omega: Double
  public var dampingRatio: Double
  public var epsilonOffset: Double
  public var epsilonVelocity: Double
  /// Decays land only with a rate per millisecond in this band (kept for retargeting).
  public var landingMinimumRate: Double
  public var landingMaximumRate: Double

  public init(
    kind: Kind, startOffset: Double, startVelocity: Double, targetOffset: Double,
    duration: Double, decay: Double, omega: Double, dampingRatio: Double, epsilonOffset: Double,
    epsilonVelocity: Double, landingMinimumRate: Double, landingMaximumRate: Double
  ) {
    self.kind = kind
    self.startOffset = startOffset
    self.startVelocity = startVelocity
    self.targetOffset = targetOffset
    self.duration = duration
    self.decay = decay
    self.omega = omega
    self.dampingRatio = dampingRatio
    self.epsilonOffset = epsilonOffset
    self.epsilonVelocity = epsilonVelocity
    self.landingMinimumRate = landingMinimumRate
    self.landingMaximumRate = landingMaximumRate
  }

  /// The state at time `t`.
  public func sample(at t: Double) -> (offset: Double, velocity: Double, settled: Bool) {
    if kind == .none || !(t < duration) { return (targetOffset, 0, true) }
    // Exactly the start at (or before) time 0, so that a retarget continues seamlessly.
    if t <= 0 { return (startOffset, startVelocity, false) }
    let time = t
    switch kind {
    case .none:
      return (targetOffset, 0, true)
    case .decay:
      let fade = Math.exp(-decay * time)
      return (targetOffset - (targetOffset - startOffset) * fade, startVelocity * fade, false)
    case .spring:
      let (e, v) = springState(at: time)
      return (targetOffset + e, v, false)
    }
  }

  /// Displacement from the target and velocity of the spring (docs/SNAPPING.md, "Motion").
  private func springState(at t: Double) -> (Double, Double) {
    let e0 = startOffset - targetOffset
    let v0 = startVelocity
    let beta = dampingRatio * omega
    if Swift.abs(dampingRatio - 1) < 1e-6 {
      let envelope = Math.exp(-beta * t)
      let b = v0 + beta * e0
      return (envelope * (e0 + b * t), envelope * (v0 - (beta * beta * e0 + beta * v0) * t))
    }
    if dampingRatio < 1 {
      let wd = omega * (1 - dampingRatio * dampingRatio).squareRoot()
      let envelope = Math.exp(-beta * t)
      let c = Math.cos(wd * t)
      let s = Math.sin(wd * t) / wd
      return (
        envelope * (e0 * c + (v0 + beta * e0) * s),
        envelope * (v0 * c - (omega * omega * e0 + beta * v0) * s)
      )
    }
    // Overdamped: two exponentials, which cannot overflow as cosh/sinh would.
    let (wo, slowRate) = overdampedRates
    let (a, b) = Motion.overdampedTerms(e0: e0, v0: v0, beta: beta, wo: wo)
    let slow = Math.exp(-slowRate * t)
    let fast = Math.exp(-(beta + wo) * t)
    return (a * slow + b * fast, -slowRate * a * slow - (beta + wo) * b * fast)
  }

  /// An overdamped spring's `ω·√(ζ² − 1)` and its slow rate `ω·(ζ − √(ζ² − 1))`, the one
  /// formula of both for sampling and settling. The slow rate is taken as `ω / (ζ + √(ζ² −
  /// 1))` (the two rates multiply to ω²): the difference cancels as ζ grows, to a rate of 0 —
  /// a spring that never settles — from ζ ≈ 1e8 (docs/SNAPPING.md, "Motion"). `√(ζ² − 1)` as
  /// `√(ζ − 1)·√(ζ + 1)`, which does not overflow where ζ² would.
  private var overdampedRates: (wo: Double, slow: Double) {
    let root = (dampingRatio - 1).squareRoot() * (dampingRatio + 1).squareRoot()
    return (omega * root, omega / (dampingRatio + root))
  }

  private static func overdampedTerms(e0: Double, v0: Double, beta: Double, wo: Double)
    -> (Double, Double)
  {
    let k = (v0 + beta * e0) / wo
    return ((e0 + k) / 2, (e0 - k) / 2)
  }

  /// The decay rates (per millisecond) a landing decay may use, also as decay constants per
  /// second, so that planning needs no logarithm: rate = e^(−k/1000).
  public struct LandingBand: Equatable, Sendable {
    public var minimumRate: Double
    public var maximumRate: Double
    /// The decay constants (1/s) of the maximum and minimum rates.
    var slowestDecay: Double
    var fastestDecay: Double

    public init(minimumRate: Double, maximumRate: Double) {
      self.minimumRate = minimumRate
      self.maximumRate = maximumRate
      slowestDecay = -1000 * Math.log(maximumRate)
      fastestDecay = -1000 * Math.log(minimumRate)
    }
  }

  /// A motion from `offset` moving at `velocity` to `target` (docs/SNAPPING.md, "The release
  /// pipeline", step 4):
  /// an exact-landing decay when the release already heads for the target and the rate that
  /// stops there is in `landing`; otherwise a spring seeded with the velocity, so the hand-off
  /// is continuous and nothing jumps.
  ///
  /// A spring with a damping ratio of 1 or more never overshoots: when the release rushes
  /// toward the target faster than the spring could absorb, its frequency is raised just
  /// enough (the motion becomes a quicker, still continuous, stop).
  public static func plan(
    from offset: Double, velocity: Double, to target: Double, omega: Double,
    dampingRatio: Double, landing: LandingBand, epsilonOffset: Double, epsilonVelocity: Double
  ) -> Motion {
    plan(
      from: offset, velocity: velocity, to: target, omega: omega, dampingRatio: dampingRatio,
      landing: landing, tolerance: Tolerance(offset: epsilonOffset, velocity: epsilonVelocity))
  }

  /// The highest frequency a plan raises a spring to (rad/s; it settles within milliseconds):
  /// only a release absurdly fast for its distance reaches it, and may then overshoot.
  static let maximumOmega = 1.0e6

  /// The settling tolerances with their reciprocals, so that settling bounds multiply.
  struct Tolerance: Equatable, Sendable {
    let offset: Double
    let velocity: Double
    let perOffset: Double
    let perVelocity: Double

    init(offset: Double, velocity: Double) {
      self.offset = offset
      self.velocity = velocity
      perOffset = 1 / offset
      perVelocity = 1 / velocity
    }
  }

  /// `plan(from:velocity:to:omega:dampingRatio:landing:epsilonOffset:epsilonVelocity:)` with
  /// the tolerances prepared once per container.
  @inline(always)
  static func plan(
    from offset: Double, velocity: Double, to target: Double, omega: Double,
    dampingRatio: Double, landing: LandingBand, tolerance: Tolerance
  ) -> Motion {
    var motion = Motion(
      kind: .none, startOffset: offset, startVelocity: velocity, targetOffset: target,
      duration: 0, decay: 0, omega: omega, dampingRatio: dampingRatio,
      epsilonOffset: tolerance.offset, epsilonVelocity: tolerance.velocity,
      landingMinimumRate: landing.minimumRate, landingMaximumRate: landing.maximumRate)
    let distance = target - offset
    if Swift.abs(distance) <= tolerance.offset && Swift.abs(velocity) <= tolerance.velocity {
      return motion
    }
    if distance * velocity > 0 {
      let k = velocity / distance  // 1/s
      if k >= landing.slowestDecay && k <= landing.fastestDecay {
        motion.kind = .decay
        motion.decay = k
        // Until both the distance and the velocity are within tolerance (same rate k); the
        // time constant 1/k is divided out alongside k, not after the logarithm.
        let timeConstant = distance / velocity
        let ratio = max(
          Swift.abs(distance) * tolerance.perOffset, Swift.abs(velocity) * tolerance.perVelocity)
        motion.duration = ratio > 1 ? Math.log(ratio) * timeConstant : 0
        return motion
      }
      if dampingRatio >= 1 {
        // Already within the tolerance of the target and heading for it: stopping there is
        // invisible, and no spring could absorb the velocity in so short a distance.
        if Swift.abs(distance) <= tolerance.offset { return motion }
        // No overshoot needs |v0| <= λ2·|e0|, λ2 = ω(ζ + √(ζ² − 1)) (the faster root); the
        // frequency is capped so that ω² stays finite whatever the velocity.
        // (A sum: no cancellation; ζ² past the largest double makes the root infinite and
        // leaves ω as it is.)
        let root = dampingRatio + (dampingRatio * dampingRatio - 1).squareRoot()
        motion.omega = min(
          max(omega, Swift.abs(velocity) / (Swift.abs(distance) * root)), Motion.maximumOmega)
      }
    }
    motion.kind = .spring
    motion.duration = motion.springSettlingTime(tolerance)
    return motion
  }

  /// The same motion redirected at time `t` to `target`, continuing from the offset and
  /// velocity it has then (docs/SNAPPING.md, "Motion", Retargeting).
  public func retargeted(at t: Double, to target: Double) -> Motion {
    let state = sample(at: t)
    return continued(from: state.offset, velocity: state.velocity, to: target)
  }

  /// A motion with this one's spring, landing band and tolerances from `offset` at `velocity`
  /// to `target`.
  public func continued(from offset: Double, velocity: Double, to target: Double) -> Motion {
    Motion.plan(
      from: offset, velocity: velocity, to: target, omega: omega,
      dampingRatio: dampingRatio,
      landing: LandingBand(minimumRate: landingMinimumRate, maximumRate: landingMaximumRate),
      epsilonOffset: epsilonOffset, epsilonVelocity: epsilonVelocity)
  }

  /// Whether a host can sample this motion everywhere: its offsets, velocity, duration and
  /// decay are finite (a motion built from absurd numbers can overflow).
  public var isFinite: Bool {
    startOffset.isFinite && startVelocity.isFinite && targetOffset.isFinite
      && duration.isFinite && decay.isFinite
  }

  /// Whether a host can play this motion as the header promises: finite, and one that moves
  /// takes some time. A spring continued from a host's motion whose spring is absurd (an ω
  /// so large that it settles in no time) has a duration of 0, and sampled at 0 it is already
  /// on its target, not where it starts (found by the fuzzer, docs/FUZZING.md).
  public var isPlayable: Bool {
    isFinite && (kind == .none || duration > 0 || startOffset == targetOffset)
  }

  /// The largest offset and velocity a motion may have at a time the library continues it
  /// from: beyond them (or not finite) the numbers of a host's motion are absurd, and what
  /// continues from them would overflow.
  public static let maxContinuedOffset = 1e101
  public static let maxContinuedVelocity = 1e150

  /// The state at `t`, when the library can continue from it (see `maxContinuedOffset`).
  public func continuableSample(at t: Double) -> (offset: Double, velocity: Double, settled: Bool)?
  {
    let state = sample(at: t)
    guard Swift.abs(state.offset) <= Motion.maxContinuedOffset,
      Swift.abs(state.velocity) <= Motion.maxContinuedVelocity
    else { return nil }
    return state
  }

  /// Why this motion cannot be sampled (a field a C host filled in wrongly), or nil.
  public var invalidField: String? {
    if !startOffset.isFinite { return "start_offset" }
    if !startVelocity.isFinite { return "start_velocity" }
    if !targetOffset.isFinite { return "target_offset" }
    if !decay.isFinite { return "decay" }
    if duration.isNaN || duration < 0 { return "duration" }
    if !(omega > 0) || !omega.isFinite { return "omega" }
    if !(dampingRatio > 0) || !dampingRatio.isFinite { return "damping_ratio" }
    if !(epsilonOffset > 0) || !epsilonOffset.isFinite { return "epsilon_offset" }
    if !(epsilonVelocity > 0) || !epsilonVelocity.isFinite { return "epsilon_velocity" }
    if !(landingMaximumRate > 0 && landingMaximumRate < 1) { return "landing_max_rate" }
    if !(landingMinimumRate > 0 && landingMinimumRate <= landingMaximumRate) {
      return "landing_min_rate"
    }
    if kind == .decay && !(decay > 0) { return "decay" }
    return nil
  }

  /// An upper bound on the time after which the spring stays within the tolerances
  /// (docs/SNAPPING.md, "Motion", Settling; with velocity bounds derived the same way).
  @inline(always)
  private func springSettlingTime(_ tolerance: Tolerance) -> Double {
    let e0 = startOffset - targetOffset
    let v0 = startVelocity
    let beta = dampingRatio * omega
    /// The time after which `amplitude · e^(−rate·t)` stays below 1 (amplitudes come divided
    /// by their tolerance); one logarithm covers position and velocity together.
    func envelopeTime(_ amplitude: Double, rate: Double) -> Double {
      amplitude > 1 ? Math.log(amplitude) / rate : 0
    }
    let (perOffset, perVelocity) = (tolerance.perOffset, tolerance.perVelocity)
    if Swift.abs(dampingRatio - 1) < 1e-6 {
      // |a + b t| e^{-βt} <= ε once e^{-βt}|a| <= ε/2 and e^{-βt}|b|t <= ε/2; the second
      // holds when e^{-βt/2} <= eβε/(4|b|), since t·e^{-βt/2} <= 2/(eβ).
      let b = v0 + beta * e0  // position: a = e0
      let d = beta * beta * e0 + beta * v0  // velocity: a = v0, b = −d
      // Both bounds in one logarithm: max(ln A/β, ln B/(β/2)) = ln max(A, B²)/β, with one
      // division (1/β) for the whole bound.
      let perBeta = 1 / beta
      let first = 2 * max(Swift.abs(e0) * perOffset, Swift.abs(v0) * perVelocity)
      let second =
        4 / 2.718281828459045 * perBeta
        * max(Swift.abs(b) * perOffset, Swift.abs(d) * perVelocity)
      let amplitude = max(first, second * second)
      if second < 1e150 { return amplitude > 1 ? Math.log(amplitude) * perBeta : 0 }
      return max(envelopeTime(first, rate: beta), envelopeTime(second, rate: beta / 2))
    }
    if dampingRatio < 1 {
      let wd = omega * (1 - dampingRatio * dampingRatio).squareRoot()
      return envelopeTime(
        max(
          (Swift.abs(e0) + Swift.abs(v0 + beta * e0) / wd) * perOffset,
          (Swift.abs(v0) + Swift.abs(omega * omega * e0 + beta * v0) / wd) * perVelocity),
        rate: beta)
    }
    let (wo, slow) = overdampedRates
    let (a, b) = Motion.overdampedTerms(e0: e0, v0: v0, beta: beta, wo: wo)
    return envelopeTime(
      max(
        (Swift.abs(a) + Swift.abs(b)) * perOffset,
        (slow * Swift.abs(a) + (beta + wo) * Swift.abs(b)) * perVelocity),
      rate: slow)
  }
}
