/// Fills a buffer of C characters through `fill` and decodes it as UTF-8 up to the first NUL.
func stringFromCBuffer(capacity: Int, _ fill: (UnsafeMutablePointer<CChar>, Int32) -> Void)
  -> String
{
  var buffer = [CChar](repeating: 0, count: capacity)
  buffer.withUnsafeMutableBufferPointer { fill($0.baseAddress!, Int32(capacity)) }
  let bytes = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
  return String(decoding: bytes, as: UTF8.self)
}
