/* lsp_server.c — the language server without its transport (lsp.h): a
 * JSON-RPC message in, its responses and notifications out through the
 * caller's send callback. `ordo lsp` frames them on stdio; a test or
 * another tool may hand messages in directly.
 *
 * Methods: initialize, initialized, shutdown, exit; textDocument/didOpen,
 * didChange (full text), didClose; textDocument/definition, hover,
 * completion. After each open and change the document's diagnostics are
 * sent as textDocument/publishDiagnostics. Documents are kept by URI.
 */
#include <stdlib.h>
#include <string.h>

#include "lsp.h"

typedef struct doc_node {
    lsp_doc *doc;
    struct doc_node *next;
} doc_node;

struct lsp_server {
    oc_options opt;
    void (*send)(void *ctx, json_t *msg);
    void *ctx;
    int initialized, shut_down, utf8;
    doc_node *docs;
};

/* ------------------------------------------------------------ messages */

static void send(lsp_server *s, json_t *msg)
{
    if (!msg)
        return;
    s->send(s->ctx, msg);
    json_decref(msg);
}

static void respond(lsp_server *s, json_t *id, json_t *result)
{
    send(s, json_pack("{s:s,s:O,s:o}", "jsonrpc", "2.0", "id", id ? id : json_null(), "result",
                      result ? result : json_null()));
}

void lsp_server_error(lsp_server *s, json_t *id, int code, const char *message)
{
    send(s, json_pack("{s:s,s:O,s:{s:i,s:s}}", "jsonrpc", "2.0", "id", id ? id : json_null(),
                      "error", "code", code, "message", message));
}

static void notify(lsp_server *s, const char *method, json_t *params)
{
    send(s, json_pack("{s:s,s:s,s:o}", "jsonrpc", "2.0", "method", method, "params", params));
}

/* ----------------------------------------------------------- documents */

static doc_node **find_doc(lsp_server *s, const char *uri)
{
    doc_node **at = &s->docs;
    while (*at && strcmp(lsp_doc_uri((*at)->doc), uri) != 0)
        at = &(*at)->next;
    return at;
}

static lsp_doc *doc_of(lsp_server *s, json_t *params)
{
    const char *uri = json_string_value(json_object_get(json_object_get(params, "textDocument"), "uri"));
    doc_node **at = uri ? find_doc(s, uri) : NULL;
    return at && *at ? (*at)->doc : NULL;
}

static void did_open(lsp_server *s, json_t *params)
{
    json_t *td = json_object_get(params, "textDocument");
    const char *uri = json_string_value(json_object_get(td, "uri"));
    json_t *text = json_object_get(td, "text");
    if (!uri || !json_is_string(text))
        return;
    lsp_doc *d = lsp_doc_open(uri, json_string_value(text), json_string_length(text), s->utf8,
                              &s->opt);
    if (!d)
        return;
    doc_node **at = find_doc(s, uri);
    if (*at) {
        lsp_doc_close((*at)->doc);
        (*at)->doc = d;
    } else {
        doc_node *n = calloc(1, sizeof *n);
        if (!n) {
            lsp_doc_close(d);
            return;
        }
        n->doc = d;
        *at = n;
    }
    notify(s, "textDocument/publishDiagnostics", lsp_doc_diagnostics(d));
}

static void did_change(lsp_server *s, json_t *params)
{
    lsp_doc *d = doc_of(s, params);
    json_t *changes = json_object_get(params, "contentChanges");
    size_t n = json_array_size(changes);
    json_t *text = n ? json_object_get(json_array_get(changes, n - 1), "text") : NULL;
    if (!d || !json_is_string(text))
        return;
    if (lsp_doc_change(d, json_string_value(text), json_string_length(text)) == 0)
        notify(s, "textDocument/publishDiagnostics", lsp_doc_diagnostics(d));
}

static void did_close(lsp_server *s, json_t *params)
{
    const char *uri = json_string_value(json_object_get(json_object_get(params, "textDocument"), "uri"));
    doc_node **at = uri ? find_doc(s, uri) : NULL;
    if (!at || !*at)
        return;
    doc_node *n = *at;
    *at = n->next;
    lsp_doc_close(n->doc);
    free(n);
    notify(s, "textDocument/publishDiagnostics",
           json_pack("{s:s,s:[]}", "uri", uri, "diagnostics"));
}

/* ------------------------------------------------------------- methods */

