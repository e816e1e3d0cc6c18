/// Why a configuration was refused.
public struct ConfigError: Error, Equatable, Sendable {
  public enum Kind: Equatable, Sendable {
    /// The text is not well-formed JSON (or is too long); `line` and `column` say where.
    case syntax
    /// The JSON is well-formed but does not describe a valid layout; `path` says where.
    case invalid
  }

  public var kind: Kind
  /// A sentence for a human.
  public var message: String
  /// The RFC 6901 JSON Pointer of the offending value ("" for the whole document).
  public var path: String
  /// 1-based line and byte column of a syntax error, else 0.
  public var line: Int
  public var column: Int

  @_optimize(size) public init(_ kind: Kind, _ message: String, path: String = "", line: Int = 0, column: Int = 0) {
    self.kind = kind
    self.message = message
    self.path = path
    self.line = line
    self.column = column
  }

  @_optimize(size) static func invalid(_ message: String, at path: String) -> ConfigError {
    ConfigError(.invalid, message, path: path)
  }
}
