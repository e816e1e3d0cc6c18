extension Double {
  /// This value with −0 turned into +0 (every other value unchanged): what an offset, a
  /// velocity or a progress is when it leaves the library, so that a host printing or
  /// comparing it bit for bit never sees "-0" (docs/C-API.md, "Numbers"). One addition:
  /// IEEE 754 gives −0 + 0 = +0.
  @inline(always)
  public var positiveZero: Double { self + 0 }
}