static json_t *initialize(lsp_server *s, json_t *params)
{
    json_t *encs = json_object_get(json_object_get(json_object_get(params, "capabilities"),
                                                   "general"),
                                   "positionEncodings");
    size_t k;
    json_t *e;
    json_array_foreach(encs, k, e)
        if (json_is_string(e) && strcmp(json_string_value(e), "utf-8") == 0)
            s->utf8 = 1;
    s->initialized = 1;
    return json_pack("{s:{s:s,s:{s:b,s:i},s:b,s:b,s:{s:b}},s:{s:s,s:s}}", "capabilities",
                     "positionEncoding", s->utf8 ? "utf-8" : "utf-16", "textDocumentSync",
                     "openClose", 1, "change", 1, "definitionProvider", 1, "hoverProvider", 1,
                     "completionProvider", "resolveProvider", 0, "serverInfo", "name", "ordo",
                     "version", ORDO_VERSION);
}

/* the position of a TextDocumentPositionParams; 0 when it has none */
static int position_of(json_t *params, uint32_t *line, uint32_t *character)
{
    json_t *p = json_object_get(params, "position");
    json_t *l = json_object_get(p, "line"), *c = json_object_get(p, "character");
    if (!json_is_integer(l) || !json_is_integer(c) || json_integer_value(l) < 0 ||
        json_integer_value(c) < 0 || json_integer_value(l) > 0xffffffffLL ||
        json_integer_value(c) > 0xffffffffLL)
        return 0;
    *line = (uint32_t)json_integer_value(l);
    *character = (uint32_t)json_integer_value(c);
    return 1;
}

int lsp_server_handle(lsp_server *s, json_t *msg)
{
    json_t *id = json_object_get(msg, "id");
    json_t *method_j = json_object_get(msg, "method");
    json_t *params = json_object_get(msg, "params");
    if (!json_is_object(msg) || !json_is_string(method_j)) {
        if (json_is_object(msg) && !method_j && id)
            return -1; /* a response to a request of ours: none are sent */
        lsp_server_error(s, id, LSP_RPC_INVALID_REQUEST, "not a JSON-RPC request or notification");
        return -1;
    }
    const char *method = json_string_value(method_j);
    if (strcmp(method, "exit") == 0)
        return s->shut_down ? 0 : 1;
    if (s->shut_down) { /* after shutdown only exit counts, initialize too is refused */
        if (id)
            lsp_server_error(s, id, LSP_RPC_INVALID_REQUEST, "the server is shutting down");
        return -1;
    }
    if (strcmp(method, "initialize") == 0) {
        respond(s, id, initialize(s, params));
        return -1;
    }
    if (!s->initialized) {
        if (id)
            lsp_server_error(s, id, LSP_RPC_NOT_INITIALIZED, "the server is not initialized");
        return -1;
    }
    if (strcmp(method, "shutdown") == 0) {
        s->shut_down = 1;
        respond(s, id, NULL);
    } else if (strcmp(method, "textDocument/didOpen") == 0) {
        did_open(s, params);
    } else if (strcmp(method, "textDocument/didChange") == 0) {
        did_change(s, params);
    } else if (strcmp(method, "textDocument/didClose") == 0) {
        did_close(s, params);
    } else if (strcmp(method, "textDocument/definition") == 0 ||
               strcmp(method, "textDocument/hover") == 0 ||
               strcmp(method, "textDocument/completion") == 0) {
        uint32_t line, character;
        if (!id)
            return -1;
        if (!position_of(params, &line, &character)) {
            lsp_server_error(s, id, LSP_RPC_INVALID_PARAMS, "no position");
            return -1;
        }
        lsp_doc *d = doc_of(s, params);
        json_t *r = NULL;
        if (d && method[13] == 'd')
            r = lsp_doc_definition(d, line, character);
        else if (d && method[13] == 'h')
            r = lsp_doc_hover(d, line, character);
        else if (d)
            r = lsp_doc_completion(d, line, character);
        respond(s, id, r);
    } else if (id) {
        lsp_server_error(s, id, LSP_RPC_METHOD_NOT_FOUND, "unknown method");
    }
    /* other notifications (initialized, $/cancelRequest, ...): nothing */
    return -1;
}

lsp_server *lsp_server_new(const oc_options *opt, void (*send)(void *ctx, json_t *msg), void *ctx)
{
    lsp_server *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->opt = *opt;
    s->send = send;
    s->ctx = ctx;
    return s;
}

int lsp_server_end(const lsp_server *s)
{
    return s->shut_down ? 0 : 1;
}

void lsp_server_free(lsp_server *s)
{
    if (!s)
        return;
    while (s->docs) {
        doc_node *n = s->docs;
        s->docs = n->next;
        lsp_doc_close(n->doc);
        free(n);
    }
    free(s);
}
