"""Build the release wheel of this platform: the abi3 extension plus the native `rouge155` program.

    python tools/build_wheel.py --out dist                        # this machine's platform
    python tools/build_wheel.py --zig --target x86_64-unknown-linux-gnu --compatibility manylinux2014

maturin builds only the extension module, so the `rouge155` binary (src/bin/rouge155.rs) is built
first with cargo (`cargo zigbuild` with --zig, linked against the same old glibc or musl as the
extension) and staged in `rougebleu._rougebleu.data/scripts/`. maturin ships that folder as the
wheel's `rougebleu-<version>.data/scripts/`, which pip installs next to the `rougebleu` entry point: the
ROUGE-1.5.5 command runs as a native program, without Python's start-up. The staged copy is removed
after the build so that a later `pip install .` from the clone does not pick up a stale binary.
Used by `make wheel` and .github/workflows/release.yml; the tools are in tools/wheel-requirements.txt.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
# maturin picks up `<module-name>.data` next to pyproject.toml when it exists (module-name is
# `rougebleu._rougebleu`, [tool.maturin]). Naming it in `data =` instead would make maturin fail on
# every build without it, `pip install .` from a clone included. Ignored by git, so never in the sdist.
DATA = REPO / "rougebleu._rougebleu.data"


def tool_env() -> dict[str, str]:
    """PATH led by this interpreter's folders: cargo finds `cargo-zigbuild` there, and
    cargo-zigbuild's `python3 -m ziglang` runs the interpreter that has ziglang installed."""
    first = [sysconfig.get_path("scripts"), os.path.dirname(sys.executable)]
    return dict(os.environ, PATH=os.pathsep.join([*first, os.environ.get("PATH", "")]))


def run(cmd: list[str]) -> None:
    print("+", " ".join(cmd), flush=True)
    subprocess.run(cmd, cwd=REPO, check=True, env=tool_env())


def build_native_cli(target: str | None, zig: bool, compatibility: str | None) -> Path:
    """Build `rouge155` in release mode and return the path of the executable."""
    cmd = ["cargo", "zigbuild" if zig else "build", "--release", "--locked", "--bin", "rouge155"]
    if target:
        # cargo-zigbuild takes the glibc version as a suffix of the target; manylinux2014 is 2.17.
        glibc = {"manylinux2014": "2.17", "manylinux_2_17": "2.17", "manylinux_2_28": "2.28"}.get(compatibility or "")
        cmd += ["--target", f"{target}.{glibc}" if zig and glibc and target.endswith("-gnu") else target]
    run(cmd)
    exe = "rouge155.exe" if (target or "").endswith("windows-msvc") or (not target and os.name == "nt") else "rouge155"
    return REPO / "target" / (target or "") / "release" / exe


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", default="dist", help="folder for the wheel (default: dist)")
    parser.add_argument("--target", help="Rust target triple (default: this machine)")
    parser.add_argument("--zig", action="store_true", help="link with zig (portable Linux wheels)")
    parser.add_argument("--compatibility", help="platform tag policy, e.g. manylinux2014, musllinux_1_2")
    args = parser.parse_args(argv)

    if DATA.exists():
        shutil.rmtree(DATA)
    try:
        exe = build_native_cli(args.target, args.zig, args.compatibility)
        scripts = DATA / "scripts"
        scripts.mkdir(parents=True)
        shutil.copy2(exe, scripts / exe.name)
        cmd = [sys.executable, "-m", "maturin", "build", "--release", "--locked", "--out", args.out]
        if args.zig:
            cmd.append("--zig")
        if args.target:
            cmd += ["--target", args.target]
        if args.compatibility:
            cmd += ["--compatibility", args.compatibility]
        run(cmd)
    finally:
        shutil.rmtree(DATA, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
