"""The offline rules site (`berserk-rules site`): the corpus as it reads, every example played out.

Layout of the built folder (all links relative, no server, no network, works from ``file://``)::

    index.html               home: search box, the rules files and their sections, the engines' status
    search.html              search (reads ``?q=…``; live as you type)
    status.html              every scenario with the reference engine's status (and another engine's)
    rules/<file>.html        one rules file as it reads: headings, every unit anchored by its id
                             (``rules/heroes-113-115.html#heroes:113.7``), cross-references linked
    sandbox.html             the sandbox: any position played with the reference engine in the browser, exported
                             as a scenario (`harness.output.sandbox_site`; needs ``site --serve``)
    u/<edition>_<n>.html     one clause (or unit without a clause): first the rule — its text, its items,
                             paragraphs and examples, each example with its scenarios played out step by
                             step (an SVG board before and after every step that changes it, the history
                             entries of the step (rule effects marked), the stack/Queue, priority, the
                             pending decision and its answer, and the result); then the other scenarios,
                             collapsed (``<details data-scenario-id="…">``)
    u/sc/<anchor>.js         the play-out of one collapsed scenario, loaded by ``assets/unit.js`` when it is
                             opened (a ``<script>``, so it works from ``file://``): first load stays light
    assets/site.css, assets/search.js, assets/search-index.js, assets/unit.js

Search: the same analysis and ranking as ``berserk-rules lookup`` (`harness.rules.search`), offline. The build
ships (``assets/search-index.js``) the units, the BM25 weight of every lemma in every unit per field (unit
text, section title, scenario names, card names, kin-word stems), and a table from every word form of the
index's lemmas to its lemma (pymorphy3 generates the forms here). ``search.js`` maps a typed form to its
lemma by that table (a form not in it by the Russian Snowball stem, as `harness.rules.search` does for unknown
words), sums the same weights in the same order, scales and raises them alike and cuts the same snippets: the
page finds, in the same order, what ``lookup`` finds.

The build is atomic: pages are written into a temporary folder next to ``out`` and swapped in at the
end; a folder that is not a site built here (no marker file) is never replaced.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import tempfile
import time
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from markupsafe import Markup, escape

from harness.common import paths
from harness.common.errors import InputError, Problem
from harness.common.facts import EDITIONS
from harness.common.vocabulary import status_label
from harness.output import render
from harness.output.playout import run_playouts
from harness.rules.corpus import load_corpus
from harness.run.results import STATUSES, RunResults
from harness.suite.features import scan_features, scenarios_by_unit
from harness.suite.session import load_assumptions

__all__ = ["SiteSummary", "build_site", "first_load_bytes", "page_of", "size_figures", "unit_url", "link_references"]

TEMPLATES = Path(__file__).parent.parent / "templates" / "site"
MARKER = ".berserk-rules-site"


@dataclass
class SiteSummary:
    out: Path
    files: int
    bytes: int
    seconds: float
    scenarios: int
    units: int


# ------------------------------------------------------------------------------------------ urls
def page_of(unit: Any) -> str:
    """The id of the page a unit lives on: its clause, or itself when it has none."""
    return unit.parent or unit.id


def page_file(page_id: str) -> str:
    return "u/" + re.sub(r"[^A-Za-z0-9._-]", "_", page_id) + ".html"


def unit_url(unit: Any) -> str:
    """URL of a unit from the site's root: ``u/heroes_113.7.html#heroes:113.7.ex1``."""
    page = page_of(unit)
    href = page_file(page)
    return href if page == unit.id else f"{href}#{unit.id}"


def rules_file_page(file: str) -> str:
    return "rules/" + Path(file).stem + ".html"




def scenario_fragment(scenario_id: str) -> str:
    """The file, from the site's root, that holds a collapsed scenario's play-out (loaded when it is opened)."""
    return "u/sc/" + _scenario_anchor(scenario_id) + ".js"


def _scenario_anchor(scenario_id: str) -> str:
    return "sc-" + hashlib.sha256(scenario_id.encode()).hexdigest()[:10]


