import CSnapLayout
import CSnapLayoutSupport

#if canImport(SnapLayoutCore)
  import SnapLayoutCore
#endif
#if canImport(SnapLayoutConfig)
  import SnapLayoutConfig
#endif

@implementation @_cdecl("sl_layout_copy_json")
public func sl_layout_copy_json(
  _ layout: OpaquePointer?, _ rect: UnsafePointer<sl_rect>?,
  _ outJSON: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, _ outLength: UnsafeMutablePointer<Int>?
) -> Int32 {
  guard let layout else { return ErrorRecord.null("layout") }
  guard let outJSON else { return ErrorRecord.null("out_json") }
  let bytes: [UInt8]
  do {
    bytes = try LayoutJSONWriter.render(
      handle(layout).layout, rect: rect.map { Rect($0.pointee) })
  } catch {
    return ErrorRecord.fail(error)
  }
  guard let memory = sl__malloc(bytes.count + 1) else {
    return ErrorRecord.fail(SL_ENOMEM, "could not allocate \(bytes.count + 1) bytes for the JSON")
  }
  let text = memory.bindMemory(to: CChar.self, capacity: bytes.count + 1)
  bytes.withUnsafeBytes { source in
    if let base = source.baseAddress { sl__memcpy(text, base, bytes.count) }
  }
  text[bytes.count] = 0
  outJSON.pointee = text
  outLength?.pointee = bytes.count
  return SL_OK
}
