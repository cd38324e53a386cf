#include "CICU.h"

#include <unicode/alphaindex.h>
#include <unicode/locid.h>
#include <unicode/ucol.h>
#include <unicode/uchar.h>
#include <unicode/uloc.h>
#include <unicode/uscript.h>
#include <unicode/ustring.h>
#include <unicode/utypes.h>
#include <unicode/uversion.h>

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

bool isWellFormedId(const char *id) {
  if (*id == '\0') {
    return false;
  }
  for (const char *c = id; *c != '\0'; c++) {
    bool allowed = (*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') ||
                   (*c >= '0' && *c <= '9') || *c == '_' || *c == '-';
    if (!allowed) {
      return false;
    }
  }
  return true;
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
  if (!isWellFormedId(requested) || std::strlen(requested) >= ULOC_FULLNAME_CAPACITY) {
    *status = U_ILLEGAL_ARGUMENT_ERROR;
    return 0;
  }
  // The id buffers are zeroed and ICU is given one byte less, so they always end in NUL; an id
  // that fills one (U_STRING_NOT_TERMINATED_WARNING) is refused before anything reads it.
  UErrorCode error = U_ZERO_ERROR;
  char id[ULOC_FULLNAME_CAPACITY] = {};
  if (std::strchr(requested, '_') != nullptr) {
    uloc_canonicalize(requested, id, sizeof id - 1, &error);
  } else {
    int32_t parsed = 0;
    uloc_forLanguageTag(requested, id, sizeof id - 1, &parsed, &error);
    if (U_SUCCESS(error) && parsed != static_cast<int32_t>(std::strlen(requested))) {
      error = U_ILLEGAL_ARGUMENT_ERROR;
    }
  }
  if (U_FAILURE(error) || error == U_STRING_NOT_TERMINATED_WARNING) {
    *status = U_FAILURE(error) ? error : U_ILLEGAL_ARGUMENT_ERROR;
    return 0;
  }
  // The id is stored and read back later, so it must be one this function accepts unchanged.
  char again[ULOC_FULLNAME_CAPACITY] = {};
  UErrorCode againError = U_ZERO_ERROR;
  uloc_canonicalize(id, again, sizeof again - 1, &againError);
  bool isStable = isWellFormedId(id) && U_SUCCESS(againError) &&
                  againError != U_STRING_NOT_TERMINATED_WARNING && std::strcmp(id, again) == 0;
  char language[ULOC_LANG_CAPACITY] = {};
  char script[ULOC_SCRIPT_CAPACITY] = {};
  char region[ULOC_COUNTRY_CAPACITY] = {};
  uloc_getLanguage(id, language, sizeof language, &error);
  uloc_getScript(id, script, sizeof script, &error);
  uloc_getCountry(id, region, sizeof region, &error);
  if (U_FAILURE(error) || error == U_STRING_NOT_TERMINATED_WARNING || !isStable ||
      !isKnownLanguage(language) || !isKnownScript(script) || !isKnownRegion(region)) {
    *status = U_FAILURE(error) ? error : U_ILLEGAL_ARGUMENT_ERROR;
    return 0;
  }
  int32_t length = static_cast<int32_t>(std::strlen(id));
  if (length >= capacity) {
    *status = U_BUFFER_OVERFLOW_ERROR;
    return length;
  }
  std::memcpy(canonical, id, length + 1);
  return length;
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

void catalog_icu_version(char *buffer, int32_t capacity) {
  UVersionInfo version;
  u_getVersion(version);
  char text[U_MAX_VERSION_STRING_LENGTH];
  u_versionToString(version, text);
  std::strncpy(buffer, text, capacity);
  buffer[capacity - 1] = '\0';
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

}  // extern "C"
