"""What the servers take of the machine while a step of ``make load`` runs, read from /proc
(Linux; elsewhere nothing is read): the CPU time, threads, memory and open connections of each
server's process and the processes it started (its workers)."""

import os
from dataclasses import dataclass
from pathlib import Path

PROC = Path("/proc")


@dataclass(frozen=True)
class Usage:
    cpu_seconds: float
    threads: int
    memory_bytes: int
    connections: int  # sockets open: each open stream holds one


def _sockets(pid: int) -> int:
    try:
        links = list((PROC / str(pid) / "fd").iterdir())
    except OSError:  # gone meanwhile
        return 0
    return sum(_link(link).startswith("socket:") for link in links)


def _link(path: Path) -> str:
    try:
        return os.readlink(path)
    except OSError:  # closed meanwhile
        return ""


def _stat(pid: int) -> list[str] | None:
    """The fields of /proc/<pid>/stat after the command's name (which may hold spaces)."""
    try:
        text = (PROC / str(pid) / "stat").read_text()
    except OSError:  # gone meanwhile
        return None
    return text[text.rindex(")") + 2 :].split()


def family(pids: list[int]) -> list[int]:
    """`pids` and every process under them."""
    parents = {}
    for entry in PROC.iterdir():
        if entry.name.isdigit() and (fields := _stat(int(entry.name))):
            parents[int(entry.name)] = int(fields[1])
    found, grown = set(pids), True
    while grown:
        under = {pid for pid, parent in parents.items() if parent in found} - found
        found |= under
        grown = bool(under)
    return sorted(found)


def of(pids: list[int]) -> Usage | None:
    """The servers' use now: CPU seconds so far, threads and resident memory."""
    if not PROC.is_dir():
        return None
    ticks, page = os.sysconf("SC_CLK_TCK"), os.sysconf("SC_PAGE_SIZE")
    cpu, threads, memory, sockets = 0.0, 0, 0, 0
    for pid in family(pids):
        if fields := _stat(pid):
            # utime and stime (fields 14 and 15 of stat), num_threads (20), rss (24)
            cpu += (int(fields[11]) + int(fields[12])) / ticks
            threads += int(fields[17])
            memory += int(fields[21]) * page
            sockets += _sockets(pid)
    return Usage(cpu, threads, memory, sockets)


def between(first: Usage | None, last: Usage | None, seconds: float) -> dict:
    """The cores used between two readings, and the threads and memory at the last."""
    if first is None or last is None:
        return {}
    return {
        "server cores": round((last.cpu_seconds - first.cpu_seconds) / seconds, 3),
        "server threads": last.threads,
        "server MB": round(last.memory_bytes / 2**20, 1),
        "server connections": last.connections,
    }
