#include "CICU.h"

#include <unicode/alphaindex.h>
#include <unicode/locid.h>
#include <unicode/translit.h>
#include <unicode/ubrk.h>
#include <unicode/uchar.h>
#include <unicode/ucol.h>
#include <unicode/ulocdata.h>
#include <unicode/uenum.h>
#include <unicode/uloc.h>
#include <unicode/unorm2.h>
#include <unicode/uscript.h>
#include <unicode/ustring.h>
#include <unicode/utypes.h>
#include <unicode/uversion.h>

#include <cctype>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

namespace {

bool isKnownLanguage(const char *language) {
  if (std::strcmp(language, "root") == 0) {
    return false;
  }
  int32_t count = uloc_countAvailable();
  for (int32_t i = 0; i < count; i++) {
    char availableLanguage[ULOC_LANG_CAPACITY];
    UErrorCode status = U_ZERO_ERROR;
    uloc_getLanguage(uloc_getAvailable(i), availableLanguage, sizeof availableLanguage, &status);
    if (U_SUCCESS(status) && std::strcmp(language, availableLanguage) == 0) {
      return true;
    }
  }
  return false;
}

bool isKnownRegion(const char *region) {
  size_t length = std::strlen(region);
  if (length == 0) {
    return true;
  }
  if (length == 3) {
    return region[0] >= '0' && region[0] <= '9' && region[1] >= '0' && region[1] <= '9' &&
           region[2] >= '0' && region[2] <= '9';
  }
  for (const char *const *country = uloc_getISOCountries(); *country != nullptr; country++) {
    if (std::strcmp(region, *country) == 0) {
      return true;
    }
  }
  return false;
}

bool isKnownScript(const char *script) {
  return script[0] == '\0' || u_getPropertyValueEnum(UCHAR_SCRIPT, script) != UCHAR_INVALID_CODE;
}

/// Letters, digits, `_` and `-`, and after one `@` also `=` and `;` (ICU's keywords).
bool isWellFormedId(const char *id) {
  if (*id == '\0' || *id == '@') {
    return false;
  }
  bool inKeywords = false;
  for (const char *c = id; *c != '\0'; c++) {
    bool allowed = (*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') ||
                   (*c >= '0' && *c <= '9') || *c == '_' || *c == '-' ||
                   (inKeywords && (*c == '=' || *c == ';'));
    if (*c == '@' && !inKeywords) {
      inKeywords = true;
    } else if (!allowed) {
      return false;
    }
  }
  return true;
}

bool isFailure(UErrorCode error) {
  return U_FAILURE(error) || error == U_STRING_NOT_TERMINATED_WARNING;
}

/// Rewrites the keywords of an id in ICU's legacy spelling, lower case: `collation=PhoneBook`
/// and `colnumeric=true` become `collation=phonebook` and `colnumeric=yes`. `id` holds
/// ULOC_FULLNAME_CAPACITY bytes.
void spellKeywordsAsICU(char *id, UErrorCode &error) {
  if (std::strchr(id, '@') == nullptr) {
    return;
  }
  char result[ULOC_FULLNAME_CAPACITY] = {};
  uloc_getBaseName(id, result, sizeof result - 1, &error);
  UEnumeration *keywords = uloc_openKeywords(id, &error);
  while (U_SUCCESS(error) && keywords != nullptr) {
    const char *key = uenum_next(keywords, nullptr, &error);
    if (key == nullptr) {
      break;
    }
    char value[ULOC_FULLNAME_CAPACITY] = {};
    uloc_getKeywordValue(id, key, value, sizeof value - 1, &error);
    for (char *c = value; *c != '\0'; c++) {
      *c = static_cast<char>(std::tolower(static_cast<unsigned char>(*c)));
    }
    const char *legacyKey = uloc_toLegacyKey(key);
    const char *legacyValue = uloc_toLegacyType(key, value);
    uloc_setKeywordValue(legacyKey != nullptr ? legacyKey : key,
                         legacyValue != nullptr ? legacyValue : value, result,
                         sizeof result - 1, &error);
  }
  uenum_close(keywords);
  std::memcpy(id, result, sizeof result);
}

/// One pass of `catalog_locale_canonicalize` into `id` (ULOC_FULLNAME_CAPACITY bytes).
void canonicalizeOnce(const char *requested, char *id, UErrorCode &error) {
  if (!isWellFormedId(requested) || std::strlen(requested) >= ULOC_FULLNAME_CAPACITY) {
    error = U_ILLEGAL_ARGUMENT_ERROR;
    return;
  }
  // The id buffers are zeroed and ICU is given one byte less, so they always end in NUL; an id
  // that fills one (U_STRING_NOT_TERMINATED_WARNING) is refused before anything reads it.
  if (std::strchr(requested, '_') != nullptr || std::strchr(requested, '@') != nullptr) {
    uloc_canonicalize(requested, id, ULOC_FULLNAME_CAPACITY - 1, &error);
  } else {
    int32_t parsed = 0;
    uloc_forLanguageTag(requested, id, ULOC_FULLNAME_CAPACITY - 1, &parsed, &error);
    if (U_SUCCESS(error) && parsed != static_cast<int32_t>(std::strlen(requested))) {
      error = U_ILLEGAL_ARGUMENT_ERROR;
    }
  }
  if (isFailure(error)) {
    return;
  }
  spellKeywordsAsICU(id, error);
  if (isFailure(error)) {
    return;
  }
  char language[ULOC_LANG_CAPACITY] = {};
  char script[ULOC_SCRIPT_CAPACITY] = {};
  char region[ULOC_COUNTRY_CAPACITY] = {};
  uloc_getLanguage(id, language, sizeof language, &error);
  uloc_getScript(id, script, sizeof script, &error);
  uloc_getCountry(id, region, sizeof region, &error);
  if (!isFailure(error) && (!isWellFormedId(id) || !isKnownLanguage(language) ||
                            !isKnownScript(script) || !isKnownRegion(region))) {
    error = U_ILLEGAL_ARGUMENT_ERROR;
  }
}

/// Copies `text` into a C buffer, as the functions that return a text do.
int32_t copyOut(const std::string &text, char *buffer, int32_t capacity, int32_t *status) {
  int32_t length = static_cast<int32_t>(text.size());
  if (length >= capacity) {
    *status = U_BUFFER_OVERFLOW_ERROR;
    return length;
  }
  std::memcpy(buffer, text.c_str(), length + 1);
  return length;
}

bool isLetterScript(UScriptCode script) {
  return script != USCRIPT_COMMON && script != USCRIPT_INHERITED && script != USCRIPT_UNKNOWN &&
         script != USCRIPT_INVALID_CODE;
}

/// Whether `codes` holds `code` or a code that ICU reorders together with it (Hira and Kana).
bool coversReorderCode(const std::vector<int32_t> &codes, int32_t code) {
  int32_t equivalents[16];
  UErrorCode error = U_ZERO_ERROR;
  int32_t count = ucol_getEquivalentReorderCodes(code, equivalents, 16, &error);
  if (U_FAILURE(error)) {
    count = 1;
    equivalents[0] = code;
  }
  for (int32_t listed : codes) {
    for (int32_t i = 0; i < count; i++) {
      if (listed == equivalents[i]) {
        return true;
      }
    }
  }
  return false;
}

/// The `colreorder` value that puts the locale's own scripts before Latin, or "" when its
/// collator already sorts them first (or its script is Latin).
std::string ownScriptsFirst(const char *locale, UErrorCode &error) {
  UScriptCode scripts[8];
  int32_t scriptCount = uscript_getCode(locale, scripts, 8, &error);
  if (U_FAILURE(error) || scriptCount == 0 || scripts[0] == USCRIPT_LATIN ||
      !isLetterScript(scripts[0])) {
    return "";
  }
  UCollator *collator = ucol_open(locale, &error);
  UChar own[8];
  UChar latin[8];
  int32_t ownLength = uscript_getSampleString(scripts[0], own, 8, &error);
  int32_t latinLength = uscript_getSampleString(USCRIPT_LATIN, latin, 8, &error);
  if (U_FAILURE(error) ||
      ucol_strcoll(collator, own, ownLength, latin, latinLength) != UCOL_GREATER) {
    ucol_close(collator);
    return "";
  }
  std::vector<int32_t> codes;
  for (int32_t i = 0; i < scriptCount; i++) {
    if (isLetterScript(scripts[i]) && !coversReorderCode(codes, scripts[i])) {
      codes.push_back(scripts[i]);
    }
  }
  int32_t current[32];
  int32_t currentCount = ucol_getReorderCodes(collator, current, 32, &error);
  ucol_close(collator);
  for (int32_t i = 0; U_SUCCESS(error) && i < currentCount; i++) {
    if (!coversReorderCode(codes, current[i])) {
      codes.push_back(current[i]);
    }
  }
  std::string value;
  for (int32_t code : codes) {
    const char *name = uscript_getShortName(static_cast<UScriptCode>(code));
    if (name == nullptr) {
      return "";
    }
    value += (value.empty() ? "" : "-");
    for (const char *c = name; *c != '\0'; c++) {
      value += static_cast<char>(std::tolower(static_cast<unsigned char>(*c)));
    }
  }
  return value;
}

/// Converts UTF-8 to UTF-16, using `stack` when it is large enough.
const UChar *toUTF16(const char *text, int32_t length, UChar *stack, int32_t stackCapacity,
                     std::vector<UChar> &heap, int32_t *utf16Length) {
  UErrorCode status = U_ZERO_ERROR;
  u_strFromUTF8WithSub(stack, stackCapacity, utf16Length, text, length, 0xFFFD, nullptr,
                       &status);
  if (status == U_BUFFER_OVERFLOW_ERROR) {
    heap.resize(*utf16Length);
    status = U_ZERO_ERROR;
    u_strFromUTF8WithSub(heap.data(), *utf16Length, utf16Length, text, length, 0xFFFD, nullptr,
                         &status);
    return heap.data();
  }
  return stack;
}

bool containsLatin(const icu::UnicodeString &label) {
  for (int32_t i = 0; i < label.length(); i = label.moveIndex32(i, 1)) {
    UErrorCode status = U_ZERO_ERROR;
    if (uscript_getScript(label.char32At(i), &status) == USCRIPT_LATIN) {
      return true;
    }
  }
  return false;
}

}  // namespace

struct catalog_collator {
  UCollator *collator;
};

struct catalog_transliterator {
  std::unique_ptr<icu::Transliterator> transliterator;
};

struct catalog_word_breaker {
  UBreakIterator *iterator;
};

struct catalog_letter_index {
  std::unique_ptr<icu::AlphabeticIndex::ImmutableIndex> index;
  /// For each ICU bucket, the position of its label among the ordinary labels, or -1.
  std::vector<int32_t> labelPositionOfBucket;
  std::vector<std::string> labels;
};

/// The position of the label whose bucket holds `text`, or -1 for the other buckets.
static int32_t labelPosition(const catalog_letter_index *index, const icu::UnicodeString &text,
                             int32_t *status) {
  UErrorCode error = U_ZERO_ERROR;
  int32_t bucket = index->index->getBucketIndex(text, error);
  if (U_FAILURE(error)) {
    *status = error;
    return -1;
  }
  return index->labelPositionOfBucket[bucket];
}

extern "C" {

int32_t catalog_locale_canonicalize(const char *requested, char *canonical, int32_t capacity,
                                    int32_t *status) {
  UErrorCode error = U_ZERO_ERROR;
  char id[ULOC_FULLNAME_CAPACITY] = {};
  canonicalizeOnce(requested, id, error);
  // The id is stored and read back later, so it must be one this function accepts unchanged.
  char again[ULOC_FULLNAME_CAPACITY] = {};
  if (!isFailure(error)) {
    canonicalizeOnce(id, again, error);
  }
  if (isFailure(error) || std::strcmp(id, again) != 0) {
    *status = U_FAILURE(error) ? error : U_ILLEGAL_ARGUMENT_ERROR;
    return 0;
  }
  return copyOut(id, canonical, capacity, status);
}

int32_t catalog_collation_locale(const char *locale, char *result, int32_t capacity,
                                 int32_t *status) {
  UErrorCode error = U_ZERO_ERROR;
  char reorder[ULOC_FULLNAME_CAPACITY] = {};
  uloc_getKeywordValue(locale, "colreorder", reorder, sizeof reorder - 1, &error);
  std::string value = reorder[0] == '\0' ? ownScriptsFirst(locale, error) : "";
  char id[ULOC_FULLNAME_CAPACITY] = {};
  std::strncpy(id, locale, sizeof id - 1);
  if (!value.empty()) {
    uloc_setKeywordValue("colreorder", value.c_str(), id, sizeof id - 1, &error);
  }
  if (isFailure(error)) {
    *status = U_FAILURE(error) ? error : U_BUFFER_OVERFLOW_ERROR;
    return 0;
  }
  return copyOut(id, result, capacity, status);
}

int32_t catalog_collation_types(const char *locale, char *buffer, int32_t capacity,
                                int32_t *status) {
  UErrorCode error = U_ZERO_ERROR;
  UEnumeration *types = ucol_getKeywordValuesForLocale("collation", locale, false, &error);
  std::string list;
  while (U_SUCCESS(error)) {
    const char *type = uenum_next(types, nullptr, &error);
    if (type == nullptr) {
      break;
    }
    list += (list.empty() ? "" : ",") + std::string(type);
  }
  uenum_close(types);
  if (U_FAILURE(error)) {
    *status = error;
    return 0;
  }
  return copyOut(list, buffer, capacity, status);
}

const char *catalog_error_name(int32_t status) {
  return u_errorName(static_cast<UErrorCode>(status));
}

int32_t catalog_terminal_columns(int32_t codepoint) {
  switch (u_getIntPropertyValue(codepoint, UCHAR_EAST_ASIAN_WIDTH)) {
    case U_EA_WIDE:
    case U_EA_FULLWIDTH:
      return 2;
    default:
      break;
  }
  switch (u_charType(codepoint)) {
    case U_NON_SPACING_MARK:
    case U_ENCLOSING_MARK:
    case U_FORMAT_CHAR:
    case U_CONTROL_CHAR:
      return 0;
    default:
      return 1;
  }
}

/// `version` as text in `buffer`, cut to `capacity` with its NUL.
static void writeVersion(const UVersionInfo version, char *buffer, int32_t capacity) {
  char text[U_MAX_VERSION_STRING_LENGTH];
  u_versionToString(version, text);
  std::strncpy(buffer, text, capacity);
  buffer[capacity - 1] = '\0';
}

void catalog_icu_version(char *buffer, int32_t capacity) {
  UVersionInfo version;
  u_getVersion(version);
  writeVersion(version, buffer, capacity);
}

void catalog_unicode_version(char *buffer, int32_t capacity) {
  UVersionInfo version;
  u_getUnicodeVersion(version);
  writeVersion(version, buffer, capacity);
}

void catalog_cldr_version(char *buffer, int32_t capacity, int32_t *status) {
  UErrorCode error = U_ZERO_ERROR;
  UVersionInfo version = {};
  ulocdata_getCLDRVersion(version, &error);
  if (U_FAILURE(error)) {
    *status = error;
  }
  writeVersion(version, buffer, capacity);
}

catalog_collator *catalog_collator_open(const char *locale, int32_t strength, int32_t *status) {
  UErrorCode error = U_ZERO_ERROR;
  UCollator *collator = ucol_open(locale, &error);
  ucol_setAttribute(collator, UCOL_NORMALIZATION_MODE, UCOL_ON, &error);
  ucol_setAttribute(collator, UCOL_STRENGTH, strength == 0 ? UCOL_PRIMARY : UCOL_TERTIARY,
                    &error);
  if (U_FAILURE(error)) {
    ucol_close(collator);
    *status = error;
    return nullptr;
  }
  return new catalog_collator{collator};
}

void catalog_collator_close(catalog_collator *collator) {
  if (collator != nullptr) {
    ucol_close(collator->collator);
    delete collator;
  }
}

void catalog_collator_version(const catalog_collator *collator, char *buffer, int32_t capacity) {
  UVersionInfo version;
  ucol_getVersion(collator->collator, version);
  char text[U_MAX_VERSION_STRING_LENGTH];
  u_versionToString(version, text);
  std::strncpy(buffer, text, capacity);
  buffer[capacity - 1] = '\0';
}

int32_t catalog_collator_sort_key_utf16(const catalog_collator *collator, const uint16_t *text,
                                        int32_t length, uint8_t *key, int32_t capacity) {
  return ucol_getSortKey(collator->collator, reinterpret_cast<const UChar *>(text), length, key,
                         capacity);
}

int32_t catalog_collator_sort_key(const catalog_collator *collator, const char *text,
                                  int32_t length, uint8_t *key, int32_t capacity) {
  int32_t status = 0;
  return catalog_item_keys(collator, nullptr, text, length, key, capacity, nullptr, &status);
}

int32_t catalog_item_keys(const catalog_collator *collator, const catalog_letter_index *index,
                          const char *text, int32_t length, uint8_t *key, int32_t capacity,
                          int32_t *letter, int32_t *status) {
  UChar stack[256];
  std::vector<UChar> heap;
  int32_t utf16Length = 0;
  const UChar *utf16 = toUTF16(text, length, stack, 256, heap, &utf16Length);
  if (index != nullptr) {
    *letter = labelPosition(index, icu::UnicodeString(false, utf16, utf16Length), status);
  }
  return ucol_getSortKey(collator->collator, utf16, utf16Length, key, capacity);
}

catalog_letter_index *catalog_letter_index_open(const char *locale, int32_t *status) {
  UErrorCode error = U_ZERO_ERROR;
  icu::Locale icuLocale(locale);
  icu::AlphabeticIndex builder(icuLocale, error);
  if (U_FAILURE(error)) {
    *status = error;
    return nullptr;
  }
  bool hasLatin = false;
  builder.resetBucketIterator(error);
  while (builder.nextBucket(error)) {
    if (builder.getBucketLabelType() == U_ALPHAINDEX_NORMAL &&
        containsLatin(builder.getBucketLabel())) {
      hasLatin = true;
    }
  }
  if (!hasLatin) {
    builder.addLabels(icu::Locale::getEnglish(), error);
  }
  std::unique_ptr<icu::AlphabeticIndex::ImmutableIndex> index(
      builder.buildImmutableIndex(error));
  if (U_FAILURE(error)) {
    *status = error;
    return nullptr;
  }
  auto result = new catalog_letter_index{std::move(index), {}, {}};
  for (int32_t i = 0; i < result->index->getBucketCount(); i++) {
    const icu::AlphabeticIndex::Bucket *bucket = result->index->getBucket(i);
    if (bucket->getLabelType() == U_ALPHAINDEX_NORMAL) {
      result->labelPositionOfBucket.push_back(static_cast<int32_t>(result->labels.size()));
      std::string label;
      bucket->getLabel().toUTF8String(label);
      result->labels.push_back(label);
    } else {
      result->labelPositionOfBucket.push_back(-1);
    }
  }
  return result;
}

void catalog_letter_index_close(catalog_letter_index *index) { delete index; }

int32_t catalog_letter_index_label_count(const catalog_letter_index *index) {
  return static_cast<int32_t>(index->labels.size());
}

int32_t catalog_letter_index_label(const catalog_letter_index *index, int32_t position,
                                   char *buffer, int32_t capacity) {
  const std::string &label = index->labels[position];
  int32_t length = static_cast<int32_t>(label.size());
  if (length <= capacity) {
    std::memcpy(buffer, label.data(), length);
  }
  return length;
}

int32_t catalog_letter_index_bucket(const catalog_letter_index *index, const char *text,
                                    int32_t length, int32_t *status) {
  return labelPosition(index, icu::UnicodeString::fromUTF8(icu::StringPiece(text, length)), status);
}

catalog_transliterator *catalog_transliterator_open(const char *id, int32_t *status) {
  UErrorCode error = U_ZERO_ERROR;
  UParseError parseError;
  std::unique_ptr<icu::Transliterator> transliterator(icu::Transliterator::createInstance(
      icu::UnicodeString(id, -1, US_INV), UTRANS_FORWARD, parseError, error));
  if (U_FAILURE(error) || transliterator == nullptr) {
    *status = U_FAILURE(error) ? error : U_INVALID_ID;
    return nullptr;
  }
  return new catalog_transliterator{std::move(transliterator)};
}

void catalog_transliterator_close(catalog_transliterator *transliterator) {
  delete transliterator;
}

int32_t catalog_transliterate(catalog_transliterator *transliterator, const uint16_t *text,
                              int32_t length, uint16_t *result, int32_t capacity,
                              int32_t *status) {
  icu::UnicodeString string(reinterpret_cast<const UChar *>(text), length);
  transliterator->transliterator->transliterate(string);
  UErrorCode error = U_ZERO_ERROR;
  int32_t written = string.extract(reinterpret_cast<UChar *>(result), capacity, error);
  if (U_FAILURE(error) && error != U_BUFFER_OVERFLOW_ERROR) {
    *status = error;
  }
  return written;
}

catalog_word_breaker *catalog_word_breaker_open(const char *locale, int32_t *status) {
  UErrorCode error = U_ZERO_ERROR;
  UBreakIterator *iterator = ubrk_open(UBRK_WORD, locale, nullptr, 0, &error);
  if (U_FAILURE(error)) {
    ubrk_close(iterator);
    *status = error;
    return nullptr;
  }
  return new catalog_word_breaker{iterator};
}

void catalog_word_breaker_close(catalog_word_breaker *breaker) {
  if (breaker != nullptr) {
    ubrk_close(breaker->iterator);
    delete breaker;
  }
}

int32_t catalog_word_starts(catalog_word_breaker *breaker, const uint16_t *text, int32_t length,
                            int32_t *starts, int32_t capacity, int32_t *status) {
  UErrorCode error = U_ZERO_ERROR;
  ubrk_setText(breaker->iterator, reinterpret_cast<const UChar *>(text), length, &error);
  if (U_FAILURE(error)) {
    *status = error;
    return 0;
  }
  int32_t count = 0;
  int32_t start = ubrk_first(breaker->iterator);
  for (int32_t end = ubrk_next(breaker->iterator); end != UBRK_DONE;
       start = end, end = ubrk_next(breaker->iterator)) {
    if (ubrk_getRuleStatus(breaker->iterator) >= UBRK_WORD_NONE_LIMIT) {
      if (count < capacity) {
        starts[count] = start;
      }
      count++;
    }
  }
  return count;
}

int32_t catalog_nfc(const uint16_t *text, int32_t length, uint16_t *result, int32_t capacity,
                    int32_t *status) {
  UErrorCode error = U_ZERO_ERROR;
  const UNormalizer2 *nfc = unorm2_getNFCInstance(&error);
  int32_t written = U_SUCCESS(error)
                        ? unorm2_normalize(nfc, reinterpret_cast<const UChar *>(text), length,
                                           reinterpret_cast<UChar *>(result), capacity, &error)
                        : 0;
  if (error == U_BUFFER_OVERFLOW_ERROR) {
    return written;
  }
  if (U_FAILURE(error)) {
    *status = error;
  }
  return written;
}

int32_t catalog_script_of(int32_t codepoint) {
  UErrorCode error = U_ZERO_ERROR;
  switch (uscript_getScript(codepoint, &error)) {
    case USCRIPT_HAN:
      return CATALOG_SCRIPT_HAN;
    case USCRIPT_HANGUL:
      return CATALOG_SCRIPT_HANGUL;
    default:
      return uscript_hasScript(codepoint, USCRIPT_HIRAGANA) ||
                     uscript_hasScript(codepoint, USCRIPT_KATAKANA)
                 ? CATALOG_SCRIPT_KANA
                 : CATALOG_SCRIPT_OTHER;
  }
}

int32_t catalog_hangul_leading_consonant(int32_t codepoint) {
  int32_t type = u_getIntPropertyValue(codepoint, UCHAR_HANGUL_SYLLABLE_TYPE);
  if (type != U_HST_LV_SYLLABLE && type != U_HST_LVT_SYLLABLE) {
    return -1;
  }
  UErrorCode error = U_ZERO_ERROR;
  const UNormalizer2 *nfd = unorm2_getNFDInstance(&error);
  UChar decomposition[4];
  int32_t length = unorm2_getDecomposition(nfd, codepoint, decomposition, 4, &error);
  return U_SUCCESS(error) && length > 0 ? decomposition[0] : -1;
}

}  // extern "C"
