import Foundation
@testable import SnapLayoutCore
import Testing

/// The pure-Swift elementary functions and the motions built on them (docs/SNAPPING.md, "Motion").
@Suite("Math and motion")
struct MotionTests {
  @Test("exp, log, sin and cos agree with libm to a few ulps")
  func elementaryFunctions() {
    func close(_ a: Double, _ b: Double) -> Bool {
      a == b || Swift.abs(a - b) <= 4e-15 * max(Swift.abs(a), Swift.abs(b), 1e-300)
    }
    var x = -700.0
    while x < 700 {
      #expect(close(Math.exp(x), Foundation.exp(x)), "exp(\(x))")
      x += 3.37
    }
    // log: fixed points, every table interval's edges and centre, and a sweep over magnitudes
    // (absolute error is what matters near 1, where the result itself is tiny).
    var logValues: [Double] = [
      5e-324, 1e-310, 1e-300, 1e-10, 0.001, 0.5, 0.9999, 1, 1.0001, 2, 10, 123.456, 1e10, 1e300,
      .greatestFiniteMagnitude, .leastNormalMagnitude, Double.leastNormalMagnitude.nextDown,
      Double.leastNormalMagnitude.nextUp,
    ]
    for i in 0...128 {
      let edge = 1 + Double(i) / 128
      logValues += [edge, edge.nextDown, edge.nextUp, edge + 1.0 / 256, 3 * edge, edge / 7]
    }
    var v = 1e-20
    while v < 1e20 {
      logValues.append(v)
      v *= 1.0137
    }
    for value in logValues {
      let (mine, libm) = (Math.log(value), Foundation.log(value))
      #expect(close(mine, libm) || Swift.abs(mine - libm) < 2e-16, "log(\(value))")
    }
    x = -2000
    while x < 2000 {
      #expect(Swift.abs(Math.sin(x) - Foundation.sin(x)) < 1e-13, "sin(\(x))")
      #expect(Swift.abs(Math.cos(x) - Foundation.cos(x)) < 1e-13, "cos(\(x))")
      x += 0.731
    }
    // Past the accurate range, a bounded angle: a spring sampled 10⁴⁶ s out (a damping ratio of
    // 10⁻⁴⁸, found by the fuzzer) or at 10²⁹⁷ s; not finite, the angle 0.
    for huge in [1e9, -1e9, 6.7e47, -1e300, Double.greatestFiniteMagnitude] {
      let (s, c) = (Math.sin(huge), Math.cos(huge))
      #expect(s.isFinite && c.isFinite && Swift.abs(s) <= 1 && Swift.abs(c) <= 1, "\(huge)")
      #expect(Swift.abs(s * s + c * c - 1) < 1e-12, "sin² + cos² at \(huge)")
    }
    #expect(Math.cos(.infinity) == 1 && Math.sin(-.infinity) == 0 && Math.cos(.nan) == 1)
    #expect(Math.exp(800) == .infinity && Math.exp(-800) == 0 && Math.log(0) == -.infinity)
    #expect(Math.log(-1).isNaN && Math.exp(.nan).isNaN)
    // Outside the positive normal range the careful path answers.
    #expect(Math.log(.infinity) == .infinity && Math.log(.nan).isNaN && Math.log(-0.0) == -.infinity)
    #expect(Math.log(-.infinity).isNaN && Math.log(-.leastNonzeroMagnitude).isNaN)
  }

  let landing = Motion.LandingBand(minimumRate: 0.990, maximumRate: 0.9985)

  func plan(_ from: Double, _ velocity: Double, _ to: Double, omega: Double = 20.94,
            ratio: Double = 1) -> Motion {
    Motion.plan(
      from: from, velocity: velocity, to: to, omega: omega, dampingRatio: ratio, landing: landing,
      epsilonOffset: 0.25, epsilonVelocity: 1)
  }

  @Test("a release heading for its target lands on it by exponential decay")
  func decayLanding() {
    // 1000 pt/s toward a target 200 pt away: k = 5/s, i.e. 0.995 kept per millisecond.
    let motion = plan(0, 1000, 200)
    #expect(motion.kind == .decay)
    #expect(Swift.abs(motion.decay - 5) < 1e-12)
    let start = motion.sample(at: 0)
    #expect(start.offset == 0 && start.velocity == 1000 && !start.settled)
    var previous = 0.0
    for step in 1...100 {
      let state = motion.sample(at: Double(step) * 0.01)
      #expect(state.offset >= previous && state.offset <= 200)
      previous = state.offset
    }
    let end = motion.sample(at: motion.duration)
    #expect(end.offset == 200 && end.velocity == 0 && end.settled)
    // ln(200 / 0.25) / 5 and ln(1000 / 1) / 5: the velocity bound is the later one.
    #expect(Swift.abs(motion.duration - Foundation.log(1000) / 5) < 1e-9)
  }

  @Test("a decay that would need an implausible rate becomes a spring")
  func implausibleDecay() {
    // 100 pt/s over 500 pt would keep 0.9998 per ms: slower than UIKit's normal rate.
    #expect(plan(0, 100, 500).kind == .spring)
    // A release away from the target is never a decay.
    #expect(plan(100, 500, 0).kind == .spring)
    #expect(plan(42, 0.5, 42.1).kind == .none)
  }

