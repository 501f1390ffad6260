"""The mixin of the links that draw samples with a `WalkerAlias` (NegativeSampling, BlackOut)."""

import copy


class SamplerMixin:
    """Keeps `self.sampler` (a :class:`~chainer.utils.WalkerAlias`) on the link's device.

    The sampler is no parameter or persistent value, so `Link.device_resident_accept` does not
    see it; it follows the link here, after the visitor has set the link's new device (on
    `to_device`, `to_cpu`, `to_gpu`, `to_chx` and `from_chx`), so that its samples are drawn
    where the parameters live. The link gets a moved copy of its sampler rather than moving the
    sampler in place: `Link.copy` shares the sampler between the copies, and moving one copy
    (e.g. to another GPU) must not move the sampler of the others.
    """

    def device_resident_accept(self, visitor):
        super().device_resident_accept(visitor)
        if self.sampler.device != self.device:
            self.sampler = copy.copy(self.sampler).to_device(self.device)
