#!/usr/bin/env python3
"""Runs the ChainerX benchmarks for every installed framework and prints one table per benchmark.

Frameworks: chainerx, chainer (Chainer on ChainerX), chainer-numpy (Chainer on NumPy), numpy,
torch.

    python benchmarks/run.py [--json out.json] [--repeat N] [--threads N] [--bench PATTERN ...]

Run it as a script (not with ``python -m`` from the repository root, where the unbuilt source
tree's chainerx/ would shadow the built package). See benchmarks/README.md.
"""

import argparse
import datetime
import fnmatch
import json
import os
import platform
import subprocess
import sys

# Modules whose @benchmark functions are run, in report order. Add new modules here.
BENCHMARK_MODULES = ("host_overhead", "kernels", "conv", "mlp", "train_step", "rnn", "layers", "products",
                     "pointwise")

_THREAD_ENV_VARS = ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS",
                    "VECLIB_MAXIMUM_THREADS", "NUMEXPR_NUM_THREADS")
# Ratio columns: time / time of the reference in the same run.
REFERENCES = ("chainerx", "torch", "numpy")
_DEFAULT_FRAMEWORKS = ("chainerx", "chainer", "chainer-numpy", "numpy", "torch")


def parse_args(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--json", metavar="PATH", help="also write the results as JSON to PATH")
    p.add_argument("--repeat", type=int, default=7, metavar="N",
                   help="timed batches per benchmark and framework (default 7)")
    p.add_argument("--threads", type=int, default=None, metavar="N",
                   help="limit NumPy/OpenBLAS/OpenMP and PyTorch to N threads "
                        "and ChainerX's native kernels to N threads "
                        "(default: leave the frameworks' own defaults)")
    p.add_argument("--target-ms", type=float, default=20.0, metavar="MS",
                   help="calibrated duration of one timed batch (default 20)")
    p.add_argument("--bench", action="append", metavar="PATTERN",
                   help="only benchmarks whose name matches this glob (repeatable)")
    p.add_argument("--frameworks", default=",".join(_DEFAULT_FRAMEWORKS),
                   help="comma-separated frameworks to try, in report order (default: {})".format(
                       ",".join(_DEFAULT_FRAMEWORKS)))
    p.add_argument("--device", choices=("cpu", "cuda"), default="cpu",
                   help="cuda: chainerx and PyTorch on CUDA device 0, timed up to a synchronize of the device "
                        "(other frameworks are skipped)")
    p.add_argument("--list", action="store_true", help="list the benchmarks and exit")
    args = p.parse_args(argv)
    if args.repeat < 1:
        p.error("--repeat must be at least 1")
    if args.threads is not None and args.threads < 1:
        p.error("--threads must be at least 1")
    return args


def set_thread_env(threads):
    """Must run before NumPy or PyTorch is imported: the BLAS/OpenMP pools read these at load."""
    if threads is None:
        return
    for var in _THREAD_ENV_VARS:
        os.environ[var] = str(threads)


def cpu_model():
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or None


def git_commit(path):
    try:
        out = subprocess.run(["git", "-C", path, "rev-parse", "HEAD"], capture_output=True,
                             text=True, timeout=5)
        if out.returncode == 0:
            return out.stdout.strip()
    except (OSError, subprocess.SubprocessError):
        pass
    return None


def machine_info(args, frameworks, noop_us):
    import numpy as np

    info = {
        "date": datetime.datetime.now().astimezone().isoformat(timespec="seconds"),
        "python": sys.version.split()[0],
        "python_implementation": platform.python_implementation(),
        "platform": platform.platform(),
        "cpu_model": cpu_model(),
        "logical_cpus": os.cpu_count(),
        "usable_cpus": len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else None,
        "threads_setting": args.threads,
        "device": args.device,
        "thread_env": {v: os.environ.get(v) for v in _THREAD_ENV_VARS},
        "numpy_version": np.__version__,
        "torch_version": frameworks["torch"].version if "torch" in frameworks else None,
        "repo_commit": git_commit(os.path.dirname(os.path.abspath(__file__))),
        "repeat": args.repeat,
        "target_batch_ms": args.target_ms,
        "loop_and_call_overhead_us": noop_us,
        "frameworks": {name: fw.info() for name, fw in frameworks.items()},
    }
    return info


def check_results(results, tolerance):
    """Compares each framework's result with the first one's within (rtol, atol); returns {framework: problem}."""
    import numpy as np

    problems = {}
    ref_name, ref = next(iter(results.items()), (None, None))
    for name, value in results.items():
        if name == ref_name:
            continue
        if value.shape != ref.shape or not np.allclose(value, ref, rtol=tolerance[0], atol=tolerance[1]):
            problems[name] = "result differs from {}".format(ref_name)
    return problems


def fmt_ratio(x):
    return "{:.2f}x".format(x) if x is not None else "-"


def print_table(bench, rows, skipped):
    print()
    print("{}: {}".format(bench.name, bench.description))
    ref_columns = "".join(" {:>11}".format("vs " + ref) for ref in REFERENCES)
    header = "  {:<13} {:>10} {:>9} {:>9}{} {:>11}".format(
        "framework", "median us", "min us", "max us", ref_columns, "calls/batch")
    print(header)
    print("  " + "-" * (len(header) - 2))
    for r in rows:
        ratios = "".join(" {:>11}".format(fmt_ratio(r["ratio_to_" + ref])) for ref in REFERENCES)
        print("  {:<13} {:>10.3f} {:>9.3f} {:>9.3f}{} {:>11}{}".format(
            r["framework"], r["median_us"], r["min_us"], r["max_us"], ratios,
            r["calls_per_batch"], "  ! " + r["check"] if r.get("check") else ""))
    for name, reason in skipped.items():
        print("  {:<13} skipped: {}".format(name, reason))


def main(argv=None):
    args = parse_args(argv)
    set_thread_env(args.threads)

    # Imported only now, after the thread environment is set.
    import importlib

    import _timing
    from _frameworks import load_frameworks
    from _registry import REGISTRY, Skip

    for mod in BENCHMARK_MODULES:
        importlib.import_module(mod)

    benches = [b for b in REGISTRY.values()
               if not args.bench or any(fnmatch.fnmatchcase(b.name, pat) for pat in args.bench)]
    if args.list:
        for b in benches:
            print("{:<24} [{}] {}".format(b.name, b.group, b.description))
        return 0
    if not benches:
        print("no benchmark matches {}".format(args.bench), file=sys.stderr)
        return 2

    wanted = [f.strip() for f in args.frameworks.split(",") if f.strip()]
    frameworks, missing = load_frameworks(wanted, threads=args.threads)
    if args.device == "cuda":
        for name in list(frameworks):
            if not frameworks[name].use_cuda():
                missing[name] = "no CUDA device for it"
                del frameworks[name]
    for name, reason in missing.items():
        print("note: skipping {}: {}".format(name, reason))
    if not frameworks:
        print("no framework available", file=sys.stderr)
        return 2

    noop = _timing.measure(lambda: None, repeat=args.repeat, target_ms=args.target_ms)
    info = machine_info(args, frameworks, noop.median_us)
    print("python {}, numpy {}, torch {}, cpu: {} ({} usable cpus), threads: {}".format(
        info["python"], info["numpy_version"], info["torch_version"] or "-", info["cpu_model"],
        info["usable_cpus"], args.threads if args.threads is not None else "framework default"))
    print("median of {} batches of ~{:g} ms each; times include ~{:.3f} us of loop and call "
          "overhead (same for all frameworks); 'vs X' = median / median of X in this run".format(
              args.repeat, args.target_ms, noop.median_us))

    results, skipped_all = [], []
    for bench in benches:
        rows, skipped, outputs = [], {}, {}
        for name, fw in frameworks.items():
            if fw.groups is not None and bench.group not in fw.groups:
                skipped[name] = "only the {} benchmarks run for {}".format(
                    " and ".join(fw.groups), name)
                continue
            try:
                fn = bench.setup(fw)
                out = fn()  # also the first warm-up call
            except Skip as e:
                skipped[name] = str(e)
                continue
            except Exception as e:  # noqa: BLE001 - one failing framework must not stop the run
                skipped[name] = "failed: {}: {}".format(type(e).__name__, e)
                continue
            if out is not None:
                outputs[name] = fw.to_numpy(out)
            m = _timing.measure(fn, repeat=args.repeat, target_ms=args.target_ms, sync=fw.synchronize)
            rows.append({
                "benchmark": bench.name, "group": bench.group, "framework": name,
                "median_us": m.median_us, "min_us": m.min_us, "max_us": m.max_us,
                "samples_us": m.samples_us, "calls_per_batch": m.calls_per_batch,
            })
        problems = check_results(outputs, bench.tolerance)
        medians = {r["framework"]: r["median_us"] for r in rows}
        for r in rows:
            for ref in REFERENCES:
                r["ratio_to_" + ref] = (r["median_us"] / medians[ref]) if ref in medians else None
            r["check"] = problems.get(r["framework"])
        print_table(bench, rows, skipped)
        results.extend(rows)
        skipped_all.extend({"benchmark": bench.name, "framework": n, "reason": why}
                           for n, why in skipped.items())

    if args.json:
        doc = {
            "machine": info,
            "missing_frameworks": missing,
            "results": results,
            "skipped": skipped_all,
        }
        with open(args.json, "w") as f:
            json.dump(doc, f, indent=2)
            f.write("\n")
        print("\nwrote {}".format(args.json))
    return 1 if any(r["check"] for r in results) else 0


if __name__ == "__main__":
    sys.exit(main())
