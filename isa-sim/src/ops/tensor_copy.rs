//! TensorCopy (0x46 / 0x47): nki.isa.tensor_copy \[I1, P3\].

use isa_core::Confidence;
use isa_ops::tensor_copy::TensorCopy;

use crate::error::Fault;
use crate::semantics::{Execute, Semantics, Status};
use crate::step::{Step, same_elements};

/// The copy: bit-exact on one storage format, through fp32 otherwise.
pub const COPY: Semantics = Semantics {
    form: "TensorCopy 0x46 / 0x47",
    pseudocode: "dst[i] = src[i], bit-exact when the dtypes are stored alike; else to_dtype(fp32(src[i]))",
    source: "nki.isa.tensor_copy [I1, P3]: same dtype bit-exact on Vector and GpSimd, via fp32 otherwise",
    confidence: Confidence::Strong,
    status: Status::Executed,
};

impl Execute for TensorCopy {
    fn forms(out: &mut Vec<&'static Semantics>) {
        out.push(&COPY);
    }

    fn semantics(&self) -> &'static Semantics {
        &COPY
    }

    fn execute(&self, step: &mut Step<'_>) -> Result<(), Fault> {
        let n = self.num_active_partitions;
        let src = step.operand("src", &self.src, self.src_dtype, n)?;
        let dst = step.operand("dst", &self.dst, self.dst_dtype, n)?;
        if src.format == dst.format {
            same_elements(&dst, &[&src])?;
            step.copy_bits(&dst, &src)
        } else {
            step.map_f32(&dst, &src, |x| x)
        }
    }
}
