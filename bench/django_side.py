"""``python -m bench.django_side fill|count``: the benchmark's work inside its throwaway database.

``python -m bench`` runs this in the environment it gives the server (settings module and
DATABASE_URL), so the command's own process never opens a database. Prints one JSON document.
"""

import argparse
import json
import os
import sys

import django


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.django_side")
    actions = parser.add_subparsers(dest="action", required=True)
    filling = actions.add_parser("fill", help="migrate, collect static, make the histories")
    filling.add_argument("--small", type=int, required=True)
    filling.add_argument("--large", type=int, required=True)
    filling.add_argument("--clients", type=int, required=True, help="save clients")
    actions.add_parser("count", help="played hands and rounds, by tournament and session")
    args = parser.parse_args(argv)
    # Its stdout is the JSON answer: the test client's requests must not log lines into it.
    os.environ["DJANGO_REQUEST_LOG_LEVEL"] = "WARNING"
    django.setup()
    from bench import database  # its models need the apps set up

    if args.action == "fill":
        document = database.fill(args.small, args.large, args.clients)
    else:
        document = database.count()
    json.dump(document, sys.stdout)


if __name__ == "__main__":
    main(sys.argv[1:])
