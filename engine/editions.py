"""Edition profiles: one object per edition holds everything that differs between the two games.

Nothing else in the engine asks "which edition is this?" with an `if`; it asks the profile.
"""

from __future__ import annotations

from dataclasses import dataclass

GRID_COLUMNS = "abcde"      # the classic battlefield: 5 columns (ASM classic-grid)
GRID_ROWS = 6               # … by 6 rows, three for each player


@dataclass(frozen=True)
class Edition:
    name: str
    title: str
    stack_name: str            # what the rules call the stack: «стек» (classic) / «Очередь» (heroes)
    ability_word: str          # «особенность» (classic) / «способность» (heroes)
    has_grid: bool             # classic: a 5×6 battlefield of cells; heroes: no grid
    columns: str               # column letters of the grid ("" without a grid)
    rows: int                  # number of rows of the grid (0 without a grid)
    payment: str               # "after" (classic 503.1.b3) or "before" (heroes 113.3.dup2)
    once_per_turn_triggers: bool   # heroes 113.4.p1: each triggered ability at most once per turn
    optional_triggers: bool        # heroes 113.4: «может…» triggers may be left undeclared
    trigger_order_reading: str  # the reading group deciding who puts simultaneous triggers first (engine/readings.py)
    queue_reading: str | None   # the reading group deciding the order the stack/Queue is executed in (None: LIFO)
    activation_reading: str | None  # the reading group deciding when an activated ability may be declared (None:
    #                                 the Choice phase of the player's own turn, heroes 114.1.p1)
    before_events: tuple[str, ...]  # what a «До [текст]» trigger (113.2) can precede: the trigger events fired
                                    # at a declaration (ASM trigger-word-do, heroes-before-ability, do-any-action)
    loses_without_creatures: bool = False   # classic 503.1.b18
    # a replacing ability generates a game action (classic 536.1.1) that goes on top of the stack (536.2.a);
    # heroes: a static «не объявляется, не выполняется и не использует Очередь» (heroes 115.1.p1, 115.3), and its
    # replacement applies at once (ASM replacement-general)
    replacement_generates: bool = False
    # «После [текст]» fires after the payment of [текст] (classic 113.3; ASM after-needs-payment) or, in heroes,
    # whose text ties «После» to no payment, once [текст] has been executed (ASM heroes-after-execution)
    after_needs_payment: bool = False

    def cells(self) -> list[str]:
        return [f"{c}{r}" for r in range(1, self.rows + 1) for c in self.columns]

    def is_cell(self, cell: str) -> bool:
        return self.has_grid and len(cell) >= 2 and cell[0] in self.columns and cell[1:].isdigit() \
            and 1 <= int(cell[1:]) <= self.rows

    def coords(self, cell: str) -> tuple[int, int]:
        return self.columns.index(cell[0]), int(cell[1:])

    def orthogonal(self, a: str, b: str) -> bool:
        """Movement goes to an orthogonally neighbouring cell (cards.md)."""
        (ax, ay), (bx, by) = self.coords(a), self.coords(b)
        return abs(ax - bx) + abs(ay - by) == 1

    def home_rows(self, player_index: int) -> range:
        """The three rows of a player's half, counted from his edge of the battlefield: the first player rows
        1, 2, 3, the second 6, 5, 4 (ASM classic-grid; ASM flying-return: «ряды от его края»)."""
        half = self.rows // 2
        return range(1, half + 1) if player_index == 0 else range(self.rows, half, -1)

    def adjacent(self, a: str, b: str) -> bool:
        """Cards «стоят рядом» when their cells touch, diagonals included (cards.md; ASM classic-grid)."""
        (ax, ay), (bx, by) = self.coords(a), self.coords(b)
        return a != b and max(abs(ax - bx), abs(ay - by)) == 1


CLASSIC = Edition(
    name="classic", title="Берсерк", stack_name="стек", ability_word="особенность",
    has_grid=True, columns=GRID_COLUMNS, rows=GRID_ROWS, payment="after",
    once_per_turn_triggers=False, optional_triggers=False,
    trigger_order_reading="classic-trigger-order",   # ASM classic-trigger-order: the corpus is silent
    queue_reading=None,                # ASM stack-lifo
    activation_reading="classic-activation",   # ASM classic-activation: the classic corpus is silent
    # ASM trigger-word-do, do-any-action: «До» an attack (simple or generated), an ability (activated, triggered or
    # generated; a spell, a воздействие), a move, a card played
    before_events=("attack", "ability_executed", "moved", "played"),
    loses_without_creatures=True,
    replacement_generates=True,       # classic 536.1.1, 536.2.a
    after_needs_payment=True,         # classic 113.3
)

HEROES = Edition(
    name="heroes", title="Берсерк. Герои", stack_name="Очередь", ability_word="способность",
    has_grid=False, columns="", rows=0, payment="before",
    once_per_turn_triggers=True, optional_triggers=True,
    trigger_order_reading="heroes-trigger-order",    # ASM heroes-trigger-order: published heroes ruling
    queue_reading="heroes-queue",      # ASM heroes-queue-lifo: the excerpt never says (readings lifo, fifo)
    activation_reading=None,           # heroes 114.1.p1: «только в фазу Выбора Основного этапа его хода»
    # ASM heroes-before-ability, do-any-action: no simple strike and no grid to move on: «До выполнения
    # способности» (activated, triggered or generated), «До розыгрыша» a card
    before_events=("ability_executed", "played"),
)

EDITIONS: dict[str, Edition] = {e.name: e for e in (CLASSIC, HEROES)}
EDITION_NAMES = tuple(EDITIONS)