def first_load_bytes(page: Path) -> int:
    """The bytes a browser loads to show a built page first: the HTML and the stylesheets and scripts it names
    (not the play-outs of collapsed scenarios, loaded when opened)."""
    text = page.read_text(encoding="utf-8")
    refs = re.findall(r'<link rel="stylesheet" href="([^"]+)"', text) + re.findall(r'<script src="([^"]+)"', text)
    return page.stat().st_size + sum((page.parent / r).resolve().stat().st_size for r in refs)


def size_figures(out: Path) -> dict[str, Any]:
    """The weights of a built site: the largest unit page and the largest page of all on first load
    (:func:`first_load_bytes`), the total size and the number of files."""
    files = [p for p in out.rglob("*") if p.is_file() and p.name != MARKER]
    pages = {p.relative_to(out).as_posix(): first_load_bytes(p) for p in out.rglob("*.html")}
    units = {k: v for k, v in pages.items() if k.startswith("u/")}
    unit_page = max(units, key=units.__getitem__) if units else ""
    any_page = max(pages, key=pages.__getitem__) if pages else ""
    return {"largest_unit_page": unit_page, "largest_unit_page_bytes": units.get(unit_page, 0),
            "largest_page": any_page, "largest_page_bytes": pages.get(any_page, 0),
            "total_bytes": sum(p.stat().st_size for p in files), "files": len(files), "pages": len(pages)}


# ------------------------------------------------------------------------------------------ cross-references
_REF_RE = re.compile(r"(?<![\w.])(\d{3}(?:\.\d+)*)(?![\d])")


def link_references(text: str, edition: str, corpus: Any, root: str) -> Markup:
    """The text, escaped, with references to clauses («511.7», «536.2.», «534. Эффект замещения.»,
    «(см. 120. …)») linked where the target is in the corpus (same edition); others are marked."""
    out: list[str] = []
    pos = 0
    sections = {u.section for u in corpus.units if u.edition == edition}
    for m in _REF_RE.finditer(text):
        number = m.group(1)
        out.append(str(escape(text[pos:m.start()])))
        unit = corpus.get(f"{edition}:{number}")
        shown = escape(m.group(0))
        if unit is not None:
            out.append(f'<a class="xref" href="{root}{unit_url(unit)}">{shown}</a>')
        elif "." not in number and number in sections:
            first = next(u for u in corpus.units if u.edition == edition and u.section == number)
            out.append(f'<a class="xref" href="{root}{rules_file_page(first.file)}#s-{edition}-{number}">{shown}</a>')
        else:
            out.append(f'<span class="xref-missing" title="нет в корпусе">{shown}</span>')
        pos = m.end()
    out.append(str(escape(text[pos:])))
    return Markup("".join(out))


# ------------------------------------------------------------------------------------------ search index
def _group_forms(forms: list[str]) -> str:
    """Forms of one term as ``prefix|suffix suffix …`` (their common prefix written once)."""
    prefix = os.path.commonprefix(forms)
    return prefix + "|" + " ".join(f[len(prefix):] for f in forms)


