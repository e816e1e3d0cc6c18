/// What the section tree (`SectionTree`) knows of one section, relative to the section's start
/// along the main axis (canonical y).
struct SectionExtent: Equatable {
  /// The section's length: where the next section starts, before the spacing between them.
  var length = 0.0
  /// The span of its elements (boundary items and badges may overhang its frame).
  var mainMin = 0.0
  var mainMax = 0.0
  /// Its snap units in the main scroll, and where the first of them rests.
  var units: Int64 = 0
  var firstUnit = Double.infinity
  /// How far its content reaches across the main axis.
  var crossExtent = 0.0
  /// The stride between its repetitions when it follows the main axis and holds items, else 0
  /// (the main scroll's unit stride is the first one that is not 0).
  var stride = 0.0
}

/// The sections of a subtree of `SectionTree` summed up, relative to the start of its first
/// section. Counts, lengths and units are exact; the spans are doubles, used only to choose
/// which sections a query looks at (within `SectionTree.slack` of the truth).
struct ExtentSummary {
  var count = 0
  var length = WideLength.zero
  var units: Int64 = 0
  /// Sections with at least one unit.
  var unitSections = 0
  /// The furthest any element reaches, and the nearest any starts.
  var maxEnd = -Double.infinity
  var minStart = Double.infinity
  /// Where the first unit of the first section with units rests (infinity: none).
  var firstUnit = Double.infinity
  var crossExtent = 0.0
  var stride = 0.0

  init() {}

  /// One section's.
  init(_ extent: SectionExtent) {
    count = 1
    length = WideLength(extent.length)
    units = max(0, extent.units)
    unitSections = extent.units > 0 ? 1 : 0
    maxEnd = extent.mainMax
    minStart = extent.mainMin
    firstUnit = extent.units > 0 ? extent.firstUnit : .infinity
    crossExtent = extent.crossExtent
    stride = extent.stride
  }
}
