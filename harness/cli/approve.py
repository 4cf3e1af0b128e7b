"""`berserk-rules approve [UNIT|SCENARIO]... [--editorial | --all]`: record, in the review lock, that the
scenarios of changed rule units were reviewed against the present wording (see `harness.rules.review`).

Every unit whose text differs from the one its scenarios were approved against is shown with its change
class (`harness.rules.changes`): the old and the new sentence with the changed words marked, and, for each
scenario to review, its file:line and its checks (its «Тогда» lines).

- An **editorial** change (whitespace, punctuation, case, quotes, ё/е, a proven typo) is approved in one step,
  with the list: a single question on a terminal, none elsewhere (and none with ``--editorial``, which
  approves only those).
- A **substantive** change needs a decision per scenario: on a terminal ``approve`` asks for each one
  (y: approve it, n: leave it to review, q: stop). A script names the scenarios it decided
  (``approve heroes:113.3.dup2-1``) or approves all of them with ``--all``, recorded as such in the lock.
- A scenario under a ``Правило:`` heading that quotes words its unit no longer says (lint S032) is never
  approved: the heading must follow the text first. Nor is a scenario of a unit that a catalog card quotes while
  the card's quoted facts no longer agree with the text (lint S033, `harness.suite.quotes`): the card must
  follow the text first.

Exit code 0 when everything asked for was approved (or already was), 1 when something is left (a refusal,
a heading to fix, a substantive change without a decision), 2 for a usage error.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from rich.text import Text

from harness.cli.shared import EXIT_FAILED, EXIT_OK, EXIT_USAGE, load_scenarios, make_console
from harness.common import paths
from harness.common.errors import InputError, Problem
from harness.common.sanitize import terminal
from harness.rules.changes import Classification, classify, corpus_lemmas, sentence_diff
from harness.rules.corpus import Unit, load_corpus
from harness.rules.renumbering import occurrences, renumbered, retag_text
from harness.rules.review import Lock, load_lock, lock_path, record, rules_dir, stale_heading
from harness.suite.quotes import catalog_docs, load_quotes, stale_quotes


# ------------------------------------------------------------------------------------------ what is pending
@dataclass
class Pending:
    """A unit to review: its present form, the text it was approved against (None when the lock keeps none),
    the class of the change, the scenarios to decide on, and the headings that no longer follow it."""

    unit: Unit
    old_text: str | None
    classification: Classification | None
    scenarios: list[tuple[Any, str]] = field(default_factory=list)
    """(scenario, the id it runs as) needing review for this unit."""
    stale: list[tuple[Any, list[tuple[str, str]]]] = field(default_factory=list)
    """(a scenario under the stale heading, the words the heading says and the text no longer does)."""

    @property
    def editorial(self) -> bool:
        return self.classification is not None and self.classification.editorial

    new: bool = False
    """Whether the lock has no entry for the unit at all."""
    stale_cards: list[Any] = field(default_factory=list)
    """The catalog's quotes of this unit that no longer agree with its text (`harness.suite.quotes.StaleQuote`)."""

    renumbered_from: str | None = None
    """The unit's id in the lock when the text renumbered it, its text unchanged (harness/rules/renumbering.py)."""

    @property
    def blocked(self) -> bool:
        return bool(self.stale or self.stale_cards or self.renumbered_from)

    def class_line(self) -> str:
        if self.renumbered_from:
            return (f"RENUMBERED from {self.renumbered_from}, text unchanged: update the tags naming the old "
                    "number (`berserk-rules approve --retag` rewrites them)")
        if self.classification is None:
            return "SUBSTANTIVE (" + ("a new unit" if self.new else "the approved text is not in the lock, so the "
                                      "change cannot be classified") + ")"
        return self.classification.summary()


def then_lines(scenario: Any) -> list[tuple[str, str, int]]:
    """A scenario's checks: its «Тогда» steps with the «И»/«Но» steps that continue them."""
    out, checking = [], False
    for keyword, text, line in scenario.steps:
        if keyword in ("Тогда",):
            checking = True
        elif keyword in ("Дано", "Когда", "Если", "Пусть", "Допустим"):
            checking = False
        if checking:
            out.append((keyword, text, line))
    return out