def search_index(corpus: Any, scenario_count: Mapping[str, int], scenarios: Any = (),
                 cards: Mapping[str, Any] | None = None, assumptions: Any = ()) -> dict[str, Any]:
    """The data of ``assets/search-index.js``: the units, the BM25 postings of `harness.rules.search.SearchIndex`
    per field (``post[field][term] = [position, weight, …]``), and the form table (``forms[term] =
    "prefix|suffixes"``: every word form of the index's lemmas, generated by pymorphy3; ``fn``: the forms
    that are function words), so the page ranks exactly as ``lookup`` does; and the register's entries
    (``asm``: id, reading group, question, the BM25 weight of each of its terms, `harness.rules.search.
    assumption_weights`), found as ``lookup`` finds them, their words' forms in the same table."""
    from harness.rules import search as s

    index = s.SearchIndex(corpus, scenarios, cards)
    units = []
    for u in corpus.units:
        units.append({"id": u.id, "e": u.edition, "k": u.kind, "n": u.number, "s": u.section, "l": u.label,
                      "t": u.text, "u": unit_url(u), "c": page_of(u), "sc": scenario_count.get(u.id, 0)})
    FIELDS, FIELD_WEIGHTS, MIN_PREFIX = s.FIELDS, s.FIELD_WEIGHTS, s.MIN_PREFIX
    post = {f: {term: [x for pos, w in sorted(row.items()) for x in (pos, w)]
                for term, row in sorted(index.postings[f].items())} for f in (*FIELDS, "stem")}
    by_term: dict[str, list[str]] = {}
    function_forms = []
    table = index.form_table()
    asm = []
    for entry, weights in zip(assumptions, s.assumption_weights(list(assumptions)), strict=True):
        asm.append({"id": entry["id"], "g": entry.get("reading", ""), "q": entry.get("question", ""),
                    "w": {term: round(w, 4) for term, w in sorted(weights.items())}})
        for term in weights:           # every form of its lemmas, and the words of its texts, as for the units
            for form in index.analyzer.forms(term):
                lemma, function = index.analyzer.lemma(form)
                if lemma == term:
                    table.setdefault(form, (lemma, function))
        for form in s.words(f"{entry.get('question', '')} {s.assumption_text(entry)}"):
            lemma, function = index.analyzer.lemma(form)
            if lemma is not None:
                table.setdefault(form, (lemma, function))
    for form, (term, function) in sorted(table.items()):
        by_term.setdefault(term, []).append(form)
        if function:
            function_forms.append(form)
    openings = [[index.position[uid], title, sorted(terms)] for title, terms, uid in index.openings]
    return {"editions": list(EDITIONS), "min_prefix": MIN_PREFIX, "fields": list(FIELDS),
            "weights": FIELD_WEIGHTS, "coverage_floor": s.COVERAGE_FLOOR, "title_overlap": s.TITLE_OVERLAP,
            "openings": openings, "units": units, "post": post, "asm": asm, "asm_least": s.ASSUMPTION_LEAST,
            "forms": {term: _group_forms(forms) for term, forms in by_term.items()}, "fn": function_forms}


# ------------------------------------------------------------------------------------------ building
def _env() -> Any:
    import jinja2

    env = jinja2.Environment(loader=jinja2.FileSystemLoader(str(TEMPLATES)), autoescape=True,
                             undefined=jinja2.StrictUndefined, trim_blocks=True, lstrip_blocks=True)
    env.filters["code_spans"] = code_spans
    return env


def code_spans(text: str) -> Markup:
    """A register text (rules/assumptions.yaml) as HTML: escaped, its `code names` in <code>."""
    parts = str(text).split("`")
    return Markup("").join(Markup("<code>{}</code>").format(p) if i % 2 else escape(p) for i, p in enumerate(parts))


def _status_counts(results: Any) -> dict[str, Any] | None:
    return results.summary() if results is not None else None


def _check_out(out: Path) -> None:
    if out.exists() and (not out.is_dir() or (any(out.iterdir()) and not (out / MARKER).is_file())):
        raise InputError(Problem(str(out), None, "--out", "exists and is not a site built by berserk-rules; "
                                 "expected a new or empty folder, or a previous site"))


def build_site(out: str | Path, results_file: str | Path | None = None, *, run: Any = None) -> SiteSummary:
    """Build the site into ``out`` (see the module docstring). ``run`` is a `PlayoutRun` to use instead of
    running every scenario; ``results_file`` another engine's ``results.json`` to show beside it."""
    started = time.perf_counter()
    out = Path(out).resolve()
    _check_out(out)
    corpus = load_corpus(paths.RULES, root=paths.ROOT)
    scenarios = scan_features(paths.FEATURES, root=paths.ROOT)
    files = [results_file] if isinstance(results_file, str | Path) else list(results_file or [])
    others = [RunResults.load(f) for f in files]
    other = others[0] if others else None
    if run is None:
        run = run_playouts()
    site = _SiteData(corpus, scenarios, run, other, scenarios_by_unit(scenarios))

    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(dir=out.parent, prefix=f".{out.name}.tmp-"))
    try:
        site.write(tmp)
        if others:                            # many engines, one page (harness/output/matrix.py)
            from harness.output.matrix import matrix_html

            (tmp / "matrix.html").write_text(matrix_html(([run.results] if run.results else []) + others),
                                             encoding="utf-8")
        (tmp / MARKER).write_text("built by berserk-rules site\n", encoding="utf-8")
        for p in tmp.rglob("*"):
            os.chmod(p, 0o755 if p.is_dir() else 0o644)
        os.chmod(tmp, 0o755)
        files = [p for p in tmp.rglob("*") if p.is_file() and p.name != MARKER]
        size = sum(p.stat().st_size for p in files)
        old = None
        if out.exists():
            old = Path(tempfile.mkdtemp(dir=out.parent, prefix=f".{out.name}.old-"))
            os.rmdir(old)
            os.replace(out, old)
        os.replace(tmp, out)
        if old is not None:
            shutil.rmtree(old, ignore_errors=True)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    return SiteSummary(out=out, files=len(files), bytes=size, seconds=time.perf_counter() - started,
                       scenarios=len(run.playouts), units=len(corpus.units))


