"""An independent reference of the tensor instructions' public meaning, in NumPy and ml_dtypes.

Written from the public pages only (the NKI ISA reference [I1], the shared API notes [I2], the
language reference [L1], tensor_copy_predicated [P2], the rounding pages [D1, D2] and ml_dtypes
[M1]; every key resolves in docs/sources.md). It never calls the simulator: it reads its inputs
from its own model of the memories (`access.Memory`), walks the access patterns itself and
computes each op the way its page states. Where no page states a behaviour, it raises
`Unstated` (for a whole op or operand) or marks the element unstated, and the differential
tests skip that corner instead of asserting a guess.

- `numeric`: the element formats, the conversions to and from fp32, the comparison in ulps.
- `access`: the ADDR4 word, the access-pattern walk, the memory model.
- `alu`: the ALU functions with their sources and accuracy.
- `ops`: one function per instruction.
"""

from .numeric import Unstated

__all__ = ["Unstated"]
