/* pg_json.h — the JSON the playground's entry points answer with: strings
 * quoted and escaped onto a FILE* (web/pg_json.c).
 */
#ifndef PG_JSON_H
#define PG_JSON_H

#include <stddef.h>
#include <stdio.h>

/* s as a JSON string, quotes included; NULL as null. */
void pg_json_string(FILE *f, const char *s);
/* The first n bytes of s as a JSON string. */
void pg_json_bytes(FILE *f, const char *s, size_t n);

#endif /* PG_JSON_H */
