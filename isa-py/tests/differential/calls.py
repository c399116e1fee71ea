"""Cases of kernel calls: the bundles come from calling the module's lowering on the placed
operands' tiles, the meaning from the reference's model of the same call."""

import isa_bundles as isa
from reference import calls, ops

from .harness import Case


def tile(address, rows, columns, dtype="float32") -> tuple:
    """A call's SBUF tile of `rows` partitions from partition 0, each `columns` elements."""
    return ("sbuf", address, 0, rows, [columns], dtype)


def changed(stream: bytes, **fields) -> bytes:
    """`stream`'s first bundle with `fields` changed in its record, then the rest: a bundle the
    calls do not write (an op in the int32 band's byte, a dtype its lowering refuses)."""
    first, *rest = isa.decode(stream)
    return isa.encode([{**first, **fields}, *rest])


def call_case(core, name, operands, arguments, seed, drains=None, meant=None, module=isa, meanings=None) -> Case:
    """A case of one call `module.<name>`: `arguments(tiles)` gives its positional and keyword
    arguments from the placed operands' tiles (by operand name). The meaning is
    `meanings[name]` (the reference's `calls.CALLS` by default) of the same arguments, or of
    `meant(tiles)` where the reference takes fewer (a reduce_res is read out as the drained
    registers, `drains`: stream offset -> the SBUF byte the read-out lands at)."""
    meanings = meanings or calls.CALLS

    def build(by_name):
        args, kwargs = arguments({k: op.tile() for k, op in by_name.items()})
        return getattr(module, name)(*args, **kwargs)

    def meaning(state):
        tiles = {op.name: op.tile() for op in operands}
        args, kwargs = arguments(tiles)
        case.call = f"{module.__name__}.{name}(*{args!r}, **{kwargs!r})"
        reference_args, reference_kwargs = (meant or arguments)(tiles)
        writes = meanings[name](state, *reference_args, **reference_kwargs)
        return writes, {offset: ops.drain(state) for offset in (drains or {})}

    case = Case(core, build, operands, seed, drains=dict(drains or {}), meaning=meaning, module=module)
    return case
