/// Everything a configuration says about a section but its item count, shared by the sections
/// described alike, with the root group solved once per container size for all of them
/// (docs/ARCHITECTURE.md, "Many sections"): a feed of 100,000 sections of one kind holds one
/// description and one template.
///
/// Immutable but for the template cache, which only solving (a change of the layout, never a
/// query) writes.
final class SectionShape {
  /// As described, in the host's orientation; its item count is 0 (each section has its own).
  let host: LayoutSection
  /// In canonical coordinates: `host` transposed in a horizontal layout, `host` otherwise.
  let canonical: LayoutSection
  /// Whether the section scrolls across the main axis, and its visible-item effects (read by
  /// queries).
  let isOrthogonal: Bool
  let visibleItemEffects: VisibleItemEffects?
  /// A section with variants: the shape of each variant, in order (this shape is the
  /// section's own keys, in force when no variant matches); empty otherwise
  /// (docs/LAYOUT-RULES.md, "Sections that adapt to the container").
  var variantShapes: [SectionShape] { variants ?? [] }
  /// Nil rather than empty for a section without variants: a plain shape releases no array.
  let variants: [SectionShape]?
  /// The template solved at `container` (canonical), shared by the sections of this shape
  /// whose cells the host measured no section-wide length for.
  private(set) var cached: (container: Size, template: SectionTemplate)?

  /// - Precondition: `host.itemCount` is 0.
  init(host: LayoutSection, transposed: Bool) {
    self.host = host
    canonical = transposed ? host.transposed : host
    isOrthogonal = host.isOrthogonal
    visibleItemEffects = canonical.visibleItemEffects
    variants =
      host.variants.isEmpty
      ? nil
      : host.variants.map { variant in
        var section = variant.section
        section.itemCount = 0
        section.variants = []
        return SectionShape(host: section, transposed: transposed)
      }
  }

  /// The shape in force at `effective`, the container's effective content size in the host's
  /// orientation: the first variant whose range holds it, else this one.
  /// - Complexity: O(variants).
  func inForce(at effective: Size) -> SectionShape {
    guard let index = host.variantIndex(at: effective) else { return self }
    return variants![index]
  }

  /// The index of `shape` among the variants' shapes, nil for this shape (or another).
  func variantIndex(of shape: SectionShape) -> Int? {
    for (index, variant) in variantShapes.enumerated() where variant === shape { return index }

    return nil
  }

  /// The template solved at `container`, if it was.
  func template(at container: Size) -> SectionTemplate? {
    guard let cached, cached.container == container else { return nil }
    return cached.template
  }

  func cache(_ template: SectionTemplate, at container: Size) {
    cached = (container, template)
  }
}

/// Finds the shape of a section among the shapes met recently, so that sections described
/// alike share one (`SectionShape`).
///
/// A configuration repeats a few descriptions, in runs or in turn (a header section, then rows
/// of one kind): the last `capacity` distinct shapes are compared, most recent first. Sections
/// described alike further apart get shapes of their own, which costs memory, not answers.
struct SectionShapes {
  static let capacity = 4
  private var recent: [SectionShape] = []
  let transposed: Bool

  init(transposed: Bool) { self.transposed = transposed }

  /// The shape of `section` (host orientation; its item count is ignored).
  /// - Complexity: O(capacity) comparisons of descriptions.
  mutating func shape(of section: LayoutSection) -> SectionShape {
    var host = section
    host.itemCount = 0
    for (index, shape) in recent.enumerated() where shape.host == host {
      if index > 0 {
        recent.remove(at: index)
        recent.insert(shape, at: 0)
      }
      return shape
    }
    let shape = SectionShape(host: host, transposed: transposed)
    recent.insert(shape, at: 0)
    if recent.count > SectionShapes.capacity { recent.removeLast() }
    return shape
  }

  /// A new section's entry: its shape, and its flow items' own sizes, which move into the
  /// layout's storage, where the host changes them.
  mutating func entry(for section: LayoutSection) -> SectionEntry {
    var host = section
    var flowSizes: FlowSizes? = nil
    if section.flowItems?.itemSizes != nil {
      flowSizes = FlowSizes(given: transposed ? section.transposed : section)
      host.flowItems?.itemSizes = nil
    }
    var entry = SectionEntry(shape: shape(of: host), itemCount: section.itemCount)
    entry.flowSizes = flowSizes
    // Until a container size chooses, the section's own keys are in force.
    if entry.shape.variants != nil { entry.adaptive = entry.shape }
    return entry
  }
}
