import CSnapLayout
import CSnapLayoutSupport

@implementation @_cdecl("sl_version_number")
public func sl_version_number() -> Int32 {
  SL_VERSION_MAJOR * 1_000_000 + SL_VERSION_MINOR * 1_000 + SL_VERSION_PATCH
}

@implementation @_cdecl("sl_version_string")
public func sl_version_string() -> UnsafePointer<CChar>? {
  StaticText.version
}

@implementation @_cdecl("sl_status_string")
public func sl_status_string(_ status: Int32) -> UnsafePointer<CChar>? {
  StaticText.status(status)
}

@implementation @_cdecl("sl_error_last")
public func sl_error_last() -> UnsafePointer<sl_error>? {
  sl__error_get()
}

@implementation @_cdecl("sl_error_clear")
public func sl_error_clear() {
  sl__error_set(SL_OK, "", 0, "", 0, 0, 0)
}

@implementation @_cdecl("sl_free")
public func sl_free(_ memory: UnsafeMutableRawPointer?) {
  sl__free(memory)
}

/// Static C strings: string literals live in read-only memory for the life of the library.
enum StaticText {
  static var version: UnsafePointer<CChar> { pointer("0.2.0") }
  static var cellKind: UnsafePointer<CChar> { pointer("cell") }

  static func status(_ status: Int32) -> UnsafePointer<CChar> {
    switch status {
    case SL_OK: return pointer("success")
    case SL_EINVAL: return pointer("invalid argument")
    case SL_EPARSE: return pointer("malformed JSON")
    case SL_ECONFIG: return pointer("invalid configuration")
    case SL_ERANGE: return pointer("index out of range")
    case SL_EBUFS: return pointer("buffer too small")
    case SL_ENOMEM: return pointer("out of memory")
    case SL_ESTATE: return pointer("invalid state")
    case SL_ENOTFOUND: return pointer("not found")
    default: return pointer("unknown status")
    }
  }

  private static func pointer(_ text: StaticString) -> UnsafePointer<CChar> {
    UnsafeRawPointer(text.utf8Start).assumingMemoryBound(to: CChar.self)
  }
}
