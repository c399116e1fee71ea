//! SelectReduce (0xEA), CopyPredicated (0x72) / CastPredicated (0x99) and CopyPredicatedScalar
//! (0xE8): nki.isa.tensor_copy_predicated and select_reduce \[I1, P2, K1\].
//!
//! Readings shared by the four forms, each made where it is named:
//! - the predicate: "true" means not 0; a float mask is tested on its fp32 value
//!   ([`Step::read_mask`]);
//! - `reverse_pred`: no declared byte of these bundles holds it (seed 000's stores name none; the
//!   header notes' reading of 0xE8's +0x21 is disputed, the declaration keeps the output dtype
//!   there), so the predicate is never inverted;
//! - a false lane keeps dst as it was, written or not ([`Step::write_bits_where`]): a false lane
//!   over bytes nothing wrote leaves them unwritten, an error only when something reads them;
//!   every input (src, mask) is read whole, so an unwritten input byte is an error.

use isa_core::{AluOp, Confidence};
use isa_ops::copy_predicated::{
    CopyCastOpcode, CopyPredicated, CopyPredicatedScalar, SelectReduce,
};

use crate::alu;
use crate::error::{Fault, Problem};
use crate::semantics::{Execute, Semantics, Status};
use crate::step::{Accumulate, Step, immediate, same_elements};

/// 0xEA: select with an optional max reduction.
pub const SELECT_REDUCE: Semantics = Semantics {
    form: "SelectReduce 0xEA",
    pseudocode: "r[i] = mask[i] != 0 ? src[i] : fill; reduce_op max: acc = max(start, r[..]) under the accumulate command (reset_reduce starts from -inf); out walks as many elements as src: out = r; one a partition: out = acc",
    source: "nki.isa.select_reduce [I1]; readings: op0 must be bypass, false_fill byte 0 is the fill 0.0 (other bytes not recovered), every partition from the base (no count in the bytes), a one-element out reads the registers out",
    confidence: Confidence::Inferred,
    status: Status::Executed,
};

/// 0x72: the masked copy.
pub const COPY: Semantics = Semantics {
    form: "CopyPredicated 0x72",
    pseudocode: "dst[i] = src[i] where mask[i] != 0, bit-exact (src and dst share a dtype); else dst[i] unchanged",
    source: "nki.isa.tensor_copy_predicated [I1, P2, K1]",
    confidence: Confidence::Strong,
    status: Status::Executed,
};

/// 0x99: the masked converting copy, with no public analogue.
pub const CAST: Semantics = Semantics {
    form: "CastPredicated 0x99",
    pseudocode: "dst[i] = to_dtype(fp32(src[i])) (round to nearest even) where mask[i] != 0; else dst[i] unchanged",
    source: "a reading: tensor_copy_predicated [I1, P2] with tensor_copy's conversion through fp32 [P3]; CastPredicated has no public analogue (SEMANTICS-NOTES §1)",
    confidence: Confidence::Inferred,
    status: Status::Executed,
};

/// 0xE8: the masked scalar fill.
pub const SCALAR: Semantics = Semantics {
    form: "CopyPredicatedScalar 0xE8",
    pseudocode: "out[i] = scalar where mask[i] != 0, else out[i] unchanged; a float out reads the scalar as fp32 bits (rounded to its dtype), an integer out as its value",
    source: "nki.isa.tensor_copy_predicated [I1, P2, K1]; the scalar's encoding is Memset's reading",
    confidence: Confidence::Strong,
    status: Status::Executed,
};

/// The fill of SelectReduce's false lanes from the +0x27 byte. What each of the three writers
/// stores is not recovered (seed 000 §3.1); the reading taken: 0, what an encoder without a
/// false-fill leaves, is the fill 0.0; any other byte stops the run.
fn false_fill(byte: u8) -> Result<f32, Fault> {
    if byte == 0 {
        Ok(0.0)
    } else {
        Err(Fault::op(Problem::Field {
            what: "false_fill",
            why: "what the false-fill writers store at +0x27 is not recovered (seed 000 §3.1)",
        }))
    }
}

impl Execute for SelectReduce {
    fn forms(out: &mut Vec<&'static Semantics>) {
        out.push(&SELECT_REDUCE);
    }

