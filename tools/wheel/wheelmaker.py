"""Writes a wheel (PEP 427) from a manifest of `<path in wheel>\t<file>` lines. Used by wheel.bzl.

The output is reproducible: sorted entries, a fixed timestamp, fixed permissions.
"""

import argparse
import base64
import hashlib
import zipfile

_DATE_TIME = (1980, 1, 1, 0, 0, 0)


def _record_hash(data):
    digest = hashlib.sha256(data).digest()
    return "sha256=" + base64.urlsafe_b64encode(digest).rstrip(b"=").decode("ascii")


def _metadata(args):
    lines = [
        "Metadata-Version: 2.1",
        "Name: " + args.distribution,
        "Version: " + args.version,
    ]
    if args.summary:
        lines.append("Summary: " + args.summary)
    if args.requires_python:
        lines.append("Requires-Python: " + args.requires_python)
    lines += ["Requires-Dist: " + r for r in args.requires]
    return "\n".join(lines) + "\n"


def _wheel_file(tag):
    return "Wheel-Version: 1.0\nGenerator: chainerx-wheelmaker\nRoot-Is-Purelib: false\nTag: {}\n".format(tag)


def _add(zf, record, path, data, executable=False):
    info = zipfile.ZipInfo(path, date_time=_DATE_TIME)
    info.compress_type = zipfile.ZIP_DEFLATED
    info.external_attr = (0o100755 if executable else 0o100644) << 16
    zf.writestr(info, data)
    record.append("{},{},{}".format(path, _record_hash(data), len(data)))


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--output", required=True)
    parser.add_argument("--manifest", required=True)
    parser.add_argument("--distribution", required=True)
    parser.add_argument("--version", required=True)
    parser.add_argument("--summary", default="")
    parser.add_argument("--requires-python", default="")
    parser.add_argument("--tag", required=True)
    parser.add_argument("--requires", action="append", default=[])
    args = parser.parse_args()

    with open(args.manifest) as f:
        entries = sorted(tuple(line.rstrip("\n").split("\t")) for line in f if line.strip())

    dist_name = args.distribution.replace("-", "_")
    dist_info = "{}-{}.dist-info".format(dist_name, args.version)
    top_level = sorted({path.split("/")[0] for path, _ in entries if "/" in path})
    record = []
    with zipfile.ZipFile(args.output, "w") as zf:
        for path, source in entries:
            with open(source, "rb") as f:
                data = f.read()
            _add(zf, record, path, data, executable=path.endswith(".so"))
        _add(zf, record, dist_info + "/METADATA", _metadata(args).encode())
        _add(zf, record, dist_info + "/WHEEL", _wheel_file(args.tag).encode())
        _add(zf, record, dist_info + "/top_level.txt", ("\n".join(top_level) + "\n").encode())
        record.append(dist_info + "/RECORD,,")
        _add_record(zf, dist_info + "/RECORD", "\n".join(record) + "\n")


def _add_record(zf, path, text):
    info = zipfile.ZipInfo(path, date_time=_DATE_TIME)
    info.compress_type = zipfile.ZIP_DEFLATED
    info.external_attr = 0o100644 << 16
    zf.writestr(info, text.encode())


if __name__ == "__main__":
    main()
