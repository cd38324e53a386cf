#include <sqlite3.h>

/// SQLITE_TRANSIENT is a macro over a function-pointer cast, which Swift cannot import.
static inline sqlite3_destructor_type csqlite_transient(void) { return SQLITE_TRANSIENT; }

/// Turns off SQLite's memory statistics, which take a global lock on every allocation; effective
/// only before SQLite's first use in the process (SQLITE_MISUSE, and no change, after it).
static inline int csqlite_disable_memory_statistics(void) {
  return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}
