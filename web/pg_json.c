/* pg_json.c — JSON strings for the playground's answers (pg_json.h).
 *
 * The texts come from rulesets (labels, logs, messages): every control
 * character is escaped, so JSON.parse on the page takes any of them; bytes
 * above 0x7f pass through as the UTF-8 they are.
 */
#include <string.h>

#include "pg_json.h"

void pg_json_bytes(FILE *f, const char *s, size_t n)
{
    fputc('"', f);
    for (size_t i = 0; i < n; i++) {
        unsigned char ch = (unsigned char)s[i];
        switch (ch) {
        case '"': fputs("\\\"", f); break;
        case '\\': fputs("\\\\", f); break;
        case '\n': fputs("\\n", f); break;
        case '\t': fputs("\\t", f); break;
        default:
            if (ch < 0x20 || ch == 0x7f)
                fprintf(f, "\\u%04x", ch);
            else
                fputc(ch, f);
        }
    }
    fputc('"', f);
}

void pg_json_string(FILE *f, const char *s)
{
    if (s)
        pg_json_bytes(f, s, strlen(s));
    else
        fputs("null", f);
}
