"""Observations and masks out of `rules serve` replies, in each of serve's formats (docs/serve.md, "Compact
vectors"): "sparse" (base64 of the nonzero entries only: what the envs ask for), "base64" (every entry) and
"json". Numpy arrays (float32 observations, int8 masks) or lists, one row or many stacked."""
import array
import base64
import sys

try:
    import numpy as np
except ImportError:  # pragma: no cover - depends on the machine
    np = None

__all__ = ["legal", "one", "stack"]

_U32 = next(t for t in "IL" if array.array(t).itemsize == 4)
_BIG = sys.byteorder == "big"


def _array(code, b64):
    a = array.array(code, base64.b64decode(b64))
    if _BIG:
        a.byteswap()
    return a


def legal(reply):
    """The action indices the reply's mask holds as legal, in increasing order (a list of ints)."""
    fmt, mask = reply.get("format"), reply["mask"]
    if fmt == "sparse":
        return _array(_U32, mask).tolist()
    if fmt == "base64":
        mask = base64.b64decode(mask)
    return [i for i, v in enumerate(mask) if v]


def _sparse_row(reply, size, count):
    """(observation, mask) lists of a "sparse" reply."""
    o = reply["observation"]
    row = [0.0] * size
    for j, v in zip(_array(_U32, o["index"]), _array("f", o["value"])):
        row[j] = v
    mask = [0] * count
    for j in _array(_U32, reply["mask"]):
        mask[j] = 1
    return row, mask


def one(reply, size, count, arrays):
    """(observation, mask) of one ``encode`` or ``step`` reply: numpy arrays if ``arrays == "numpy"``, else lists
    (observation floats are the float32 values serve sent in every compact format)."""
    fmt = reply.get("format")
    if fmt == "sparse":
        if arrays == "numpy":
            o = reply["observation"]
            obs = np.zeros(size, dtype=np.float32)
            obs[np.frombuffer(base64.b64decode(o["index"]), dtype="<u4")] = np.frombuffer(base64.b64decode(o["value"]), dtype="<f4")
            mask = np.zeros(count, dtype=np.int8)
            mask[np.frombuffer(base64.b64decode(reply["mask"]), dtype="<u4")] = 1
            return obs, mask
        return _sparse_row(reply, size, count)
    obs, mask = reply["observation"], reply["mask"]
    if fmt == "base64":  # an older serve answers "json" whatever was asked
        raw_obs, raw_mask = base64.b64decode(obs), base64.b64decode(mask)
        if arrays == "numpy":
            return np.frombuffer(raw_obs, dtype="<f4").astype(np.float32), np.frombuffer(raw_mask, dtype=np.uint8).astype(np.int8)
        floats = array.array("f", raw_obs)
        if _BIG:
            floats.byteswap()
        return floats.tolist(), list(raw_mask)
    if arrays == "numpy":
        return np.asarray(obs, dtype=np.float32), np.asarray(mask, dtype=np.int8)
    return [float(x) for x in obs], list(mask)


def stack(replies, size, count, arrays):
    """(observations, masks) of many replies, one row each: ``(n, size)`` and ``(n, count)`` numpy arrays, or lists
    of rows. "sparse" replies are scattered into zeros in one numpy operation per array."""
    n = len(replies)
    if arrays != "numpy" or any(r.get("format") != "sparse" for r in replies):
        rows = [one(r, size, count, arrays) for r in replies]
        obs, masks = [r[0] for r in rows], [r[1] for r in rows]
        if arrays == "numpy":
            return (np.stack(obs) if n else np.zeros((0, size), np.float32)), (np.stack(masks) if n else np.zeros((0, count), np.int8))
        return obs, masks
    index = [base64.b64decode(r["observation"]["index"]) for r in replies]
    value = b"".join(base64.b64decode(r["observation"]["value"]) for r in replies)
    legal_ = [base64.b64decode(r["mask"]) for r in replies]
    obs = np.zeros((n, size), dtype=np.float32)
    obs.reshape(-1)[_flat(index, size)] = np.frombuffer(value, dtype="<f4")
    masks = np.zeros((n, count), dtype=np.int8)
    masks.reshape(-1)[_flat(legal_, count)] = 1
    return obs, masks


def _flat(parts, width):
    """Indices into the flattened ``(len(parts), width)`` array of each row's little-endian Uint32 indices."""
    at = np.frombuffer(b"".join(parts), dtype="<u4").astype(np.intp)
    if at.size and int(at.max()) >= width:
        raise ValueError("rules serve sent an index past the end of a vector of %d" % width)
    return at + np.repeat(np.arange(len(parts), dtype=np.intp) * width, [len(b) // 4 for b in parts])
