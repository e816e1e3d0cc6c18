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
  /// This value's reference token in its container: an object key or an array index.
  private let key: String?
  private let index: Int

  /// The root value of a document.
  init(root: OpaquePointer?) {
    value = root
    self.root = root
    container = nil
    key = nil
    index = -1
  }

  private init(value: OpaquePointer?, root: OpaquePointer?, container: OpaquePointer, key: String?, index: Int) {
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
    if let key { return JSONNode.pointer(base, appending: key) }
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

  /// The object's members in document order, after checking that every key is known. Each
  /// key is `allowed`'s own string, found by comparing bytes: no string is made from the
  /// document's keys unless one is unknown (a configuration has as many keys as values).
  func members(allowed: [String]) throws(ConfigError) -> [(key: String, node: JSONNode)] {
    guard isType(json_type_object), let value else { throw typeError("an object") }
    var result: [(key: String, node: JSONNode)] = []
    result.reserveCapacity(Int(json_object_object_length(value)))
    var iterator = json_object_iter_begin(value)
    var end = json_object_iter_end(value)
    while json_object_iter_equal(&iterator, &end) == 0 {
      let name = json_object_iter_peek_name(&iterator)!
      let known = JSONNode.index(of: name, in: allowed)
      let key = known.map { allowed[$0] } ?? String(cString: name)
      let child = JSONNode(
        value: json_object_iter_peek_value(&iterator), root: root, container: value, key: key,
        index: -1)
      if known == nil {
        throw .invalid(
          "unknown key '\(key)'" + KeySuggestion.hint(for: key, in: allowed), at: child.path)
      }
      result.append((key, child))
      json_object_iter_next(&iterator)
    }
    return result
  }

  /// The index of the entry of `names` whose bytes are those of the C string `name`.
  private static func index(of name: UnsafePointer<CChar>, in names: [String]) -> Int? {
    var length = 0
    while name[length] != 0 { length += 1 }
    // Lengths first: a native string knows its own, and most names differ in it.
    for index in names.indices where names[index].utf8.count == length {
      let equal = names[index].utf8.withContiguousStorageIfAvailable { bytes -> Bool in
        for offset in 0..<length where UInt8(bitPattern: name[offset]) != bytes[offset] {
          return false
        }
        return true
      }
      if equal ?? names[index].utf8.elementsEqual(
        UnsafeBufferPointer(start: name, count: length).lazy.map { UInt8(bitPattern: $0) })
      {
        return index
      }
    }
    return nil
  }

  /// Checks the object's keys and returns a lookup of its members.
  func object(allowed: [String]) throws(ConfigError) -> JSONObject {
    JSONObject(node: self, members: try members(allowed: allowed))
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
  func number() throws(ConfigError) -> Double {
    guard isType(json_type_double) || isType(json_type_int) else { throw typeError("a number") }
    let number = json_object_get_double(value)
    guard number.isFinite else {
      throw .invalid("expected a finite number, found \(number)", at: path)
    }
    return number
  }

  /// A finite number within `range`, described by `rule` in the error.
  func number(in range: ClosedRange<Double>, _ rule: @autoclosure () -> String)
    throws(ConfigError) -> Double
  {
    let number = try number()
    guard range.contains(number) else {
      throw .invalid("\(number) is out of range: \(rule())", at: path)
    }
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

  /// A JSON integer (not a number with a fraction or exponent) within `range`.
  func integer(in range: ClosedRange<Int64>, _ rule: @autoclosure () -> String)
    throws(ConfigError) -> Int64
  {
    guard isType(json_type_int) else {
      if isType(json_type_double) {
        throw .invalid("expected an integer, found \(json_object_get_double(value))", at: path)
      }
      throw typeError("an integer")
    }
    let number = json_object_get_int64(value)
    // json-c saturates integers beyond int64 (it keeps them as uint64).
    if number == Int64.max && json_object_get_uint64(value) > UInt64(Int64.max) {
      throw .invalid("the integer does not fit in 64 bits: \(rule())", at: path)
    }
    guard range.contains(number) else {
      throw .invalid("\(number) is out of range: \(rule())", at: path)
    }
    return number
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
    let text = try string()
    guard choices.contains(text) else {
      var list = ""
      for (index, choice) in choices.enumerated() {
        list += (index == 0 ? "" : ", ") + "'\(choice)'"
      }
      throw .invalid(
        "'\(text)' is not one of \(list)" + KeySuggestion.hint(for: text, in: choices), at: path)
    }
    return text
  }
}

/// An object's members by key.
struct JSONObject {
  let node: JSONNode
  let members: [(key: String, node: JSONNode)]

  var path: String { node.path }

  subscript(key: String) -> JSONNode? {
    for member in members where member.key == key { return member.node }
    return nil
  }

  /// A member that must be present.
  func required(_ key: String) throws(ConfigError) -> JSONNode {
    guard let member = self[key] else {
      throw .invalid("missing required key '\(key)'", at: path)
    }
    return member
  }

  func has(_ key: String) -> Bool { self[key] != nil }
}
