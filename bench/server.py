"""The benchmark's environment, its Django side process, and gunicorn (or uvicorn, as `make run`
serves, for the followed pages' streams) serving the app.

Everything lives in one temporary directory: the SQLite database, the static files and the
server's log. The user's own database is never opened.
"""

import contextlib
import http.client
import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

from bench import BenchmarkError

# The project's directory: gunicorn and the Django side import the project from there.
PROJECT_DIR = Path(__file__).resolve().parent.parent
HOST = "127.0.0.1"
STARTUP_SECONDS = 60
LOG = "server.log"
# A page over a long history may take seconds while eight connections queue for two workers:
# the default 30 s would kill a worker in the middle of a measurement.
WORKER_TIMEOUT_SECONDS = 600


def environment(directory: Path) -> dict[str, str]:
    """What the server and the Django side process run with: debug off, plain http."""
    return {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "bench.settings",
        "DATABASE_URL": f"sqlite:///{directory / 'db.sqlite3'}",
        "BENCHMARK_STATIC_ROOT": str(directory / "static"),
        "DJANGO_DEBUG": "0",
        "DJANGO_SECRET_KEY": secrets.token_urlsafe(50),
        "DJANGO_ALLOWED_HOSTS": HOST,
        "DJANGO_SECURE_SSL_REDIRECT": "0",
        "PYTHONUNBUFFERED": "1",
    }


def django_side(env: dict[str, str], *args: str) -> dict:
    """Run ``python -m bench.django_side …`` in the benchmark environment; its JSON answer."""
    return side(env, "bench.django_side", *args)


def side(env: dict[str, str], module: str, *args: str) -> dict:
    """Run ``python -m <module> …`` in the benchmark environment; its JSON answer."""
    command = [sys.executable, "-m", module, *args]
    done = subprocess.run(
        command, env=env, cwd=PROJECT_DIR, capture_output=True, text=True, check=False
    )
    if done.returncode != 0:
        raise BenchmarkError(f"{' '.join(args)} failed:\n{done.stderr.strip() or done.stdout}")
    return json.loads(done.stdout)


def gunicorn_path() -> str | None:
    """gunicorn next to this Python (the virtual environment), else on the PATH."""
    beside = Path(sys.executable).with_name("gunicorn")
    return str(beside) if beside.exists() else shutil.which("gunicorn")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind((HOST, 0))
        return probe.getsockname()[1]


def _config(directory: Path, port: int, workers: int, timeout: int) -> Path:
    # A file rather than options: gunicorn ignores the names it does not know, so the control
    # socket of newer versions (which would sit in the home directory) is turned off without
    # breaking older ones.
    path = directory / "gunicorn.conf.py"
    path.write_text(
        f"bind = {f'{HOST}:{port}'!r}\n"
        f"workers = {workers}\n"
        "worker_class = 'sync'\n"
        f"timeout = {timeout}\n"
        "errorlog = '-'\n"
        "loglevel = 'warning'\n"
        "control_socket_disable = True\n"
    )
    return path


@contextlib.contextmanager
def serving(env, directory: Path, workers: int, ready_path: str, timeout=WORKER_TIMEOUT_SECONDS):
    """gunicorn serving the app until the block ends (whatever happens in it); yields its port
    once `ready_path` answers. `timeout`: seconds a worker may spend on one request."""
    with serving_process(env, directory, workers, ready_path, timeout) as (port, _process):
        yield port


def _gunicorn(directory: Path, port: int, workers: int, timeout: int) -> list[str]:
    executable = gunicorn_path()
    if executable is None:
        raise BenchmarkError("gunicorn is not installed (pip install gunicorn)")
    config = _config(directory, port, workers, timeout)
    return [executable, "--config", str(config), "cardtable.wsgi:application"]


def _uvicorn(port: int, workers: int) -> list[str]:
    """As `make run` serves the app (Makefile), a followed page's stream answered beside it."""
    executable = Path(sys.executable).with_name("uvicorn")
    if not executable.exists():
        raise BenchmarkError("uvicorn is not installed (pip install uvicorn)")
    return [
        str(executable), "cardtable.asgi:application", "--host", HOST, "--port", str(port),
        "--workers", str(workers), "--no-access-log", "--timeout-graceful-shutdown", "3",
    ]  # fmt: skip


@contextlib.contextmanager
def serving_process(env, directory: Path, workers: int, ready_path: str,
                    timeout=WORKER_TIMEOUT_SECONDS, asgi: bool = False):  # fmt: skip
    """`serving`, yielding the server's process beside its port; with `asgi`, uvicorn serves
    the app as `make run` does (no database connection kept between requests)."""
    port = free_port()
    if asgi:
        command, env = _uvicorn(port, workers), {**env, "DJANGO_CONN_MAX_AGE": "0"}
    else:
        command = _gunicorn(directory, port, workers, timeout)
    # The server's messages and Django's (its log goes to the console) end up in one file,
    # shown when something went wrong.
    with open(directory / LOG, "ab") as log:
        server = subprocess.Popen(
            command,
            env=env,
            cwd=PROJECT_DIR,
            stdin=subprocess.DEVNULL,
            stdout=log,
            stderr=log,
        )
    try:
        _wait_until_up(server, port, ready_path, directory, Path(command[0]).name)
        yield port, server
    finally:
        server.terminate()
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()


def _wait_until_up(server: subprocess.Popen, port: int, path: str, directory: Path,
                   name: str) -> None:  # fmt: skip
    deadline = time.monotonic() + STARTUP_SECONDS
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise BenchmarkError(
                f"{name} stopped at start (status {server.returncode}):\n{server_log(directory)}"
            )
        connection = http.client.HTTPConnection(HOST, port, timeout=5)
        try:
            connection.request("GET", path)
            if connection.getresponse().status == 200:
                return
        except OSError:
            pass  # not listening yet
        finally:
            connection.close()
        time.sleep(0.1)
    raise BenchmarkError(f"{name} did not answer within {STARTUP_SECONDS} s")


def server_log(directory: Path) -> str:
    log = directory / LOG
    return log.read_text(errors="replace").strip() if log.exists() else ""


@contextlib.contextmanager
def exit_on_terminate():
    """A SIGTERM ends the benchmark as Ctrl-C does, through every ``finally``: gunicorn is
    stopped and the temporary directory removed rather than left behind."""
    if threading.current_thread() is not threading.main_thread():
        yield  # signals can only be handled in the main thread
        return

    def terminated(signum, frame):
        raise SystemExit(128 + signum)

    previous = signal.signal(signal.SIGTERM, terminated)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)
