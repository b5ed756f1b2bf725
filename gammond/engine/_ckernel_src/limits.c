/*
 * The field limits' quick check, on a request's bytes.
 *
 * gammond/server/limits.py refuses a request with a string or a repeated
 * field over its limit.  Its quick check (_fits) reads the decoded message
 * field by field through Python, a few microseconds for every request that
 * carries a Game; this reads the same fields from the wire bytes instead,
 * by a plan that limits.py writes once per request type (see k_fits in
 * kernel.h for its layout).  It only ever answers "fits" when the Python
 * check would.  Anything else is "not known to fit", and the caller runs the
 * Python check, which judges and names the field over its limit: a field
 * over its limit as sent (a later copy of a string, or another member of its
 * oneof, may still replace it in the decoded message), and whatever this
 * cannot judge exactly (a sub-message sent twice, which a decoder merges; a
 * wire type a field does not have; bytes that do not parse; nesting past
 * K_LIMITS_DEPTH).
 */
#include "kernel.h"

enum {
    K_LIMITS_DEPTH = 32,
    K_LIMITS_FIELDS = 64,
    /* The plan's kinds (limits.py's _STRING .. _REPEATED_STRINGS). */
    KIND_STRING = 0,
    KIND_MESSAGE = 1,
    KIND_REPEATED = 2,
    KIND_REPEATED_MESSAGES = 3,
    KIND_REPEATED_STRINGS = 4,
    /* A repeated field's items on the wire when packed: varints, 4 or 8 bytes; or never packed. */
    WIDTH_VARINT = 0,
    WIDTH_UNPACKED = -1,
};

typedef struct {
    const int32_t *plan;
    size_t plan_len;
} kplan;

/* A varint at *p, at most 10 bytes: 1, or 0 when it overruns. */
static int read_varint(const uint8_t **p, const uint8_t *end, uint64_t *value)
{
    uint64_t v = 0;
    for (int shift = 0; shift < 70 && *p < end; shift += 7) {
        const uint8_t byte = *(*p)++;
        v |= (uint64_t)(byte & 0x7F) << shift;
        if (byte < 0x80) {
            *value = v;
            return 1;
        }
    }
    return 0;
}

/* Characters in UTF-8 text: the bytes that start one (decoding checked the text already). */
static uint64_t characters(const uint8_t *p, const uint8_t *end)
{
    uint64_t count = 0;
    for (; p < end; p++)
        count += (*p & 0xC0) != 0x80;
    return count;
}

/* Items in a packed run of varints. */
static uint64_t varints(const uint8_t *p, const uint8_t *end)
{
    uint64_t count = 0;
    for (; p < end; p++)
        count += *p < 0x80;
    return count;
}

/* The plan's table of type `type`: 1 with *table set, 0 if the plan is malformed. */
static int type_table(const kplan *plan, int32_t type, const int32_t **table)
{
    if (plan->plan_len < 1 || type < 0 || type >= plan->plan[0] || (size_t)type + 1 >= plan->plan_len)
        return 0;
    const int32_t at = plan->plan[1 + type];
    if (at < 0 || (size_t)at + 2 > plan->plan_len)
        return 0;
    const int32_t fields = plan->plan[at], top = plan->plan[at + 1];
    if (fields < 0 || fields > K_LIMITS_FIELDS || top < 0 ||
        (size_t)at + 2 + (size_t)top + 1 + 6 * (size_t)fields > plan->plan_len)
        return 0;
    *table = plan->plan + at;
    return 1;
}

/* 1: fits; 0: a field over its limit as sent; -1: cannot judge. */
static int fits(const kplan *plan, int32_t type, const uint8_t *p, const uint8_t *end, int depth)
{
    const int32_t *table;
    if (depth > K_LIMITS_DEPTH || !type_table(plan, type, &table))
        return -1;
    const int32_t nfields = table[0], top = table[1];
    const int32_t *index = table + 2, *entries = table + 2 + top + 1;
    uint64_t seen[K_LIMITS_FIELDS] = {0};
    while (p < end) {
        uint64_t key, value;
        if (!read_varint(&p, end, &key))
            return -1;
        const uint64_t number = key >> 3;
        const int wire = (int)(key & 7);
        const uint8_t *body = p, *body_end = p;
        switch (wire) {
        case 0:
            if (!read_varint(&p, end, &value))
                return -1;
            break;
        case 1:
            if (end - p < 8)
                return -1;
            p += 8;
            break;
        case 2:
            if (!read_varint(&p, end, &value) || value > (uint64_t)(end - p))
                return -1;
            body = p;
            p += value;
            body_end = p;
            break;
        case 5:
            if (end - p < 4)
                return -1;
            p += 4;
            break;
        default: /* groups: none of ours */
            return -1;
        }
        if (number == 0)
            return -1;
        const int32_t at = number <= (uint64_t)top ? index[number] : -1;
        if (at < 0)
            continue; /* nothing to check (a number, bytes, a message of numbers) or unknown */
        if (at >= nfields)
            return -1;
        const int32_t *entry = entries + 6 * at;
        const int32_t kind = entry[1], allowed = entry[2], chars = entry[3], sub = entry[4], width = entry[5];
        switch (kind) {
        case KIND_STRING:
            if (wire != 2)
                return -1;
            if (characters(body, body_end) > (uint64_t)chars)
                return 0;
            break;
        case KIND_MESSAGE: {
            if (wire != 2 || seen[at]++) /* a second copy is merged into the first: judge it in Python */
                return -1;
            const int inner = fits(plan, sub, body, body_end, depth + 1);
            if (inner != 1)
                return inner;
            break;
        }
        case KIND_REPEATED:
            if (wire == 2 && width == WIDTH_VARINT)
                seen[at] += varints(body, body_end);
            else if (wire == 2 && width > 0)
                seen[at] += (uint64_t)(body_end - body) / (uint64_t)width;
            else if ((wire == 0 && width == WIDTH_VARINT) || (wire == 5 && width == 4) ||
                     (wire == 1 && width == 8) || (wire == 2 && width == WIDTH_UNPACKED))
                seen[at] += 1;
            else
                return -1;
            if (seen[at] > (uint64_t)allowed)
                return 0;
            break;
        case KIND_REPEATED_MESSAGES: {
            if (wire != 2)
                return -1;
            if (++seen[at] > (uint64_t)allowed)
                return 0;
            const int inner = fits(plan, sub, body, body_end, depth + 1);
            if (inner != 1)
                return inner;
            break;
        }
        case KIND_REPEATED_STRINGS:
            if (wire != 2)
                return -1;
            if (++seen[at] > (uint64_t)allowed || characters(body, body_end) > (uint64_t)chars)
                return 0;
            break;
        default:
            return -1;
        }
    }
    return 1;
}

int k_fits(const uint8_t *raw, size_t n, const int32_t *plan, size_t plan_len)
{
    const kplan whole = {plan, plan_len};
    return fits(&whole, 0, raw, raw + n, 0) == 1;
}
