import Testing

@testable import CatalogServer

/// The strict parser of write bodies (DESIGN §15): objects of string fields, or arrays of them,
/// and nothing else, with the place of the first fault.
struct FieldsBodyTests {
  static func parse(_ text: String) throws(APIError) -> FieldsBody {
    try FieldsBody(parsing: Array(text.utf8))
  }

  @Test func objectsAndArraysOfStringFieldsAreRead() throws {
    #expect(try Self.parse(#"{"name":"Åsa","state":""}"#) == .object(["name": "Åsa", "state": ""]))
    #expect(try Self.parse(" \n{ \"a\" : \"b\" }\t") == .object(["a": "b"]))
    #expect(try Self.parse("{}") == .object([:]))
    #expect(try Self.parse("[]") == .array([]))
    #expect(try Self.parse(#"[{"a":"1"}, {"a":"2"}]"#) == .array([["a": "1"], ["a": "2"]]))
    // Every escape JSON has, a surrogate pair, and a name with escapes too.
    #expect(
      try Self.parse(#"{"q\"\\\/":"\b\f\n\r\t\u00e5\uD83D\uDE00"}"#)
        == .object(["q\"\\/": "\u{8}\u{C}\n\r\tå😀"]))
  }

  static let refused: [(body: String, error: String)] = [
    ("", "the body must be a JSON object of fields, or an array of them (at byte 0)"),
    (#""text""#, "the body must be a JSON object of fields, or an array of them (at byte 0)"),
    ("[[]]", "each element of the array must be an object of fields (at byte 1)"),
    (#"[{"a":"1"},"b"]"#, "each element of the array must be an object of fields (at byte 11)"),
    (
      String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000),
      "each element of the array must be an object of fields (at byte 1)"
    ),
    (String(repeating: "{", count: 10_000), "expected a field's name (at byte 1)"),
    (#"{"a":1}"#, "the value of 'a' is not a string (at byte 5)"),
    (#"{"a":null}"#, "the value of 'a' is not a string (at byte 5)"),
    (#"{"a":["b"]}"#, "the value of 'a' is not a string (at byte 5)"),
    (#"{"a":{"b":"c"}}"#, "the value of 'a' is not a string (at byte 5)"),
    (#"{"a":"1","a":"2"}"#, "the field 'a' is given twice (at byte 16)"),
    (#"{"a":"1",}"#, "expected a field's name (at byte 9)"),
    (#"{"a" "1"}"#, "expected ':' after the name (at byte 5)"),
    (#"{"a":"1""#, "expected ',' or '}' in the object (at byte 8)"),
    (#"[{"a":"1"}"#, "expected ',' or ']' in the array (at byte 10)"),
    (#"{"a":"1"} x"#, "unexpected text after the JSON value (at byte 10)"),
    (#"{"a":"1"}{}"#, "unexpected text after the JSON value (at byte 9)"),
    (#"{"a":"1"#, "a string has no closing quote (at byte 7)"),
    (
      "{\"a\":\"line\nbreak\"}",
      "a string holds a control character that is not escaped (at byte 10)"
    ),
    (#"{"a":"\x"}"#, #"'\x' is not a JSON escape (at byte 7)"#),
    (#"{"a":"\u12"}"#, "'\\u' is not followed by four hexadecimal digits (at byte 10)"),
    (#"{"a":"\u0000"}"#, "a string holds a NUL character (at byte 12)"),
    (#"{"a":"\uD83D"}"#, "a high surrogate escape is not followed by a low one (at byte 12)"),
    (#"{"a":"\uD83D\u0041"}"#, "a high surrogate escape is not followed by a low one (at byte 18)"),
    (#"{"a":"\uDE00"}"#, "a low surrogate escape has no high one before it (at byte 12)"),
  ]

  @Test(arguments: refused)
  func everythingElseIsRefusedWithItsPlace(body: String, error: String) {
    #expect(throws: APIError.badRequest("the body is not valid: " + error)) {
      try Self.parse(body)
    }
  }

  @Test func aBodyThatIsNotUTF8IsRefusedWhole() {
    for bytes: [UInt8] in [
      Array(#"{"a":""#.utf8) + [0xFF] + Array(#""}"#.utf8),
      Array(#"{"a":""#.utf8) + [0xC0, 0xAE] + Array(#""}"#.utf8),
      Array(#"{"a":""#.utf8) + [0xED, 0xA0, 0x80] + Array(#""}"#.utf8),
    ] {
      #expect(throws: APIError.badRequest("the body is not valid UTF-8")) {
        try FieldsBody(parsing: bytes)
      }
    }
  }
}
