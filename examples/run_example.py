"""Runs an example's main() as a test: ``run_example.py MODULE ARGS...``, writing into the test's
temporary directory (``--out $TEST_TMPDIR/out``), exiting with main()'s status (1: below the bar)."""

import importlib
import os
import sys


def main():
    module_name, args = sys.argv[1], sys.argv[2:]
    out = os.path.join(os.environ.get('TEST_TMPDIR', '.'), 'out')
    # Matplotlib must not write its cache into the home directory (PlotReport draws on an Agg canvas
    # itself, Note [Figures without pyplot], so no backend needs choosing).
    os.environ.setdefault('MPLCONFIGDIR', os.path.join(os.environ.get('TEST_TMPDIR', '.'), 'mpl'))
    return importlib.import_module(module_name).main(args + ['--out', out])


if __name__ == '__main__':
    sys.exit(main())
