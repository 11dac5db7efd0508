import json
import sys

from django.core.management.base import BaseCommand

from basics.errors import RulesError
from tracker.gamelogs import registry


class Command(BaseCommand):
    help = "Replay a game log (docs/log-format.md) and print its result document as JSON."

    def add_arguments(self, parser):
        parser.add_argument("log", help="path of the JSON log, or - for standard input")

    def handle(self, *args, **options):
        try:
            if options["log"] == "-":
                text = sys.stdin.buffer.read()
            else:
                with open(options["log"], "rb") as log_file:
                    text = log_file.read()
            result = registry.replay(registry.read(text))
        except RulesError as error:
            self.refuse(str(error))
        except OSError as error:
            self.refuse(f"log: cannot be read ({error.strerror or error})")
        except Exception as error:  # a log must never end the command in a traceback
            self.refuse(f"log: cannot be replayed ({type(error).__name__}: {error})")
        self.stdout.write(json.dumps(result, ensure_ascii=False, indent=1))

    def refuse(self, message: str):
        sys.stderr.write(" ".join(message.split()) + "\n")
        sys.exit(1)
