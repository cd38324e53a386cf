import CatalogStore

/// The JSON body of a write (DESIGN §15): an object of fields, column name to string value, or,
/// where many items are added at once, an array of such objects.
///
/// It is read by a strict parser of exactly that shape, not by a general JSON parser: the body
/// must be UTF-8; a value that is not a string, a name given twice, an array element that is
/// not an object, a control character or NUL in a string, a lone surrogate escape or anything
/// after the value are errors. Nothing nests deeper than an array of objects, so the parser
/// never recurses: a body of ten thousand `[` is refused at its second byte. Its size is bounded
/// before it is read (`ServerLimits.bodyBytes`).
enum FieldsBody: Equatable {
  case object([String: String])
  case array([[String: String]])

  /// Parses `bytes`.
  ///
  /// - Throws: `APIError` 400 saying what is wrong, and where (the byte offset from 0).
  init(parsing bytes: [UInt8]) throws(APIError) {
    guard String(validating: bytes, as: UTF8.self) != nil else {
      throw .badRequest("the body is not valid UTF-8")
    }
    var parser = Parser(bytes: bytes)
    self = try parser.parseBody()
  }

  private struct Parser {
    let bytes: [UInt8]
    var position = 0

    mutating func parseBody() throws(APIError) -> FieldsBody {
      skipWhiteSpace()
      let body: FieldsBody
      switch peek() {
      case UInt8(ascii: "{"): body = .object(try parseObject())
      case UInt8(ascii: "["): body = .array(try parseArray())
      default: throw error("the body must be a JSON object of fields, or an array of them")
      }
      skipWhiteSpace()
      guard position == bytes.count else { throw error("unexpected text after the JSON value") }
      return body
    }

    private mutating func parseArray() throws(APIError) -> [[String: String]] {
      position += 1
      var objects: [[String: String]] = []
      skipWhiteSpace()
      if take(UInt8(ascii: "]")) { return objects }
      repeat {
        skipWhiteSpace()
        guard peek() == UInt8(ascii: "{") else {
          throw error("each element of the array must be an object of fields")
        }
        objects.append(try parseObject())
        skipWhiteSpace()
      } while take(UInt8(ascii: ","))
      guard take(UInt8(ascii: "]")) else { throw error("expected ',' or ']' in the array") }
      return objects
    }

    private mutating func parseObject() throws(APIError) -> [String: String] {
      position += 1
      var fields: [String: String] = [:]
      skipWhiteSpace()
      if take(UInt8(ascii: "}")) { return fields }
      repeat {
        skipWhiteSpace()
        guard peek() == UInt8(ascii: "\"") else { throw error("expected a field's name") }
        let name = try parseString()
        skipWhiteSpace()
        guard take(UInt8(ascii: ":")) else { throw error("expected ':' after the name") }
        skipWhiteSpace()
        guard peek() == UInt8(ascii: "\"") else {
          throw error("the value of '\(name)' is not a string")
        }
        let value = try parseString()
        guard fields.updateValue(value, forKey: name) == nil else {
          throw error("the field '\(name)' is given twice")
        }
        skipWhiteSpace()
      } while take(UInt8(ascii: ","))
      guard take(UInt8(ascii: "}")) else { throw error("expected ',' or '}' in the object") }
      return fields
    }

    /// A string from its opening quote at `position`.
    private mutating func parseString() throws(APIError) -> String {
      position += 1
      var text: [UInt8] = []
      while position < bytes.count {
        let byte = bytes[position]
        position += 1
        switch byte {
        case UInt8(ascii: "\""):
          return String(decoding: text, as: UTF8.self)
        case UInt8(ascii: "\\"):
          try appendEscape(to: &text)
        case 0..<0x20:
          position -= 1
          throw error("a string holds a control character that is not escaped")
        default:
          text.append(byte)
        }
      }
      throw error("a string has no closing quote")
    }

    /// The character an escape after its backslash stands for.
    private mutating func appendEscape(to text: inout [UInt8]) throws(APIError) {
      guard position < bytes.count else { throw error("a string has no closing quote") }
      let escaped = bytes[position]
      position += 1
      if escaped == UInt8(ascii: "u") {
        text.append(contentsOf: String(Character(try parseUnicodeEscape())).utf8)
      } else if let byte = JSONText.escapedByte(escaped) {
        text.append(byte)
      } else {
        position -= 1
        throw error("'\\\(Character(Unicode.Scalar(escaped)))' is not a JSON escape")
      }
    }

    /// The character of `\uXXXX`, or of a surrogate pair of them; never NUL.
    private mutating func parseUnicodeEscape() throws(APIError) -> Unicode.Scalar {
      let first = try parseHex4()
      var value = first
      if (0xD800..<0xDC00).contains(first) {
        guard take(UInt8(ascii: "\\")), take(UInt8(ascii: "u")) else {
          throw error("a high surrogate escape is not followed by a low one")
        }
        let second = try parseHex4()
        guard (0xDC00..<0xE000).contains(second) else {
          throw error("a high surrogate escape is not followed by a low one")
        }
        value = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
      }
      guard value != 0 else { throw error("a string holds a NUL character") }
      guard let scalar = Unicode.Scalar(value) else {
        throw error("a low surrogate escape has no high one before it")
      }
      return scalar
    }

    private mutating func parseHex4() throws(APIError) -> UInt32 {
      var value: UInt32 = 0
      for _ in 0..<4 {
        guard position < bytes.count, let digit = bytes[position].hexDigitValue else {
          throw error("'\\u' is not followed by four hexadecimal digits")
        }
        value = value << 4 | UInt32(digit)
        position += 1
      }
      return value
    }

    private func peek() -> UInt8? { position < bytes.count ? bytes[position] : nil }

    private mutating func take(_ byte: UInt8) -> Bool {
      guard peek() == byte else { return false }
      position += 1
      return true
    }

    private mutating func skipWhiteSpace() {
      while let byte = peek(), byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 {
        position += 1
      }
    }

    /// A 400 saying what is wrong at `position`.
    private func error(_ message: String) -> APIError {
      .badRequest("the body is not valid: \(message) (at byte \(position))")
    }
  }
}
