"""The mutation operators of the mechanical mutants: cosmic-ray's, and the few the rules need that it lacks.

cosmic-ray (a well-kept mutation tool; operators on parso trees, each an `Operator` with
`mutation_positions(node)` and `mutate(node, index)`) gives the generic ones; `OPERATORS` picks those that make
sense on rules code (comparisons at their boundary and negated, `+`/`-`, set union/intersection, `and`/`or`,
`not`, `True`/`False`, numbers ±1, a `for` loop run zero times, `break`/`continue`, an `except` that catches
nothing). Left out: cosmic-ray's every-to-every binary operator swaps (`+` → `**`, `<<`, …: crashes, not
misreadings), `RemoveDecorator` (a decorator is structure, and a code swap cannot remove one) and the variable
replacers (random).

The rule operators, written on cosmic-ray's `Operator` API so the same machinery enumerates and applies them:

* `OwnerController` — the card's owner and its controller confused: ``X.owner`` ↔ ``X.base_controller``, and
  ``self.controller(X)`` → ``X.owner``;
* `ActivePlayer` — the active player and the other one confused, and so one's own turn and the opponent's:
  ``self.active`` → ``self.opponent(self.active)`` (where it is read), and ``self.opponent(X)`` → ``X``;
* `Membership` — ``in`` ↔ ``not in`` (cosmic-ray's comparisons have no membership tests; rules code is full
  of them: «is the card in play», «is the player among …»).

cosmic-ray's comparison swaps give the thresholds (`<` ↔ `<=`, `>` ↔ `>=`) the rules need.
"""

from __future__ import annotations

import functools
from typing import Any

import parso
import parso.python.tree as tree
from cosmic_ray.operators.operator import Example, Operator

# cosmic-ray's operators used (their provider's names, without the «core/» prefix)
COSMIC_RAY = (
    "ReplaceComparisonOperator_Eq_NotEq", "ReplaceComparisonOperator_NotEq_Eq",
    "ReplaceComparisonOperator_Lt_LtE", "ReplaceComparisonOperator_LtE_Lt",
    "ReplaceComparisonOperator_Gt_GtE", "ReplaceComparisonOperator_GtE_Gt",
    "ReplaceComparisonOperator_Is_IsNot", "ReplaceComparisonOperator_IsNot_Is",
    "ReplaceBinaryOperator_Add_Sub", "ReplaceBinaryOperator_Sub_Add",
    "ReplaceBinaryOperator_BitOr_BitAnd", "ReplaceBinaryOperator_BitAnd_BitOr",
    "ReplaceUnaryOperator_Delete_Not", "ReplaceUnaryOperator_USub_UAdd",
    "AddNot", "ReplaceTrueWithFalse", "ReplaceFalseWithTrue", "ReplaceAndWithOr", "ReplaceOrWithAnd",
    "ReplaceBreakWithContinue", "ReplaceContinueWithBreak",
    "NumberReplacer", "ZeroIterationForLoop", "ExceptionReplacer",
)


def _expr(code: str, prefix: str) -> Any:
    """A parso expression node for `code`, with `prefix` (the whitespace before the node it replaces)."""
    node = parso.parse(code).children[0]
    if node.type == "simple_stmt":
        node = node.children[0]
    node.get_first_leaf().prefix = prefix
    return node


def _call_of(node: Any, method: str) -> str | None:
    """``self.method(X)`` / ``game.method(X)`` (exactly: a name, the method, one call): the code of X."""
    if node.type != "atom_expr" or len(node.children) != 3:
        return None
    base, attr, call = node.children
    if base.type != "name" or base.value not in ("self", "game"):
        return None
    if attr.type != "trailer" or attr.children[0] != "." or attr.children[1].value != method:
        return None
    if call.type != "trailer" or call.children[0] != "(" or len(call.children) != 3:
        return None
    arg = call.children[1]
    if arg.type in ("arglist", "argument"):
        return None
    return arg.get_code().strip()


