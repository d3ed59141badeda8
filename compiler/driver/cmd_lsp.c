/* cmd_lsp.c — `ordo lsp`: a language server over stdio (lsp.h).
 *
 * Messages are JSON-RPC 2.0 framed as LSP frames them: header lines
 * ("Content-Length: N", others ignored) ended by an empty line, then N
 * bytes of JSON. jansson reads and writes the JSON. A frame without a
 * Content-Length, or a body that is not JSON, gets a parse error response
 * (-32700, id null) and the server reads on; a body that is JSON but no
 * request gets -32600. The end of the input ends the server (status 0
 * after a shutdown request, 1 otherwise, as after `exit`).
 *
 * Methods: initialize, initialized, shutdown, exit; textDocument/didOpen,
 * didChange (full text), didClose; textDocument/definition, hover,
 * completion. After each open and change the document's diagnostics are
 * sent as textDocument/publishDiagnostics. Documents are kept by URI.
 */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "driver.h"
#include "lsp.h"

enum { OPT_STDIO };

static const drv_option lsp_options[] = {
    {"stdio", 0, NULL, "accepted and ignored (stdio is the only transport)", OPT_STDIO, NULL},
    {0}};

const drv_command cmd_lsp_command = {
    "ordo lsp",
    "[-Werror] [-Wno-NAME] [--stdio]",
    "A language server on stdin and stdout (the Language Server Protocol,\n"
    "JSON-RPC with Content-Length headers): diagnostics as you type, go to\n"
    "definition of a name, a step number or a cited rule ID, hover, and\n"
    "completion of names. An editor starts it; see doc/tools.md.\n",
    (const drv_option *const[]){drv_warning_options, lsp_options, NULL},
    "exit status: 0 after a shutdown request and exit, 1 on an exit without\n"
    "shutdown or the end of the input before it, 2 bad command line.\n"};

/* the largest message body read (a ruleset's limit, with room for JSON) */
#define MAX_BODY ((size_t)160 << 20)

enum {
    RPC_PARSE_ERROR = -32700,
    RPC_INVALID_REQUEST = -32600,
    RPC_METHOD_NOT_FOUND = -32601,
    RPC_INVALID_PARAMS = -32602,
    RPC_NOT_INITIALIZED = -32002
};

typedef struct doc_node {
    lsp_doc *doc;
    struct doc_node *next;
} doc_node;

typedef struct server {
    FILE *in, *out;
    oc_options opt;
    int initialized, shut_down, utf8;
    doc_node *docs;
} server;

/* ------------------------------------------------------------- framing */

static void send(server *s, json_t *msg)
{
    char *text = json_dumps(msg, JSON_COMPACT);
    json_decref(msg);
    if (!text)
        return;
    fprintf(s->out, "Content-Length: %zu\r\n\r\n%s", strlen(text), text);
    fflush(s->out);
    free(text);
}

static void respond(server *s, json_t *id, json_t *result)
{
    send(s, json_pack("{s:s,s:O,s:o}", "jsonrpc", "2.0", "id", id ? id : json_null(), "result",
                      result ? result : json_null()));
}

static void respond_error(server *s, json_t *id, int code, const char *message)
{
    send(s, json_pack("{s:s,s:O,s:{s:i,s:s}}", "jsonrpc", "2.0", "id", id ? id : json_null(),
                      "error", "code", code, "message", message));
}

static void notify(server *s, const char *method, json_t *params)
{
    send(s, json_pack("{s:s,s:s,s:o}", "jsonrpc", "2.0", "method", method, "params", params));
}

/* One header line into buf (without its CR LF); -1 at the end of input. */
static int read_line(FILE *in, char *buf, size_t n)
{
    size_t k = 0;
    int c;
    while ((c = getc(in)) != EOF && c != '\n')
        if (k + 1 < n)
            buf[k++] = (char)c;
    if (c == EOF && k == 0)
        return -1;
    if (k > 0 && buf[k - 1] == '\r')
        k--;
    buf[k] = 0;
    return 0;
}

/* The next message's body (malloc'd, *len bytes): 1; 0 for a frame that
 * was wrong (reported, skipped); -1 at the end of input. */
