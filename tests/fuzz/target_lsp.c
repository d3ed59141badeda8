/* target_lsp.c — the language server's engine (compiler/engines/
 * lsp_server.c) fed a stream of messages, as an editor or a hostile
 * client would send them. The input is the bodies of the messages, one
 * after another, each ended by a NUL byte (JSON text holds none; the
 * Content-Length framing is the driver's and is tested by lsp.sh). A body
 * that is not JSON is answered as `ordo lsp` answers it (a parse error);
 * the rest go to lsp_server_handle until `exit`. Whatever the bytes,
 * nothing crashes or leaks, and every message the server sends is a
 * JSON-RPC 2.0 object that serializes: a response with an id and a result
 * or an error, or a notification with a method. */
#include <string.h>

#include <jansson.h>

#include "fuzz.h"
#include "lsp.h"

/* What the server sends: checked, then written out as the driver would. */
static void check_sent(void *ctx, json_t *msg)
{
    (void)ctx;
    FUZZ_ASSERT(json_is_object(msg));
    FUZZ_ASSERT(json_is_string(json_object_get(msg, "jsonrpc")));
    FUZZ_ASSERT(strcmp(json_string_value(json_object_get(msg, "jsonrpc")), "2.0") == 0);
    json_t *method = json_object_get(msg, "method");
    if (method) {
        FUZZ_ASSERT(json_is_string(method));
    } else {
        FUZZ_ASSERT(json_object_get(msg, "id") != NULL);
        FUZZ_ASSERT((json_object_get(msg, "result") != NULL) !=
                    (json_object_get(msg, "error") != NULL));
    }
    char *text = json_dumps(msg, JSON_COMPACT);
    FUZZ_ASSERT(text != NULL);
    free(text);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    FILE *sink = fopen("/dev/null", "w");
    FUZZ_ASSERT(sink);
    oc_options opt = {.diag = sink};
    lsp_server *s = lsp_server_new(&opt, check_sent, NULL);
    FUZZ_ASSERT(s);
    size_t at = 0;
    int status = -1;
    while (at < size && status < 0) {
        const uint8_t *end = memchr(data + at, 0, size - at);
        size_t len = end ? (size_t)(end - (data + at)) : size - at;
        json_error_t err;
        json_t *msg = json_loadb((const char *)data + at, len, 0, &err);
        if (!msg) {
            lsp_server_error(s, NULL, LSP_RPC_PARSE_ERROR, err.text);
        } else {
            status = lsp_server_handle(s, msg);
            json_decref(msg);
        }
        at += len + 1;
    }
    if (status < 0)
        status = lsp_server_end(s);
    FUZZ_ASSERT(status == 0 || status == 1);
    lsp_server_free(s);
    fclose(sink);
    return 0;
}
