"""Access patterns and the memories they walk.

An operand is an offset plus [step, num] pairs in elements, not bytes; every partition follows
the same pattern; a byte address is an element index times the dtype's size [N1, K2]. On the
wire (seed 002) the start is an ADDR4 word (the region, the start partition and the in-partition
byte), then the strides and the counts of the free axes, axis 0 innermost; a stride may be 0 (a
broadcast) or negative. The partition count is the bundle's.
"""

from dataclasses import dataclass

import numpy as np

PARTITIONS = 128
#: ADDR4 words (seed 002, as isa-core's Addr4 writes them): SBUF `(partition << 18) + byte`;
#: PSUM region bit 29 set and `(partition << 15) + byte`.
SBUF_SHIFT, PSUM_SHIFT, PSUM_REGION = 18, 15, 0x2000_0000
#: The bytes of a partition each model holds: a window of SBUF (which has 192 KiB or more a
#: partition [A1, A2, A3]) and the whole of PSUM (16 KiB a partition [A1]).
WINDOW = {"sbuf": 1 << 16, "psum": 1 << 14}


def word(space: str, partition: int, byte: int) -> int:
    """The ADDR4 word of byte `byte` of partition `partition` of `space`."""
    if space == "sbuf":
        return (partition << SBUF_SHIFT) + byte
    return PSUM_REGION + (partition << PSUM_SHIFT) + byte


def locate(addr: int) -> tuple[str, int, int]:
    """`(space, partition, byte)` of an ADDR4 word."""
    if addr & PSUM_REGION:
        low = addr - PSUM_REGION
        return "psum", low >> PSUM_SHIFT, low & ((1 << PSUM_SHIFT) - 1)
    return "sbuf", addr >> SBUF_SHIFT, addr & ((1 << SBUF_SHIFT) - 1)


@dataclass(frozen=True)
class Pattern:
    """One operand's walk: its ADDR4 word, the strides and counts of its free axes (axis 0
    innermost) and how many partitions it spans."""

    addr: int
    strides: tuple
    nums: tuple
    partitions: int

    @classmethod
    def of(cls, descriptor: dict, partitions: int) -> "Pattern":
        """The walk of a record's descriptor (`{"addr", "strides", "nums"}`)."""
        return cls(descriptor["addr"], tuple(descriptor["strides"]), tuple(descriptor["nums"]), partitions)

    def descriptor(self) -> dict:
        return {"addr": self.addr, "strides": list(self.strides), "nums": list(self.nums)}

    @property
    def elements(self) -> int:
        """Elements a partition: the product of the counts."""
        return int(np.prod(self.nums))

    def offsets(self) -> np.ndarray:
        """The element offset of every element of a partition, in walk order: element
        `k = i0 + n0·(i1 + n1·(i2 + …))` is at `Σ iₐ·strideₐ`."""
        # A C-order grid over the axes outermost first puts axis 0 innermost.
        grid = np.indices(tuple(reversed(self.nums)), dtype=np.int64)
        strides = np.array(tuple(reversed(self.strides)), np.int64)
        return np.tensordot(strides, grid, axes=1).reshape(-1)

    def bytes(self, itemsize: int) -> np.ndarray:
        """Byte offsets within a partition, `(elements, itemsize)`, in walk order."""
        _, _, byte = locate(self.addr)
        return byte + itemsize * self.offsets()[:, None] + np.arange(itemsize)[None, :]

    def rows(self) -> range:
        _, first, _ = locate(self.addr)
        return range(first, first + self.partitions)


class Memory:
    """SBUF and PSUM as bytes, each partition a row; what the reference reads and writes."""

    def __init__(self):
        self.regions = {space: np.zeros((PARTITIONS, size), np.uint8) for space, size in WINDOW.items()}

    def copy(self) -> "Memory":
        other = Memory.__new__(Memory)
        other.regions = {space: bytes_.copy() for space, bytes_ in self.regions.items()}
        return other

    def load(self, space: str, partition: int, byte: int, array: np.ndarray) -> None:
        """Row `i` of `array` (its elements' bytes in C order) at `byte` of partition
        `partition + i`, as the simulator's Machine.load writes it."""
        rows = np.ascontiguousarray(array).view(np.uint8).reshape(array.shape[0], -1)
        self.regions[space][partition : partition + rows.shape[0], byte : byte + rows.shape[1]] = rows

    def read(self, pattern: Pattern, dtype: np.dtype) -> np.ndarray:
        """The elements a walk reads, `(partitions, elements)`, in walk order."""
        space, _, _ = locate(pattern.addr)
        index = pattern.bytes(dtype.itemsize)
        rows = self.regions[space][list(pattern.rows())]
        return np.ascontiguousarray(rows[:, index]).view(dtype).reshape(pattern.partitions, pattern.elements)

    def write(self, pattern: Pattern, values: np.ndarray) -> None:
        """Writes `(partitions, elements)` values along a walk."""
        space, _, _ = locate(pattern.addr)
        index = pattern.bytes(values.dtype.itemsize)
        codes = np.ascontiguousarray(values).view(np.uint8).reshape(pattern.partitions, pattern.elements, values.dtype.itemsize)
        for row, p in enumerate(pattern.rows()):
            self.regions[space][p, index] = codes[row]
