import CJSONC

/// A value in a parsed document together with where it is, with typed accessors that throw
/// `ConfigError`s naming its JSON Pointer.
///
/// A node remembers its container and its key or index, not its pointer: the pointer is found
/// by searching the document only when an error names it, so decoding a valid configuration
/// builds no path strings at all.
struct JSONNode {
  let value: OpaquePointer?
  /// The document's root, where the search for a path starts.
  private let root: OpaquePointer?
  /// The object or array holding this value (nil for the root itself).
  private let container: OpaquePointer?
  /// This value's reference token in its container: an object key (json-c's copy, which lives
  /// as long as the document) or an array index.
  private let key: UnsafePointer<CChar>?
  private let index: Int

  /// The root value of a document.
  init(root: OpaquePointer?) {
    value = root
    self.root = root
    container = nil
    key = nil
    index = -1
  }

  private init(
    value: OpaquePointer?, root: OpaquePointer?, container: OpaquePointer,
    key: UnsafePointer<CChar>?, index: Int
  ) {
    self.value = value
    self.root = root
    self.container = container
    self.key = key
    self.index = index
  }

  /// The RFC 6901 JSON Pointer of this value. Costs a search of the document: for errors only.
  var path: String {
    guard let container else { return "" }
    let base = JSONNode.path(of: container, in: root, at: "") ?? ""
    if let key { return JSONNode.pointer(base, appending: String(cString: key)) }
    return base + "/\(index)"
  }

  /// The pointer of `target` within the tree at `node`, found by identity.
  private static func path(of target: OpaquePointer, in node: OpaquePointer?, at path: String)
    -> String?
  {
    guard let node else { return nil }
    if node == target { return path }
    let type = json_object_get_type(node)
    if type == json_type_object {
      var iterator = json_object_iter_begin(node)
      var end = json_object_iter_end(node)
      while json_object_iter_equal(&iterator, &end) == 0 {
        let key = String(cString: json_object_iter_peek_name(&iterator))
        if let found = JSONNode.path(
          of: target, in: json_object_iter_peek_value(&iterator),
          at: pointer(path, appending: key))
        {
          return found
        }
        json_object_iter_next(&iterator)
      }
    } else if type == json_type_array {
      for index in 0..<json_object_array_length(node) {
        if let found = JSONNode.path(
          of: target, in: json_object_array_get_idx(node, index), at: path + "/\(index)")
        {
          return found
        }
      }
    }
    return nil
  }

