"""Operands of a case: a dtype, a memory, a partition range and an access pattern, each placed
in its own span of bytes so that no two operands overlap. Each span lies in a guard block: the
span's bytes over all 128 partitions, rounded out to ALIGN and widened by ALIGN bytes either
side (neighbouring operands share the ALIGN bytes between them), which the harness loads and
requires unchanged wherever no walk writes, so that a write past a walk's end, partitions or
start is seen."""

from dataclasses import dataclass, field
from typing import Optional

import numpy as np

from reference.access import WINDOW, Pattern, word
from reference.numeric import FORMATS

#: Where the first span of each memory starts, and the alignment of every span; ALIGN bytes
#: of guard lie before each span and after its rounded-up end.
FIRST, ALIGN = 0x40, 64


@dataclass
class Operand:
    """One operand of a case. `byte` (the descriptor's start) and the span (the bytes the walk
    can reach, loaded with random data before the run) are set by `place`."""

    name: str
    dtype: str
    space: str
    partition: int
    partitions: int
    strides: tuple
    nums: tuple
    profile: str = "wide"
    byte: int = 0
    span_start: int = 0
    span: int = 0
    data: Optional[np.ndarray] = field(default=None, repr=False)
    #: The guard block's first byte and its random bytes, `(PARTITIONS, length)`.
    guard_start: int = 0
    guard: Optional[np.ndarray] = field(default=None, repr=False)
    #: The operand this one is the very tile of (an output written over its input, in place),
    #: placed where it is and loaded with its bytes; None for an operand of its own.
    alias: Optional["Operand"] = field(default=None, repr=False)

    def in_place_of(self, other: "Operand") -> "Operand":
        """This operand as the very tile of `other`: its dtype, memory, partitions and walk."""
        self.dtype, self.space, self.strides, self.nums = other.dtype, other.space, other.strides, other.nums
        self.partition, self.partitions, self.alias = other.partition, other.partitions, other
        return self

    @property
    def itemsize(self) -> int:
        return FORMATS[self.dtype].itemsize

    def reach(self) -> tuple[int, int]:
        """The lowest and highest element offsets the walk reaches."""
        lo = sum(min(0, (n - 1) * s) for s, n in zip(self.strides, self.nums))
        hi = sum(max(0, (n - 1) * s) for s, n in zip(self.strides, self.nums))
        return lo, hi

    def descriptor(self) -> dict:
        return {"addr": word(self.space, self.partition, self.byte), "strides": list(self.strides), "nums": list(self.nums)}

    def tile(self) -> tuple:
        """The operand as a kernel call's tile: `(space, address, start_partition, partitions,
        [[step, num], ...] outermost first, dtype)`."""
        free = [[s, n] for s, n in zip(reversed(self.strides), reversed(self.nums))]
        return (self.space, self.byte, self.partition, self.partitions, free, self.dtype)

    def pattern(self) -> Pattern:
        return Pattern.of(self.descriptor(), self.partitions)

    def walk(self) -> np.ndarray:
        """The walk's element indices within the span, in walk order."""
        return self.pattern().offsets() - self.reach()[0]


def place(operands: list[Operand]) -> None:
    """Gives each operand a disjoint span in its memory, ALIGN guard bytes apart (an operand in
    place of another takes that one's); raises ValueError when they do not fit the memory
    models' windows."""
    cursor = {space: FIRST for space in WINDOW}
    for op in operands:
        if op.alias is not None:
            continue
        lo, hi = op.reach()
        op.span = hi - lo + 1
        op.span_start = cursor[op.space]
        op.byte = op.span_start - lo * op.itemsize
        op.guard_start = op.span_start - ALIGN
        cursor[op.space] = -(-(op.span_start + op.span * op.itemsize) // ALIGN) * ALIGN + ALIGN
        if cursor[op.space] > WINDOW[op.space]:
            raise ValueError(f"the operands do not fit {op.space}'s {WINDOW[op.space]} bytes")
    for op in operands:
        if op.alias is not None:
            op.in_place_of(op.alias)
            op.span, op.span_start, op.byte, op.guard_start = op.alias.span, op.alias.span_start, op.alias.byte, op.alias.guard_start


def guard_length(op: Operand) -> int:
    """The bytes of an operand's guard block: ALIGN, the span rounded up to ALIGN, ALIGN."""
    return -(-(op.span * op.itemsize) // ALIGN) * ALIGN + 2 * ALIGN