def pending_changes(folder: Any, scenarios: list[Any], lock: Lock) -> list[Pending]:
    """Every unit of the corpus of ``folder`` whose text differs from what it, or a scenario naming it, was
    approved against; in corpus order."""
    corpus = load_corpus(folder, root=paths.ROOT)
    lemmas: set[str] | None = None
    quotes = load_quotes(catalog_docs(paths.CATALOG, paths.ROOT))

    def text_of(unit_id: str) -> str | None:
        unit = corpus.get(unit_id)
        return unit.text if unit is not None else None

    stale_cards = stale_quotes(quotes, text_of)
    out = []
    for u in corpus.units:
        named = [(sc, sid) for sc in scenarios if u.id in sc.units for sid in (sc.ids or (sc.id,))]
        waiting = [(sc, sid) for sc, sid in named if lock.recorded(sid, u.id) != u.hash]
        if lock.entries.get(u.id) == u.hash and not waiting:
            continue
        old = lock.texts.get(u.id)
        if old is not None and lock.entries.get(u.id) == u.hash:
            old = None           # approved for the unit, not yet for some scenario: no text to compare
        cls = None
        if old is not None:
            if lemmas is None:
                lemmas = corpus_lemmas(list(lock.texts.values()))
            cls = classify(old, u.text, lemmas)
        p = Pending(u, old, cls, waiting, new=u.id not in lock.entries)
        for sc in scenarios:
            if sc.rule and sc.rule.partition(" ")[0] == u.id:
                words = stale_heading(sc.rule, sc.rule_description, u, lock)
                if words:
                    p.stale.append((sc, words))
        p.stale_cards = [s for s in stale_cards if s.quote.unit == u.id]
        out.append(p)
    return out


# ------------------------------------------------------------------------------------------ showing it
def change_lines(unit_id: str, where: str, cls_line: str, old: str | None, new: str | None) -> list[str]:
    """A unit's change as plain lines: its id, file:line and class, then the changed sentences, old and new."""
    lines = [f"{where}: {unit_id}: {cls_line}"]
    if old is None or new is None:
        text = new if new is not None else old
        lines.append(f"    text: {text}" if text is not None else "    (no text)")
        return lines
    for o, n in sentence_diff(old, new):
        lines.append(f"    − {o}" if o else "    − (no sentence)")
        lines.append(f"    + {n}" if n else "    + (no sentence)")
    return lines


def scenario_lines(scenario: Any, sid: str) -> list[str]:
    """A scenario to review: file:line, id and name, and its «Тогда» lines with theirs."""
    lines = [f"  {scenario.feature}:{scenario.line}: scenario {sid}: {scenario.name}"]
    for keyword, text, line in then_lines(scenario):
        lines.append(f"      {scenario.feature}:{line}: {keyword} {text}")
    return lines


def _stale_lines(p: Pending) -> list[str]:
    seen, out = set(), []
    for sc, words in p.stale:
        if (sc.feature, sc.rule_line) in seen:
            continue
        seen.add((sc.feature, sc.rule_line))
        said = ", ".join(f"«{w}» ({c})" for c, w in words)
        out.append(f"  {sc.feature}:{sc.rule_line}: error S032: the heading «{sc.rule}» says {said}, which the "
                   "text no longer says: make the heading follow the text; its scenarios cannot be approved before")
    for s in p.stale_cards:
        out.append(f"  {s.quote.file}:{s.quote.line}: error S033: {s.message}; the scenarios of {p.unit.id} cannot "
                   "be approved before")
    return out


def _print(console: Any, lines: Iterable[str], style: str = "") -> None:
    for line in lines:
        console.print(Text(terminal(line), style=style))


# ------------------------------------------------------------------------------------------ the verb
_YES = ("y", "yes", "д", "да")
"""The answers that approve (an empty answer approves only the editorial list, whose question says [Y/n])."""


def _ask(question: str, stream: Any) -> str:
    print(question, end=" ", flush=True)
    if stream is None:                  # stdin closed (`<&-`): no answer, as at the end of the input
        raise EOFError
    answer = stream.readline()
    if not answer:
        raise EOFError
    return answer.strip().lower()