  /// Appends an escaped reference token (RFC 6901) to a pointer.
  static func pointer(_ path: String, appending token: String) -> String {
    if !token.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }) {
      return path + "/" + token
    }
    var escaped = ""
    for scalar in token.unicodeScalars {
      if scalar == "~" {
        escaped += "~0"
      } else if scalar == "/" {
        escaped += "~1"
      } else {
        escaped.unicodeScalars.append(scalar)
      }
    }
    return path + "/" + escaped
  }

  var typeName: String {
    guard let value else { return "null" }
    let type = json_object_get_type(value)
    if type == json_type_boolean { return "a boolean" }
    if type == json_type_double || type == json_type_int { return "a number" }
    if type == json_type_object { return "an object" }
    if type == json_type_array { return "an array" }
    if type == json_type_string { return "a string" }
    return "null"
  }

  private func isType(_ type: json_type) -> Bool {
    guard let value else { return false }
    return json_object_get_type(value) == type
  }

  func typeError(_ expected: String) -> ConfigError {
    .invalid("expected \(expected), found \(typeName)", at: path)
  }

  // MARK: Objects

  /// The object's members in document order, after checking that every key is known. For
  /// error paths: `object(allowed:)` builds nothing on the heap.
  func members(allowed: [StaticString]) throws(ConfigError) -> [(key: String, node: JSONNode)] {
    let object = try self.object(allowed: allowed)
    var result: [(key: String, node: JSONNode)] = []
    object.forEachMember { name, child in result.append((String(cString: name), child)) }
    return result
  }

  /// The index of the entry of `names` whose bytes are those of the C string `name`.
  private static func index(of name: UnsafePointer<CChar>, in names: [StaticString]) -> Int? {
    for index in names.indices where JSONObject.equal(names[index], name) { return index }
    return nil
  }

  /// Checks the object's keys (each one of `allowed`, at most 64) and returns a lookup of its
  /// members. Builds nothing on the heap and no string: the object remembers which of
  /// `allowed` it has (docs/PERFORMANCE.md, "Many sections and kinds").
  func object(allowed: [StaticString]) throws(ConfigError) -> JSONObject {
    guard isType(json_type_object), let value else { throw typeError("an object") }
    var present: UInt64 = 0
    var count = 0
    var first = -1
    var iterator = json_object_iter_begin(value)
    var end = json_object_iter_end(value)
    while json_object_iter_equal(&iterator, &end) == 0 {
      let name = json_object_iter_peek_name(&iterator)!
      guard let known = JSONNode.index(of: name, in: allowed) else {
        let key = String(cString: name)
        let child = JSONNode(
          value: json_object_iter_peek_value(&iterator), root: root, container: value,
          key: name, index: -1)
        var candidates: [String] = []
        for allowedKey in allowed { candidates.append(allowedKey.description) }
        throw .invalid(
          "unknown key '\(key)'" + KeySuggestion.hint(for: key, in: candidates), at: child.path)
      }
      if first < 0 { first = known }
      present |= 1 << UInt64(known)
      count += 1
      json_object_iter_next(&iterator)
    }
    return JSONObject(node: self, allowed: allowed, present: present, count: count, first: first)
  }

  /// The first member of this object (a JSON object) whose key `matches`; nil when none does.
  fileprivate func member(
    where matches: (UnsafePointer<CChar>) -> Bool
  ) -> JSONNode? {
    guard let value else { return nil }
    var iterator = json_object_iter_begin(value)
    var end = json_object_iter_end(value)
    while json_object_iter_equal(&iterator, &end) == 0 {
      let name = json_object_iter_peek_name(&iterator)!
      if matches(name) {
        return JSONNode(
          value: json_object_iter_peek_value(&iterator), root: root, container: value,
          key: name, index: -1)
      }
      json_object_iter_next(&iterator)
    }
    return nil
  }

  /// Calls `body` with each member of this object (a JSON object) in document order.
  fileprivate func forEachMember(_ body: (UnsafePointer<CChar>, JSONNode) -> Void) {
    guard let value else { return }
    var iterator = json_object_iter_begin(value)
    var end = json_object_iter_end(value)
    while json_object_iter_equal(&iterator, &end) == 0 {
      let name = json_object_iter_peek_name(&iterator)!
      body(
        name,
        JSONNode(
          value: json_object_iter_peek_value(&iterator), root: root, container: value,
          key: name, index: -1))
      json_object_iter_next(&iterator)
    }
  }

  // MARK: Arrays

  func array(maxCount: Int) throws(ConfigError) -> [JSONNode] {
    guard isType(json_type_array), let value else { throw typeError("an array") }
    let count = json_object_array_length(value)
    guard count <= maxCount else {
      throw .invalid("the array has \(count) entries; the limit is \(maxCount)", at: path)
    }
    var result: [JSONNode] = []
    result.reserveCapacity(count)
    for index in 0..<count {
      result.append(
        JSONNode(
          value: json_object_array_get_idx(value, index), root: root, container: value, key: nil,
          index: index))
    }
    return result
  }

  // MARK: Scalars

  /// A finite number.
  @inline(never)
  func number() throws(ConfigError) -> Double {
    guard isType(json_type_double) || isType(json_type_int) else { throw typeError("a number") }
    let number = json_object_get_double(value)
    guard number.isFinite else {
      throw .invalid("expected a finite number, found \(number)", at: path)
    }
    return number
  }

  /// A finite number within `range`, described by `rule` in the error.
  ///
  /// Inlined, so that each caller builds its rule's text only on failure; what is not the rule
  /// is out of line and compiled once (`number()`, `outOfRange`), not once per caller
  /// (docs/PERFORMANCE.md, "Library size").
  @inline(__always)
  func number(in range: ClosedRange<Double>, _ rule: @autoclosure () -> String)
    throws(ConfigError) -> Double
  {
    let number = try number()
    guard range.contains(number) else { throw outOfRange(number, rule: rule()) }
    return number
  }

  /// A non-negative length of at most `ConfigLimits.maxLength` points.
  func length() throws(ConfigError) -> Double {
    try number(
      in: 0...ConfigLimits.maxLength,
      "a length must be between 0 and \(ConfigLimits.maxLength) points")
  }

  /// An offset (any sign) of magnitude at most `ConfigLimits.maxLength` points.
  func offset() throws(ConfigError) -> Double {
    try number(
      in: -ConfigLimits.maxLength...ConfigLimits.maxLength,
      "an offset must be between -\(ConfigLimits.maxLength) and \(ConfigLimits.maxLength) points")
  }

  /// A JSON integer (not a number with a fraction or exponent) within `range`, described by
  /// `rule` in the error; inlined like `number(in:_:)`.
  @inline(__always)
  func integer(in range: ClosedRange<Int64>, _ rule: @autoclosure () -> String)
    throws(ConfigError) -> Int64
  {
    guard let number = try integer(), range.contains(number) else {
      throw integerOutOfRange(rule: rule())
    }
    return number
  }

  /// A JSON integer, or nil when it does not fit in 64 bits.
  @inline(never)
  private func integer() throws(ConfigError) -> Int64? {
    guard isType(json_type_int) else {
      if isType(json_type_double) {
        throw .invalid("expected an integer, found \(json_object_get_double(value))", at: path)
      }
      throw typeError("an integer")
    }
    let number = json_object_get_int64(value)
    // json-c saturates integers beyond int64 (it keeps them as uint64).
    if number == Int64.max && json_object_get_uint64(value) > UInt64(Int64.max) { return nil }
    return number
  }

  /// The error of an integer beyond 64 bits or outside the range `rule` describes.
  @inline(never)
  private func integerOutOfRange(rule: String) -> ConfigError {
    let number = json_object_get_int64(value)
    if number == Int64.max && json_object_get_uint64(value) > UInt64(Int64.max) {
      return .invalid("the integer does not fit in 64 bits: \(rule)", at: path)
    }
    return .invalid("\(number) is out of range: \(rule)", at: path)
  }

  /// The error of a number outside the range `rule` describes.
  @inline(never)
  private func outOfRange(_ number: Double, rule: String) -> ConfigError {
    .invalid("\(number) is out of range: \(rule)", at: path)
  }

  func bool() throws(ConfigError) -> Bool {
    guard isType(json_type_boolean) else { throw typeError("true or false") }
    return json_object_get_boolean(value) != 0
  }

  func string() throws(ConfigError) -> String {
    guard isType(json_type_string), let value else { throw typeError("a string") }
    let length = Int(json_object_get_string_len(value))
    guard let bytes = json_object_get_string(value) else { return "" }
    return bytes.withMemoryRebound(to: UInt8.self, capacity: length) { start in
      String(decoding: UnsafeBufferPointer(start: start, count: length), as: UTF8.self)
    }
  }

  /// One of `choices` (a string), with a suggestion when it is close to one.
  func choice(_ choices: [String]) throws(ConfigError) -> String {
    choices[try choiceIndex(choices)]
  }

  /// The index of the string among `choices`, compared byte for byte (`String.sameBytes`).
  func choiceIndex(_ choices: [String]) throws(ConfigError) -> Int {
    let text = try string()
    guard let index = choices.firstIndex(where: { $0.sameBytes(text) }) else {
      var list = ""
      for (index, choice) in choices.enumerated() {
        list += (index == 0 ? "" : ", ") + "'\(choice)'"
      }
      throw .invalid(
        "'\(text)' is not one of \(list)" + KeySuggestion.hint(for: text, in: choices), at: path)
    }
    return index
  }

  /// The value paired with the string among `choices`, compared byte for byte.
  func choice<T>(_ choices: [(String, T)]) throws(ConfigError) -> T {
    choices[try choiceIndex(choices.map { $0.0 })].1
  }
}

