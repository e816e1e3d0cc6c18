import CSnapLayout
import SnapLayout
import Testing

/// The exports called from Swift in a normal build (the C tests call the Embedded .so).
@Suite("C ABI (normal build)")
struct ABITests {
  static let config = #"""
    {"environment": {"container": {"width": 400, "height": 800}},
     "sections": [{"itemCount": 5,
       "boundarySupplementaryItems": [{"elementKind": "header", "alignment": "top",
         "layoutSize": {"widthDimension": {"fractionalWidth": 1}, "heightDimension": {"absolute": 40}}}],
       "group": {"group": "horizontal",
         "layoutSize": {"widthDimension": {"fractionalWidth": 1}, "heightDimension": {"absolute": 100}},
         "subitem": {"layoutSize": {"widthDimension": {"fractionalWidth": 1}, "heightDimension": {"fractionalHeight": 1}}},
         "count": 2}}]}
    """#

  func create(_ text: String) -> (Int32, OpaquePointer?) {
    var layout: OpaquePointer?
    let bytes = Array(text.utf8)
    let status = bytes.withUnsafeBufferPointer { buffer in
      buffer.withMemoryRebound(to: CChar.self) { sl_layout_create($0.baseAddress, $0.count, &layout) }
    }
    return (status, layout)
  }

  func lastError() -> (code: Int32, message: String, path: String) {
    let error = sl_error_last()!.pointee
    return (error.code, String(cString: error.message), String(cString: error.path))
  }

  @Test("create, query with the two-call pattern, destroy")
  func roundTrip() throws {
    let (status, layout) = create(Self.config)
    #expect(status == SL_OK)
    defer { sl_layout_destroy(layout) }
    var frame = sl_rect()
    #expect(sl_layout_get_item_frame(layout, 0, 3, &frame) == SL_OK)
    #expect((frame.x, frame.y, frame.width, frame.height) == (200, 140, 200, 100))

    var count = 0
    let rect = sl_rect(x: 0, y: 0, width: 400, height: 140)
    #expect(sl_layout_get_elements_in_rect(layout, rect, nil, 0, &count) == SL_OK)
    #expect(count == 3)  // the header and items 0 and 1
    var buffer = [sl_element](repeating: sl_element(), count: 2)
    #expect(sl_layout_get_elements_in_rect(layout, rect, &buffer, 2, &count) == SL_EBUFS)
    #expect(count == 3)
    #expect(buffer[0].category == SL_ELEMENT_CELL && buffer[0].kind == SL_KIND_CELL)
    #expect(buffer[1].item == 1 && buffer[1].alpha == 1 && buffer[1].transform.a == 1)

    var name: UnsafePointer<CChar>?
    var kind: Int32 = -9
    #expect(sl_layout_find_element_kind(layout, "header", &kind) == SL_OK)
    #expect(sl_layout_get_element_kind_name(layout, kind, &name) == SL_OK)
    #expect(String(cString: name!) == "header")
  }

  @Test("failures set the thread's error record; success leaves it")
  func errorRecord() {
    sl_error_clear()
    #expect(lastError().code == SL_OK && lastError().message.isEmpty)
    let (status, layout) = create(#"{"sections": [], "sectoins": 1}"#)
    #expect(status == SL_ECONFIG && layout == nil)
    #expect(lastError().path == "/sectoins")
    #expect(lastError().message.contains("did you mean 'sections'?"))
    var count: Int32 = 0
    #expect(sl_layout_get_section_count(nil, &count) == SL_EINVAL)
    #expect(lastError() == (SL_EINVAL, "layout must not be NULL", "layout"))
    let (ok, other) = create(#"{"sections": []}"#)
    #expect(ok == SL_OK)
    #expect(lastError().code == SL_EINVAL)
    sl_layout_destroy(other)
  }

  @Test("messages longer than the record are cut at a character boundary")
  func longMessages() {
    let kind = String(repeating: "é", count: 200)  // 400 bytes of two-byte characters
    let text = #"{"sections": [], "\#(kind)\#(kind)\#(kind)": 1}"#
    let (status, _) = create(text)
    #expect(status == SL_ECONFIG)
    let message = lastError().message
    #expect(message.utf8.count <= 1023)
    #expect(message.hasPrefix("unknown key 'éé"))
    #expect(!message.unicodeScalars.contains("\u{FFFD}"))
  }

  @Test("status strings and version")
  func staticText() {
    #expect(String(cString: sl_status_string(SL_ECONFIG)!) == "invalid configuration")
    #expect(String(cString: sl_status_string(-100)!) == "unknown status")
    #expect(sl_version_number() == SL_VERSION_MAJOR * 1_000_000 + SL_VERSION_MINOR * 1_000 + SL_VERSION_PATCH)
    #expect(String(cString: sl_version_string()!) == SL_VERSION_STRING)
  }
}