def _renumbering(renum: dict[str, str], ns: argparse.Namespace, interactive: bool, console: Any, corpus: Any) -> bool:
    """Show each renumbered unit and every place naming its old number; rewrite them (and move the lock's
    approvals to the new numbers) with --retag or a yes at the prompt. True when rewritten."""
    from harness.common.safeio import atomic_write
    from harness.rules.review import rename_units
    from harness.suite.features import feature_files

    files = feature_files(paths.FEATURES, paths.ROOT)[0] + [p for p in (paths.RULES / "axes.yaml", paths.ASSUMPTIONS)
                                                             if p.is_file()]
    places = {old: occurrences(old, files, paths.ROOT) for old in renum}
    for old, new in renum.items():
        console.print(Text(terminal(f"renumbered: {old} → {new}, text unchanged (the review lock has the text it was "
                                    f"approved as); {len(places[old])} place(s) name the old number:"), style="bold"))
        for o in places[old]:
            console.print(Text(terminal(f"  {o.file}:{o.line}: {o.text}")))
    total = sum(len(v) for v in places.values())
    yes = ns.retag
    if not yes and interactive and not ns.all:
        try:
            yes = _ask(f"rewrite these {total} place(s) with the new numbers, and move their approvals? [y/N]",
                       sys.stdin) in _YES
        except EOFError:
            yes = False
    if not yes:
        console.print(Text("the renumbered units stay to review until their tags follow: `berserk-rules approve "
                           "--retag` rewrites them", style="yellow"))
        return False
    for path in files:
        text = path.read_text(encoding="utf-8")
        new_text = retag_text(text, renum)
        if new_text != text:
            atomic_write(path, new_text.encode("utf-8"))
    rename_units(lock_path(rules_dir()), renum, order=[u.id for u in corpus.units], root=paths.ROOT)
    console.print(Text(f"rewrote {total} place(s): " + ", ".join(f"{o} → {n}" for o, n in renum.items())
                       + "; the review lock moved their approvals (the text is the one approved)", style="green"))
    return True


