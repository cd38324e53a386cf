/// Values in PostgreSQL's binary format, as results carry them and `COPY … (FORMAT binary)`
/// takes them: integers big-endian, `numeric` in base-10,000 digits.
enum BinaryValue {
  // The type OIDs this catalog's columns and expressions have (`pg_type.h`).
  static let bool: UInt32 = 16
  static let bytea: UInt32 = 17
  static let int8: UInt32 = 20
  static let int2: UInt32 = 21
  static let int4: UInt32 = 23
  static let numeric: UInt32 = 1700

  /// A whole number from a value of type `type`: an integer, a boolean (0 or 1) or a `numeric`
  /// without a fraction (what `sum` of bigint gives); 0 for anything else.
  static func integer(_ bytes: UnsafeRawBufferPointer, type: UInt32) -> Int {
    switch type {
    case int8, int4, int2, bool:
      var value = 0
      for byte in bytes { value = value << 8 | Int(byte) }
      // Sign-extend from the value's width.
      let shift = 64 - 8 * bytes.count
      return bytes.isEmpty ? 0 : (value << shift) >> shift
    case numeric:
      return numericInteger(bytes)
    default:
      return Int(String(decoding: bytes, as: UTF8.self)) ?? 0
    }
  }

  /// The integer part of a binary `numeric`: ndigits, weight, sign, dscale (int16 each), then
  /// ndigits base-10,000 digits, the first of which is worth 10,000^weight.
  private static func numericInteger(_ bytes: UnsafeRawBufferPointer) -> Int {
    func int16(_ offset: Int) -> Int {
      Int(Int16(bitPattern: UInt16(bytes[offset]) << 8 | UInt16(bytes[offset + 1])))
    }
    guard bytes.count >= 8 else { return 0 }
    let digits = int16(0)
    let weight = int16(2)
    let isNegative = int16(4) == 0x4000
    var value = 0
    var position = 0
    while position <= weight {
      let digit = position < digits ? int16(8 + 2 * position) : 0
      value = value * 10_000 + digit
      position += 1
    }
    return isNegative ? -value : value
  }

  /// Appends `value` as a big-endian integer of `width` bytes.
  static func append(_ value: Int, width: Int, to bytes: inout [UInt8]) {
    withUnsafeBytes(of: value.bigEndian) {
      bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: $0[(8 - width)...]))
    }
  }
}
