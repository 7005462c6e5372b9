"""``rougebleu rouge155``: a drop-in replacement for the ``ROUGE-1.5.5.pl`` command line.

Same options, same configuration files, same report on standard output, byte for byte; the
warnings ROUGE-1.5.5 prints about peers missing from an evaluation unit go to standard error.
Errors (bad options, unreadable or malformed configurations, missing summaries, a missing data
directory) are reported on standard error with exit status 1 (2 for usage errors).

Option parsing, configuration reading and scoring all run in Rust
(``rougebleu::rouge155::cli``, which also builds the native ``rouge155`` program): callers such
as pyrouge run the command once per evaluation, so this module imports nothing but the
extension.
"""

from __future__ import annotations

import sys

from rougebleu._rougebleu import rouge155_main

__all__ = ["main"]


def main(argv: list[str] | None = None) -> int:
    """Runs the command line (``sys.argv[1:]`` by default); returns the exit status."""
    args = sys.argv[1:] if argv is None else list(argv)
    try:
        code, out, err = rouge155_main(args)
    except UnicodeEncodeError:
        # An argument the OS handed over as undecodable bytes (a surrogate escape).
        print("rougebleu rouge155: error: an argument is not valid UTF-8", file=sys.stderr)
        return 2
    if err:
        sys.stderr.write(err)
        sys.stderr.flush()
    if out:
        buf = getattr(sys.stdout, "buffer", None)
        if buf is not None:
            sys.stdout.flush()
            buf.write(out)
            buf.flush()
        else:
            sys.stdout.write(out.decode("utf-8", "surrogateescape"))
            sys.stdout.flush()
    return code


if __name__ == "__main__":
    sys.exit(main())
