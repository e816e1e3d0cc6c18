/// Why the engine refused a request. Messages are sentences for a human; `path` is an RFC 6901
/// JSON Pointer into the configuration (built from UIKit's property names) or the name of the
/// offending argument.
public struct LayoutError: Error, Equatable, Sendable {
  public enum Kind: Equatable, Sendable {
    /// The description cannot be solved at this size (a group that cannot fit, an overflow).
    case invalidLayout
    /// An index outside its valid range.
    case outOfRange
    /// An argument that is not finite, negative or otherwise unusable.
    case invalidArgument
    /// A geometry query before any container size was set.
    case noContainer
  }

  public var kind: Kind
  public var message: String
  public var path: String

  public init(_ kind: Kind, _ message: String, path: String = "") {
    self.kind = kind
    self.message = message
    self.path = path
  }
}

extension LayoutError {
  /// The error of a section index outside `0 ..< count`, at `path`: one builder for every
  /// check (docs/PERFORMANCE.md, "Library size").
  @inline(never)
  static func sectionOutOfRange(_ section: Int, count: Int, path: String = "section")
    -> LayoutError
  {
    LayoutError(
      .outOfRange, "section \(section) does not exist; the layout has \(count) sections",
      path: path)
  }
}