static int read_message(server *s, char **body, size_t *len)
{
    char line[1024];
    long long length = -1;
    int lines = 0;
    for (;;) {
        if (read_line(s->in, line, sizeof line) < 0)
            return -1;
        if (!line[0]) {
            if (lines == 0)
                continue; /* blank lines between messages */
            break;
        }
        lines++;
        if (strncasecmp(line, "Content-Length:", 15) == 0) {
            char *end;
            length = strtoll(line + 15, &end, 10);
            while (*end == ' ' || *end == '\t')
                end++;
            if (*end || end == line + 15)
                length = -2;
        }
    }
    if (length < 0) {
        respond_error(s, NULL, RPC_PARSE_ERROR,
                      length == -1 ? "no Content-Length header" : "bad Content-Length header");
        return 0;
    }
    if ((size_t)length > MAX_BODY) {
        respond_error(s, NULL, RPC_PARSE_ERROR, "message too large");
        for (long long k = 0; k < length && getc(s->in) != EOF; k++)
            ;
        return 0;
    }
    char *b = malloc((size_t)length + 1);
    if (!b)
        return -1;
    size_t got = fread(b, 1, (size_t)length, s->in);
    if (got != (size_t)length) {
        free(b);
        return -1;
    }
    b[length] = 0;
    *body = b;
    *len = (size_t)length;
    return 1;
}

/* ----------------------------------------------------------- documents */

static doc_node **find_doc(server *s, const char *uri)
{
    doc_node **at = &s->docs;
    while (*at && strcmp(lsp_doc_uri((*at)->doc), uri) != 0)
        at = &(*at)->next;
    return at;
}

static lsp_doc *doc_of(server *s, json_t *params)
{
    const char *uri = json_string_value(json_object_get(json_object_get(params, "textDocument"), "uri"));
    doc_node **at = uri ? find_doc(s, uri) : NULL;
    return at && *at ? (*at)->doc : NULL;
}

static void did_open(server *s, json_t *params)
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

static void did_change(server *s, json_t *params)
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

static void did_close(server *s, json_t *params)
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

static json_t *initialize(server *s, json_t *params)
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

/* Handles one message; returns -1 to go on, else the exit status. */
static int handle(server *s, json_t *msg)
{
    json_t *id = json_object_get(msg, "id");
    json_t *method_j = json_object_get(msg, "method");
    json_t *params = json_object_get(msg, "params");
    if (!json_is_object(msg) || !json_is_string(method_j)) {
        if (json_is_object(msg) && !method_j && id)
            return -1; /* a response to a request of ours: none are sent */
        respond_error(s, id, RPC_INVALID_REQUEST, "not a JSON-RPC request or notification");
        return -1;
    }
    const char *method = json_string_value(method_j);
    if (strcmp(method, "exit") == 0)
        return s->shut_down ? TOOL_OK : TOOL_FAIL;
    if (strcmp(method, "initialize") == 0) {
        respond(s, id, initialize(s, params));
        return -1;
    }
    if (!s->initialized) {
        if (id)
            respond_error(s, id, RPC_NOT_INITIALIZED, "the server is not initialized");
        return -1;
    }
    if (s->shut_down && id) {
        respond_error(s, id, RPC_INVALID_REQUEST, "the server is shutting down");
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
            respond_error(s, id, RPC_INVALID_PARAMS, "no position");
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
        respond_error(s, id, RPC_METHOD_NOT_FOUND, "unknown method");
    }
    /* other notifications (initialized, $/cancelRequest, ...): nothing */
    return -1;
}

static int take(void *ctx, int id, const char *value)
{
    server *s = ctx;
    if (id == DRV_OPT_ARG) {
        fprintf(stderr, "%s: unexpected argument '%s'\n", cmd_lsp_command.prog, value);
        return DRV_BAD;
    }
    if (id == DRV_ID_DIAG_W)
        return drv_warning_take(&s->opt, value, cmd_lsp_command.prog);
    return DRV_TAKEN; /* --stdio */
}

int cmd_lsp(int argc, char **argv)
{
    server s = {.in = stdin, .out = stdout};
    s.opt.diag = stderr;
    int st = drv_options_read(&cmd_lsp_command, argc, argv, take, &s);
    if (st != DRV_OPT_GO)
        return st;
    int status = -1;
    while (status < 0) {
        char *body = NULL;
        size_t len = 0;
        int r = read_message(&s, &body, &len);
        if (r < 0) {
            status = s.shut_down ? TOOL_OK : TOOL_FAIL;
            break;
        }
        if (r == 0)
            continue;
        json_error_t err;
        json_t *msg = json_loadb(body, len, JSON_ALLOW_NUL, &err);
        free(body);
        if (!msg) {
            char why[256];
            snprintf(why, sizeof why, "parse error: %s (line %d, column %d)", err.text, err.line,
                     err.column);
            respond_error(&s, NULL, RPC_PARSE_ERROR, why);
            continue;
        }
        status = handle(&s, msg);
        json_decref(msg);
    }
    while (s.docs) {
        doc_node *n = s.docs;
        s.docs = n->next;
        lsp_doc_close(n->doc);
        free(n);
    }
    return status;
}
