"""The lab's progress bar: long runs show how far they are, on a terminal only."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

from cardtable.sim.runner import Progress as ProgressFn


@contextmanager
def progress_bar(total: int, label: str) -> Iterator[ProgressFn | None]:
    """A progress bar on a terminal (stderr); nothing when output goes to a file or pipe."""
    console = Console(stderr=True)
    if not console.is_terminal:
        yield None
        return
    with Progress("[progress.description]{task.description}", BarColumn(),
                  MofNCompleteColumn(), TimeRemainingColumn(), console=console,
                  transient=True) as bar:
        task = bar.add_task(label, total=total)
        yield lambda done: bar.advance(task, done)
