#include <sqlite3.h>
#include <stdlib.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif

/// SQLITE_TRANSIENT is a macro over a function-pointer cast, which Swift cannot import.
static inline sqlite3_destructor_type csqlite_transient(void) { return SQLITE_TRANSIENT; }

/// Turns off SQLite's memory statistics, which take a global lock on every allocation; effective
/// only before SQLite's first use in the process (SQLITE_MISUSE, and no change, after it).
static inline int csqlite_disable_memory_statistics(void) {
  return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}

/// Keeps a statement journal in memory until it holds `bytes` (SQLite's default: 64 KiB), then
/// moves it to a temporary file. A multi-row insert inside a transaction journals every page it
/// touches first, so with the default nearly every such statement wrote its journal to a file;
/// effective only before SQLite's first use in the process, as above.
static inline int csqlite_statement_journal_spill(int bytes) {
  return sqlite3_config(SQLITE_CONFIG_STMTJRNL_SPILL, bytes);
}

/// Keeps up to `bytes` of freed memory at the top of the heap instead of handing it back to the
/// system at once. A write frees its statement journal after every statement, and with glibc's
/// default threshold (128 KiB) each of those frees became two system calls (a quarter of the time
/// of a 10,000-row append). Setting it, or the limit below, stops glibc from moving either on its
/// own. Does nothing where the C library is not glibc.
static inline void csqlite_keep_freed_heap(int bytes) {
#ifdef __GLIBC__
  mallopt(M_TRIM_THRESHOLD, bytes);
#endif
}

/// Takes blocks of up to `bytes` from the heap rather than mapping each on its own (glibc's
/// M_MMAP_THRESHOLD). Does nothing where the C library is not glibc.
static inline void csqlite_heap_block_limit(int bytes) {
#ifdef __GLIBC__
  mallopt(M_MMAP_THRESHOLD, bytes);
#endif
}
