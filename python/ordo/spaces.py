"""spaces.py — the few spaces the wrappers (gym.py, aec.py) describe
themselves with, shaped as Gymnasium's (gymnasium.spaces): Discrete,
Box and Dict, with `sample()`, `contains()` and `seed()`. Gymnasium is
not a dependency (it is not in Debian): these follow its documented
attributes, not its code, and hold plain Python lists, not numpy arrays.
"""
import math
import random


class Space:
    def __init__(self, shape, seed=None):
        self.shape = shape
        self._rng = random.Random(seed)

    def seed(self, seed=None):
        self._rng = random.Random(seed)
        return [seed]

    def __contains__(self, x):
        return self.contains(x)


class Discrete(Space):
    """The ints start .. start+n-1."""

    def __init__(self, n, start=0, seed=None):
        super().__init__((), seed)
        self.n, self.start = n, start

    def sample(self, mask=None):
        """Uniform over the space, or over the ids whose mask entry is 1
        (an action mask); None when the mask allows none."""
        if mask is None:
            return self.start + self._rng.randrange(self.n)
        allowed = [self.start + k for k, m in enumerate(mask) if m]
        return self._rng.choice(allowed) if allowed else None

    def contains(self, x):
        return isinstance(x, int) and not isinstance(x, bool) and \
            self.start <= x < self.start + self.n

    def __repr__(self):
        return "Discrete(%d)" % self.n

    def __eq__(self, other):
        return isinstance(other, Discrete) and (self.n, self.start) == (other.n, other.start)


class Box(Space):
    """Flat vectors of `shape` (one dimension) with every entry in
    low .. high."""

    def __init__(self, low, high, shape, seed=None):
        super().__init__(tuple(shape), seed)
        self.low, self.high, self.dtype = low, high, "float32"

    def _size(self):
        return math.prod(self.shape)

    def sample(self):
        lo = self.low if math.isfinite(self.low) else -1e6
        hi = self.high if math.isfinite(self.high) else 1e6
        return [self._rng.uniform(lo, hi) for _ in range(self._size())]

    def contains(self, x):
        try:
            return len(x) == self._size() and all(self.low <= v <= self.high for v in x)
        except TypeError:
            return False

    def __repr__(self):
        return "Box(%s, %s, %s, float32)" % (self.low, self.high, self.shape)


class Dict(Space):
    """A dict of named spaces: an observation with its action mask."""

    def __init__(self, spaces, seed=None):
        super().__init__(None, seed)
        self.spaces = dict(spaces)

    def __getitem__(self, key):
        return self.spaces[key]

    def sample(self):
        return {k: s.sample() for k, s in self.spaces.items()}

    def contains(self, x):
        return isinstance(x, dict) and x.keys() == self.spaces.keys() and \
            all(s.contains(x[k]) for k, s in self.spaces.items())

    def __repr__(self):
        return "Dict(%s)" % ", ".join("%s: %r" % kv for kv in self.spaces.items())
