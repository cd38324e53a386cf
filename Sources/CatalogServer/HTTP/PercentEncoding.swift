/// The `%HH` escapes of request paths and query values, as UTF-8.
enum PercentEncoding {
  /// Decodes a path segment or query value (and `+` as a space in query values, as HTML forms
  /// send it); nil when an escape is malformed or the bytes are not UTF-8.
  static func decode(_ text: String, plusIsSpace: Bool = false) -> String? {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.utf8.count)
    var utf8 = text.utf8.makeIterator()
    while let byte = utf8.next() {
      switch byte {
      case UInt8(ascii: "%"):
        guard let high = utf8.next()?.hexDigitValue, let low = utf8.next()?.hexDigitValue
        else { return nil }
        bytes.append(high << 4 | low)
      case UInt8(ascii: "+") where plusIsSpace:
        bytes.append(UInt8(ascii: " "))
      default:
        bytes.append(byte)
      }
    }
    return String(validating: bytes, as: UTF8.self)
  }

  /// `text` as one path segment: every byte but the unreserved ones (`A-Z a-z 0-9 - . _ ~`)
  /// escaped, so that a `/` or a `%` in a collection's name or an item's key stays in its
  /// segment.
  static func encodeSegment(_ text: String) -> String {
    var encoded = ""
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
        UInt8(ascii: "_"), UInt8(ascii: "~"):
        encoded.unicodeScalars.append(Unicode.Scalar(byte))
      default:
        let digits = String(byte, radix: 16, uppercase: true)
        encoded += byte < 0x10 ? "%0" + digits : "%" + digits
      }
    }
    return encoded
  }

}

extension UInt8 {
  /// The value of the byte as a hexadecimal digit (`0`–`9`, `a`–`f`, `A`–`F`); nil for another.
  var hexDigitValue: UInt8? {
    switch self {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return self - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return self - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return self - UInt8(ascii: "A") + 10
    default: return nil
    }
  }
}
