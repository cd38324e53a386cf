internal import CICU

extension SearchKeyMaker {
  /// Adds the keys of the locale's reading of `text`: pinyin, romaji or Hangul initials.
  /// `buffers.starts` holds the word starts of `text`.
  func addReadingKeys(_ text: UnsafeBufferPointer<UInt16>, to buffers: inout Buffers) {
    guard pinyin != nil || !romaji.isEmpty || readsHangulInitials,
      text.contains(where: { $0 >= 0x1100 })
    else { return }
    if let pinyin { addPinyinKeys(text, pinyin, to: &buffers) }
    if !romaji.isEmpty { addRomajiKeys(text, to: &buffers) }
    if readsHangulInitials { addHangulInitialKeys(text, to: &buffers) }
  }

  /// The code points of a UTF-16 text with their offsets.
  private func codePoints(_ text: UnsafeBufferPointer<UInt16>) -> [(offset: Int, value: Int32)] {
    var result: [(offset: Int, value: Int32)] = []
    var offset = 0
    var iterator = text.makeIterator()
    var decoder = UTF16()
    while case .scalarValue(let scalar) = decoder.decode(&iterator) {
      result.append((offset, Int32(bitPattern: scalar.value)))
      offset += UTF16.width(scalar)
    }
    return result
  }

  private func addPinyinKeys(
    _ text: UnsafeBufferPointer<UInt16>, _ transliterator: Transliterator,
    to buffers: inout Buffers
  ) {
    let points = codePoints(text)
    // One syllable for each Han character, read a run at a time; a run whose reading ICU does
    // not give a syllable a character is one syllable, found from its start only.
    var syllables: [(offset: Int, syllable: ArraySlice<UInt16>)] = []
    var index = 0
    while index < points.count {
      guard catalog_script_of(points[index].value) == CATALOG_SCRIPT_HAN else {
        index += 1
        continue
      }
      var end = index
      while end < points.count && catalog_script_of(points[end].value) == CATALOG_SCRIPT_HAN {
        end += 1
      }
      let runEnd = end < points.count ? points[end].offset : text.count
      let run = Array(text[points[index].offset..<runEnd])
      let parts = transliterator.transliterate(run).split(separator: 0x20)
      if parts.count == end - index {
        for (point, part) in zip(points[index..<end], parts) {
          syllables.append((point.offset, part))
        }
      } else {
        syllables.append((points[index].offset, ArraySlice(parts.joined())))
      }
      index = end
    }
    let collator = collation.sectionCollator
    for start in buffers.starts {
      guard let first = syllables.firstIndex(where: { $0.offset == Int(start) }) else { continue }
      let following = syllables[first...]
      buffers.keys.add(Array(following.map { $0.syllable }.joined()), collator: collator)
      if following.count >= 2 {
        buffers.keys.add(following.compactMap { $0.syllable.first }, collator: collator)
      }
    }
  }

  private func addHangulInitialKeys(_ text: UnsafeBufferPointer<UInt16>, to buffers: inout Buffers)
  {
    let initials = codePoints(text).compactMap { point -> (offset: Int, consonant: UInt16)? in
      let consonant = catalog_hangul_leading_consonant(point.value)
      return consonant < 0 ? nil : (point.offset, UInt16(consonant))
    }
    for start in buffers.starts {
      guard let first = initials.firstIndex(where: { $0.offset == Int(start) }),
        initials.count - first >= 2
      else { continue }
      buffers.keys.add(initials[first...].map { $0.consonant }, collator: collation.sectionCollator)
    }
  }

  /// The romaji keys: the text with each run of kana replaced by ICU's romaji for it (run by
  /// run, so that a run already read is looked up), keyed from its start and each word start.
  private func addRomajiKeys(_ text: UnsafeBufferPointer<UInt16>, to buffers: inout Buffers) {
    let points = codePoints(text)
    guard points.contains(where: { catalog_script_of($0.value) == CATALOG_SCRIPT_KANA }) else {
      return
    }
    var romaji: [UInt16] = []
    var index = 0
    while index < points.count {
      var end = index
      while end < points.count && catalog_script_of(points[end].value) == CATALOG_SCRIPT_KANA {
        end += 1
      }
      let runEnd = end < points.count ? points[end].offset : text.count
      if end == index {
        let next = index + 1 < points.count ? points[index + 1].offset : text.count
        romaji.append(contentsOf: text[points[index].offset..<next])
        index += 1
      } else {
        let run = Array(text[points[index].offset..<runEnd])
        romaji.append(contentsOf: self.romaji.reduce(run) { $1.transliterate($0) })
        index = end
      }
    }
    romaji.withUnsafeBufferPointer { addWordStartKeys(of: $0, to: &buffers) }
  }
}