/// An object's members by key: which of its allowed keys it has. Keys are static strings, so
/// that finding one compares a few bytes and makes no string.
struct JSONObject {
  let node: JSONNode
  /// The keys the object may have (at most 64), and which of them it has (bit i: `allowed[i]`).
  private let allowed: [StaticString]
  private let present: UInt64
  /// How many members it has.
  let count: Int
  /// The index in `allowed` of its first member in document order (-1: none).
  private let first: Int

  fileprivate init(
    node: JSONNode, allowed: [StaticString], present: UInt64, count: Int, first: Int
  ) {
    precondition(allowed.count <= 64)
    self.node = node
    self.allowed = allowed
    self.present = present
    self.count = count
    self.first = first
  }

  var path: String { node.path }

  /// Whether the static string `key` has the bytes of the C string `name`. A shorter name
  /// differs at its NUL, so no byte past it is read.
  fileprivate static func equal(_ key: StaticString, _ name: UnsafePointer<CChar>) -> Bool {
    key.withUTF8Buffer { bytes in
      for offset in 0..<bytes.count where UInt8(bitPattern: name[offset]) != bytes[offset] {
        return false
      }
      return name[bytes.count] == 0
    }
  }

  /// Whether two static strings have the same bytes.
  private static func equal(_ a: StaticString, _ b: StaticString) -> Bool {
    a.withUTF8Buffer { first in
      b.withUTF8Buffer { second in
        guard first.count == second.count else { return false }
        if first.baseAddress == second.baseAddress { return true }
        for offset in 0..<first.count where first[offset] != second[offset] { return false }
        return true
      }
    }
  }

