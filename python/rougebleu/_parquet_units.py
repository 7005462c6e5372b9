"""Parquet files cut into row groups: the unit of work of :func:`rougebleu.spark.parquet_statistics`,
whose workers read their row groups themselves with pyarrow.

Why: in a DataFrame job Spark's JVM turns every row into its internal row format and then into the
Arrow batch that the Python worker reads, a third of the CPU time of a ROUGE job on sentences. When
the text sits in Parquet files, the workers can read it directly; the JVM then only schedules the
tasks and carries back one small row of statistics per batch.
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence
from typing import Any


class Units:
    """The row groups of a set of Parquet files, in the row order of ``pyarrow.parquet.read_table``
    on the same path(s): files in the dataset's order, row groups in file order. Picklable, so a
    Spark task receives it with its function."""

    def __init__(self, path: str | os.PathLike[str] | Sequence[str | os.PathLike[str]], columns: Sequence[str]) -> None:
        import pyarrow.dataset as ds

        if isinstance(path, (str, os.PathLike)):
            source: str | list[str] = os.fspath(path)
        elif isinstance(path, Sequence) and path and all(isinstance(p, (str, os.PathLike)) for p in path):
            source = [os.fspath(p) for p in path]
        else:
            raise TypeError(f"path: expected a path or a non-empty list of paths, got {path!r}")
        dataset = ds.dataset(source, format="parquet")
        missing = [c for c in columns if c not in dataset.schema.names]
        if missing:
            raise ValueError(f"path: the Parquet files have no column(s) {missing}; they have {dataset.schema.names}")
        self.filesystem = dataset.filesystem
        self.columns = list(columns)
        self.units: list[tuple[str, int]] = []
        for fragment in dataset.get_fragments():
            groups = fragment.metadata.num_row_groups
            self.units.extend((fragment.path, g) for g in range(groups))

    def __len__(self) -> int:
        return len(self.units)

    def batches(self, unit: int, batch_size: int, use_threads: bool) -> Iterator[Any]:
        """The Arrow record batches (at most ``batch_size`` rows each) of one row group, holding
        only the wanted columns; ``use_threads``: decode the columns on pyarrow's thread pool
        (a Spark task that owns one core reads on its own thread)."""
        import pyarrow.parquet as pq

        path, group = self.units[unit]
        with self.filesystem.open_input_file(path) as f:
            reader = pq.ParquetFile(f)
            yield from reader.iter_batches(
                batch_size=batch_size, row_groups=[group], columns=self.columns, use_threads=use_threads
            )
