/// Fills a buffer of C characters through `fill` and decodes it as UTF-8 up to the first NUL.
func stringFromCBuffer(capacity: Int, _ fill: (UnsafeMutablePointer<CChar>, Int32) -> Void)
  -> String
{
  var buffer = [CChar](repeating: 0, count: capacity)
  buffer.withUnsafeMutableBufferPointer { fill($0.baseAddress!, Int32(capacity)) }
  let bytes = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
  return String(decoding: bytes, as: UTF8.self)
}

/// Calls `fill` with a UTF-16 buffer of `capacity` units, and again with a larger one while it
/// returns a length larger than the buffer, and returns the units it wrote.
func utf16FromCBuffer(capacity: Int, _ fill: (UnsafeMutablePointer<UInt16>, Int32) -> Int32)
  -> [UInt16]
{
  var capacity = max(capacity, 1)
  while true {
    var units = [UInt16](repeating: 0, count: capacity)
    let length = Int(
      units.withUnsafeMutableBufferPointer { fill($0.baseAddress!, Int32(capacity)) })
    if length <= capacity {
      units.removeSubrange(length...)
      return units
    }
    capacity = length
  }
}
