/*
 * Protobuf's wire format for the game flow (flow.h): a growing output buffer,
 * varint and length-delimited fields written and read with every bound checked,
 * and a message's top-level fields left out or put in (k_strip_fields).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "flow.h"

/* ---- a growing output buffer ------------------------------------------------- */

int kf_buf_room(kbuf *b, size_t more)
{
    if (b->failed)
        return 0;
    if (b->n + more <= b->cap)
        return 1;
    if (b->fixed) { /* a buffer on the stack, sized for its message: never grown */
        b->failed = 1;
        return 0;
    }
    size_t cap = b->cap ? b->cap : 256;
    while (cap < b->n + more)
        cap *= 2;
    uint8_t *p = realloc(b->p, cap);
    if (!p) {
        b->failed = 1;
        return 0;
    }
    b->p = p;
    b->cap = cap;
    return 1;
}

void kf_put_bytes(kbuf *b, const uint8_t *p, size_t n)
{
    if (n && kf_buf_room(b, n)) {
        memcpy(b->p + b->n, p, n);
        b->n += n;
    }
}

void kf_put_var(kbuf *b, uint64_t v)
{
    uint8_t tmp[10];
    size_t n = 0;
    while (v >= 0x80) {
        tmp[n++] = (uint8_t)(v | 0x80);
        v >>= 7;
    }
    tmp[n++] = (uint8_t)v;
    kf_put_bytes(b, tmp, n);
}

/* A varint field, left out when zero (proto3). */
void kf_put_uint(kbuf *b, int number, uint64_t v)
{
    if (v) {
        kf_put_var(b, (uint64_t)number << 3 | WIRE_VARINT);
        kf_put_var(b, v);
    }
}

/* A length-delimited field: its key, the length and the body. */
void kf_put_delimited(kbuf *b, int number, const uint8_t *body, size_t n)
{
    kf_put_var(b, (uint64_t)number << 3 | WIRE_DELIMITED);
    kf_put_var(b, n);
    kf_put_bytes(b, body, n);
}

void kbuf_free(kbuf *b)
{
    free(b->p);
    memset(b, 0, sizeof *b);
}

/* ---- reading ----------------------------------------------------------------- */

int kf_get_var(const uint8_t *p, size_t n, size_t *at, uint64_t *v)
{
    uint64_t r = 0;
    for (int shift = 0; *at < n && shift < 64; shift += 7) {
        uint8_t byte = p[(*at)++];
        r |= (uint64_t)(byte & 0x7F) << shift;
        if (!(byte & 0x80)) {
            *v = r;
            return 1;
        }
    }
    return 0;
}


/* The field at *at (only varint and length-delimited ones; 0 for anything else). */
int kf_next_field(const uint8_t *p, size_t n, size_t *at, kfield *f)
{
    uint64_t key, len;
    f->start = *at;
    if (!kf_get_var(p, n, at, &key) || key >> 3 == 0 || key >> 3 > 0x1FFFFFFF)
        return 0;
    f->number = (uint32_t)(key >> 3);
    f->type = (int)(key & 7);
    if (f->type == WIRE_VARINT) {
        if (!kf_get_var(p, n, at, &f->value))
            return 0;
    } else if (f->type == WIRE_DELIMITED) {
        if (!kf_get_var(p, n, at, &len) || len > n - *at)
            return 0;
        f->body = p + *at;
        f->len = (size_t)len;
        *at += (size_t)len;
    } else {
        return 0;
    }
    f->end = *at;
    return 1;
}


int k_strip_fields(const uint8_t *in, size_t n, uint64_t mask, kbytes insert, uint32_t number, kbuf *out,
                   int *dropped)
{
    size_t at = 0, kept = 0;
    kfield f;
    memset(out, 0, sizeof *out);
    *dropped = 0;
    int inserted = !insert.n;
    while (at < n) {
        if (!kf_next_field(in, n, &at, &f))
            return K_FLOW_DECLINE;
        if (!inserted && f.number > number) { /* the field put in, before the first numbered above it */
            kf_put_bytes(out, in + kept, f.start - kept);
            kf_put_bytes(out, insert.p, insert.n);
            kept = f.start;
            inserted = *dropped = 1;
        }
        if (f.number < 64 && (mask >> f.number & 1)) {
            kf_put_bytes(out, in + kept, f.start - kept);
            kept = f.end;
            *dropped = 1;
        }
    }
    if (!inserted) {
        kf_put_bytes(out, in + kept, n - kept);
        kf_put_bytes(out, insert.p, insert.n);
        kept = n;
        *dropped = 1;
    }
    if (*dropped) /* the rest after the last field left out */
        kf_put_bytes(out, in + kept, n - kept);
    if (out->failed) {
        kbuf_free(out);
        return K_NOMEM;
    }
    return K_OK;
}