def cmd_approve(ns: argparse.Namespace) -> int:
    folder = rules_dir()
    scenarios = load_scenarios()
    lock = load_lock(lock_path(folder), paths.ROOT)
    corpus = load_corpus(folder, root=paths.ROOT)
    by_sid = {sid: sc for sc in scenarios for sid in (sc.ids or (sc.id,))}
    unit_ids = [i for i in ns.ids if corpus.get(i) is not None or i in lock.entries]
    scenario_ids = [i for i in ns.ids if i in by_sid and i not in unit_ids]
    unknown = [i for i in ns.ids if i not in unit_ids and i not in scenario_ids]
    if unknown:
        raise InputError([Problem(paths.display(lock_path(folder)), None, i,
                                  "names no rule unit, lock entry or scenario (see `berserk-rules units`)")
                          for i in unknown])
    if ns.all and ns.editorial:
        print("approve: --all and --editorial exclude each other", file=sys.stderr)
        return EXIT_USAGE
    console = make_console(soft_wrap=True)
    interactive = ns.ask or (sys.stdin is not None and sys.stdin.isatty())
    renum = renumbered(corpus, lock)
    if renum:
        if _renumbering(renum, ns, interactive, console, corpus):      # the tags and the lock now follow the text
            scenarios = load_scenarios()
            lock = load_lock(lock_path(folder), paths.ROOT)
            by_sid = {sid: sc for sc in scenarios for sid in (sc.ids or (sc.id,))}
            renum = {}
    pending = pending_changes(folder, scenarios, lock)
    for p in pending:                              # a renumbered unit is no new unit: its tags are to update
        p.renumbered_from = next((old for old, new in renum.items() if new == p.unit.id), None)
    if unit_ids or scenario_ids:
        pending = [p for p in pending if p.unit.id in unit_ids
                   or any(sid in scenario_ids for _, sid in p.scenarios)]
    removed = [i for i in unit_ids if corpus.get(i) is None]      # lock entries of units that are gone
    blocked = {p.unit.id for p in pending if p.blocked}
    blocked |= set(renum.values())     # until --retag: --all would approve the new number as new, drop the old

    decided: dict[str, dict[str, list[str]]] = {"reviewed": {}, "all": {}, "editorial": {}}
    units_done: dict[str, list[str]] = {"reviewed": [], "all": [], "editorial": []}
    left: list[str] = []
    undecided: list[str] = []      # scenarios of substantive changes nobody decided on

    def take(how: str, p: Pending, only: Iterable[str] | None = None) -> None:
        wanted = set(only) if only is not None else None
        for _, sid in p.scenarios:
            if wanted is None or sid in wanted:
                decided[how].setdefault(sid, []).append(p.unit.id)
        if not p.scenarios:
            units_done[how].append(p.unit.id)

    # 1. editorial changes: one list, one step
    editorial = [p for p in pending if p.editorial and p.unit.id not in blocked]
    if editorial and not ns.all:
        console.print(Text(f"{len(editorial)} editorial change(s): no scenario needs a review of its own", style="bold"))
        for p in editorial:
            _print(console, change_lines(p.unit.id, f"{p.unit.file}:{p.unit.line}", p.class_line(), p.old_text,
                                         p.unit.text))
            _print(console, [f"    scenarios: {', '.join(sid for _, sid in p.scenarios) or 'none'}"], "dim")
        yes = True
        if interactive and not ns.editorial:
            try:
                yes = _ask(f"approve these {len(editorial)} editorial change(s)? [Y/n]", sys.stdin) in ("", *_YES)
            except EOFError:
                yes = False
        for p in editorial:
            if yes:
                take("editorial", p)
            else:
                left.append(p.unit.id)

    # 2. substantive changes: a decision per scenario
    substantive = [p for p in pending if not p.editorial or ns.all]
    if ns.editorial:
        left += [p.unit.id for p in substantive]
        substantive = []
    quit_asked = False
    for p in substantive:
        console.print()
        _print(console, change_lines(p.unit.id, f"{p.unit.file}:{p.unit.line}", p.class_line(), p.old_text,
                                     p.unit.text), "bold")
        if p.blocked:
            for sc, sid in p.scenarios:
                _print(console, scenario_lines(sc, sid))
            _print(console, _stale_lines(p), "bold red")
            left.append(p.unit.id)
            continue
        if not p.scenarios:
            console.print(Text("  no scenario names it"))
            if interactive and not ns.all and not quit_asked:
                try:
                    answer = _ask(f"approve {p.unit.id}? [y/n/q]", sys.stdin)
                except EOFError:
                    answer = "q"
                quit_asked = answer in ("q", "quit")
                ok = answer in _YES
            else:   # --all, or named for a script; after «q» nothing more is approved
                ok = ns.all or (p.unit.id in unit_ids and not interactive)
            if ok:
                take("all" if ns.all else "reviewed", p)
                continue
            left.append(p.unit.id)
            continue
        for sc, sid in p.scenarios:
            _print(console, scenario_lines(sc, sid))
            if ns.all:
                take("all", p, [sid])
            elif sid in scenario_ids:
                take("reviewed", p, [sid])
                console.print(Text(f"    approved: named on the command line ({sid})", style="green"))
            elif interactive and not quit_asked:
                try:
                    answer = _ask(f"    does {sid} still check what the new text says? approve it [y/n/q]", sys.stdin)
                except EOFError:
                    answer = "q"
                if answer in _YES:
                    take("reviewed", p, [sid])
                elif answer in ("q", "quit"):
                    quit_asked = True
                    left.append(sid)
                else:
                    left.append(sid)
            else:
                left.append(sid)
                undecided.append(sid)

    # 2b. scenarios approved unseen (--all) on an earlier substantive change: a decision of their own, named or
    # at the prompt, clears the mark (lint V006, check's list)
    asked = {sid for p in pending for _, sid in p.scenarios}
    for sid, approval in sorted(lock.scenarios.items()):
        if not approval.unseen or sid in asked or sid not in by_sid or ns.all or ns.editorial:
            continue
        if sid in scenario_ids:
            decided["reviewed"].setdefault(sid, []).extend(approval.unseen)
            console.print(Text(f"approved {sid}: reviewed now (it was approved unseen for "
                               f"{', '.join(approval.unseen)})", style="green"))
        elif interactive and not quit_asked and not unit_ids and not scenario_ids:
            console.print()
            console.print(Text(f"{sid} was approved unseen (--all) on a substantive change of "
                               f"{', '.join(approval.unseen)}", style="bold"))
            _print(console, scenario_lines(by_sid[sid], sid))
            try:
                answer = _ask(f"    does {sid} check what the text says? approve it [y/n/q]", sys.stdin)
            except EOFError:
                answer = "q"
            if answer in _YES:
                decided["reviewed"].setdefault(sid, []).extend(approval.unseen)
            else:
                quit_asked = answer in ("q", "quit")
                left.append(sid)

    # the scenarios approved now without anyone looking, on a substantive change: marked unseen in the lock
    unseen: dict[str, list[str]] = {}
    for p in substantive if ns.all else []:
        if not p.editorial and not p.blocked:
            for _, sid in p.scenarios:
                unseen.setdefault(sid, []).append(p.unit.id)

    # 3. record
    total = 0
    if ns.all and not blocked and not unit_ids and not scenario_ids:   # every unit, every scenario, stale entries dropped
        decided = {"reviewed": {}, "all": {}, "editorial": {}}
        units_done = {"reviewed": [], "all": [], "editorial": []}
        done = record(folder, {}, "all", scenarios, all_units=True, root=paths.ROOT, unseen=unseen)
        total += len(done.scenarios)
        for uid, old, new in done.recorded:
            if old is not None:
                console.print(Text(f"approved {uid}: {old} -> {new} (all)"))
        for uid in done.dropped:
            console.print(Text(f"dropped {uid} from the lock: no such unit any more"))
    for how in ("editorial", "reviewed", "all"):
        if decided[how] or units_done[how] or (how == "reviewed" and removed):
            done = record(folder, decided[how], how, scenarios,
                          units=units_done[how] + (removed if how == "reviewed" else []), root=paths.ROOT,
                          unseen=unseen if how == "all" else None)
            total += len(done.scenarios)
            for uid, old, new in done.recorded:
                console.print(Text(f"approved {uid}: {old or '(not in the lock)'} -> {new} ({how})"))
            for uid in done.dropped:
                console.print(Text(f"dropped {uid} from the lock: no such unit any more"))
    if not any(decided.values()) and not any(units_done.values()) and not removed and not ns.all:
        record(folder, {}, "reviewed", scenarios, root=paths.ROOT)     # an older lock is rewritten (version 2)
    if not pending and not removed:
        console.print(Text("nothing to approve: every scenario was approved against the present text"))
    left = list(dict.fromkeys(left))
    console.print(Text(f"{paths.display(lock_path(folder))}: {total} scenario approval(s) recorded"
                       + (f"; {len(left)} left to review: {', '.join(left)}" if left else "")))
    if undecided:
        console.print(Text("a substantive change needs a decision per scenario: run `berserk-rules approve` on a "
                           "terminal, name the scenarios you reviewed (`berserk-rules approve SCENARIO-ID…`), or "
                           "approve every one unseen with --all (recorded as such in the lock)", style="yellow"))
    return EXIT_FAILED if left and not ns.editorial else EXIT_OK


def register(sub: Any) -> None:
    a = sub.add_parser("approve", help="record that the scenarios of changed rule units were reviewed "
                                       "(rules/review.lock)")
    a.add_argument("ids", nargs="*", metavar="UNIT|SCENARIO",
                   help="only these units (their scenarios are asked for one by one), or these scenarios (approved: "
                        "you reviewed them); default: every change")
    a.add_argument("--all", action="store_true",
                   help="approve every scenario of every change without asking, recorded as `all` in the lock "
                        "(and drop entries of removed units)")
    a.add_argument("--editorial", action="store_true",
                   help="approve the editorial changes only (whitespace, punctuation, case, quotes, ё/е, typos), "
                        "in one step, without asking; list the substantive ones")
    a.add_argument("--retag", action="store_true",
                   help="a unit the text renumbered with its text unchanged: rewrite the tags, headings and register "
                        "entries naming its old number, and move its approvals in the lock to the new number")
    a.add_argument("--ask", action="store_true", help="ask for the decisions on stdin even when it is not a terminal")
    a.set_defaults(func=cmd_approve)
