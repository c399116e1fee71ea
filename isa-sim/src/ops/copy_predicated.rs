//! SelectReduce (0xEA), CopyPredicated (0x72) / CastPredicated (0x99) and CopyPredicatedScalar
//! (0xE8): nki.isa.tensor_copy_predicated and select_reduce \[I1, P2, K1\].
//!
//! Rules and readings shared by the four forms, each made where it is named:
//! - the predicate: "true" means not 0, on an integer dtype ([`Step::read_mask`]): uint8, uint16
//!   or uint32 for the copies \[P2\], int8, uint8, int16 or uint16 for select_reduce \[I1\]; any
//!   other dtype is refused ([`predicate`]);
//! - `reverse_pred` (a scalar source only \[P2\], so 0xE8 only): no declared byte holds it
//!   (seed 000's stores name none); the public header notes put it at 0xE8's +0x21, which the
//!   declaration reads as the output dtype, so the predicate is never inverted, and 0xE8's
//!   meaning is tagged no higher than that dispute allows;
//! - a false lane keeps dst as it was, written or not ([`Step::write_bits_where`]): a false lane
//!   over bytes nothing wrote leaves them unwritten, an error only when something reads them;
//!   every input (src, mask) is read whole, so an unwritten input byte is an error.

use isa_core::{AccumulateCmd, AluOp, Confidence, Dtype};
use isa_ops::copy_predicated::{
    CopyCastOpcode, CopyPredicated, CopyPredicatedScalar, SelectReduce,
};

use crate::alu;
use crate::error::{Fault, Problem};
use crate::operand::Operand;
use crate::semantics::{Execute, Semantics, Status};
use crate::step::{Accumulate, Step, immediate, same_elements};

/// 0xEA: select with an optional max reduction.
pub const SELECT_REDUCE: Semantics = Semantics {
    form: "SelectReduce 0xEA",
    pseudocode: "r[i] = mask[i] != 0 ? src[i] : fill (mask int8, uint8, int16 or uint16); reduce_op max: acc = max(start, r[..]) under the accumulate command (reset_reduce starts from -inf; idle: every register undefined); out walks as many elements as src: out = r; one a partition: out = acc",
    source: "nki.isa.select_reduce [I1]; readings no source states: op0 must be bypass, false_fill byte 0 is the fill 0.0 (what the three +0x27 writers store is not recovered, seed 000 §3.1; any other byte is refused), every partition from the base (no count in the bytes), a one-element out is the read-out of the registers (reduce_res has no slot of its own)",
    confidence: Confidence::Inferred,
    status: Status::Executed,
};

/// 0x72: the masked copy.
pub const COPY: Semantics = Semantics {
    form: "CopyPredicated 0x72",
    pseudocode: "dst[i] = src[i] where mask[i] != 0 (mask uint8, uint16 or uint32), bit-exact (src and dst share a dtype); else dst[i] unchanged",
    source: "nki.isa.tensor_copy_predicated [I1, P2, K1]; the operand slots are seed 000 §3.2's (out at 0x10, mask in the in1 slot at 0x30), which the public header notes dispute (S3S3D3_TT: the predicate at 0x10, dst at 0x30), so which bytes are the mask and which the output is a reading",
    confidence: Confidence::Inferred,
    status: Status::Executed,
};

/// 0x99: the masked converting copy, with no public analogue.
pub const CAST: Semantics = Semantics {
    form: "CastPredicated 0x99",
    pseudocode: "dst[i] = to_dtype(fp32(src[i])) (round to nearest even) where mask[i] != 0 (mask uint8, uint16 or uint32); else dst[i] unchanged",
    source: "seed 000 §3.2: 0x99 is the masked cast copy, chosen when out.dtype != src.dtype, the cast bit of TensorCopy 0x46/0x47; the cast is tensor_copy's through fp32 [P3]; no public page has it (tensor_copy_predicated's src and dst share a dtype [P2]), so its predicate rule is tensor_copy_predicated's and the operand slots are 0x72's, both readings",
    confidence: Confidence::Inferred,
    status: Status::Executed,
};

/// 0xE8: the masked scalar fill.
pub const SCALAR: Semantics = Semantics {
    form: "CopyPredicatedScalar 0xE8",
    pseudocode: "out[i] = scalar where mask[i] != 0 (mask uint8, uint16 or uint32), else out[i] unchanged; reverse_pred never applied; a float out reads the scalar as fp32 bits (rounded to its dtype), an integer out as its value",
    source: "nki.isa.tensor_copy_predicated [I1, P2, K1]; readings: the operand positions of seed 000 §3.3, which the public header notes dispute (S3D3_CP_PRED_SCALAR: the predicate at 0x10, reversed_pred at 0x21 where the declaration has the output dtype, dst at 0x30), so reverse_pred, which only a scalar source may set [P2], has no byte here and is never applied; the scalar's encoding is Memset's",
    confidence: Confidence::Inferred,
    status: Status::Executed,
};

/// tensor_copy_predicated's predicate dtypes \[P2\].
const COPY_PREDICATES: &[Dtype] = &[Dtype::Uint8, Dtype::Uint16, Dtype::Uint32];

/// select_reduce's predicate dtypes \[I1\].
const SELECT_PREDICATES: &[Dtype] = &[Dtype::Int8, Dtype::Uint8, Dtype::Int16, Dtype::Uint16];

/// A predicate of a dtype the op's page does not list is refused, naming the operand.
fn predicate(mask: &Operand, allowed: &[Dtype], why: &'static str) -> Result<(), Fault> {
    if allowed.contains(&mask.dtype) {
        return Ok(());
    }
    let problem = Problem::Dtype {
        dtype: mask.dtype,
        why,
    };
    Err(Fault::at(mask.name, problem))
}

/// [`predicate`] for the three copies: "predicate must be of type uint8, uint16, or uint32" \[P2\].
fn copy_predicate(mask: &Operand) -> Result<(), Fault> {
    let why = "tensor_copy_predicated's predicate is uint8, uint16 or uint32 [P2]";
    predicate(mask, COPY_PREDICATES, why)
}

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
        let why = "select_reduce's predicate is int8, uint8, int16 or uint16 [I1]";
        predicate(&mask, SELECT_PREDICATES, why)?;
        let lanes = step.read_mask(&mask)?;
        let mut selected = step.read_f32(&src)?;
        for (x, &pred) in selected.iter_mut().zip(&lanes) {
            *x = if pred { *x } else { fill };
        }
        match self.reduce_op {
            AluOp::Bypass => {
                if self.accumulate == AccumulateCmd::Idle {
                    step.idle_accumulators();
                }
                step.write_f32(&out, selected)
            }
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
                };
                // A fold that is not running leaves the values as they are.
                step.accumulate(src.partition, &max, &mut selected, src.elements())?;
                if out.elements() == 1 && out.partitions == src.partitions {
                    // A reading: the bytes hold no separate reduce_res, so nki's `reduce_res
                    // (P,1)` [I1] is the read-out of the registers into the only output.
                    step.write_accumulators(&out)
                } else {
                    step.write_f32(&out, selected)
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
        copy_predicate(&mask)?;
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
                step.write_f32_where(&out, values, &lanes)
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
        copy_predicate(&mask)?;
        let lanes = step.read_mask(&mask)?;
        let element = immediate(out.format, self.scalar);
        step.fill_where(&out, element, &lanes)
    }
}
