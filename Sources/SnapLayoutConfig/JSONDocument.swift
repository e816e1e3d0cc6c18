import CJSONC

/// A parsed JSON text owned by json-c; the tree is released when the document goes away.
final class JSONDocument {
  /// The root value (`nil` for a JSON `null`).
  let root: OpaquePointer?

  private init(root: OpaquePointer?) {
    self.root = root
  }

  /// Parses `text` (not necessarily NUL-terminated). Comments are accepted; UTF-8 is validated.
  ///
  /// A factory rather than a throwing initializer: Embedded Swift does not free a class
  /// instance whose initializer throws before it is complete (24 bytes per failed parse).
  /// - Throws: `ConfigError.syntax` with the line and column of the first error.
  static func parse(_ text: UnsafeRawBufferPointer) throws(ConfigError) -> JSONDocument {
    guard text.count <= ConfigLimits.maxTextLength else {
      throw ConfigError(
        .syntax,
        "the configuration is \(text.count) bytes long; the limit is "
          + "\(ConfigLimits.maxTextLength) bytes (64 MiB)")
    }
    guard let tokener = json_tokener_new_ex(Int32(ConfigLimits.maxJSONDepth)) else {
      throw ConfigError(.syntax, "out of memory while creating the JSON parser")
    }
    defer { json_tokener_free(tokener) }
    // json-c's own check lets overlong forms, surrogates and code points above U+10FFFF
    // through (they would become U+FFFD in names): the text is checked strictly too, and the
    // earlier of the two errors is reported.
    let invalidUTF8 = JSONDocument.firstInvalidUTF8(text)
    func utf8Error(before offset: Int) -> ConfigError? {
      guard let invalid = invalidUTF8, invalid < offset else { return nil }
      return JSONDocument.syntaxError(
        "invalid utf-8 (an overlong form, a surrogate, a code point above U+10FFFF or a "
          + "broken sequence)", in: text, at: invalid)
    }
    json_tokener_set_flags(tokener, Int32(JSON_TOKENER_VALIDATE_UTF8))

    let bytes = text.bindMemory(to: CChar.self)
    var parsed = json_tokener_parse_ex(tokener, bytes.baseAddress, Int32(text.count))
    var status = json_tokener_get_error(tokener)
    var end = json_tokener_get_parse_end(tokener)
    let reachedEnd = status == json_tokener_continue
    if reachedEnd && end == text.count && text.count > 0 && JSONDocument.mayEndHere(text) {
      // A top-level literal or number ("null", "12") is only complete once json-c sees what
      // follows it, and a complete value may be followed by a // comment that ends with the
      // text: the terminating NUL says that nothing follows. Inside a container, a string or
      // a /* comment, json-c would take the NUL for the end of the document and return the
      // value it was reading (a cut text read as one of its inner objects), so the text is
      // left unfinished.
      var terminator: CChar = 0
      parsed = json_tokener_parse_ex(tokener, &terminator, 1)
      status = json_tokener_get_error(tokener)
      end = text.count
    }
    if status != json_tokener_success {
      json_object_put(parsed)
      if let error = utf8Error(before: reachedEnd ? text.count : end) { throw error }
      let reason: String
      if reachedEnd {
        reason = "the text ends before the JSON value is complete"
      } else if status == json_tokener_error_depth {
        reason = "the JSON is nested more than \(ConfigLimits.maxJSONDepth) levels deep"
      } else {
        reason = String(cString: json_tokener_error_desc(status))
      }
      // json-c reports a raw NUL (never valid JSON text) one byte after it.
      let at = reachedEnd ? text.count : end > 0 && end <= text.count && text[end - 1] == 0 ? end - 1 : end
      throw JSONDocument.syntaxError(reason, in: text, at: at)
    }
    if let error = utf8Error(before: text.count) {
      json_object_put(parsed)
      throw error
    }
    // Anything but whitespace after the value is an error (json-c stops after one value).
    var offset = end
    while offset < text.count {
      let byte = text[offset]
      if byte != 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D {
        json_object_put(parsed)
        throw JSONDocument.syntaxError(
          "unexpected text after the end of the JSON value", in: text, at: offset)
      }
      offset += 1
    }
    return JSONDocument(root: parsed)
  }

  deinit {
    json_object_put(root)
  }

  /// Whether a text json-c read to its end without an error can end where it does: outside
  /// every object, array, string and block comment, and not just after a lone '/' (it may end
  /// inside a // comment). Strings are json-c's: double or single quoted, with backslash
  /// escapes.
  /// - Complexity: O(n).
  static func mayEndHere(_ text: UnsafeRawBufferPointer) -> Bool {
    var depth = 0
    var quote: UInt8 = 0  // the open string's quote, or 0
    var index = 0
    let count = text.count
    while index < count {
      let byte = text[index]
      index += 1
      if quote != 0 {
        if byte == 0x5C {  // backslash: the next byte is escaped
          index += 1
        } else if byte == quote {
          quote = 0
        }
        continue
      }
      switch byte {
      case 0x22, 0x27: quote = byte
      case 0x7B, 0x5B: depth += 1
      case 0x7D, 0x5D: depth -= 1
      case 0x2F:  // '/': a comment
        guard index < count else { return false }
        if text[index] == 0x2F {
          while index < count && text[index] != 0x0A { index += 1 }
        } else if text[index] == 0x2A {
          index += 1
          var closed = false
          while index + 1 < count {
            if text[index] == 0x2A && text[index + 1] == 0x2F {
              closed = true
              break
            }
            index += 1
          }
          guard closed else { return false }
          index += 2
        }
      default: break
      }
    }
    return depth <= 0 && quote == 0 && index == count
  }

  /// The offset of the first byte that does not start a well-formed UTF-8 sequence (Unicode
  /// table 3-7: no overlong forms, no surrogates, nothing above U+10FFFF), or nil.
  static func firstInvalidUTF8(_ text: UnsafeRawBufferPointer) -> Int? {
    let count = text.count
    var offset = 0
    while offset < count {
      let lead = text[offset]
      if lead < 0x80 {
        offset += 1
        continue
      }
      // The allowed range of the second byte, and how many bytes follow the lead.
      let second: ClosedRange<UInt8>
      let trailing: Int
      switch lead {
      case 0xC2...0xDF: (second, trailing) = (0x80...0xBF, 1)
      case 0xE0: (second, trailing) = (0xA0...0xBF, 2)
      case 0xE1...0xEC, 0xEE...0xEF: (second, trailing) = (0x80...0xBF, 2)
      case 0xED: (second, trailing) = (0x80...0x9F, 2)
      case 0xF0: (second, trailing) = (0x90...0xBF, 3)
      case 0xF1...0xF3: (second, trailing) = (0x80...0xBF, 3)
      case 0xF4: (second, trailing) = (0x80...0x8F, 3)
      default: return offset
      }
      guard offset + trailing < count, second.contains(text[offset + 1]) else { return offset }
      var index = offset + 2
      while index <= offset + trailing {
        guard text[index] & 0xC0 == 0x80 else { return offset }
        index += 1
      }
      offset += trailing + 1
    }
    return nil
  }

  private static func syntaxError(_ reason: String, in text: UnsafeRawBufferPointer, at offset: Int)
    -> ConfigError
  {
    var line = 1
    var column = 1
    var index = 0
    while index < min(offset, text.count) {
      if text[index] == 0x0A {
        line += 1
        column = 1
      } else {
        column += 1
      }
      index += 1
    }
    return ConfigError(
      .syntax, "malformed JSON at line \(line), column \(column): \(reason)", line: line,
      column: column)
  }
}
