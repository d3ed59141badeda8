/* lsp.h — the language server of `ordo lsp` (doc/tools.md, "ordo lsp"),
 * in four parts:
 *   lsp_stdio.c  the transport: messages read from and written to
 *                streams in LSP's Content-Length frames;
 *   lsp_server.c JSON-RPC messages in and out, the dispatch of each LSP
 *                method, the open documents by URI;
 *   lsp_index.c  what the server knows of one open document: it compiles
 *                the text, keeps the diagnostics and the outline
 *                (compiler/outline.h), and answers definition, hover and
 *                completion from them;
 *   lsp_text.c   the text itself: lines, LSP positions (UTF-16 or UTF-8
 *                code units) to and from byte columns, the word or string
 *                under a position, file: URIs to and from paths.
 * JSON is jansson's (json_t); only the `ordo` tool (and test_engines)
 * links it.
 */
#ifndef ORDO_LSP_H
#define ORDO_LSP_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <jansson.h>

#include "compiler.h"

/* ------------------------------------------------------------ lsp_text.c */

/* The text of a document and where its lines start. */
typedef struct lsp_text {
    char *text;          /* NUL-ended copy */
    size_t len;
    uint32_t *starts;    /* byte offset of each line */
    uint32_t nlines;
    int utf8;            /* positions count UTF-8 bytes, not UTF-16 units */
} lsp_text;

/* Sets t to a copy of text (the old one freed); -1 when out of memory. */
int lsp_text_set(lsp_text *t, const char *text, size_t len);
void lsp_text_free(lsp_text *t);
/* Line `line` (0-based): its bytes and length without the line end;
 * NULL past the end. */
const char *lsp_text_line(const lsp_text *t, uint32_t line, size_t *len);
/* An LSP character offset on a line to a byte offset, and back. */
size_t lsp_byte_of(const lsp_text *t, uint32_t line, uint32_t character);
uint32_t lsp_char_of(const lsp_text *t, uint32_t line, size_t byte);
/* {"line":L,"character":C} of a 1-based line and byte column. */
json_t *lsp_position(const lsp_text *t, uint32_t line1, uint32_t col1);
/* A range from a 1-based line and column over `len` bytes (clamped to the
 * line). */
json_t *lsp_range(const lsp_text *t, uint32_t line1, uint32_t col1, size_t len);
/* How many bytes the token at 1-based line/col spans (a name, a number,
 * a string; 1 otherwise, 0 at the end of a line). */
size_t lsp_token_len(const lsp_text *t, uint32_t line1, uint32_t col1);

/* What is under a position: a name, a step number, or a quoted string. */
enum { LSP_AT_NOTHING = 0, LSP_AT_NAME, LSP_AT_NUMBER, LSP_AT_STRING };
typedef struct lsp_word {
    int kind;            /* LSP_AT_* */
    char text[256];      /* the word, or the string's content */
    uint32_t line1;      /* 1-based line and byte column of its start */
    uint32_t col1;
    int after_step;      /* a number written right after `step` */
} lsp_word;
void lsp_word_at(const lsp_text *t, uint32_t line, uint32_t character, lsp_word *w);

/* "file:///a/b%20c.ordo" to "/a/b c.ordo" (malloc'd), or a copy of uri
 * when it is not a file: URI; the reverse for a path. NULL when out of
 * memory. */
char *lsp_uri_to_path(const char *uri);
char *lsp_path_to_uri(const char *path);
/* Line `line1` (1-based) of the file at path, read from disk, into buf
 * (trimmed); "" when it cannot be read. */
const char *lsp_file_line(const char *path, uint32_t line1, char *buf, size_t n);

/* ----------------------------------------------------------- lsp_index.c */

typedef struct lsp_doc lsp_doc;

/* A document opened (or its text replaced) and compiled with `opt`'s
 * warnings; NULL when out of memory. */
lsp_doc *lsp_doc_open(const char *uri, const char *text, size_t len, int utf8,
                      const oc_options *opt);
int lsp_doc_change(lsp_doc *d, const char *text, size_t len);
void lsp_doc_close(lsp_doc *d);
const char *lsp_doc_uri(const lsp_doc *d);

/* The params of a textDocument/publishDiagnostics for its last
 * compilation: {"uri":..., "diagnostics":[...]}. */
json_t *lsp_doc_diagnostics(lsp_doc *d);
/* The results of textDocument/definition (a Location array, or null),
 * /hover (a Hover, or null) and /completion (a CompletionItem array). */
json_t *lsp_doc_definition(lsp_doc *d, uint32_t line, uint32_t character);
json_t *lsp_doc_hover(lsp_doc *d, uint32_t line, uint32_t character);
json_t *lsp_doc_completion(lsp_doc *d, uint32_t line, uint32_t character);

/* ---------------------------------------------------------- lsp_server.c */

/* JSON-RPC's error codes */
enum {
    LSP_RPC_PARSE_ERROR = -32700,
    LSP_RPC_INVALID_REQUEST = -32600,
    LSP_RPC_METHOD_NOT_FOUND = -32601,
    LSP_RPC_INVALID_PARAMS = -32602,
    LSP_RPC_NOT_INITIALIZED = -32002
};

typedef struct lsp_server lsp_server;

/* A server that compiles with opt's warnings and hands each message it
 * sends (a response, a notification) to send (the message is freed after
 * the call); NULL when out of memory. */
lsp_server *lsp_server_new(const oc_options *opt, void (*send)(void *ctx, json_t *msg),
                           void *ctx);
void lsp_server_free(lsp_server *s);
/* Handles one message: -1 to go on, else the exit status after `exit`
 * (0 after a shutdown request, 1 without one). */
int lsp_server_handle(lsp_server *s, json_t *msg);
/* Sends the error response `code` (LSP_RPC_*) to request id (NULL: null). */
void lsp_server_error(lsp_server *s, json_t *id, int code, const char *message);
/* The exit status when the input ends: 0 after a shutdown request, else 1. */
int lsp_server_end(const lsp_server *s);

/* ----------------------------------------------------------- lsp_stdio.c */

/* Serves the messages framed on `in` (header lines, "Content-Length: N",
 * an empty line, N bytes of JSON), each response framed on `out`, until
 * `exit` or the end of the input; the documents compiled with opt's
 * warnings. The exit status: 0 after a shutdown request, else 1. */
int lsp_serve(FILE *in, FILE *out, const oc_options *opt);

#endif /* ORDO_LSP_H */
