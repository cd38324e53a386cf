#ifndef CICU_H
#define CICU_H

/// A small C interface over the system ICU, so Swift never calls ICU's version-renamed symbols
/// (`ucol_open_72`) and can use the C++-only `AlphabeticIndex`.
///
/// Every function that can fail takes an `int32_t *status` that must be 0 on entry and is set to
/// an ICU `UErrorCode` greater than 0 on failure. Text is passed as UTF-8 with an explicit length.

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// An ICU collator (`UCollator`). Its const functions are safe to call from several threads.
typedef struct catalog_collator catalog_collator;

/// An ICU `AlphabeticIndex::ImmutableIndex`, thread-safe by ICU's contract.
typedef struct catalog_letter_index catalog_letter_index;

/// An ICU `Transliterator`. Not thread-safe: use each from one thread at a time.
typedef struct catalog_transliterator catalog_transliterator;

/// An ICU word `BreakIterator` (`UBRK_WORD`). Not thread-safe: use each from one thread at a time.
typedef struct catalog_word_breaker catalog_word_breaker;

/// Turns an ICU locale id or a BCP 47 tag into a canonical ICU id (`zh-Hant-TW` → `zh_Hant_TW`),
/// with its keywords in ICU's legacy spelling, lower case (`de-u-co-phonebk` and
/// `de@Collation=PhoneBook` → `de@collation=phonebook`, `en-u-kn` → `en@colnumeric=yes`).
/// Fails with U_ILLEGAL_ARGUMENT_ERROR when the id is malformed, names a language, script or
/// region that ICU does not know, or would not come back unchanged from a second call. Keywords
/// and their values are not checked here. Returns the length written (without the NUL).
int32_t catalog_locale_canonicalize(const char *requested, char *canonical, int32_t capacity,
                                    int32_t *status);

/// The locale id that collators and the alphabetic index of a canonical id are opened with: the
/// id itself, or, when its own script sorts after Latin and it has no `colreorder` keyword, the
/// id with the reorder codes that put its own scripts first (`ja` →
/// `ja@colreorder=kana-hani-latn`). Returns the length written, as
/// `catalog_locale_canonicalize` does.
int32_t catalog_collation_locale(const char *locale, char *result, int32_t capacity,
                                 int32_t *status);

/// ICU's collation types for a locale (`ucol_getKeywordValuesForLocale`), separated by commas,
/// such as "standard,phonebook,search,emoji,eor". Returns the length written, as
/// `catalog_locale_canonicalize` does.
int32_t catalog_collation_types(const char *locale, char *buffer, int32_t capacity,
                                int32_t *status);

/// The name of an ICU error code, such as "U_ILLEGAL_ARGUMENT_ERROR".
const char *catalog_error_name(int32_t status);

/// The terminal columns a code point takes on its own: 2 for East Asian wide and fullwidth
/// characters, 0 for combining marks, format and control characters, else 1.
int32_t catalog_terminal_columns(int32_t codepoint);
/// ICU's version, such as "72.1".
void catalog_icu_version(char *buffer, int32_t capacity);
/// The Unicode version of ICU's character data (`u_getUnicodeVersion`), such as "15.0".
void catalog_unicode_version(char *buffer, int32_t capacity);
/// The CLDR version of ICU's locale data (`ulocdata_getCLDRVersion`), such as "42.0".
void catalog_cldr_version(char *buffer, int32_t capacity, int32_t *status);

/// Opens a collator for a canonical locale id. `strength` is 0 for primary, 2 for tertiary.
/// Normalisation is always on, so canonically equivalent texts (NFC, NFD) have equal keys.
catalog_collator *catalog_collator_open(const char *locale, int32_t strength, int32_t *status);
void catalog_collator_close(catalog_collator *collator);

/// The collator's version (`ucol_getVersion`), such as "153.120.29.36".
void catalog_collator_version(const catalog_collator *collator, char *buffer, int32_t capacity);

/// Writes the sort key of a UTF-8 text into `key` and returns its length including the trailing
/// zero byte. When the result is larger than `capacity`, nothing useful was written: call again
/// with a buffer of at least the returned size.
int32_t catalog_collator_sort_key(const catalog_collator *collator, const char *text,
                                  int32_t length, uint8_t *key, int32_t capacity);

