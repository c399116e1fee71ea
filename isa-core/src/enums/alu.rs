//! `bir::AluOpType` and its wire bytes (SPEC-NOTES §1, seed 001 "ALU op").

crate::enumeration! {
    /// The ALU operation of a tensor-tensor or tensor-scalar op: the 33 ordinals of
    /// `bir::AluOpType` (SPEC-NOTES §1; names and order as the public `TensorAluOpType` and
    /// KLR's AluOp). The code is the ordinal; the wire byte comes from [`alu_v2`] or [`alu_v4`].
    pub enum AluOp: "bir::AluOpType" {
        /// Passes the input through (Exponential forces op0/op1 to this, seed 001).
        Bypass = 0 => "bypass",
        /// Bitwise complement.
        BitwiseNot = 1 => "bitwise_not",
        /// Arithmetic shift left.
        ArithShiftLeft = 2 => "arith_shift_left",
        /// Arithmetic shift right.
        ArithShiftRight = 3 => "arith_shift_right",
        /// Addition.
        Add = 4 => "add",
        /// Subtraction.
        Subtract = 5 => "subtract",
        /// Multiplication.
        Mult = 6 => "mult",
        /// Division.
        Divide = 7 => "divide",
        /// Maximum.
        Max = 8 => "max",
        /// Minimum.
        Min = 9 => "min",
        /// Bitwise and.
        BitwiseAnd = 10 => "bitwise_and",
        /// Bitwise or.
        BitwiseOr = 11 => "bitwise_or",
        /// Bitwise exclusive or.
        BitwiseXor = 12 => "bitwise_xor",
        /// Logical and.
        LogicalAnd = 13 => "logical_and",
        /// Logical or.
        LogicalOr = 14 => "logical_or",
        /// Logical exclusive or.
        LogicalXor = 15 => "logical_xor",
        /// Logical shift left.
        LogicalShiftLeft = 16 => "logical_shift_left",
        /// Logical shift right.
        LogicalShiftRight = 17 => "logical_shift_right",
        /// Equality compare (the last ordinal whose wire byte is the ordinal).
        IsEqual = 18 => "is_equal",
        /// Inequality compare.
        NotEqual = 19 => "not_equal",
        /// Greater-than compare.
        IsGt = 20 => "is_gt",
        /// Greater-or-equal compare.
        IsGe = 21 => "is_ge",
        /// Less-than compare.
        IsLt = 22 => "is_lt",
        /// Less-or-equal compare.
        IsLe = 23 => "is_le",
        /// Average. No wire form on CoreV2 or CoreV4 (seed 001: the mapper's error default).
        Average = 24 => "average",
        /// Elementwise multiply. No wire form on CoreV2 or CoreV4 (seed 001).
        ElemwiseMul = 25 => "elemwise_mul",
        /// Power.
        Pow = 26 => "pow",
        /// Modulo.
        Mod = 27 => "mod",
        /// Reciprocal square root. Seed 001: encoding op0 = rsqrt also sets a per-module
        /// rsqrt-in-use flag in the compiler; the wire byte alone does not record it.
        Rsqrt = 28 => "rsqrt",
        /// Absolute value.
        Abs = 29 => "abs",
        /// Maximum of absolute values. CoreV4 only.
        AbsMax = 30 => "abs_max",
        /// Minimum of absolute values. CoreV4 only.
        AbsMin = 31 => "abs_min",
        /// Integer modulo. CoreV4 only (wire byte 0xC8, also the mod_int byte of the CoreV3
        /// GPSIMD int32 band, seed 000).
        ModInt = 32 => "mod_int",
    }
}

/// The bit-vector ALU ops as a pattern: bitwise ops and shifts, whose operands are bit patterns
/// rather than numbers. INFERRED class: the seeds name `bir::isBitVecInstruction` but not its op
/// list. One list for the lowering ([`AluOp::is_bitvec`]) and for exhaustive matches elsewhere
/// (`isa_core::bitvec_alu_ops!() => …`).
#[macro_export]
macro_rules! bitvec_alu_ops {
    () => {
        $crate::AluOp::BitwiseNot
            | $crate::AluOp::ArithShiftLeft
            | $crate::AluOp::ArithShiftRight
            | $crate::AluOp::BitwiseAnd
            | $crate::AluOp::BitwiseOr
            | $crate::AluOp::BitwiseXor
            | $crate::AluOp::LogicalShiftLeft
            | $crate::AluOp::LogicalShiftRight
    };
}

impl AluOp {
    /// Whether the op is of the bit-vector class ([`bitvec_alu_ops!`]).
    pub const fn is_bitvec(self) -> bool {
        matches!(self, bitvec_alu_ops!())
    }
}

crate::lut! {
    /// CoreV2 ALU op bytes: seed 001's `sub_12039C0`, a 30-case jump table over ordinals 0..29.
    /// Identity for 0..18; the compares and the later ops are reordered. Ordinals 24 and 25 fall
    /// to the "Invalid enum variant for enum AluOpType" default, and 30..32 are past the table.
    /// One-to-one.
    ///
    /// The public notes on the vendor's headers (`NEURON_ISA_TPB_ALU_OP` in
    /// aws_neuron_isa_tpb_*.h) agree with the base band 0x00..0x1D. They also name 0x17,
    /// `ABSOLUTE_DIFF`, which no ordinal maps to: TensorTensor reads it as a decode-only value
    /// (`TtAlu::AbsoluteDiff` in isa-ops), and this table stays the seed's.
    pub alu_v2: AluOp {
        Bypass => 0x00,
        BitwiseNot => 0x01,
        ArithShiftLeft => 0x02,
        ArithShiftRight => 0x03,
        Add => 0x04,
        Subtract => 0x05,
        Mult => 0x06,
        Divide => 0x07,
        Max => 0x08,
        Min => 0x09,
        BitwiseAnd => 0x0A,
        BitwiseOr => 0x0B,
        BitwiseXor => 0x0C,
        LogicalAnd => 0x0D,
        LogicalOr => 0x0E,
        LogicalXor => 0x0F,
        LogicalShiftLeft => 0x10,
        LogicalShiftRight => 0x11,
        IsEqual => 0x12,
        NotEqual => 0x18,
        IsGt => 0x13,
        IsGe => 0x14,
        IsLt => 0x16,
        IsLe => 0x15,
        Pow => 0x1A,
        Mod => 0x1B,
        Rsqrt => 0x1D,
        Abs => 0x19,
    }
    unmapped { Average, ElemwiseMul, AbsMax, AbsMin, ModInt }
}

crate::lut! {
    /// CoreV4 ALU op bytes: seed 001's `sub_142E030`, byte-identical to [`alu_v2`] for ordinals
    /// 0..29 (correction D-J04: one band), extended with abs_max → 0x20, abs_min → 0x21 and
    /// mod_int → 0xC8. Ordinals 24 and 25 still have no wire form. One-to-one.
    pub alu_v4: AluOp = alu_v2 {
        added { AbsMax => 0x20, AbsMin => 0x21, ModInt => 0xC8 }
    }
}