  /// The bit of `key` in `present`, 0 when the object has no such member. Only the keys it has
  /// are compared: most objects have few of the keys they may have.
  private func bit(_ key: StaticString) -> UInt64 {
    var rest = present
    while rest != 0 {
      let bit = rest & (0 &- rest)
      if JSONObject.equal(allowed[rest.trailingZeroBitCount], key) { return bit }
      rest &= rest &- 1
    }
    return 0
  }

  subscript(key: StaticString) -> JSONNode? {
    guard present & bit(key) != 0 else { return nil }
    return node.member { name in JSONObject.equal(key, name) }
  }

  /// Its first member in document order, with the index of its key in `allowed`.
  var firstMember: (index: Int, node: JSONNode)? {
    guard first >= 0 else { return nil }
    let key = allowed[first]
    return node.member { name in JSONObject.equal(key, name) }.map { (first, $0) }
  }

  /// The bits of `keys` among `allowed`'s, for `hasOnly(_:)`: worked out once, not per object.
  static func mask(of keys: [StaticString], in allowed: [StaticString]) -> UInt64 {
    var mask: UInt64 = 0
    for key in keys {
      for index in allowed.indices where equal(allowed[index], key) { mask |= 1 << UInt64(index) }
    }
    return mask
  }

  /// Whether every member's key is among `mask`'s (made by `mask(of:in:)` with this object's
  /// allowed keys).
  func hasOnly(_ mask: UInt64) -> Bool { present & ~mask == 0 }

  /// Calls `body` with each member in document order.
  func forEachMember(_ body: (UnsafePointer<CChar>, JSONNode) -> Void) {
    node.forEachMember(body)
  }

  /// A member that must be present.
  func required(_ key: StaticString) throws(ConfigError) -> JSONNode {
    guard let member = self[key] else {
      throw .invalid("missing required key '\(key.description)'", at: path)
    }
    return member
  }

  func has(_ key: StaticString) -> Bool { present & bit(key) != 0 }
}
