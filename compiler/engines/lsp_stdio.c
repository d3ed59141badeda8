/* lsp_stdio.c — the language server's transport (lsp.h, lsp_serve):
 * JSON-RPC 2.0 messages read from and written to streams as LSP frames
 * them: header lines ("Content-Length: N", others ignored) ended by an
 * empty line, then N bytes of JSON, read and written by jansson. A frame
 * without a Content-Length, or a body that is not JSON, gets a parse
 * error response (-32700, id null) and the server reads on; a body that
 * is JSON but no request gets -32600 (lsp_server.c). The end of the input
 * ends the server. Input never read without end: a body past MAX_BODY is
 * skipped, a header line past MAX_HEADER_LINE ends the input.
 */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "lsp.h"

/* the largest message body read (a ruleset's limit, with room for JSON) */
#define MAX_BODY ((size_t)160 << 20)
/* the longest header line read: past it the input is taken to have ended */
#define MAX_HEADER_LINE ((size_t)64 << 10)

typedef struct server {
    FILE *in;
    lsp_server *lsp;
} server;

/* The server's messages, each in its frame. */
static void send(void *ctx, json_t *msg)
{
    FILE *out = ctx;
    char *text = json_dumps(msg, JSON_COMPACT);
    if (!text)
        return;
    fprintf(out, "Content-Length: %zu\r\n\r\n%s", strlen(text), text);
    fflush(out);
    free(text);
}

/* One header line into buf (without its CR LF); -1 at the end of input,
 * or of a line longer than MAX_HEADER_LINE (</dev/zero: never read on). */
static int read_line(FILE *in, char *buf, size_t n)
{
    size_t k = 0, all = 0;
    int c;
    while ((c = getc(in)) != EOF && c != '\n') {
        if (k + 1 < n)
            buf[k++] = (char)c;
        if (++all > MAX_HEADER_LINE)
            return -1;
    }
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
    long long length = -1; /* -1: no Content-Length; -2: a bad one */
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
            if (*end || end == line + 15 || length < 0) /* "-1" is a bad one, not none */
                length = -2;
        }
    }
    if (length < 0) {
        lsp_server_error(s->lsp, NULL, LSP_RPC_PARSE_ERROR,
                         length == -1 ? "no Content-Length header" : "bad Content-Length header");
        return 0;
    }
    if ((size_t)length > MAX_BODY) {
        lsp_server_error(s->lsp, NULL, LSP_RPC_PARSE_ERROR, "message too large");
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

int lsp_serve(FILE *in, FILE *out, const oc_options *opt)
{
    server s = {in, lsp_server_new(opt, send, out)};
    if (!s.lsp)
        return 1;
    int status = -1;
    while (status < 0) {
        char *body = NULL;
        size_t len = 0;
        int r = read_message(&s, &body, &len);
        if (r < 0) {
            status = lsp_server_end(s.lsp);
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
            lsp_server_error(s.lsp, NULL, LSP_RPC_PARSE_ERROR, why);
            continue;
        }
        status = lsp_server_handle(s.lsp, msg);
        json_decref(msg);
    }
    lsp_server_free(s.lsp);
    return status;
}
