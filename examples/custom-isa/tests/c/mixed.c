/* Reads a bundle stream through the custom ISA's exported header alone and prints, per bundle,
 * its offset, its member's serde name, and for TensorMax its immediate and for TensorClamp its
 * bounds (read with the generated getters), one line each; a bundle the header's check refuses
 * (trailing bytes included) is `OFFSET refused AT`, AT the byte of the stream it names.
 *
 * With --init it writes instead one TensorMax built with its init and setters to FILE. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "custom_isa.h"

/* A TensorMax: float32 in and out, max, 128 partitions, imm -5, 512 elements in and out. */
static int build(const char *path) {
    uint8_t b[ISA_CUSTOM_ISA_TENSOR_MAX_SIZE];
    FILE *f = fopen(path, "wb");
    if (f == NULL) return 2;
    isa_custom_isa_tensor_max_init(b);
    isa_custom_isa_tensor_max_set_in_dtype(b, ISA_CUSTOM_ISA_DTYPE_V2_FLOAT32);
    isa_custom_isa_tensor_max_set_out_dtype(b, ISA_CUSTOM_ISA_DTYPE_V2_FLOAT32);
    isa_custom_isa_tensor_max_set_alu(b, (uint64_t)isa_custom_isa_alu_v2_code("max"));
    isa_custom_isa_tensor_max_set_num_active_partitions(b, 128u);
    isa_custom_isa_tensor_max_set_input_nums_0(b, 512u);
    isa_custom_isa_tensor_max_set_output_nums_0(b, 512u);
    isa_custom_isa_tensor_max_set_imm(b, (uint64_t)(int64_t)-5);
    fwrite(b, 1, sizeof b, f);
    return fclose(f) == 0 ? 0 : 2;
}

int main(int argc, char **argv) {
    static uint8_t buf[1 << 16];
    size_t len, off, at;
    FILE *f;
    if (argc == 3 && strcmp(argv[1], "--init") == 0) return build(argv[2]);
    if (argc != 2 || (f = fopen(argv[1], "rb")) == NULL) return 2;
    len = fread(buf, 1, sizeof buf, f);
    fclose(f);
    for (off = 0; off < len; off += 64) {
        const uint8_t *b = buf + off;
        isa_custom_isa_bundle_id id;
        if (isa_custom_isa_bundle_check(b, len - off, &at) != ISA_CUSTOM_ISA_OK) {
            printf("%zu refused %zu\n", off, off + at);
            continue;
        }
        id = isa_custom_isa_decode_opcode(b);
        printf("%zu %s", off, isa_custom_isa_bundles[id].tag);
        if (id == ISA_CUSTOM_ISA_BUNDLE_TENSOR_MAX)
            printf(" imm=%lld", (long long)isa_custom_isa_tensor_max_get_imm(b));
        if (id == ISA_CUSTOM_ISA_BUNDLE_TENSOR_CLAMP)
            printf(" lo=%lld hi=%lld",
                   (long long)isa_custom_isa_tensor_clamp_get_lo(b),
                   (long long)isa_custom_isa_tensor_clamp_get_hi(b));
        putchar('\n');
    }
    return 0;
}
