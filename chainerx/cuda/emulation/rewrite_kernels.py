"""Rewrites CUDA kernel sources (.cu, .cuh) of chainerx/cuda for the host compiler.

See Note [CUDA emulation on the host] in device.h. Usage: rewrite_kernels.py IN OUT, for each file:
- `#include "chainerx/cuda/emulation/device.h"` first;
- `kernel<<<grid, block>>>(args)` becomes
  `::chainerx::cuda::emulation::Launch("kernel", grid, block, [](auto&... p) { kernel(p...); })(args)`, where
  `kernel` may carry template arguments (`Kernel<T, U>`), deduced or not, as at the launch (the string, with its
  whitespace collapsed, names the kernel in the emulation's count and trace of device work);
- each declaration `__shared__ T name[...];` is followed by a call that fills `name` with garbage when the first
  thread of a block reaches it (a GPU gives each block uninitialised shared memory; a static starts zeroed and keeps
  the previous block's values);
- includes of the backend's .cuh headers point at their rewritten copies (`X.cuh` -> `emulated/X.cuh.h`, beside
  the outputs), and includes of CUB at the emulated CUB.
"""

import re
import sys

_LAUNCH_OPEN = '<<<'
_LAUNCH_CLOSE = '>>>('


def _kernel_start(text, end):
    """The index where the kernel expression that ends at `end` (just before `<<<`) begins."""
    i = end
    if text[i - 1] == '>':  # template arguments: back to the matching '<'
        depth = 0
        while True:
            i -= 1
            if text[i] == '>':
                depth += 1
            elif text[i] == '<':
                depth -= 1
                if depth == 0:
                    break
    while i > 0 and (text[i - 1].isalnum() or text[i - 1] in '_:'):
        i -= 1
    return i


def rewrite_launches(text):
    out = []
    pos = 0
    while True:
        open_at = text.find(_LAUNCH_OPEN, pos)
        if open_at < 0:
            out.append(text[pos:])
            return ''.join(out)
        close_at = text.find(_LAUNCH_CLOSE, open_at)
        if close_at < 0:
            raise ValueError('a launch without its closing >>>( at offset %d' % open_at)
        start = _kernel_start(text, open_at)
        kernel = text[start:open_at]
        config = text[open_at + len(_LAUNCH_OPEN):close_at]
        out.append(text[pos:start])
        name = ' '.join(kernel.split())
        out.append('::chainerx::cuda::emulation::Launch("%s", %s, [](auto&... p) { %s(p...); })('
                   % (name, config, kernel))
        pos = close_at + len(_LAUNCH_CLOSE)


# A shared declaration without initialiser: the declared name is the last identifier before the array bounds.
_SHARED_DECLARATION = re.compile(r'__shared__\s[^;={}()]*?\b(\w+)\s*((?:\[[^\];]*\]\s*)*);')


def rewrite_shared(text):
    def poison(match):
        name = match.group(1)
        return ('%s static ::std::uint64_t chainerx_poisoned_%s{0}; '
                '::chainerx::cuda::emulation::PoisonSharedOncePerBlock(%s, chainerx_poisoned_%s);'
                % (match.group(0), name, name, name))

    rewritten, count = _SHARED_DECLARATION.subn(poison, text)
    if count != text.count('__shared__'):
        raise ValueError('a __shared__ declaration that rewrite_shared does not understand')
    return rewritten


def rewrite_includes(text):
    text = re.sub(r'#include "chainerx/cuda/(\w+)\.cuh"', r'#include "chainerx/cuda/emulated/\1.cuh.h"', text)
    return re.sub(r'#include <cub/[\w/]+\.cuh>', '#include "chainerx/cuda/emulation/cub.h"', text)


def main(src, dst):
    with open(src) as f:
        text = f.read()
    text = rewrite_includes(rewrite_shared(rewrite_launches(text)))
    with open(dst, 'w') as f:
        f.write('#include "chainerx/cuda/emulation/device.h"\n' + text)


if __name__ == '__main__':
    main(*sys.argv[1:])
