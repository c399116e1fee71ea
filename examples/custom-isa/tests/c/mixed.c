/* Reads a bundle stream through the custom ISA's exported header alone and prints, per bundle,
 * its offset, its member's serde name, and for TensorMax its immediate and for TensorClamp its
 * bounds (read with the generated getters), one line each. */
#include <stdio.h>
#include <stdlib.h>

#include "custom_isa.h"

int main(int argc, char **argv) {
    static uint8_t buf[1 << 16];
    size_t len, off;
    FILE *f;
    if (argc != 2 || (f = fopen(argv[1], "rb")) == NULL) return 2;
    len = fread(buf, 1, sizeof buf, f);
    fclose(f);
    for (off = 0; off + 64 <= len; off += 64) {
        const uint8_t *b = buf + off;
        isa_custom_isa_bundle_id id = isa_custom_isa_decode_opcode(b);
        if (id == ISA_CUSTOM_ISA_BUNDLE_NONE) {
            printf("%zu unknown\n", off);
            continue;
        }
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