def _assumption_ru(entry: dict[str, Any]) -> dict[str, Any]:
    """An assumption as the site shows it to a judge: its Russian texts (rules/assumptions.yaml: the question and
    the readings' wordings are Russian, the choice and the reasons have theirs under `ru:`), the default reading
    first marked."""
    return {"id": entry["id"], "question": entry["question"], "choice": entry["ru"]["choice"],
            "reason": entry["ru"]["reason"], "group": entry.get("reading", ""),
            "readings": [{"id": r["id"], "wording": r["wording"], "reason": r["ru"]["reason"],
                          "default": r["id"] == entry.get("default")} for r in entry.get("readings") or []]}


class _SiteData:
    def __init__(self, corpus: Any, scenarios: list[Any], run: Any, other: Any,
                 by_unit: dict[str, list[Any]]) -> None:
        self.corpus = corpus
        self.scenario_list = scenarios
        # an outline runs as one scenario per example row: each row's id leads to the outline
        self.scenarios = {i: s for s in scenarios for i in s.ids}
        # a scenario's name by its id (an outline's row: the outline's name with the row's values)
        self.names = {i: name for s in scenarios for i, name in zip(s.ids, s.examples or (s.name,), strict=True)}
        self.by_unit = by_unit
        self.run = run
        self.other = other
        self.playouts = run.by_scenario()
        self.ref = {r.scenario: r for r in run.results.results} if run.results else {}
        self.oth = {r.scenario: r for r in other.results} if other else {}
        self.env = _env()
        self._views: dict[tuple[str, str], dict[str, Any]] = {}
        # a register that breaks its schema stops the build with every problem located (no half-Russian site)
        self.register = load_assumptions() if paths.ASSUMPTIONS.is_file() else []
        self.assumptions = [_assumption_ru(a) for a in self.register]

    # -- per scenario
    def scenario_view(self, sid: str, root: str) -> dict[str, Any]:
        """The play-out of a scenario as the templates show it (computed once per scenario and root)."""
        key = (sid, root)
        if key not in self._views:
            self._views[key] = self._scenario_view(sid, root)
        return self._views[key]

    def _scenario_view(self, sid: str, root: str) -> dict[str, Any]:
        info = self.scenarios.get(sid)
        view = self.playouts.get(sid)
        ref, oth = self.ref.get(sid), self.oth.get(sid)
        steps = []
        if view is not None:
            # each board is drawn once: the picture «before» a step is the one drawn «after» the last step
            # that changed the board, shown again with <use>
            anchor = _scenario_anchor(sid)
            last: tuple[str, str, str, str] | None = None  # (id, viewBox, label, style) of the last board drawn
            for i, step in enumerate(view["steps"], 1):
                state = step["state"]
                before = after = None
                if step["board_changed"] and state:
                    before = _reuse(last) if last else None
                    after, last = _with_id(render.board_svg(state), f"{anchor}-b{i}")
                steps.append({
                    **step,
                    "before_svg": Markup(before) if before else None,
                    "after_svg": Markup(after) if after else None,
                    "event_lines": [(render.history_line(e, state), e.get("kind") == "rule_effect")
                                    for e in step["events"] if e.get("kind") != "priority"],
                    "stack_lines": render.stack_lines(state) if state else [],
                    "waiting": render.waiting_lines(state) if state else [],
                    "pending_text": render.pending_line(step["pending"], state),
                    "answer_text": render.answer_line(step["answer"], state),
                    "priority_text": (state or {}).get("priority") or "ни у кого",
                })
            final_svg = Markup(_reuse(last)) if last else None
        else:
            steps = [{"keyword": k, "text": t, "line": ln, "status": "skipped", "state": None, "changed": False}
                     for k, t, ln in (info.steps if info else ())]
            final_svg = None
        return {
            "id": sid, "anchor": _scenario_anchor(sid), "fragment": scenario_fragment(sid).removeprefix("u/"),
            "name": self.names.get(sid) or (view or {}).get("name", sid),
            "feature": info.feature if info else (view or {}).get("feature", ""),
            "line": info.line if info else (view or {}).get("line", 0),
            "units": list(info.units) if info else (view or {}).get("units", []),
            "assumptions": list(info.assumptions) if info else [],
            "stack_name": (view or {}).get("stack_name", "стек"),
            "played": view is not None, "steps": steps, "final_svg": final_svg,
            "reading": (view or {}).get("reading", ""),
            "ref": ref, "other": oth, "message": self._message(view, ref),
        }

    @staticmethod
    def _message(view: dict[str, Any] | None, ref: Any) -> str | Markup:
        """What the run said of a scenario: N/A in Russian (the readings it holds under), anything else — the
        harness's or the engine's own words — verbatim, in <code>."""
        if ref is not None and ref.status == "N/A" and ref.readings:
            held = Markup(", ").join(Markup("<code>{}</code>").format(r) for r in ref.readings)
            return Markup("эталонный движок держится прочтений по умолчанию, а исход сценария верен при ") + held
        message = (view or {}).get("message") or (ref.message if ref else "")
        return Markup("<code>{}</code>").format(message) if message else ""

    def status_of(self, sid: str) -> str:
        ref = self.ref.get(sid)
        return ref.status if ref else "—"

    # -- pages
    def unit_item(self, u: Any, root: str) -> dict[str, Any]:
        named = [i for s in self.by_unit.get(u.id, []) for i in s.ids]
        return {"u": u, "html": link_references(u.text, u.edition, self.corpus, root),
                "scenarios": [{"id": sid, "status": self.status_of(sid), "name": self.names.get(sid, sid),
                               "short": _short_name(self.names.get(sid, sid)),
                               "href": page_file(page_of(u)) + "#" + _scenario_anchor(sid)} for sid in named]}

    def write(self, out: Path) -> None:
        (out / "assets").mkdir(parents=True)
        (out / "rules").mkdir()
        (out / "u").mkdir()
        (out / "u" / "sc").mkdir()
        for name in ("site.css", "search.js", "unit.js"):
            shutil.copyfile(TEMPLATES / name, out / "assets" / name)
        count = {uid: len(v) for uid, v in self.by_unit.items()}
        from harness.rules.search import board_cards

        scenarios = self.scenario_list
        index = search_index(self.corpus, count, scenarios, board_cards(scenarios, paths.SCENARIOS), self.register)
        (out / "assets" / "search-index.js").write_text(
            "window.BERSERK_INDEX = " + json.dumps(index, ensure_ascii=False, separators=(",", ":")) + ";\n",
            encoding="utf-8")
        common = self.common()
        files = self.files_view()
        self.render(out / "index.html", "index.html.j2", root="", files=files, **common)
        self.render(out / "search.html", "search.html.j2", root="", **common)
        self.render(out / "status.html", "status.html.j2", root="", rows=self.status_rows(), **common)
        self.render(out / "assumptions.html", "assumptions.html.j2", root="", assumptions=self.assumptions,
                    resting=self.resting_on_assumptions(), **common)
        for f in self.corpus.files:
            self.render(out / rules_file_page(f.path), "rules.html.j2", root="../", file=f,
                        items=self.reading_items(f, "../"), **common)
        macros = self.env.get_template("_macros.html.j2").make_module(common)
        written: set[str] = set()
        for u in self.corpus.units:
            if page_of(u) != u.id:
                continue
            page = self.unit_page(u, "../")
            self.render(out / page_file(u.id), "unit.html.j2", root="../", **page, **common)
            for b in page["blocks"]:
                for sc in [*b["more"], *b["collapsed"]]:
                    if sc["id"] not in written:  # one file per scenario, loaded by assets/unit.js when opened
                        written.add(sc["id"])
                        body = str(macros.scenario_body(sc, "../"))
                        (out / scenario_fragment(sc["id"])).write_text(
                            "BerserkLazy.put(" + json.dumps(sc["anchor"]) + ", "
                            + json.dumps(body, ensure_ascii=False) + ");\n", encoding="utf-8")
        from harness.output.sandbox_site import write_sandbox  # the sandbox: the engine in the browser

        self.render(out / "sandbox.html", "sandbox.html.j2", root="", **write_sandbox(out, scenarios, TEMPLATES),
                    **common)

    def render(self, path: Path, template: str, **ctx: Any) -> None:
        html = self.env.get_template(template).render(**ctx)
        path.write_text(html, encoding="utf-8")

    def common(self) -> dict[str, Any]:
        run = self.run.results
        return {
            "statuses": STATUSES,
            "ref_run": run.run if run else None, "ref_summary": _status_counts(run),
            "other_run": self.other.run if self.other else None, "other_summary": _status_counts(self.other),
            "rules_file_page": rules_file_page, "unit_url": unit_url, "page_file": page_file,
            "status_label": status_label,
        }

    def files_view(self) -> list[dict[str, Any]]:
        """Per rules file, its sections in the order of its headings, each with its top-level units."""
        out = []
        for f in self.corpus.files:
            bounds = sorted(f.headings)
            sections: list[dict[str, Any]] = []
            tops = [u for u in f.units if u.parent is None]
            if not bounds or tops and tops[0].line < bounds[0][0]:
                sections.append({"title": "", "anchor": "", "clauses": []})
            for line, text in bounds:
                sections.append({"title": text, "anchor": self.heading_anchor(f, line, text), "clauses": [],
                                 "line": line})
            for u in tops:
                target = sections[0]
                for sec in sections:
                    if sec.get("line", 0) <= u.line:
                        target = sec
                target["clauses"].append(self.clause_brief(u))
            out.append({"file": f, "page": rules_file_page(f.path), "title": _file_title(f),
                        "sections": [s for s in sections if s["clauses"] or s["title"]]})
        return out

    @staticmethod
    def heading_anchor(f: Any, line: int, text: str) -> str:
        m = re.match(r"^(\d{3,})\.\s", text)
        if m:
            return f"s-{f.edition}-{m.group(1)}"
        after = next((u for u in f.units if u.line > line), None)
        return f"s-{f.edition}-{after.section}" if after else f"h-{Path(f.path).stem}-{line}"

    def clause_brief(self, u: Any) -> dict[str, Any]:
        ids = [u.id] + [c.id for c in self.corpus.children(u.id)]
        named = list(dict.fromkeys(i for uid in ids for s in self.by_unit.get(uid, []) for i in s.ids))

        statuses = sorted(Counter(self.status_of(s) for s in named).items())
        words = u.text.split()
        short = " ".join(words[:9]) + ("…" if len(words) > 9 else "")
        return {"u": u, "url": unit_url(u), "short": short, "scenarios": len(named), "statuses": statuses,
                "examples": sum(1 for c in self.corpus.children(u.id) if c.kind == "example")}

    def reading_items(self, f: Any, root: str) -> list[dict[str, Any]]:
        items: list[tuple[int, int, dict[str, Any]]] = []
        for line, text in f.headings:
            items.append((line, 0, {"type": "heading", "text": text, "anchor": self.heading_anchor(f, line, text)}))
        for u in f.units:
            items.append((u.line, 1, {"type": "unit", **self.unit_item(u, root), "page": unit_url(u)}))
        items.sort(key=lambda t: (t[0], t[1]))
        return [i for _, _, i in items]

    def unit_page(self, top: Any, root: str) -> dict[str, Any]:
        units = [top] + self.corpus.children(top.id)
        on_page = {u.id for u in units}
        # each scenario is played under the most specific unit of this page that it names
        home: dict[str, str] = {}
        for u in units:
            for s in self.by_unit.get(u.id, []):
                mine = [x for x in s.units if x in on_page]
                for i in s.ids:
                    home[i] = max(mine, key=lambda x: (x.count("."), mine.index(x)))
        # the rule's own examples are played in the page (an example's first scenario); every other scenario is
        # collapsed, its play-out in a fragment file loaded when it is opened (a page stays light: tests/test_site.py)
        blocks = []
        for u in units:
            item = self.unit_item(u, root)
            played = [self.scenario_view(sc["id"], root) for sc in item["scenarios"] if home.get(sc["id"]) == u.id]
            elsewhere = [{**sc, "home": home.get(sc["id"])} for sc in item["scenarios"] if home.get(sc["id"]) != u.id]
            example = u.kind == "example"  # its first scenario played, its others collapsed right under it
            blocks.append({**item, "played": played, "open": played[:1] if example else [],
                           "more": played[1:] if example else [], "collapsed": [] if example else played,
                           "elsewhere": elsewhere})
        used = list(dict.fromkeys(a for b in blocks for sc in b["played"] for a in sc["assumptions"]))
        f = next(f for f in self.corpus.files if f.path == top.file)
        prev_next = [u for u in f.units if u.parent is None]
        i = prev_next.index(top)
        return {"top": top, "blocks": blocks, "collapsed_blocks": [b for b in blocks if b["collapsed"]],
                "file": f, "file_title": _file_title(f),
                "section_title": top.section_title,
                "prev": prev_next[i - 1] if i > 0 else None,
                "next": prev_next[i + 1] if i + 1 < len(prev_next) else None,
                "assumptions": self.assumptions, "used": used}

    def resting_on_assumptions(self) -> dict[str, list[dict[str, Any]]]:
        """Assumption id → the scenarios resting on it (@asm: tags): name, status, and a link to the page of its
        first unit (a scenario of an assumption alone names none: its feature file and line instead)."""
        out: dict[str, list[dict[str, Any]]] = {}
        for s in self.scenario_list:
            for sid in s.ids:
                unit = self.corpus.get(s.units[0]) if s.units else None
                href = page_file(page_of(unit)) + "#" + _scenario_anchor(sid) if unit is not None else ""
                for a in s.assumptions:
                    out.setdefault(a, []).append({"id": sid, "name": self.names.get(sid, sid), "href": href,
                                                  "status": self.status_of(sid), "where": f"{s.feature}:{s.line}"})
        return out

    def status_rows(self) -> list[dict[str, Any]]:
        ids = list(dict.fromkeys([*self.ref, *self.oth, *self.scenarios]))
        rows = []
        for sid in ids:
            info = self.scenarios.get(sid)
            ref, oth = self.ref.get(sid), self.oth.get(sid)
            any_r = ref or oth
            units = list(info.units) if info else (any_r.units if any_r else [])
            unit = self.corpus.get(units[-1]) if units else None
            rows.append({"id": sid, "name": self.names.get(sid) or (any_r.name if any_r else sid),
                         "units": units, "ref": ref, "other": oth,
                         "url": (unit_url(unit).split("#")[0] + "#" + _scenario_anchor(sid)) if unit else None})
        return rows


