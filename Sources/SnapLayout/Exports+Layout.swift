import CSnapLayout

#if canImport(SnapLayoutCore)
  import SnapLayoutCore
#endif
#if canImport(SnapLayoutConfig)
  import SnapLayoutConfig
#endif

@implementation @_cdecl("sl_layout_create")
public func sl_layout_create(
  _ json: UnsafePointer<CChar>?, _ length: Int, _ outLayout: UnsafeMutablePointer<OpaquePointer?>?
) -> Int32 {
  guard let json else { return ErrorRecord.null("json") }
  guard let outLayout else { return ErrorRecord.null("out_layout") }
  // Lengths over 64 MiB are refused by the decoder (SL_EPARSE); only a length that cannot be
  // the size of any buffer is an argument error.
  guard length >= 0 else {
    return ErrorRecord.fail(
      SL_EINVAL, "length \(UInt(bitPattern: length)) is not the size of a buffer", path: "length")
  }
  let decoded: (description: LayoutDescription, context: ConfigDecoder.SectionContext)
  do {
    decoded = try ConfigDecoder.decodeWithContext(
      UnsafeRawBufferPointer(start: json, count: length))
  } catch {
    return ErrorRecord.fail(error)
  }
  do {
    outLayout.pointee = LayoutHandle(
      try Layout.solving(decoded.description), sectionContext: decoded.context
    ).retainedPointer()
    return SL_OK
  } catch {
    return ErrorRecord.fail(error)
  }
}

@implementation @_cdecl("sl_layout_destroy")
public func sl_layout_destroy(_ layout: OpaquePointer?) {
  if refusedInsideHandler(layout, "sl_layout_destroy") != nil { return }
  guard let layout else { return }
  LayoutHandle.release(layout)
}

@implementation @_cdecl("sl_layout_set_container_size")
public func sl_layout_set_container_size(
  _ layout: OpaquePointer?, _ width: Double, _ height: Double
) -> Int32 {
  if let refused = refusedInsideHandler(layout, "sl_layout_set_container_size") { return refused }
  guard let layout else { return ErrorRecord.null("layout") }
  return withLayout(layout) { target throws(LayoutError) in
    try target.setContainerSize(Size(width: width, height: height))
    return SL_OK
  }
}

@implementation @_cdecl("sl_layout_get_container_size")
public func sl_layout_get_container_size(
  _ layout: OpaquePointer?, _ outSize: UnsafeMutablePointer<sl_size>?
) -> Int32 {
  guard let layout else { return ErrorRecord.null("layout") }
  guard let outSize else { return ErrorRecord.null("out_size") }
  guard let size = handle(layout).layout.containerSize else {
    return ErrorRecord.fail(SL_ESTATE, "the layout has no container size yet", path: "layout")
  }
  outSize.pointee = sl_size(width: size.width, height: size.height)
  return SL_OK
}

@implementation @_cdecl("sl_layout_get_content_size")
public func sl_layout_get_content_size(
  _ layout: OpaquePointer?, _ outSize: UnsafeMutablePointer<sl_size>?
) -> Int32 {
  guard let layout else { return ErrorRecord.null("layout") }
  guard let outSize else { return ErrorRecord.null("out_size") }
  guard let size = handle(layout).layout.contentSize else {
    return ErrorRecord.fail(
      SL_ESTATE, "the layout has no container size yet; set one before asking for geometry",
      path: "layout")
  }
  outSize.pointee = sl_size(width: size.width, height: size.height)
  return SL_OK
}

@implementation @_cdecl("sl_layout_set_section_offset")
public func sl_layout_set_section_offset(
  _ layout: OpaquePointer?, _ section: Int32, _ offset: Double
) -> Int32 {
  if let refused = refusedInsideHandler(layout, "sl_layout_set_section_offset") { return refused }
  guard let layout else { return ErrorRecord.null("layout") }
  return withLayout(layout) { target throws(LayoutError) in
    try target.setOrthogonalOffset(offset, section: Int(section))
    return SL_OK
  }
}

@implementation @_cdecl("sl_layout_get_section_offset")
public func sl_layout_get_section_offset(
  _ layout: OpaquePointer?, _ section: Int32, _ outOffset: UnsafeMutablePointer<Double>?
) -> Int32 {
  guard let layout else { return ErrorRecord.null("layout") }
  guard let outOffset else { return ErrorRecord.null("out_offset") }
  return withLayout(layout) { target throws(LayoutError) in
    outOffset.pointee = try target.orthogonalOffset(section: Int(section))
    return SL_OK
  }
}
