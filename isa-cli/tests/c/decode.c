/* Reads a stream of bundles (or, with --word32, of 32-bit words) through the exported header
 * alone and prints one JSON line per member: its offset, its name under the family's tag, and
 * every value by its flattened path (`sync.wait_mode`, `out.strides.0`), as `isa decode --json`
 * prints it. Bytes the header's check refuses, trailing bytes included, print as
 * {"offset":N,"refused":AT,"why":K}: AT the byte of the stream the refusal names, K the
 * refusal.
 *
 * With --init it writes instead every bundle member built from its init alone (each value a
 * zero code refuses set to its first named code) and then a Memset built with init and its
 * named setters, back to back, to FILE. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "isa_export.h"

static void print_value(const uint8_t *b, const isa_value *v) {
    uint64_t x = isa_value_get(b, v);
    const char *name;
    switch (v->kind) {
    case ISA_KIND_UNSIGNED:
    case ISA_KIND_ADDRESS:
        printf("%llu", (unsigned long long)x);
        break;
    case ISA_KIND_SIGNED:
        printf("%lld", (long long)isa_sign_extend(x, v->width));
        break;
    case ISA_KIND_BOOL:
        printf("%s", x == 0u ? "false" : x == 1u ? "true" : "null");
        break;
    case ISA_KIND_CODE:
    case ISA_KIND_NAME:
        name = isa_value_name(v, x);
        if (name != NULL) printf("\"%s\"", name);
        else printf("null");
        break;
    case ISA_KIND_BYTES:
        putchar('"');
        for (unsigned i = 0; i < v->width / 8u; i++) printf("%02x", b[v->pieces[0].first_bit / 8u + i]);
        putchar('"');
        break;
    }
}

/* Every bundle member from init, then a Memset from init and its setters, to `path`. */
static int build(const char *path) {
    uint8_t b[ISA_BUNDLE_SIZE];
    FILE *f = fopen(path, "wb");
    if (f == NULL) return 2;
    for (size_t id = 0; id < ISA_BUNDLE_COUNT; id++) {
        const isa_member *m = &isa_bundles[id];
        isa_member_init(m, b);
        for (size_t i = 0; i < m->nvalues; i++) {
            const isa_value *v = &m->values[i];
            unsigned code = 0;
            if (v->refuse_at < 0 || v->kind == ISA_KIND_BOOL) continue;
            while (code < 255u && isa_value_name(v, code) == NULL) code++;
            isa_value_set(b, v, code);
        }
        fwrite(b, 1, sizeof b, f);
    }
    isa_memset_init(b);
    isa_memset_set_dtype(b, ISA_DTYPE_V2_FLOAT32);
    isa_memset_set_num_active_partitions(b, 128u);
    isa_memset_set_fill(b, 0x3f800000u);
    isa_memset_set_dst_addr(b, 0x2400u);
    isa_memset_set_dst_strides_0(b, 1u);
    isa_memset_set_dst_nums_0(b, 512u);
    fwrite(b, 1, sizeof b, f);
    return fclose(f) == 0 ? 0 : 2;
}

int main(int argc, char **argv) {
    int words = argc == 3 && strcmp(argv[1], "--word32") == 0;
    if (argc == 3 && strcmp(argv[1], "--init") == 0) return build(argv[2]);
    const char *path = argv[argc - 1];
    FILE *f;
    uint8_t *buf;
    size_t len = 0, cap = 1 << 16, n, width, off;
    if (argc < 2 || (argc == 3 && !words) || argc > 3) {
        fprintf(stderr, "usage: decode [--word32] FILE\n");
        return 2;
    }
    f = fopen(path, "rb");
    if (f == NULL) {
        perror(path);
        return 2;
    }
    buf = malloc(cap);
    while (buf != NULL && (n = fread(buf + len, 1, cap - len, f)) > 0) {
        len += n;
        if (len == cap) {
            uint8_t *bigger = realloc(buf, cap * 2);
            if (bigger == NULL) break;
            buf = bigger;
            cap *= 2;
        }
    }
    fclose(f);
    if (buf == NULL) return 2;
    width = words ? ISA_WORD_SIZE : ISA_BUNDLE_SIZE;
    for (off = 0; off < len; off += width) {
        const uint8_t *b = buf + off;
        size_t at;
        isa_refusal why = words ? isa_word_check(b, len - off, &at) : isa_bundle_check(b, len - off, &at);
        int id;
        const isa_member *m;
        if (why != ISA_OK) {
            printf("{\"offset\":%zu,\"refused\":%zu,\"why\":%d}\n", off, off + at, (int)why);
            continue;
        }
        id = words ? (int)isa_decode_word(b) : (int)isa_decode_opcode(b);
        m = words ? &isa_words[id] : &isa_bundles[id];
        printf("{\"offset\":%zu,\"%s\":\"%s\"", off, words ? ISA_WORD_TAG : ISA_BUNDLE_TAG, m->tag);
        for (size_t i = 0; i < m->nvalues; i++) {
            printf(",\"%s\":", m->values[i].path);
            print_value(b, &m->values[i]);
        }
        printf("}\n");
    }
    free(buf);
    return 0;
}