_SVG_HEAD = re.compile(r'^<svg class="board" viewBox="([^"]+)" role="img" aria-label="([^"]*)" style="([^"]*)"')


def _with_id(svg: str, svg_id: str) -> tuple[str, tuple[str, str, str, str]]:
    """The board's SVG with an id, and what `_reuse` needs to show it again."""
    m = _SVG_HEAD.match(svg)
    assert m, "render.board_svg starts with its class, viewBox and label"
    return svg.replace("<svg ", f'<svg id="{svg_id}" ', 1), (svg_id, m.group(1), m.group(2), m.group(3))


def _reuse(drawn: tuple[str, str, str, str]) -> str:
    """A board drawn earlier on the page, shown again (no second copy of its SVG)."""
    svg_id, view_box, label, style = drawn
    _, _, w, h = view_box.split()
    return (f'<svg class="board again" viewBox="{view_box}" role="img" aria-label="{label}" style="{style}" '
            f'xmlns="http://www.w3.org/2000/svg"><use href="#{svg_id}" width="{w}" height="{h}"/></svg>')


def _short_name(name: str) -> str:
    """«[113.7.ex1-1] В каком бы порядке…» -> «113.7.ex1-1»; names without a bracketed tag stay whole."""
    m = re.match(r"^\[([^\]]+)\]", name)
    return m.group(1) if m else name


def _file_title(f: Any) -> str:
    edition = {"classic": "Берсерк (классика)", "heroes": "Берсерк. Герои"}.get(f.edition, f.edition)
    numbers = ", ".join(f.section_titles) if f.section_titles else Path(f.path).stem
    return f"{edition}: {numbers}"
