#include "CLibPQ.h"

#include <dlfcn.h>
#include <poll.h>
#include <pthread.h>
#include <stddef.h>

static clibpq_api api;
static const clibpq_api *loaded;
static const char *load_error;
static pthread_once_t load_once = PTHREAD_ONCE_INIT;

/// Finds every function, or says which one is missing.
static void load(void) {
  void *library = dlopen("libpq.so.5", RTLD_NOW | RTLD_LOCAL);
  if (library == NULL) {
    load_error = dlerror();
    return;
  }
#define FIND(field, name)                                \
  if ((*(void **)&api.field = dlsym(library, name)) == NULL) { \
    load_error = "libpq.so.5 lacks " name;               \
    return;                                              \
  }
  FIND(connectdbParams, "PQconnectdbParams")
  FIND(status, "PQstatus")
  FIND(errorMessage, "PQerrorMessage")
  FIND(finish, "PQfinish")
  FIND(setNoticeProcessor, "PQsetNoticeProcessor")
  FIND(transactionStatus, "PQtransactionStatus")
  FIND(exec, "PQexec")
  FIND(execParams, "PQexecParams")
  FIND(prepare, "PQprepare")
  FIND(execPrepared, "PQexecPrepared")
  FIND(sendQueryParams, "PQsendQueryParams")
  FIND(sendQueryPrepared, "PQsendQueryPrepared")
  FIND(enterPipelineMode, "PQenterPipelineMode")
  FIND(exitPipelineMode, "PQexitPipelineMode")
  FIND(pipelineSync, "PQpipelineSync")
  FIND(clear, "PQclear")
  FIND(resultStatus, "PQresultStatus")
  FIND(resultErrorField, "PQresultErrorField")
  FIND(cmdTuples, "PQcmdTuples")
  FIND(ntuples, "PQntuples")
  FIND(nfields, "PQnfields")
  FIND(ftype, "PQftype")
  FIND(getisnull, "PQgetisnull")
  FIND(getvalue, "PQgetvalue")
  FIND(getlength, "PQgetlength")
  FIND(putCopyData, "PQputCopyData")
  FIND(putCopyEnd, "PQputCopyEnd")
  FIND(getResult, "PQgetResult")
  FIND(consumeInput, "PQconsumeInput")
  FIND(notifies, "PQnotifies")
  FIND(freemem, "PQfreemem")
  FIND(socket, "PQsocket")
  FIND(host, "PQhost")
  FIND(port, "PQport")
  FIND(db, "PQdb")
  FIND(user, "PQuser")
  FIND(serverVersion, "PQserverVersion")
  FIND(parameterStatus, "PQparameterStatus")
  FIND(libVersion, "PQlibVersion")
#undef FIND
  loaded = &api;
}

const clibpq_api *clibpq_load(const char **error) {
  pthread_once(&load_once, load);
  if (loaded == NULL) {
    *error = load_error;
  }
  return loaded;
}

const char *clibpq_sqlstate(const clibpq_api *functions, const PGresult *result) {
  return functions->resultErrorField(result, PG_DIAG_SQLSTATE);
}

const char *clibpq_primary_message(const clibpq_api *functions, const PGresult *result) {
  return functions->resultErrorField(result, PG_DIAG_MESSAGE_PRIMARY);
}

int clibpq_wait_readable(int descriptor, int milliseconds) {
  struct pollfd watched = {descriptor, POLLIN, 0};
  return poll(&watched, 1, milliseconds);
}
