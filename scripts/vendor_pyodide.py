"""Vendors Pyodide's core files (the browser's Python runtime for the offline tools) from the npm
registry into static/vendor/pyodide-<version>/, pinned: the package's tarball must match the
registry's integrity sum written below, and each file the sha256 in SHA256SUMS beside it.

    python scripts/vendor_pyodide.py           # re-vendor (needs npm), then check
    python scripts/vendor_pyodide.py --check   # only check the committed files against SHA256SUMS

Only the core files are kept (no packages beyond the standard library): the loader
(pyodide.js, pyodide.mjs), the interpreter (pyodide.asm.js, pyodide.asm.wasm), the standard
library (python_stdlib.zip) and the lock file the loader reads at start (pyodide-lock.json).
Pyodide is licensed MPL-2.0 (package.json's "license")."""

from __future__ import annotations

import argparse
import base64
import hashlib
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

VERSION = "0.29.5"
INTEGRITY = "sha512-TkYrUv9m8QmfImADKRmpwZulL48E0uUaBSO+dvRQKyAJc0qh9gu7jn8btyHPh3NZm1r2IH2YrJhIr7Q2B9urAw=="
FILES = ("pyodide.js", "pyodide.mjs", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
TARGET = Path(__file__).resolve().parent.parent / "static" / "vendor" / f"pyodide-{VERSION}"
SUMS = TARGET / "SHA256SUMS"


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def check() -> list[str]:
    """The files whose sum differs from SHA256SUMS (or that are missing)."""
    expected = dict(reversed(line.split("  ", 1)) for line in SUMS.read_text().splitlines() if line.strip())
    wrong = [name for name in FILES if name not in expected or not (TARGET / name).is_file()]
    wrong += [
        name
        for name in FILES
        if name in expected and (TARGET / name).is_file() and sha256(TARGET / name) != expected[name]
    ]
    return wrong


def vendor() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run(
            ["npm", "pack", f"pyodide@{VERSION}", "--silent"], cwd=tmp, check=True, stdout=subprocess.DEVNULL
        )
        tarball = Path(tmp) / f"pyodide-{VERSION}.tgz"
        digest = "sha512-" + base64.b64encode(hashlib.sha512(tarball.read_bytes()).digest()).decode()
        if digest != INTEGRITY:
            raise SystemExit(f"pyodide@{VERSION}: integrity {digest} is not the pinned {INTEGRITY}")
        TARGET.mkdir(parents=True, exist_ok=True)
        with tarfile.open(tarball) as archive:
            for name in FILES:
                member = archive.extractfile(f"package/{name}")
                assert member is not None, name
                (TARGET / name).write_bytes(member.read())
    if not SUMS.exists():
        SUMS.write_text("".join(f"{sha256(TARGET / name)}  {name}\n" for name in FILES))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--check", action="store_true", help="only check the vendored files")
    if not parser.parse_args().check:
        vendor()
    wrong = check()
    if wrong:
        raise SystemExit(f"not the pinned files: {', '.join(wrong)}")
    print(f"pyodide {VERSION}: {len(FILES)} files match {SUMS.relative_to(TARGET.parent.parent.parent)}")


if __name__ == "__main__":
    sys.exit(main())
