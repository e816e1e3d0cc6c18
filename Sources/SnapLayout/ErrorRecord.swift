import CSnapLayout
import CSnapLayoutSupport

#if canImport(SnapLayoutCore)
  import SnapLayoutCore
#endif
#if canImport(SnapLayoutConfig)
  import SnapLayoutConfig
#endif

/// The one place that turns failures into a status code plus the calling thread's error record
/// (docs/ARCHITECTURE.md, "Modules": every export maps its errors through this one helper).
enum ErrorRecord {
  /// Records a failure and returns `status`.
  static func fail(
    _ status: Int32, _ message: String, path: String = "", line: Int = 0, column: Int = 0
  ) -> Int32 {
    var message = message
    var path = path
    message.withUTF8 { text in
      path.withUTF8 { where_ in
        text.withMemoryRebound(to: CChar.self) { text in
          where_.withMemoryRebound(to: CChar.self) { where_ in
            sl__error_set(
              status, text.baseAddress, text.count, where_.baseAddress, where_.count,
              Int32(clamping: line), Int32(clamping: column))
          }
        }
      }
    }
    return status
  }

  static func fail(_ error: LayoutError) -> Int32 {
    let status: Int32
    switch error.kind {
    case .invalidLayout: status = SL_ECONFIG
    case .outOfRange: status = SL_ERANGE
    case .invalidArgument: status = SL_EINVAL
    case .noContainer: status = SL_ESTATE
    }
    return fail(status, error.message, path: error.path)
  }

  static func fail(_ error: ConfigError) -> Int32 {
    fail(
      error.kind == .syntax ? SL_EPARSE : SL_ECONFIG, error.message, path: error.path,
      line: error.line, column: error.column)
  }

  /// Records that a required pointer argument was NULL.
  static func null(_ argument: String) -> Int32 {
    fail(SL_EINVAL, "\(argument) must not be NULL", path: argument)
  }
}
