//! MoveShape (0xB2): no public counterpart (SEMANTICS-NOTES §1).

use isa_core::Confidence;
use isa_ops::move_shape::MoveShape;

use crate::semantics::{Semantics, Status};

crate::unexecuted!(MoveShape => &Semantics {
    form: "MoveShape 0xB2",
    pseudocode: "loads the DVE shape registers (seed 000 §6); what they change is not public",
    source: "SEMANTICS-NOTES §1: no public counterpart was found",
    confidence: Confidence::Strong,
    status: Status::NoPublicSemantics("no public source gives MoveShape a meaning"),
});