/// The sort key of a UTF-8 text, as `catalog_collator_sort_key` returns it, and, when `index` is
/// not null, the position of its letter into `*letter`, as `catalog_letter_index_bucket` returns
/// it: the keys of an item's row in a letter grouping, converting the text for ICU once.
int32_t catalog_item_keys(const catalog_collator *collator, const catalog_letter_index *index,
                          const char *text, int32_t length, uint8_t *key, int32_t capacity,
                          int32_t *letter, int32_t *status);
/// The UTF-16 form of `catalog_collator_sort_key`.
int32_t catalog_collator_sort_key_utf16(const catalog_collator *collator, const uint16_t *text,
                                        int32_t length, uint8_t *key, int32_t capacity);

/// Builds the alphabetic index of a canonical locale id, with English (Latin) labels added when
/// none of the locale's own labels is Latin.
catalog_letter_index *catalog_letter_index_open(const char *locale, int32_t *status);
void catalog_letter_index_close(catalog_letter_index *index);

/// The number of ordinary labels, in order; ICU's underflow, inflow and overflow buckets are not
/// counted.
int32_t catalog_letter_index_label_count(const catalog_letter_index *index);

/// Writes the UTF-8 label at `position` (0 ..< label count) and returns its length. When the
/// result is larger than `capacity`, call again with a larger buffer.
int32_t catalog_letter_index_label(const catalog_letter_index *index, int32_t position,
                                   char *buffer, int32_t capacity);

/// The position of the label whose bucket holds `text`, or -1 when ICU puts the text in an
/// underflow, inflow or overflow bucket.
int32_t catalog_letter_index_bucket(const catalog_letter_index *index, const char *text,
                                    int32_t length, int32_t *status);

/// Opens a transliterator by its ICU id, such as "Han-Latin/Names" or "Katakana-Latin".
catalog_transliterator *catalog_transliterator_open(const char *id, int32_t *status);
void catalog_transliterator_close(catalog_transliterator *transliterator);

/// Writes the transliteration of a UTF-16 text into `result` and returns its length. When the
/// result is larger than `capacity`, call again with a buffer of at least the returned size.
int32_t catalog_transliterate(catalog_transliterator *transliterator, const uint16_t *text,
                              int32_t length, uint16_t *result, int32_t capacity,
                              int32_t *status);

/// Opens ICU's word break rules for a locale, with ICU's dictionaries for Chinese, Japanese,
/// Thai and the other languages written without spaces.
catalog_word_breaker *catalog_word_breaker_open(const char *locale, int32_t *status);
void catalog_word_breaker_close(catalog_word_breaker *breaker);

/// Writes the UTF-16 offsets where the words of a UTF-16 text start, in order: the segments that
/// ICU's rules give a word status (letters, numbers, kana, ideographs), not white space or
/// punctuation. Returns the number of words; when larger than `capacity`, call again with a
/// larger buffer.
int32_t catalog_word_starts(catalog_word_breaker *breaker, const uint16_t *text, int32_t length,
                            int32_t *starts, int32_t capacity, int32_t *status);

/// Writes the NFC form (`unorm2_getNFCInstance`) of a UTF-16 text into `result` and returns its
/// length. When the result is larger than `capacity`, call again with a buffer of at least the
/// returned size.
int32_t catalog_nfc(const uint16_t *text, int32_t length, uint16_t *result, int32_t capacity,
                    int32_t *status);

/// The scripts that `catalog_script_of` tells apart.
enum {
  CATALOG_SCRIPT_OTHER = 0,
  CATALOG_SCRIPT_HAN = 1,
  /// Hiragana or Katakana, and the marks written with them (ー, ﾞ), by their script extensions.
  CATALOG_SCRIPT_KANA = 2,
  CATALOG_SCRIPT_HANGUL = 3,
};

/// The script of a code point (`uscript_getScript`, and for kana `uscript_hasScript`), as one of
/// the `CATALOG_SCRIPT_` values.
int32_t catalog_script_of(int32_t codepoint);

/// The leading consonant (a conjoining jamo, U+1100…U+1112) of a precomposed Hangul syllable, from
/// its canonical decomposition; -1 for any other code point.
int32_t catalog_hangul_leading_consonant(int32_t codepoint);

#ifdef __cplusplus
}
#endif

#endif
