/* trace.h — private to the runtime: the string builder, values and
 * option labels as people read them (trace.c), which the interpreter,
 * the host API and the displays write with. */
#ifndef ORDO_TRACE_H
#define ORDO_TRACE_H

#include <stdarg.h>
#include <stddef.h>

#include "ordo.h"
#include "ordo_native.h"

/* An option's param_kind when it takes no param (ordo.h: 0xff). */
#define ORDO_NO_PARAM 0xffu

/* A bounded string builder that counts the full length. */
typedef struct vm_buf {
    char *s;
    size_t n;    /* capacity */
    size_t len;  /* length wanted so far */
    int json;    /* escape what is put as in a JSON string */
} vm_buf;
void vb_init(vm_buf *b, char *s, size_t n);
void vb_putc(vm_buf *b, char c);
void vb_puts(vm_buf *b, const char *s);
void vb_int(vm_buf *b, long long v);
void vb_vprintf(vm_buf *b, const char *fmt, va_list ap);
int vb_end(vm_buf *b); /* terminates; returns len (or ORDO_E_ARG if huge) */
/* A value as labels show it; 0 or ORDO_E_ARG (bad enum) */
int vb_value(vm_buf *b, const ordo_program *p, int kind, int enum_id, int32_t v);
/* Does option o's label read exactly `label`? */
int vm_label_eq(const ordo_game *g, const vm_opt *o, const char *label);
/* A label template with its "{}" filled in */
void vb_option_label(vm_buf *b, const ordo_game *g, const vm_opt *o);
/* A log event's text with its values; 0 for a text the program lacks */
int vb_log(vm_buf *b, const ordo_program *p, const ordo_event *ev);

#endif /* ORDO_TRACE_H */
