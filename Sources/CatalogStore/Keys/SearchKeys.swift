import CatalogCollation

/// An item's search keys (DESIGN §6 `search`): the primary-strength key of its title and of its
/// sort-as value from each word start on, so that a search text matches the keys it is a byte
/// prefix of. The one function an import, a rebuild and a single write key search with.
enum SearchKeys {
  /// The distinct search keys of an item with this title and sort-as value (nil when the sort-as
  /// value is the title).
  static func keys(title: String, sortAs: String?, collation: Collation) -> [[UInt8]] {
    var keys: [[UInt8]] = []
    for text in [title] + (sortAs.map { [$0] } ?? []) {
      for start in wordStarts(in: text) {
        let key = collation.sectionKey(for: text[start...])
        if !key.isEmpty && !keys.contains(key) { keys.append(key) }
      }
    }
    return keys
  }

  /// Where the words of `text` start: its first letter or digit, and each letter or digit that
  /// follows white space, punctuation or a symbol ("O'Brien-Smith" → O, Brien, Smith).
  static func wordStarts(in text: String) -> [String.Index] {
    var starts: [String.Index] = []
    var previous: WordCharacterKind?
    for index in text.indices {
      let kind = WordCharacterKind(text[index])
      if kind == .word && (previous == nil || previous == .separator) { starts.append(index) }
      previous = kind
    }
    return starts
  }
}

/// What a character is to word starts: part of a word (a letter or digit), a separator (white
/// space, punctuation or a symbol), or neither (a control character). ASCII is decided by its
/// code, everything else by its Unicode properties.
enum WordCharacterKind {
  case word, separator, other

  init(_ character: Character) {
    if let ascii = character.asciiValue {
      switch ascii {
      case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: self = .word
      case 0x09...0x0D, 0x20...0x2F, 0x3A...0x40, 0x5B...0x60, 0x7B...0x7E: self = .separator
      default: self = .other
      }
    } else if character.isLetter || character.isNumber {
      self = .word
    } else if character.isWhitespace || character.isPunctuation || character.isSymbol {
      self = .separator
    } else {
      self = .other
    }
  }
}

/// A search key and its item as one byte string whose byte order is the table's key order: the
/// key (an ICU primary key, which never holds a zero byte), a zero byte, the item (8 bytes,
/// big-endian).
enum SearchKeyRecord {
  static func append(key: [UInt8], item: Int, to bytes: inout [UInt8]) {
    bytes.append(contentsOf: key)
    bytes.append(0)
    withUnsafeBytes(of: UInt64(item).bigEndian) { bytes.append(contentsOf: $0) }
  }

  static func decode(_ bytes: UnsafeRawBufferPointer) -> (key: [UInt8], item: Int) {
    let keyEnd = bytes.count - 9
    var item: UInt64 = 0
    for byte in bytes[(keyEnd + 1)...] { item = item << 8 | UInt64(byte) }
    return (Array(bytes[..<keyEnd]), Int(item))
  }
}
