/*
 * GNU Backgammon Position IDs, mirroring gammond/engine/ids.py.
 *
 * The 80-bit key lists the opponent's 25 slots and then the player on
 * roll's, each on its owner's numbering (points 1..24, then the bar): n
 * checkers are n one-bits and a zero-bit, filling each byte from its lowest
 * bit.  The text is the key's 10 bytes in base64 without the "==" padding.
 */
#include <string.h>

#include "kernel.h"

static const char ALPHABET[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/*
 * The key is all one-bits below 50 + (checkers in play), except one zero
 * ending each of the 50 slots: build the ones, then clear the 50 ends.
 */
typedef struct {
    uint64_t lo, hi; /* bits 0..63 and 64..79 */
    int end;         /* where the next slot's zero goes, less its count */
} kkey;

static void end_slot(kkey *k, int count)
{
    k->end += count > 0 ? count : 0;
    /* Branch-free: the end moves from the low word to the high one just once. */
    uint64_t bit = UINT64_C(1) << (k->end & 63);
    k->lo &= ~(k->end < 64 ? bit : 0);
    k->hi &= ~(k->end < 64 ? 0 : bit);
    k->end++;
}

void k_encode_position_id(const int8_t board[K_SLOTS], char text[15])
{
    int bits = 50;
    for (int i = 0; i < K_SLOTS; i++)
        bits += board[i] < 0 ? -board[i] : board[i];
    /* A valid board has at most 30 checkers, so bits <= 80. */
    kkey k = {bits >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << bits) - 1,
              bits > 64 ? (UINT64_C(1) << (bits - 64)) - 1 : 0, 0};
    for (int point = 1; point <= 24; point++)
        end_slot(&k, -board[K_BAR - point]);
    end_slot(&k, -board[0]);
    for (int point = 1; point <= 24; point++)
        end_slot(&k, board[point]);
    end_slot(&k, board[K_BAR]);
    uint8_t key[12] = {0};
    for (int i = 0; i < 8; i++)
        key[i] = (uint8_t)(k.lo >> (8 * i));
    key[8] = (uint8_t)k.hi;
    key[9] = (uint8_t)(k.hi >> 8);
    for (int i = 0, at = 0; i < 10; i += 3, at += 4) {
        /* The last group has one byte; key[10..11] are zero padding. */
        uint32_t group = (uint32_t)key[i] << 16 | (uint32_t)key[i + 1] << 8 | key[i + 2];
        text[at] = ALPHABET[group >> 18 & 63];
        text[at + 1] = ALPHABET[group >> 12 & 63];
        if (at + 2 < 14) {
            text[at + 2] = ALPHABET[group >> 6 & 63];
            text[at + 3] = ALPHABET[group & 63];
        }
    }
    text[14] = '\0';
}

static int sextet(char c)
{
    const char *at = c ? strchr(ALPHABET, c) : NULL;
    return at ? (int)(at - ALPHABET) : -1;
}

/* The key's 80 bits; the last character's low 4 bits are ignored, as base64 does. */
static int key_bits(const char text[14], uint8_t key[10])
{
    int six[16] = {0};
    for (int i = 0; i < 14; i++)
        if ((six[i] = sextet(text[i])) < 0)
            return -1;
    for (int i = 0, out = 0; i < 16; i += 4, out += 3) {
        uint32_t group = (uint32_t)six[i] << 18 | (uint32_t)six[i + 1] << 12 |
                         (uint32_t)six[i + 2] << 6 | (uint32_t)six[i + 3];
        key[out] = (uint8_t)(group >> 16);
        if (out + 1 < 10) {
            key[out + 1] = (uint8_t)(group >> 8);
            key[out + 2] = (uint8_t)group;
        }
    }
    return 0;
}

static int bit_at(const uint8_t key[10], int bit)
{
    return key[bit >> 3] >> (bit & 7) & 1;
}

kid_status k_decode_position_id(const char text[14], int8_t board[K_SLOTS], int *detail)
{
    uint8_t key[10];
    int side[2][25];
    if (key_bits(text, key) < 0)
        return KID_NOT_BASE64;
    int bit = 0;
    for (int s = 0; s < 2; s++) {
        for (int slot = 0; slot < 25; slot++) {
            int count = 0;
            while (bit < 80 && bit_at(key, bit)) {
                count++;
                bit++;
            }
            if (bit >= 80)
                return KID_OUT_OF_BITS;
            bit++;
            side[s][slot] = count;
        }
    }
    for (; bit < 80; bit++)
        if (bit_at(key, bit))
            return KID_STRAY_BITS;
    for (int s = 0; s < 2; s++) {
        int total = 0;
        for (int slot = 0; slot < 25; slot++)
            total += side[s][slot];
        if (total > K_CHECKERS) {
            *detail = total;
            return s == 0 ? KID_TOO_MANY_THEIRS : KID_TOO_MANY_MINE;
        }
    }
    board[K_BAR] = (int8_t)side[1][24];
    board[0] = (int8_t)-side[0][24];
    for (int point = 1; point <= 24; point++) {
        int own = side[1][point - 1], other = side[0][24 - point];
        if (own && other) {
            *detail = point;
            return KID_SHARED_POINT;
        }
        board[point] = (int8_t)(own ? own : -other);
    }
    return KID_OK;
}
