#ifndef CLIBPQ_H
#define CLIBPQ_H

/// libpq, PostgreSQL's client library, loaded when a program first opens a catalog on PostgreSQL
/// rather than when it starts: libpq brings a dozen libraries with it (OpenSSL, Kerberos, LDAP),
/// whose loading cost every run of `catalog` about 6 ms, SQLite catalogs included. The functions
/// are libpq's own, declared by its header and found with `dlsym` in `libpq.so.5`.

// Where Debian's libpq-dev puts it (`pg_config --includedir`), outside the compiler's search path.
#include "/usr/include/postgresql/libpq-fe.h"

#ifdef __cplusplus
extern "C" {
#endif

/// The libpq functions the catalog calls.
typedef struct {
  __typeof__(PQconnectdbParams) *_Nonnull connectdbParams;
  __typeof__(PQstatus) *_Nonnull status;
  __typeof__(PQerrorMessage) *_Nonnull errorMessage;
  __typeof__(PQfinish) *_Nonnull finish;
  __typeof__(PQsetNoticeProcessor) *_Nonnull setNoticeProcessor;
  __typeof__(PQtransactionStatus) *_Nonnull transactionStatus;
  __typeof__(PQexec) *_Nonnull exec;
  __typeof__(PQexecParams) *_Nonnull execParams;
  __typeof__(PQprepare) *_Nonnull prepare;
  __typeof__(PQexecPrepared) *_Nonnull execPrepared;
  __typeof__(PQsendQueryParams) *_Nonnull sendQueryParams;
  __typeof__(PQsendQueryPrepared) *_Nonnull sendQueryPrepared;
  __typeof__(PQenterPipelineMode) *_Nonnull enterPipelineMode;
  __typeof__(PQexitPipelineMode) *_Nonnull exitPipelineMode;
  __typeof__(PQpipelineSync) *_Nonnull pipelineSync;
  __typeof__(PQclear) *_Nonnull clear;
  __typeof__(PQresultStatus) *_Nonnull resultStatus;
  __typeof__(PQresultErrorField) *_Nonnull resultErrorField;
  __typeof__(PQcmdTuples) *_Nonnull cmdTuples;
  __typeof__(PQntuples) *_Nonnull ntuples;
  __typeof__(PQnfields) *_Nonnull nfields;
  __typeof__(PQftype) *_Nonnull ftype;
  __typeof__(PQgetisnull) *_Nonnull getisnull;
  __typeof__(PQgetvalue) *_Nonnull getvalue;
  __typeof__(PQgetlength) *_Nonnull getlength;
  __typeof__(PQputCopyData) *_Nonnull putCopyData;
  __typeof__(PQputCopyEnd) *_Nonnull putCopyEnd;
  __typeof__(PQgetResult) *_Nonnull getResult;
  __typeof__(PQconsumeInput) *_Nonnull consumeInput;
  __typeof__(PQnotifies) *_Nonnull notifies;
  __typeof__(PQfreemem) *_Nonnull freemem;
  __typeof__(PQsocket) *_Nonnull socket;
  __typeof__(PQhost) *_Nonnull host;
  __typeof__(PQport) *_Nonnull port;
  __typeof__(PQdb) *_Nonnull db;
  __typeof__(PQuser) *_Nonnull user;
  __typeof__(PQserverVersion) *_Nonnull serverVersion;
  __typeof__(PQparameterStatus) *_Nonnull parameterStatus;
  __typeof__(PQlibVersion) *_Nonnull libVersion;
} clibpq_api;

/// libpq's functions, loaded the first time this is called (from any thread); NULL when libpq
/// cannot be loaded, and then `*error` says why.
const clibpq_api *_Nullable clibpq_load(const char *_Nullable *_Nonnull error);

/// The SQLSTATE of a failed result, or NULL (`PG_DIAG_SQLSTATE` is a character macro).
const char *_Nullable clibpq_sqlstate(const clibpq_api *_Nonnull api,
                                      const PGresult *_Nonnull result);

/// The server's primary message of a failed result, without libpq's "ERROR:" prefix.
const char *_Nullable clibpq_primary_message(const clibpq_api *_Nonnull api,
                                             const PGresult *_Nonnull result);

/// Waits up to `milliseconds` for the socket `descriptor` to have something to read (a
/// notification, a result); 1 when it has, 0 on timeout, -1 on error.
int clibpq_wait_readable(int descriptor, int milliseconds);

#ifdef __cplusplus
}
#endif

#endif
