"""The scenario's world: the engine adapter, the board it was set up from, a record of every call made
to the engine (so a scenario can be replayed up to a point), and small readers of the canonical state
that the steps share. No rules logic: it only reads what the engine reports."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from harness.engines.adapters import Adapter
from harness.engines.process import end_if_asked


@dataclass
class Fork:
    """A point where the scenario says the outcome must hold for every choice («в любом порядке»)."""

    kind: str                       # "order": every order of the options; "choice": every single option
    player: str
    items: list[str]                # option ids offered by the engine at the fork
    labels: dict[str, str]          # option id → how a scenario names it («Гном: отравление»)
    calls_before: list[tuple]       # the engine calls that lead to the fork
    current: list[str]              # the alternative the scenario body is running
    post_steps: list[tuple] = field(default_factory=list)   # (keyword, text, step function, its arguments)
    replay_step: Callable[[list[str]], str] | None = None   # labels of one alternative → the step that replays it
    dice: dict[str, list[int]] = field(default_factory=dict)   # the harness's own state at the fork: the
    memory: dict[str, Any] = field(default_factory=dict)       # dice not yet used, what steps remember
    explored: int = 0               # alternatives (orders, choices) covered
    states: int = 0                 # states explored (search: positions visited, memo hits excluded;
                                    # replay: alternatives run)
    lookups: int = 0                # search: states fingerprinted and looked up in the memo (the look-ups of
                                    # a kind stop once they have not paid: orderings.PROBE)
    memo_hits: int = 0              # branches whose outcome the search already knew
    route: str = ""                 # "search", "replay" or "hypothesis" (harness/suite/orderings.py)
    seconds: float = 0.0
    record: dict[str, Any] | None = None   # when set: every alternative run → [its outcome, final state digest]

    def summary(self) -> str:
        """One line for the results and the bench: what the exploration covered and what it cost."""
        return fork_summary(self.as_json())

    def as_json(self) -> dict[str, Any]:
        data = {"kind": self.kind, "items": len(self.items), "route": self.route, "orders": self.explored,
                "states": self.states, "lookups": self.lookups, "memo_hits": self.memo_hits,
                "seconds": round(self.seconds, 6)}
        if self.record is not None:
            data["outcomes"] = dict(sorted(self.record.items()))
        return data

    def remember(self, alternative: list[str], outcome: str | None, state: dict | None) -> None:
        """With `record` on: how this alternative ended, and a digest of the canonical state it ended in."""
        if self.record is None:
            return
        import hashlib
        import json

        digest = None if state is None else hashlib.sha256(
            json.dumps(state, sort_keys=True, ensure_ascii=False, default=str).encode()).hexdigest()[:16]
        self.record[" > ".join(self.labels.get(i, i) for i in alternative)] = [outcome, digest]


def fork_summary(data: dict[str, Any]) -> str:
    """«every order of 3 checked by search: 6 orders, 24 states visited (24 looked up in the memo: 0 hits),
    0.004 s». A state met again through the memo is not visited again; only the states looked up are known to be
    distinct (the look-ups stop where they do not pay)."""
    what = "orders" if data["kind"] == "order" else "choices"
    return (f"every {what[:-1]} of {data['items']} checked by {data['route']}: {data['orders']} {what}, "
            f"{data['states']} states visited ({data.get('lookups', 0)} looked up in the memo: "
            f"{data['memo_hits']} hits)" + (f", {data['seconds']:.3f} s" if "seconds" in data else ""))


# what a fork's exploration covered, as the results of a run report it (results.json, JUnit, the HTML report):
# the same from run to run (no time; the recorded outcomes, when asked for, go to the play-out trace only)
FORK_REPORT_KEYS = ("kind", "items", "route", "orders", "states", "lookups", "memo_hits")


def fork_report(data: dict[str, Any]) -> dict[str, Any]:
    return {k: data[k] for k in FORK_REPORT_KEYS if k in data}


class World:
    """What the steps of one scenario share: the engine (through its adapter), the board, the state after the
    last engine call, and what the steps remember."""

    def __init__(self, adapter: Adapter, state: dict | None = None) -> None:
        self.adapter = adapter
        self.board: Any = None                           # harness.suite.board.Board
        self.mark = 0                                    # history length when the current «Когда» step began
        self.dice: dict[str, list[int]] = {}
        self.calls: list[tuple] = []
        self.fork: Fork | None = None
        self.memory: dict[str, Any] = {}                 # what steps remember (e.g. the chosen trigger point)
        self.observer: Callable[[], None] | None = None  # called after every act/answer (harness/orderings)
        self.not_run: str | None = None                  # why the last check was not run (None: it ran)
        # keep, since the last «Когда» step, who held priority and what was pending after each engine call
        # (memory["replies"]: the timing claims the replies make observable, without a battle-history log)
        self.record_replies = False
        # check name → why the engine cannot take it (None: it can); set by the run (harness.run.pytest_plugin)
        self.check_gate: Callable[[str, dict[str, Any]], str | None] | None = None
        # the board's data as the «Дано расклад» step hands it to the engine (None: as loaded); a metamorphic
        # run transforms it (harness.suite.metamorphic)
        self.board_transform: Callable[[dict], dict] | None = None
        # the state after the last engine call. An engine over the protocol sends it with every reply; the
        # in-process engine (`renders_on_demand`) renders it when a step reads it (None: not rendered since the
        # last call), and `peek` renders only the sections asked for
        self._state: dict | None = {} if state is None else state      # {}: nothing set up yet

    @property
    def state(self) -> dict:
        if self._state is None:
            self._state = self.adapter.state()
        return self._state

    @state.setter
    def state(self, value: dict | None) -> None:
        self._state = value

    def peek(self, *sections: str) -> dict:
        """The current state's top-level keys `sections` (the whole state where it is at hand)."""
        if self._state is not None:
            return self._state
        return self.adapter.state(sections)  # type: ignore[call-arg]  # only renders_on_demand adapters get here

    # -- calls on the engine; every call is recorded and refreshes the state
    def setup(self, board: dict, definitions: dict) -> None:
        self.calls = [("setup", board, definitions)]
        self.state = self.adapter.setup(board, definitions)

    def _call(self, verb: str, player: str, arg: Any) -> None:
        end_if_asked()                       # a signal asked the run to end (harness.engines.process)
        self.calls.append((verb, player, arg))
        if getattr(self.adapter, "renders_on_demand", False):
            self._state = getattr(self.adapter, verb)(player, arg, render=False)
        else:
            self._state = getattr(self.adapter, verb)(player, arg)
        if self.record_replies:
            # read past the contract's recording view (`dict.get`): the replies are the check's reading, done
            # when it runs (then_no_roll, then_no_priority_during_rule_effects), not the «Когда» step's
            shown = self.peek("priority", "pending")
            pending = dict.get(shown, "pending", None) or {}
            # a tuple, never changed in place: the orderings search copies `memory` per branch
            self.memory["replies"] = (*self.replies(), (dict.get(shown, "priority", None),
                                                        dict.get(pending, "kind", None),
                                                        dict.get(pending, "player", None)))
        if self.observer is not None:
            self.observer()

    def act(self, player: str, action: dict) -> None:
        self._call("act", player, action)

    def answer(self, player: str, choice: Any) -> None:
        self._call("answer", player, choice)

    def expect_refusal(self, player: str, action: dict, why: str | None = None) -> None:
        """The engine must refuse this action — for the reason `why` (a class of harness.engines.contract.REFUSALS)
        when given — and leave the observable state as it was (nothing is recorded)."""
        from harness.engines.adapters import EngineRefused
        from harness.engines.contract import NOT_A_REFUSAL, observable, refusal_codes

        codes = refusal_codes(why)
        before = self.state
        try:
            self.adapter.act(player, action)
        except EngineRefused as exc:
            assert exc.code not in NOT_A_REFUSAL, f"the engine does not know the action ({exc.code}): not a refusal"
            assert codes is None or exc.code in codes, \
                f"the engine refused with {exc.code} ({exc.message}), expected «{why}» ({', '.join(codes)})"
            self._state = None
            assert observable(self.state) == observable(before), "the refused action changed the state"
            return
        raise AssertionError(f"the engine accepted {action!r}")

    def replay(self, calls: list[tuple]) -> None:
        """Set the engine up again and repeat these calls: the state they lead to."""
        self.calls = []
        replies = self.replies()
        for call in calls:
            getattr(self, call[0])(*call[1:])
        self.mark = len(dict.get(self.state, "history", None) or [])
        if self.record_replies:
            self.memory["replies"] = replies

    def begin_action(self) -> None:
        """A «Когда» step begins: the history mark and the replies kept start here. The mark is the harness's
        bookkeeping, not a read of the contract (a state without `history` gives 0), so it is read past the
        contract's recording view (`dict.get`)."""
        self.mark = len(dict.get(self.peek("history"), "history", None) or [])
        if self.record_replies:
            self.memory["replies"] = ()

    def replies(self) -> tuple[tuple[str | None, str | None, str | None], ...]:
        """(priority holder, pending kind, pending player) after each engine call since the last «Когда» step
        (kept only when `record_replies`)."""
        return tuple(self.memory.get("replies", ()))

    def declares(self, feature: str) -> bool:
        """Whether the engine declares a feature of the protocol (docs/PROTOCOL.md §5)."""
        return feature in (self.adapter.capabilities().get("features") or [])

    def run_check(self, name: str, check: Callable[[], None], args: dict[str, Any] | None = None) -> None:
        """Run the check `name` (a «Тогда» step function, called with `args`) — or, when it reads what the engine
        does not declare (`check_gate`: a feature of its STEP_NEEDS or STEP_PHRASE_NEEDS; an optional key of the
        contract the state lacks), do not: `not_run` says why, and the scenario goes on. A check that runs and
        fails raises, as before."""
        from harness.engines.contract import MissingKey

        self.not_run = self.check_gate(name, args or {}) if self.check_gate is not None else None
        if self.not_run:
            return
        try:
            check()
        except MissingKey as exc:
            self.not_run = str(exc)

    def require(self, capability: str, why: str) -> None:
        """Skip the scenario (status SKIP) when the engine does not declare an optional capability."""
        if capability not in self.adapter.capabilities().get("features", []):
            import pytest

            pytest.skip(f"the engine does not declare the capability '{capability}' ({why})")

    # -- readers
    def card(self, ref: str) -> dict:
        """A card by id, or by name when the name is unique on the board."""
        cards = self.peek("cards")["cards"]
        by_id = [c for c in cards if c["id"] == ref]
        if by_id:
            return by_id[0]
        named = [c for c in cards if c["name"] == ref]
        if len(named) == 1:
            return named[0]
        if not named:
            raise AssertionError(f"no card «{ref}» on the board (cards: {', '.join(c['id'] for c in cards)})")
        raise LookupError(f"«{ref}» is ambiguous ({', '.join(c['id'] for c in named)}): name the card by its id")

    def card_label(self, card_id: str) -> str:
        """How a scenario names a card: its name when unique on the board, else its id."""
        card = next(c for c in self.state["cards"] if c["id"] == card_id)
        same = [c for c in self.state["cards"] if c["name"] == card["name"]]
        return card["name"] if len(same) == 1 else card_id

    def history_since_mark(self) -> list[dict]:
        return self.state["history"][self.mark:]

    def ability_ref(self, ref: str) -> tuple[str, str]:
        """'Мститель: при гибели вашего существа' → (card id, ability key)."""
        if ":" not in ref:
            raise LookupError(f"an ability is named «карта: ключ особенности», got «{ref}»")
        card, key = (part.strip() for part in ref.split(":", 1))
        return self.card(card)["id"], key

    def option_label(self, option: dict) -> str:
        """A declare_trigger option as a scenario names it: «карта: ключ» (+ « (точка)» for trigger points)."""
        label = f"{self.card_label(option['card'])}: {option['ability']}"
        same = [o for o in (self.state.get("pending") or {}).get("options", [])
                if o and o["card"] == option["card"] and o["ability"] == option["ability"]]
        if len(same) > 1 and option.get("subject"):
            label += f" ({self.card_label(option['subject'])})"
        return label

    def pending(self, kind: str, player: str) -> dict:
        p = self.state.get("pending")
        if not p or p["kind"] != kind or p["player"] != player:
            raise AssertionError(f"expected a pending {kind} decision for player {player}, the engine has {p!r}")
        return p
