import CSnapLayout
import CSnapLayoutSupport

#if canImport(SnapLayoutCore)
  import SnapLayoutCore
#endif
#if canImport(SnapLayoutConfig)
  import SnapLayoutConfig
#endif

/// The object behind an `sl_layout *`: the layout plus the C strings it hands out.
final class LayoutHandle {
  /// A section's visible-items handler and its user data.
  struct Handler {
    let function: sl_visible_items_handler
    let userData: UnsafeMutableRawPointer?
  }

  let layout: Layout
  /// How the configuration decoded its sections, for sections inserted later.
  let sectionContext: ConfigDecoder.SectionContext
  /// NUL-terminated copies of the element kind names, owned by the handle.
  private(set) var kindNames: [UnsafeMutablePointer<CChar>]
  /// The handlers set, by the tag their section keeps (`Layout.hostTag(section:)`), which
  /// follows the section through inserts, deletes and moves: a change of the sections costs
  /// the handlers nothing.
  private(set) var handlers: [Handler?] = []
  private var freeTags: [Int32] = []
  /// How many handlers are set: 0 means queries pay nothing for them.
  private(set) var handlerCount = 0

  init(_ layout: Layout, sectionContext: ConfigDecoder.SectionContext) {
    self.layout = layout
    self.sectionContext = sectionContext
    kindNames = layout.kinds.names.map { LayoutHandle.cString($0) }
  }

  /// Follows a change of the layout's sections: new kind names, and the tags of deleted
  /// sections' handlers given back. Call with `deleted`, the tags of the sections the change
  /// deletes, read before it.
  func sectionsChanged(deletedTags deleted: [Int32]) {
    for name in layout.kinds.names.dropFirst(kindNames.count) {
      kindNames.append(LayoutHandle.cString(name))
    }
    for tag in deleted where tag >= 0 { release(tag) }
  }

  /// The handler of `section`, if any.
  func handler(section: Int) -> Handler? {
    guard handlerCount > 0, let tag = try? layout.hostTag(section: section), tag >= 0 else {
      return nil
    }
    return handlers[Int(tag)]
  }

  /// Sets (or with nil, removes) the handler of an existing section.
  func setHandler(_ handler: Handler?, section: Int) throws(LayoutError) {
    let tag = try layout.hostTag(section: section)
    if tag >= 0 { release(tag) }
    guard let handler else {
      try layout.setHostTag(-1, section: section)
      return
    }
    let new: Int32
    if let free = freeTags.popLast() {
      new = free
      handlers[Int(new)] = handler
    } else {
      new = Int32(handlers.count)
      handlers.append(handler)
    }
    handlerCount += 1
    try layout.setHostTag(new, section: section)
  }

  private func release(_ tag: Int32) {
    handlers[Int(tag)] = nil
    freeTags.append(tag)
    handlerCount -= 1
  }

  deinit {
    for name in kindNames { sl__free(name) }
  }

  /// The handle as an opaque C pointer; the caller owns one reference.
  func retainedPointer() -> OpaquePointer {
    OpaquePointer(Unmanaged.passRetained(self).toOpaque())
  }

  /// Runs `body` with the handle behind a C pointer, borrowed: the C caller's reference keeps
  /// it alive for the call, so no reference counting is needed on the hot path.
  @inline(always)
  static func with<R>(_ pointer: OpaquePointer, _ body: (LayoutHandle) -> R) -> R {
    Unmanaged<LayoutHandle>.fromOpaque(UnsafeRawPointer(pointer))._withUnsafeGuaranteedRef(body)
  }

  /// Releases the reference owned by the C caller.
  static func release(_ pointer: OpaquePointer) {
    Unmanaged<LayoutHandle>.fromOpaque(UnsafeRawPointer(pointer)).release()
  }

  /// A malloc'd NUL-terminated copy of `text`.
  static func cString(_ text: String) -> UnsafeMutablePointer<CChar> {
    let count = text.utf8.count
    let memory = sl__malloc(count + 1)!.bindMemory(to: CChar.self, capacity: count + 1)
    var index = 0
    for byte in text.utf8 {
      memory[index] = CChar(bitPattern: byte)
      index += 1
    }
    memory[count] = 0
    return memory
  }
}

/// Runs `body` with the layout behind a C pointer, borrowed (the C caller's reference keeps
/// it alive, so no reference counting), and turns a thrown error into its status.
@inline(always)
func withLayout(_ pointer: OpaquePointer, _ body: (Layout) throws(LayoutError) -> Int32) -> Int32 {
  LayoutHandle.with(pointer) { handle in
    do throws(LayoutError) {
      return try body(handle.layout)
    } catch {
      return ErrorRecord.fail(error)
    }
  }
}

/// The handle behind a C pointer, borrowed for the duration of the export that asks.
@inline(always)
func handle(_ pointer: OpaquePointer) -> LayoutHandle {
  Unmanaged<LayoutHandle>.fromOpaque(UnsafeRawPointer(pointer)).takeUnretainedValue()
}

/// `SL_ESTATE` when a visible-items handler of the layout behind `pointer` is running on the
/// calling thread, else nil: a handler must not change its layout, nor any layout whose
/// handler it was called from (snaplayout.h, `sl_visible_items_handler`; docs/C-API.md,
/// "Visible-items handlers"). Every export that changes a layout asks first.
@inline(always)
func refusedInsideHandler(_ pointer: OpaquePointer?, _ function: String) -> Int32? {
  guard let pointer, sl__in_handler(UnsafeRawPointer(pointer)) != 0 else { return nil }
  return insideHandler(function)
}

@inline(never)
private func insideHandler(_ function: String) -> Int32 {
  ErrorRecord.fail(
    SL_ESTATE,
    "\(function) would change the layout while one of its visible-items handlers runs on this "
      + "thread; make the change after sl_layout_get_elements_in_rect returns", path: "layout")
}