  @Test("springs of every damping regime solve m·x″ + c·x′ + k·x = 0", arguments: [0.3, 1.0, 2.5])
  func springEquation(ratio: Double) {
    let omega = 18.0
    let motion = plan(100, 800, 0, omega: omega, ratio: ratio)  // released away from 0
    #expect(motion.kind == .spring)
    let start = motion.sample(at: 0)
    #expect(start.offset == 100 && start.velocity == 800)
    let h = 1e-5
    for step in 1...40 {
      let t = Double(step) * 0.01
      guard t + h < motion.duration else { break }
      let before = motion.sample(at: t - h)
      let now = motion.sample(at: t)
      let after = motion.sample(at: t + h)
      // The reported velocity is the derivative of the offset…
      let derivative = (after.offset - before.offset) / (2 * h)
      #expect(Swift.abs(derivative - now.velocity) < 1e-3 * max(1, Swift.abs(now.velocity)))
      // …and the offset obeys x″ = −ω²·x − 2ζω·x′ (target 0).
      let acceleration = (after.velocity - before.velocity) / (2 * h)
      let expected = -omega * omega * now.offset - 2 * ratio * omega * now.velocity
      #expect(Swift.abs(acceleration - expected) < 1e-3 * max(1, Swift.abs(expected)))
    }
    let end = motion.sample(at: motion.duration)
    #expect(end.settled && end.offset == 0 && end.velocity == 0)
  }

  @Test("the settling time bounds position and velocity from then on", arguments: [0.2, 1.0, 3.0])
  func settlingBound(ratio: Double) {
    let motion = plan(-300, 2500, 40, omega: 25, ratio: ratio)
    // Sample the spring itself past `duration` through a motion that never settles.
    var open = motion
    open.duration = .infinity
    var t = motion.duration
    while t < motion.duration * 3 + 1 {
      let state = open.sample(at: t)
      #expect(Swift.abs(state.offset - 40) <= motion.epsilonOffset + 1e-12, "t = \(t)")
      #expect(Swift.abs(state.velocity) <= motion.epsilonVelocity + 1e-9, "t = \(t)")
      t += 0.003
    }
    #expect(!motion.sample(at: motion.duration * 0.5).settled)
  }

  @Test("a critically or over-damped spring never overshoots, however hard the release", arguments: [1.0, 1.5])
  func noOvershoot(ratio: Double) {
    // 20,000 pt/s toward a target 287 pt away: far too fast for a landing decay.
    let motion = plan(660, 20000, 947, ratio: ratio)
    #expect(motion.kind == .spring)
    #expect(motion.omega > 20.94)  // stiffened just enough
    var t = 0.0
    while t < motion.duration {
      let state = motion.sample(at: t)
      #expect(state.offset <= 947 + 1e-9, "t = \(t): \(state.offset)")
      t += 0.0005
    }
    #expect(motion.sample(at: 0).velocity == 20000)
    // An underdamped (bouncy) spring is allowed its overshoot.
    let bouncy = plan(660, 20000, 947, ratio: 0.5)
    var peak = 0.0
    t = 0
    while t < bouncy.duration { peak = max(peak, bouncy.sample(at: t).offset); t += 0.001 }
    #expect(peak > 947)
  }

  @Test("a release a hair from its target, or absurdly fast, gives a finite motion", arguments: [1.0, 1.5])
  func extremeReleases(ratio: Double) {
    // Within the offset tolerance and heading for the target: it stops there (no motion).
    for distance in [1e-300, 1e-200, 1e-9, 0.2] {
      let motion = plan(-distance, 1000, 0, ratio: ratio)
      #expect(motion.kind == .none, "\(distance)")
      #expect(motion.sample(at: 0) == (0, 0, true))
    }
    // Farther than the tolerance at the fastest release velocity (resolving clamps to it): a
    // capped spring whose samples stay finite and which settles on the target.
    for velocity in [1e4, 1e5, ScrollRelease.maximumVelocity] {
      let motion = plan(0, velocity, 3, ratio: ratio)
      #expect(motion.omega.isFinite && motion.omega <= Motion.maximumOmega)
      #expect(motion.duration.isFinite && motion.duration >= 0, "\(velocity): \(motion)")
      for t in [0, 1e-9, 1e-6, 1e-3, motion.duration / 2] {
        let state = motion.sample(at: t)
        #expect(state.offset.isFinite && state.velocity.isFinite, "\(velocity) at \(t)")
      }
      #expect(motion.sample(at: motion.duration) == (3, 0, true))
    }
  }

  @Test("retargeting continues from the current offset and velocity")
  func retarget() {
    let first = plan(0, 1200, 327)
    let state = first.sample(at: 0.05)
    let second = first.retargeted(at: 0.05, to: 654)
    let start = second.sample(at: 0)
    #expect(start.offset == state.offset && start.velocity == state.velocity)
    #expect(second.sample(at: second.duration).offset == 654)
    // Reversing mid-flight: the spring carries the forward velocity into the turn.
    let back = first.retargeted(at: 0.05, to: 0)
    #expect(back.kind == .spring)
    #expect(back.sample(at: 0.001).offset > state.offset)
  }
}
