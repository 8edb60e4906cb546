"""``cuttle rules``: the rules in a pager on a terminal, or one card's, topic's or house rule's
section; plain Markdown text when the output is not a terminal (pipes, files, tests).

The text and its lookups are in ``cuttle.rulesdoc``; the pager in ``cuttle.ui.pager``, imported
only when a terminal will show it, so this module (which ``cuttle --help`` imports to build the
parser) pulls in neither rich nor prompt_toolkit.
"""

from __future__ import annotations

import argparse
import os
import sys

from cuttle.commands.common import err
from cuttle.commands.signals import restores_terminal
from cuttle.rulesdoc import (
    _CARD_HELP,
    RANKS,
    card_key,
    card_section,
    rules_text,
    sections,
    subsections,
    topic_section,
    variant_names,
    variant_section,
)

# The lookups used to live here; callers that import them from this module keep working.
__all__ = [
    "RANKS",
    "card_key",
    "card_section",
    "register",
    "render",
    "rules_text",
    "run",
    "sections",
    "subsections",
    "topic_section",
    "variant_names",
    "variant_section",
]


def render(markdown: str, *, terminal: bool | None = None) -> None:
    """Write ``markdown`` to standard output: rendered by rich on a terminal, plain otherwise."""
    if terminal is None:
        terminal = sys.stdout.isatty()
    if terminal:
        from rich.console import Console
        from rich.markdown import Markdown

        Console().print(Markdown(markdown))
    else:
        sys.stdout.write(markdown if markdown.endswith("\n") else markdown + "\n")


def use_pager(args: argparse.Namespace) -> bool:
    """The pager is for a person at a terminal: both ends a tty, a terminal that can draw it."""
    if getattr(args, "no_pager", False) or os.environ.get("TERM") == "dumb":
        return False
    return sys.stdin.isatty() and sys.stdout.isatty()


@restores_terminal
def run(args: argparse.Namespace) -> int:
    """Run ``cuttle rules``; return the exit status (2 for an unknown topic or variant)."""
    markdown = rules_text()
    parts: list[str] = []
    try:
        if args.card is not None:
            parts.append(topic_section(markdown, args.card))
        for name in args.variant or []:
            parts.append(variant_section(markdown, name))
    except ValueError as error:
        # The message quotes the topic as typed: any length, any character (err cuts and
        # escapes it, as every message from a stranger's text).
        err(f"rules: {error}")
        return 2
    if use_pager(args):
        from cuttle.ui.pager import RulesPager

        start = args.card if args.card is not None else (args.variant or [None])[0]
        note = ""
        if args.card is not None and parts[0].split("\n", 2)[2:]:
            line = parts[0].split("\n")[2]
            note = line.replace("**", "") if "in a scuttle" in line else ""
        RulesPager(markdown, start, note).run()
        return 0
    render("\n".join(parts) if parts else markdown)
    return 0


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``rules`` subcommand to the ``cuttle`` parser."""
    parser = subparsers.add_parser(
        "rules",
        help="read the rules (all of them, one card's, one topic's or one house rule's)",
        description=(
            "The rules of Cuttle as this program plays them: both presets (classic, "
            "cuttlecards), every decision, the house rules (variants) and each card's uses. "
            "On a terminal they open in a pager (scroll, / to search, s to go to a section, "
            "q to quit) at the summary, or at the section a TOPIC names; piped, the text is "
            "printed (the whole document, or that section)."
        ),
        epilog="examples: cuttle rules | cuttle rules 7D | cuttle rules jack | "
        "cuttle rules counters | cuttle rules --variant joker",
    )
    parser.add_argument(
        "card",
        nargs="?",
        metavar="TOPIC",
        help=f"only this card's rules or this section: {_CARD_HELP}, or a section "
        "(counters, seven, winning, hand limit, ...)",
    )
    parser.add_argument(
        "--variant",
        action="append",
        metavar="NAME",
        default=[],
        help="only this house rule's section (repeatable), e.g. four-random, joker",
    )
    parser.add_argument(
        "--no-pager",
        action="store_true",
        help="print instead of opening the pager on a terminal (as when piped)",
    )
    parser.set_defaults(func=run)