def _assigned(node: Any) -> bool:
    """`node` is the target of an assignment (``self.active = …``): not a read."""
    parent = node.parent
    if parent is not None and parent.type in ("expr_stmt", "annassign") and parent.children[0] is node:
        # ``x = …``, and ``x: T = …`` (parso: an expr_stmt whose second child is the annassign node)
        return len(parent.children) > 1 and (parent.children[1] in ("=", ":") or
                                             parent.children[1].type == "annassign") or parent.type == "annassign"
    return False


class OwnerController(Operator):
    """The owner and the controller of a card confused (``.owner`` ↔ ``.base_controller``,
    ``self.controller(X)`` → ``X.owner``)."""

    SWAP = {"owner": "base_controller", "base_controller": "owner"}

    def mutation_positions(self, node: Any) -> Any:
        if node.type == "trailer" and node.children[0] == "." and node.children[1].value in self.SWAP:
            yield node.start_pos, node.end_pos
        elif _call_of(node, "controller") is not None:
            yield node.start_pos, node.end_pos

    def mutate(self, node: Any, index: int) -> Any:
        if node.type == "trailer":
            name = node.children[1]
            node.children[1] = tree.Name(self.SWAP[name.value], name.start_pos, name.prefix)
            return node
        return _expr(f"({_call_of(node, 'controller')}).owner", node.get_first_leaf().prefix)

    @classmethod
    def examples(cls) -> Any:
        return (Example("c.owner == p", "c.base_controller == p"),
                Example("self.controller(c) == p", "(c).owner == p"))


class ActivePlayer(Operator):
    """The active player and the other one confused: ``self.active`` → ``self.opponent(self.active)``
    where it is read; ``self.opponent(X)`` → ``X``."""

    def mutation_positions(self, node: Any) -> Any:
        if node.type == "atom_expr" and len(node.children) == 2 and node.children[0].type == "name" \
                and node.children[0].value in ("self", "game") and node.children[1].type == "trailer" \
                and node.children[1].children[0] == "." and node.children[1].children[1].value == "active" \
                and not _assigned(node):
            yield node.start_pos, node.end_pos
        elif _call_of(node, "opponent") is not None:
            yield node.start_pos, node.end_pos

    def mutate(self, node: Any, index: int) -> Any:
        prefix = node.get_first_leaf().prefix
        arg = _call_of(node, "opponent")
        if arg is not None:
            return _expr(f"({arg})", prefix)
        base = node.children[0].value
        return _expr(f"{base}.opponent({base}.active)", prefix)

    @classmethod
    def examples(cls) -> Any:
        return (Example("p == self.active", "p == self.opponent(self.active)"),
                Example("self.opponent(p)", "(p)"),
                # an annotated assignment is no read (mutated, it would not even compile)
                Example("self.active: str = p\nq = self.active\n", "self.active: str = p\nq = self.opponent(self.active)\n"))


class Membership(Operator):
    """``in`` ↔ ``not in``."""

    def mutation_positions(self, node: Any) -> Any:
        if node.type == "comparison":
            for op in node.children[1::2]:
                if op.get_code().strip() in ("in", "not in"):
                    yield op.start_pos, op.end_pos

    def mutate(self, node: Any, index: int) -> Any:
        ops = [i for i, op in enumerate(node.children) if i % 2 == 1
               and op.get_code().strip() in ("in", "not in")]
        i = ops[index]
        to = "not in" if node.children[i].get_code().strip() == "in" else "in"
        node.children[i] = parso.parse(" " + to)
        return node

    @classmethod
    def examples(cls) -> Any:
        return (Example("x in y", "x not in y"), Example("x not in y", "x in y"))


RULES = {"OwnerController": OwnerController, "ActivePlayer": ActivePlayer, "Membership": Membership}


@functools.cache
def operators() -> list[tuple[str, Operator]]:
    """(name, operator instance) of every operator used: cosmic-ray's (from its plugin registry), then the
    rule operators (named ``rules/…``)."""
    from cosmic_ray.plugins import get_operator

    found = [(name, get_operator("core/" + name)()) for name in COSMIC_RAY]   # their names without «core/»
    return found + [("rules/" + name, cls()) for name, cls in RULES.items()]
