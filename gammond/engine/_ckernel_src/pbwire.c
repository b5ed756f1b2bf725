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

/* kf_buf_room's slow path (flow.h): room made for `more` bytes, or the buffer marked failed. */
int kf_buf_grow(kbuf *b, size_t more)
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

void kbuf_free(kbuf *b)
{
    free(b->p);
    memset(b, 0, sizeof *b);
}

/* ---- reading ----------------------------------------------------------------- */

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

int k_pick_fields(const uint8_t *in, size_t n, uint64_t keep, uint64_t read, kbuf *out, uint64_t values[64])
{
    size_t at = 0;
    kfield f;
    memset(out, 0, sizeof *out);
    memset(values, 0, 64 * sizeof *values);
    while (at < n) {
        if (!kf_next_field(in, n, &at, &f)) {
            kbuf_free(out);
            return K_FLOW_DECLINE;
        }
        if (f.number >= 64)
            continue;
        if (keep >> f.number & 1)
            kf_put_bytes(out, in + f.start, f.end - f.start);
        if (read >> f.number & 1) {
            if (f.type != WIRE_VARINT) {
                kbuf_free(out);
                return K_FLOW_DECLINE;
            }
            values[f.number] = f.value;
        }
    }
    if (out->failed) {
        kbuf_free(out);
        return K_NOMEM;
    }
    return K_OK;
}

int k_message_fields(const uint8_t *in, size_t n, uint32_t max_number, kbytes *bodies, uint64_t *values,
                     int *types)
{
    size_t at = 0;
    kfield f;
    for (uint32_t i = 0; i <= max_number; i++)
        types[i] = -1;
    while (at < n) {
        if (!kf_next_field(in, n, &at, &f) || f.number > max_number || types[f.number] != -1)
            return K_FLOW_DECLINE;
        types[f.number] = f.type;
        values[f.number] = f.value;
        bodies[f.number] = (kbytes){f.body, f.len};
    }
    return K_OK;
}