    fn semantics(&self) -> &'static Semantics {
        &SELECT_REDUCE
    }

    /// A reading: no partition count is in the bytes (seed 000's 0xEA stores), so each operand
    /// covers every partition from its base partition up.
    fn execute(&self, step: &mut Step<'_>) -> Result<(), Fault> {
        if self.op0 != AluOp::Bypass {
            let why = "only bypass (the selected value passes through) is read (seed 000 ledger)";
            return Err(Fault::op(Problem::Field { what: "op0", why }));
        }
        let fill = false_fill(self.false_fill)?;
        let src = step.operand_to_last("src", &self.src, self.src_dtype)?;
        let mask = step.operand_to_last("mask", &self.mask, self.mask_dtype)?;
        let out = step.operand_to_last("out", &self.out, self.out_dtype)?;
        same_elements(&src, &[&mask])?;
        let lanes = step.read_mask(&mask)?;
        let selected: Vec<f32> = (step.read_f32(&src)?.into_iter().zip(lanes))
            .map(|(x, pred)| if pred { x } else { fill })
            .collect();
        match self.reduce_op {
            AluOp::Bypass => step.write_f32(&out, &selected),
            AluOp::Max => {
                let reset = alu::identity(AluOp::Max).map_err(Fault::op)?;
                let max = Accumulate {
                    cmd: self.accumulate,
                    op: AluOp::Max,
                    op_name: "reduce_op",
                    reverse: false,
                    reset,
                    load: &[],
                    running: false,
                    idle_undefines: false,
                };
                // A fold that is not running leaves the values as they are.
                let mut selected = selected;
                step.accumulate(src.partition, &max, &mut selected, src.elements())?;
                if out.elements() == 1 && out.partitions == src.partitions {
                    // A reading: the bytes hold no separate reduce_res, so nki's `reduce_res
                    // (P,1)` [I1] is the read-out of the registers into the only output.
                    step.write_accumulators(&out)
                } else {
                    step.write_f32(&out, &selected)
                }
            }
            _ => Err(Fault::op(Problem::Field {
                what: "reduce_op",
                why: "select_reduce's reduce_op only supports max [I1]",
            })),
        }
    }
}

impl Execute for CopyPredicated {
    fn forms(out: &mut Vec<&'static Semantics>) {
        out.extend([&COPY, &CAST]);
    }

    fn semantics(&self) -> &'static Semantics {
        match self.opcode {
            CopyCastOpcode::Copy => &COPY,
            CopyCastOpcode::Cast => &CAST,
        }
    }

    fn execute(&self, step: &mut Step<'_>) -> Result<(), Fault> {
        let n = self.num_active_partitions;
        let out = step.operand("out", &self.out, self.out_dtype, n)?;
        let src = step.operand("src", &self.src, self.src_dtype, n)?;
        let mask = step.operand("mask", &self.mask, self.mask_dtype, n)?;
        same_elements(&out, &[&src, &mask])?;
        let lanes = step.read_mask(&mask)?;
        match self.opcode {
            CopyCastOpcode::Copy if src.format != out.format => {
                let why = "CopyPredicated does not convert: src and out share a dtype [I1]";
                let problem = Problem::Dtype {
                    dtype: src.dtype,
                    why,
                };
                Err(Fault::at("src", problem))
            }
            CopyCastOpcode::Copy => {
                let bits = step.read_bits(&src)?;
                step.write_bits_where(&out, &bits, &lanes)
            }
            CopyCastOpcode::Cast => {
                let values = step.read_f32(&src)?;
                step.write_f32_where(&out, &values, &lanes)
            }
        }
    }
}

impl Execute for CopyPredicatedScalar {
    fn forms(out: &mut Vec<&'static Semantics>) {
        out.push(&SCALAR);
    }

    fn semantics(&self) -> &'static Semantics {
        &SCALAR
    }

    fn execute(&self, step: &mut Step<'_>) -> Result<(), Fault> {
        let n = self.num_active_partitions;
        let out = step.operand("out", &self.out, self.out_dtype, n)?;
        let mask_n = self.mask_num_active_partitions;
        let mask = step.operand("mask", &self.mask, self.mask_dtype, mask_n)?;
        same_elements(&out, &[&mask])?;
        let lanes = step.read_mask(&mask)?;
        let element = immediate(out.format, self.scalar);
        step.fill_where(&out, element, &lanes)
    }
}
