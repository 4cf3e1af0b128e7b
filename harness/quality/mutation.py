"""Suite strength: the scenarios against mutant engines, and the kill rate.

A suite that passes a wrong engine is worthless. The mutants (the package `harness/quality/mutants/`, one module per rules section) are the
reference engine with one plausible implementer's mistake each: subclasses of `engine.Game`, which can also
be served over the protocol (`python -m harness.quality.mutants NAME`). `run_mutants` plays the scenarios
against each of them through the runner (`harness.run.runner`: results in memory), a few at a time in
worker processes, by one of two routes:

* **in-process** (the default for a mutant that is a `Game` class, as the reference engine runs in `check`):
  the kit's pytest plugin gets an in-process adapter whose games are the mutant's (`InProcessMutant`), so
  no process is started and «в любом порядке» forks are searched rather than replayed;
* **protocol** (`route="protocol"`, `berserk-rules mutants --protocol`; the only route for an engine that is
  a process): `harness.run.runner.run_scenarios` with `--engine-cmd` (the machinery of `check --engine-cmd`).

A mutant is *killed* when some scenario does not end as expected (FAIL, ERROR, CRASH, TIMEOUT or an
unexpected pass), and *survives* when every scenario passes — a gap in the suite, to close with a scenario
that checks what the rule says. The reference engine by the same route is run too, as the control: when it
does not pass, the kill rate means nothing and the run is an error. (In-process, an engine that loops
forever hangs its worker: the protocol route has the time limits.)

`KILLS` declares, for every mutant, the scenarios that kill it (all of them, in the whole suite), named
``"<edition> [<scenario tag>]"`` (e.g. ``"classic [113.2.ex1-1]"``: the scenario of features/classic/
whose name starts with that tag). With ``declared=True`` each mutant runs only the scenarios of the units
those scenarios name (their most specific unit each), and must fail exactly the declared ones: the fast
check of tests/test_mutants.py. A full run reports killers missing from the table as a note;
`berserk-rules mutants --write-kills` rewrites the table from a full run (`write_kills`).

The command is `berserk-rules mutants` (harness/cli/mutants.py).
"""

from __future__ import annotations

import contextlib
import functools
import importlib
import json
import multiprocessing
import os
import shlex
import signal
import sys
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from harness.common import paths
from harness.common.safeio import atomic_write
from harness.run.runner import run_scenarios
from harness.suite.features import scan_features

REFERENCE = "reference"          # the control run's name: the reference engine over the protocol

# mutant → the scenarios that kill it (the whole suite; see the module docstring for the names)
KILLS: dict[str, tuple[str, ...]] = {
    "action-id-of-card": (
        "classic [113.1-140]", "classic [113.1-1411]", "classic [113.1-144]", "classic [113.1-147]",
        "classic [113.1-5]", "classic [113.2-10]", "classic [113.2-15]", "classic [113.2-17]",
        "classic [113.2-20]", "classic [113.2-2]", "classic [113.2-4]", "classic [113.2-70]",
        "classic [113.2.ex1-1]", "classic [113.2.ex1-4]", "classic [113.2.ex1-70]", "classic [113.2.p1-141]",
        "classic [113.2.p1-142]", "classic [113.2.p1-143]", "classic [113.2.p1-145]",
        "classic [113.2.p2-141]", "classic [113.2.p2-16]", "classic [113.2.p2-17]", "classic [113.2.p2-1]",
        "classic [113.2.p2-5]", "classic [113.3-140]", "classic [113.3-141]", "classic [113.3-142]",
        "classic [113.3-143]", "classic [113.3-145]", "classic [113.3-146]", "classic [113.3-1]",
        "classic [113.3-2]", "classic [113.3-3]", "classic [113.3-4]", "classic [113.3-6]",
        "classic [113.3-7]", "classic [503.1.b3-1]", "classic [503.1.b3-2]", "classic [503.1.b3-3]",
        "classic [503.1.p1-1]", "classic [503.1.p2-128]", "classic [536.1-1]", "classic [536.1.1-2]",
        "classic [536.1.1-4]", "classic [536.2.c-1]", "classic [536.4.ex1-1]", "classic [536.4.ex1-2]",
        "classic [536.5-1]", "classic [537.1.c-140]", "classic [537.1.e-140]", "classic [537.1.e-141]",
        "classic [537.1.e-2]", "classic [537.1.f-1]", "classic [537.1.f-2]", "classic [537.1.f-3]",
        "classic [537.2.ex1-11]", "classic [537.2.ex1-1]", "classic [537.2.ex1-7]", "heroes [113.2-4]",
        "heroes [113.2-8]", "heroes [113.3.dup2-1]",
    ),
    "activate-by-owner": ("classic [537.1.e-80]", "heroes [114.1.p1-8]", "heroes [114.1.p1-9]"),
    "activate-in-opponent-turn": ("heroes [114.1.p1-1]", "heroes [114.1.p1-5]"),
    "activate-outside-main": ("heroes [114.1.p1-6]", "heroes [114.1.p1-7]"),
    "activate-with-queue": ("heroes [114.1.p1-2]", "heroes [114.1.p1-4]"),
    "activated-limit-per-card": (
        "heroes [113.3.dup2.p1-4]", "heroes [113.3.dup2.p1-5]", "heroes [113.3.dup2.p1-7]",
        "heroes [113.3.dup2.p1-8]", "heroes [114.1-1002]",
    ),
    "activated-limit-per-name": (
        "heroes [113.2-4]", "heroes [113.3.dup2.p1-6]", "heroes [113.3.dup2.p1-7]",
        "heroes [113.3.dup2.p1-8]", "heroes [113.3.dup2.p1-93]", "heroes [113.4-1001]", "heroes [113.4.p1-5]",
        "heroes [113.4.p1-6]", "heroes [113.4.p1-91]", "heroes [113.7-1]", "heroes [114.1.p1-4]",
    ),
    "activation-cost-unchecked": (
        "heroes [113.2-10]", "heroes [113.3.dup2.p1-6]", "heroes [114.1-3]", "heroes [114.1-4]",
        "heroes [114.1.p1-8]", "heroes [114.1.p1-9]",
    ),
    "activation-without-will": (
        "heroes [113.2-1001]", "heroes [113.2-1002]", "heroes [113.2-1003]", "heroes [113.2-1004]",
        "heroes [113.2-1006]", "heroes [113.2-10]", "heroes [113.2-11]", "heroes [113.2-12]",
        "heroes [113.2-13]", "heroes [113.2-4]", "heroes [113.2-5]", "heroes [113.2-8]",
        "heroes [113.2.ex1-4]", "heroes [113.2.ex1-5]", "heroes [113.3-2]", "heroes [113.3-3]",
        "heroes [113.3.dup2-1]", "heroes [113.3.dup2.p1-1]", "heroes [113.3.dup2.p1-2]",
        "heroes [113.3.dup2.p1-3]", "heroes [113.3.dup2.p1-4]", "heroes [113.3.dup2.p1-5]",
        "heroes [113.3.dup2.p1-6]", "heroes [113.3.dup2.p1-7]", "heroes [113.3.dup2.p1-8]",
        "heroes [113.3.dup2.p1-90]", "heroes [113.3.dup2.p1-91]", "heroes [113.3.dup2.p1-92]",
        "heroes [113.3.dup2.p1-93]", "heroes [113.4-1001]", "heroes [113.4.p1-3]", "heroes [113.4.p1-5]",
        "heroes [113.4.p1-6]", "heroes [113.4.p1-90]", "heroes [113.4.p1-91]", "heroes [113.7-1]",
        "heroes [114.1-1001]", "heroes [114.1-1002]", "heroes [114.1-1003]", "heroes [114.1-1]",
        "heroes [114.1-2]", "heroes [114.1-3]", "heroes [114.1-4]", "heroes [114.1-5]", "heroes [114.1.p1-2]",
        "heroes [114.1.p1-3]", "heroes [114.1.p1-4]", "heroes [114.1.p1-5]", "heroes [114.1.p1-6]",
        "heroes [114.1.p1-7]", "heroes [114.1.p1-8]", "heroes [114.1.p1-9]", "heroes [115.1-100]",
        "heroes [115.1-2]", "heroes [115.1-3]", "heroes [115.1-4]", "heroes [115.1-5]", "heroes [115.1-6]",
        "heroes [115.1-71]", "heroes [115.1-90]", "heroes [115.1-9]", "heroes [115.1.p1-1001]",
        "heroes [115.1.p1-1]", "heroes [115.1.p1-3]", "heroes [115.1.p1-4]", "heroes [115.3-2]",
        "heroes [115.3-3]", "heroes [115.3-4]", "heroes [115.3-90]", "heroes [115.3-91]", "heroes [115.3-92]",
        "heroes [115.4-20]", "heroes [115.4-4]", "heroes [115.4-6]", "heroes [empty-stack-pass-2]",
    ),
    "active-player-never-loses": (
        "classic [503.1.b18-3]", "classic [503.1.b18-4]", "classic [503.1.ex1-128]", "classic [503.1.p2-127]",
        "classic [503.1.p2-128]",
    ),
    "after-as-at": (
        "classic [113.2.p2-141]", "classic [113.3-1401]", "classic [113.3-1402]", "classic [113.3-1403]",
        "classic [113.3-140]", "classic [113.3-141]", "classic [113.3-142]", "classic [113.3-143]",
        "classic [113.3-145]", "classic [113.3-1]", "classic [113.3-2]", "classic [113.3-3]",
        "classic [113.3-4]", "classic [113.3-5]", "classic [536.2.b-11]", "classic [536.4.ex1-3]",
        "heroes [113.2-1002]", "heroes [113.2-1003]", "heroes [113.2-5]",
    ),
    "after-without-payment": ("classic [113.2.p2-141]", "classic [113.3-3]", "classic [113.3-5]"),
    "all-targets-at-execution": (
        "classic [113.2.p2-16]", "classic [113.2.p2-17]", "classic [113.2.p2-3]", "classic [113.2.p2-4]",
    ),
    "all-targets-unfiltered": (
        "classic [113.2.p2-1402]", "classic [113.2.p2-16]", "classic [113.2.p2-17]", "classic [113.2.p2-1]",
        "classic [113.2.p2-5]", "classic [503.1.b3-1209]", "classic [503.1.b3-1210]", "classic [537.1.c-1]",
        "classic [protection-1403]",
    ),
    "at-least-as-above": (
        "classic [113.2.ex2-4]", "classic [113.2.ex2-5]", "classic [113.2.ex2-70]", "classic [113.2.p1-142]",
        "classic [113.2.p1-144]", "classic [113.2.p1-146]", "classic [113.2.p1-4]", "classic [113.3-141]",
        "classic [113.3-146]", "classic [113.3-7]",
    ),
    "at-most-as-below": (
        "classic [113.1-145]", "classic [113.1-4]", "classic [113.1-6]", "classic [113.2.ex1-2]",
        "classic [113.2.ex1-71]", "classic [113.2.ex1-72]", "heroes [113.2-1001]", "heroes [113.2-1003]",
        "heroes [113.2-4]",
    ),
    "at-most-off-by-one-up": (
        "classic [113.1-1412]", "classic [113.1-143]", "classic [113.1-2]", "classic [113.1-6]",
        "classic [503.1.b15-3]", "classic [537.1.e-1]", "classic [537.1.e-80]", "heroes [113.2-1001]",
        "heroes [113.2-1003]", "heroes [113.2-4]",
    ),
    "attack-trigger-needs-wounds": ("classic [113.2.p1-1]", "classic [113.3-3]"),
    "before-ability-as-at": (
        "classic [113.2-14]", "classic [113.2-16]", "classic [113.2-8]", "classic [113.2.p2-1401]",
        "classic [113.3-1401]", "heroes [113.2-1001]", "heroes [113.2-8]", "heroes [113.2-9]",
    ),
    "before-any-kind": (
        "classic [113.1-1207]", "classic [113.2-10]", "classic [113.2-11]", "classic [113.2-1402]",
        "classic [113.2-1404]", "classic [113.2-1407]", "classic [113.2-140]", "classic [113.2-141]",
        "classic [113.2-15]", "classic [113.2-17]", "classic [113.2-18]", "classic [113.2-28]",
        "classic [113.2-3]", "classic [113.2-7]", "classic [113.2.ex1-4]", "classic [113.2.p1-100]",
        "classic [113.2.p1-145]", "classic [113.3-1401]", "classic [503.1.b15-2]", "classic [536.4-1402]",
        "heroes [113.2-10]", "heroes [113.2-13]",
    ),
    "before-as-at": (
        "classic [113.1-1207]", "classic [113.2-10]", "classic [113.2-12]", "classic [113.2-1403]",
        "classic [113.2-1407]", "classic [113.2-140]", "classic [113.2-141]", "classic [113.2-14]",
        "classic [113.2-15]", "classic [113.2-16]", "classic [113.2-17]", "classic [113.2-18]",
        "classic [113.2-28]", "classic [113.2-3]", "classic [113.2-60]", "classic [113.2-7]",
        "classic [113.2-8]", "classic [113.2.ex1-4]", "classic [113.2.p1-100]", "classic [113.2.p1-145]",
        "classic [113.2.p2-1401]", "classic [113.3-1401]", "classic [503.1.b15-2]", "classic [536.4-1402]",
        "heroes [113.2-1001]", "heroes [113.2-11]", "heroes [113.2-8]", "heroes [113.2-9]",
    ),
    "before-generated-at-once": (
        "classic [113.1-1207]", "classic [113.2-1407]", "classic [113.2-140]", "classic [113.2-15]",
        "classic [113.2-16]", "classic [113.3-1401]", "classic [536.4-1402]",
    ),
    "before-ignores-yours": (
        "classic [113.2-13]", "classic [113.2-1404]", "classic [113.2-16]", "classic [113.2-9]",
        "classic [113.2.p2-1401]", "classic [113.3-1401]", "heroes [113.2-1001]", "heroes [113.2-12]",
    ),
    "before-not-held": (
        "classic [113.2-10]", "classic [113.2-12]", "classic [113.2-1403]", "classic [113.2-141]",
        "classic [113.2-60]", "heroes [113.2-11]",
    ),
    "before-not-shot": (
        "classic [113.2-17]", "classic [113.2-18]", "classic [113.2.ex1-4]", "classic [113.2.p1-100]",
        "classic [113.2.p1-145]",
    ),
    "before-only-attack": (
        "classic [113.1-1207]", "classic [113.2-10]", "classic [113.2-12]", "classic [113.2-1402]",
        "classic [113.2-1403]", "classic [113.2-1404]", "classic [113.2-1407]", "classic [113.2-140]",
        "classic [113.2-141]", "classic [113.2-14]", "classic [113.2-15]", "classic [113.2-16]",
        "classic [113.2-60]", "classic [113.2-8]", "classic [113.2.p2-1401]", "classic [113.3-1401]",
        "classic [536.4-1402]", "classic [537.1.c-141]", "heroes [113.2-1004]", "heroes [113.2-11]",
        "heroes [113.4.p1-90]",
    ),
    "before-removed-target-still-hit": ("classic [113.2-140]", "classic [113.2-28]", "classic [113.2-7]"),
    "blind1-activated-limit-never-reset": (
        "classic [classic-activated-repeat-4]", "heroes [113.3.dup2.p1-2]", "heroes [113.3.dup2.p1-90]",
        "heroes [113.3.dup2.p1-91]",
    ),
    "blind1-after-fires-unpaid": ("classic [113.2.p2-141]", "classic [113.3-3]", "classic [113.3-5]"),
    "blind1-all-at-resolution": (
        "classic [113.2.p2-16]", "classic [113.2.p2-17]", "classic [113.2.p2-3]", "classic [113.2.p2-4]",
    ),
    "blind1-all-includes-protected": ("classic [113.2.p2-11]", "classic [113.2.p2-80]"),
    "blind1-at-fires-at-declaration": (
        "classic [113.1-1201]", "classic [113.1-1211]", "classic [113.1-1212]", "classic [113.1-1213]",
        "classic [113.1-1214]", "classic [113.1-1410]", "classic [113.1-5]", "classic [113.2-1407]",
        "classic [113.2-19]", "classic [113.2-21]", "classic [113.2-22]", "classic [113.2-23]",
        "classic [113.2-24]", "classic [113.2-25]", "classic [113.2-26]", "classic [113.2-27]",
        "classic [113.2-29]", "classic [113.2.p1-100]", "classic [113.2.p1-1401]", "classic [113.2.p1-140]",
        "classic [113.2.p1-141]", "classic [113.2.p1-142]", "classic [113.2.p1-143]",
        "classic [113.2.p1-144]", "classic [113.2.p1-145]", "classic [113.2.p1-146]", "classic [113.2.p1-1]",
        "classic [113.2.p1-2]", "classic [113.2.p1-4]", "classic [113.2.p2-1401]", "classic [113.2.p2-140]",
        "classic [113.2.p2-141]", "classic [113.2.p2-16]", "classic [113.2.p2-17]", "classic [113.2.p2-1]",
        "classic [113.2.p2-2]", "classic [113.2.p2-3]", "classic [113.2.p2-4]", "classic [113.2.p2-5]",
        "classic [113.3-1401]", "classic [113.3-140]", "classic [113.3-142]", "classic [113.3-143]",
        "classic [113.3-145]", "classic [113.3-146]", "classic [113.3-1]", "classic [113.3-3]",
        "classic [113.3-4]", "classic [503.1.b19-100]", "classic [503.1.b3-2]", "classic [503.1.p2-128]",
        "classic [536.2-1]", "classic [536.2.b-1]", "classic [536.2.b-2]", "classic [536.2.c-1]",
        "classic [536.2.d-1]", "classic [536.4-5]", "classic [536.4.ex1-1]", "classic [536.4.ex1-2]",
        "classic [536.4.ex1-3]", "classic [536.5-1]", "classic [537.2.ex1-6]",
    ),
    "blind1-at-most-plus-one": (
        "classic [113.1-1412]", "classic [113.1-143]", "classic [113.1-2]", "classic [113.1-6]",
        "classic [503.1.b15-3]", "classic [537.1.e-1]", "classic [537.1.e-80]", "heroes [113.2-1001]",
        "heroes [113.2-1003]", "heroes [113.2-4]",
    ),
    "blind1-at-most-strict": (
        "classic [113.1-145]", "classic [113.1-4]", "classic [113.1-6]", "classic [113.2.ex1-2]",
        "classic [113.2.ex1-71]", "classic [113.2.ex1-72]", "heroes [113.2-1001]", "heroes [113.2-1003]",
        "heroes [113.2-4]",
    ),
    "blind1-attack-trigger-needs-wounds": ("classic [113.2.p1-1]", "classic [113.3-3]"),
    "blind1-attacked-controller-now": ("classic [537.1.e-81]", "classic [537.1.e-82]"),
    "blind1-battle-start-when-played": ("classic [503.1.b14-80]", "classic [503.1.b14-81]"),
    "blind1-before-at-execution": (
        "classic [113.1-1207]", "classic [113.2-10]", "classic [113.2-12]", "classic [113.2-1403]",
        "classic [113.2-1407]", "classic [113.2-140]", "classic [113.2-141]", "classic [113.2-14]",
        "classic [113.2-15]", "classic [113.2-16]", "classic [113.2-17]", "classic [113.2-18]",
        "classic [113.2-28]", "classic [113.2-3]", "classic [113.2-60]", "classic [113.2-7]",
        "classic [113.2-8]", "classic [113.2.ex1-4]", "classic [113.2.p1-100]", "classic [113.2.p1-145]",
        "classic [113.2.p2-1401]", "classic [113.3-1401]", "classic [503.1.b15-2]", "classic [536.4-1402]",
        "heroes [113.2-1001]", "heroes [113.2-11]", "heroes [113.2-8]", "heroes [113.2-9]",
    ),
    "blind1-classic-activated-once-a-turn": (
        "classic [113.1-1412]", "classic [503.1.b15-1201]", "classic [538.1-1401]",
        "classic [classic-activated-repeat-1401]", "classic [classic-activated-repeat-1402]",
        "classic [classic-activated-repeat-1403]", "classic [classic-activated-repeat-1]",
        "classic [classic-activated-repeat-2]", "classic [classic-activated-repeat-3]",
    ),
    "blind1-classic-inactive-declares-first": ("classic [113.2-5]", "classic [113.2-6]"),
    "blind1-classic-once-a-turn-ignored": (
        "classic [113.2-19]", "classic [113.2-25]", "classic [113.2-27]", "classic [113.2.ex1-71]",
        "classic [113.2.ex1-72]", "classic [classic-activated-repeat-4]",
        "classic [classic-activated-repeat-5]",
    ),
    "blind1-classic-replacement-at-once": (
        "classic [536.1.1-20]", "classic [536.1.1-2]", "classic [536.1.1-4]", "classic [536.1.1-7]",
        "classic [537.1.e-141]", "classic [538.1.b3-4]", "classic [538.2-80]", "classic [538.2-81]",
    ),
    "blind1-classic-triggers-once-a-turn": (
        "classic [113.1-1201]", "classic [113.1-1206]", "classic [113.1-1207]", "classic [113.1-1211]",
        "classic [113.1-1212]", "classic [113.1-1213]", "classic [113.1-1214]", "classic [113.1-1412]",
        "classic [113.1-142]", "classic [113.1-144]", "classic [113.2-1403]", "classic [113.2-1404]",
        "classic [113.2-1407]", "classic [113.2-142]", "classic [113.2-19]", "classic [113.2-20]",
        "classic [113.2-70]", "classic [113.2.ex2-70]", "classic [113.2.p1-1401]", "classic [113.2.p1-143]",
        "classic [113.2.p1-144]", "classic [113.2.p1-146]", "classic [113.2.p2-1401]",
        "classic [113.2.p2-141]", "classic [113.3-1401]", "classic [113.3-1402]", "classic [113.3-143]",
        "classic [113.3-145]", "classic [503.1.b5-80]", "classic [503.1.p2-128]", "classic [536.4-1402]",
        "classic [536.4.ex1-3]", "classic [538.1-1401]",
    ),
    "blind1-deaths-one-at-a-time": (
        "classic [503.1.b5-80]", "classic [503.1.b5-81]", "classic [503.1.ex1-128]", "classic [503.1.p2-127]",
        "classic [503.1.p2-128]",
    ),
    "blind1-declaration-records-owner": (
        "classic [536.5-140]", "classic [537.1.e-140]", "classic [537.1.e-141]", "classic [537.1.e-2]",
        "classic [537.1.e-80]",
    ),
    "blind1-decline-spends-limit": (
        "heroes [113.4-70]", "heroes [113.4.p1-5]", "heroes [113.4.p1-6]", "heroes [113.4.p1-70]",
    ),
    "blind1-effect-roll-unclamped": (
        "classic [503.1.b13-2]", "classic [503.1.b13-4]", "classic [503.1.b13-5]", "classic [503.1.b13-6]",
        "classic [503.1.ex1-128]", "classic [503.1.p2-127]", "classic [503.1.p2-128]",
    ),
    "blind1-enemy-by-owner": (
        "classic [537.2.ex1-11]", "classic [537.2.ex1-7]", "classic [537.2.ex1-8]", "classic [537.2.ex1-9]",
    ),
    "blind1-excess-counters-at-max": (
        "classic [503.1.b16-2]", "classic [503.1.b16-3]", "classic [503.1.b16-4]", "classic [503.1.b16-5]",
        "classic [503.1.ex1-128]", "classic [503.1.p2-127]", "classic [503.1.p2-128]",
    ),
    "blind1-excess-lives-at-max": (
        "classic [503.1.b16-1]", "classic [503.1.b16-2]", "classic [503.1.b16-5]", "classic [503.1.b16-6]",
        "classic [503.1.b16-7]", "classic [503.1.b16-8]", "classic [503.1.b6-2]", "classic [503.1.ex1-128]",
        "classic [503.1.p2-127]", "classic [503.1.p2-128]",
    ),
    "blind1-first-trigger-point-only": (
        "heroes [113.6-4]", "heroes [113.6.ex1-1]", "heroes [113.6.ex1-3]", "heroes [115.3-100]",
    ),
    "blind1-generated-allows-defender": (
        "classic [113.1-1201]", "classic [113.1-1207]", "classic [113.1-1212]", "classic [113.1-1213]",
        "classic [113.1-1214]", "classic [503.1.b3-2]", "classic [536.2-1]", "classic [536.2.b-1]",
        "classic [536.2.b-3]", "classic [536.2.b-5]", "classic [536.2.b-9]", "classic [536.2.c-1]",
        "classic [536.2.d-1]", "classic [536.4-5]", "classic [536.4.ex1-1]", "classic [536.4.ex1-2]",
        "classic [536.5-1]",
    ),
    "blind1-generated-attack-as-open": (
        "classic [113.1-1201]", "classic [113.1-1207]", "classic [113.1-1212]", "classic [113.1-1213]",
        "classic [113.1-1214]", "classic [113.1-1215]", "classic [113.1-1411]", "classic [113.2-15]",
        "classic [113.2.p1-140]", "classic [113.2.p1-144]", "classic [113.2.p1-146]", "classic [113.3-143]",
        "classic [503.1.b19-100]", "classic [503.1.b3-2]", "classic [503.1.p2-128]", "classic [536.1-1]",
        "classic [536.2-1]", "classic [536.2.b-3]", "classic [536.2.b-5]", "classic [536.2.b-9]",
        "classic [536.2.c-1]", "classic [536.2.d-1]", "classic [536.4-4]", "classic [536.4-5]",
        "classic [536.4.ex1-1]", "classic [536.4.ex1-2]", "classic [536.4.ex1-3]", "classic [536.5-140]",
        "classic [536.5-1]", "classic [536.5-2]", "classic [537.2-1402]",
    ),
    "blind1-generated-attack-by-generator": (
        "classic [113.1-1201]", "classic [113.1-1207]", "classic [113.1-1212]", "classic [113.1-1213]",
        "classic [113.1-1214]", "classic [113.1-1215]", "classic [113.1-1411]", "classic [113.2-1407]",
        "classic [113.2-15]", "classic [113.2.p1-140]", "classic [113.2.p1-144]", "classic [113.2.p1-146]",
        "classic [113.3-1401]", "classic [113.3-143]", "classic [503.1.b19-100]", "classic [503.1.b3-2]",
        "classic [503.1.p2-128]", "classic [536.1-1]", "classic [536.2-1]", "classic [536.2.a-1202]",
        "classic [536.2.b-1]", "classic [536.2.b-3]", "classic [536.2.b-5]", "classic [536.2.b-9]",
        "classic [536.2.c-1]", "classic [536.2.d-1]", "classic [536.4-1402]", "classic [536.4-3]",
        "classic [536.4-4]", "classic [536.4-5]", "classic [536.4-6]", "classic [536.4.ex1-1]",
        "classic [536.4.ex1-2]", "classic [536.4.ex1-3]", "classic [536.5-140]", "classic [536.5-1]",
        "classic [536.5-2]", "classic [537.2-1402]",
    ),
    "blind1-generated-attack-paid": (
        "classic [113.1-1201]", "classic [113.1-1207]", "classic [113.1-1212]", "classic [113.1-1213]",
        "classic [113.1-1214]", "classic [113.1-1411]", "classic [113.2-1407]", "classic [113.2.p1-144]",
        "classic [113.2.p1-146]", "classic [113.3-1401]", "classic [113.3-143]", "classic [503.1.b19-100]",
        "classic [503.1.p2-128]", "classic [536.1-1]", "classic [536.2-1]", "classic [536.2.c-1]",
        "classic [536.4-1402]", "classic [536.4-4]", "classic [536.4.ex1-3]",
    ),
    "blind1-generated-no-at-triggers": (
        "classic [113.1-1201]", "classic [113.1-1212]", "classic [113.1-1213]", "classic [113.1-1214]",
        "classic [113.2-1407]", "classic [113.2.p1-140]", "classic [113.2.p1-144]", "classic [113.2.p1-146]",
        "classic [113.3-1401]", "classic [113.3-143]", "classic [503.1.b19-100]", "classic [503.1.p2-128]",
        "classic [536.4.ex1-1]", "classic [536.4.ex1-2]", "classic [536.4.ex1-3]",
    ),
    "blind1-generated-no-before": (
        "classic [113.1-1207]", "classic [113.2-1407]", "classic [113.2-140]", "classic [113.2-15]",
        "classic [113.2-16]", "classic [113.3-1401]", "classic [536.4-1402]",
    ),
    "blind1-generating-unpaid": (
        "classic [113.2-140]", "classic [113.2-15]", "classic [113.2-16]", "classic [503.1.b3-2]",
        "classic [536.1-1]", "classic [536.2-1]", "classic [536.2.b-6]", "classic [536.2.c-1]",
        "classic [536.2.d-1]", "classic [536.4-5]", "classic [536.4-6]", "classic [536.4.ex1-1]",
        "classic [536.4.ex1-3]", "classic [536.5-140]", "classic [536.5-2]", "classic [537.1.e-140]",
    ),
    "blind1-generator-goes-on-first": ("classic [113.2-140]", "classic [536.2-1]", "classic [536.2.c-1]"),
    "blind1-heal-more-than-two": (
        "classic [113.2.ex2-4]", "classic [113.2.ex2-5]", "classic [113.2.ex2-70]", "classic [113.3-7]",
    ),
    "blind1-heroes-activate-in-opponents-turn": ("heroes [114.1.p1-1]", "heroes [114.1.p1-5]"),
    "blind1-heroes-activate-on-queue": ("heroes [114.1.p1-2]", "heroes [114.1.p1-4]"),
    "blind1-heroes-activated-unlimited": (
        "heroes [113.3.dup2.p1-1]", "heroes [113.3.dup2.p1-3]", "heroes [113.3.dup2.p1-4]",
        "heroes [113.3.dup2.p1-5]", "heroes [113.3.dup2.p1-7]", "heroes [113.3.dup2.p1-8]",
        "heroes [113.3.dup2.p1-90]", "heroes [113.3.dup2.p1-92]", "heroes [113.3.dup2.p1-93]",
    ),
    "blind1-heroes-active-declares-first": (
        "heroes [113.2-3]", "heroes [113.2-7]", "heroes [113.4-140]", "heroes [113.4-3]",
    ),
    "blind1-heroes-loses-without-creatures": (
        "classic [503.1.ex1-128]", "classic [503.1.p2-127]", "classic [503.1.p2-128]",
        "heroes [113.2.ex1-70]", "heroes [113.3.dup2.p1-7]", "heroes [113.3.dup2.p1-8]",
        "heroes [113.3.dup2.p1-90]", "heroes [115.3-1]", "heroes [115.4-4]", "heroes [115.4-5]",
    ),
    "blind1-heroes-pays-after": (
        "heroes [113.3.dup2-1]", "heroes [114.1-1]", "heroes [114.1-3]", "heroes [114.1-4]",
        "heroes [114.1.p1-2]", "heroes [114.1.p1-4]", "heroes [115.1-3]", "heroes [115.1-6]",
    ),
    "blind1-heroes-replacement-stacked": ("heroes [115.3-2]", "heroes [115.3-92]"),
    "blind1-heroes-triggers-unlimited": (
        "heroes [113.4.p1-1]", "heroes [113.4.p1-2]", "heroes [113.4.p1-70]", "heroes [113.4.p1-90]",
        "heroes [113.4.p1-91]",
    ),
    "blind1-host-left-squad": (
        "classic [503.1.b8-5]", "classic [503.1.b8-94]", "classic [503.1.ex1-128]", "classic [503.1.p2-127]",
        "classic [503.1.p2-128]",
    ),
    "blind1-identity-lost-in-graveyard": (
        "classic [537.1.f-2]", "classic [537.1.f-3]", "classic [537.2-81]", "classic [537.2.ex1-11]",
        "classic [537.2.ex1-1]", "classic [537.2.ex1-7]", "classic [537.4-2]", "classic [537.4-80]",
    ),
    "blind1-identity-survives-deck": ("classic [537.4-3]", "classic [537.4-4]"),
    "blind1-illegal-declaration-spends-limit": (
        "heroes [113.7-1]", "heroes [113.7.ex1-1]", "heroes [113.7.ex1-2]",
    ),
    "blind1-in-your-turn-dropped": (
        "classic [113.1-1202]", "classic [113.1-1204]", "classic [113.1-1205]", "classic [113.1-1209]",
        "classic [113.1-1210]", "classic [113.2-1401]", "classic [113.2-1]", "classic [113.2-30]",
        "classic [113.2-31]", "classic [113.2.p1-140]", "classic [113.2.p1-144]", "classic [113.2.p2-1402]",
        "classic [113.2.p2-16]", "classic [503.1.b11-130]", "heroes [113.1-2]", "heroes [113.2-6]",
        "heroes [113.2.ex1-2]",
    ),
    "blind1-last-trigger-point-only": ("heroes [113.6-4]", "heroes [113.6.ex1-3]", "heroes [115.3-100]"),
    "blind1-lethal-ignores-additional": (
        "classic [503.1.b5-3]", "classic [503.1.b5-94]", "classic [503.1.ex1-128]", "classic [503.1.p2-127]",
        "classic [503.1.p2-128]",
    ),
    "blind1-limit-reset-on-reentry": ("heroes [113.4.p1-90]", "heroes [113.4.p1-91]"),
    "blind1-lives-cancel-all": (
        "classic [503.1.b6-124]", "classic [503.1.b6-1]", "classic [503.1.b6-3]", "classic [503.1.ex1-128]",
        "classic [503.1.p2-127]", "classic [503.1.p2-128]",
    ),
    "blind1-loop-cut-after-repeat": (
        "classic [503.1.ex1-128]", "classic [503.1.ex1-1]", "classic [503.1.p2-127]",
        "classic [503.1.p2-128]", "classic [503.1.p2-1]", "classic [503.1.p2-2]", "classic [503.1.p2-3]",
        "classic [503.1.p2-80]",
    ),
    "blind1-loop-cut-stops-everything": (
        "classic [503.1.ex1-128]", "classic [503.1.ex1-1]", "classic [503.1.p2-127]",
        "classic [503.1.p2-128]", "classic [503.1.p2-1]", "classic [503.1.p2-2]", "classic [503.1.p2-3]",
        "classic [503.1.p2-80]",
    ),
    "blind1-loses-battlefield-only": (
        "classic [503.1.b10-1]", "classic [503.1.b18-94]", "classic [503.1.ex1-128]",
        "classic [503.1.p2-127]", "classic [503.1.p2-128]",
    ),
    "blind1-mandatory-may-decline": (
        "heroes [113.2-1001]", "heroes [113.2-1002]", "heroes [113.2-1003]", "heroes [113.2-1005]",
        "heroes [113.2-11]", "heroes [113.2-1]", "heroes [113.2-3]", "heroes [113.2-4]", "heroes [113.2-5]",
        "heroes [113.2-6]", "heroes [113.2-7]", "heroes [113.2-8]", "heroes [113.2-9]",
        "heroes [113.2.ex1-4]", "heroes [113.2.ex1-5]", "heroes [113.2.ex1-70]", "heroes [113.3-1]",
        "heroes [113.3-2]", "heroes [113.3-3]", "heroes [113.4-3]", "heroes [113.4.p1-2]",
        "heroes [113.4.p1-3]", "heroes [113.4.p1-91]", "heroes [113.6.ex1-1]", "heroes [113.7-1]",
        "heroes [113.7.ex1-1]", "heroes [113.7.ex1-2]",
    ),
    "blind1-movement-owners-cards": (
        "classic [503.1.b12-70]", "classic [503.1.b2-2]", "classic [503.1.b2-3]", "classic [503.1.b2-70]",
    ),
    "blind1-no-previous-turn-not-moved": ("classic [537.3-2]", "classic [537.3.ex1-1]"),
    "blind1-no-shuffle-after-return": (
        "classic [503.1.b11-123]", "classic [503.1.b11-1]", "classic [503.1.b11-2]", "classic [503.1.b11-4]",
        "classic [503.1.b11-5]", "classic [503.1.b11-70]", "classic [503.1.b15-6]", "classic [503.1.b17-122]",
        "classic [503.1.b8-4]",
    ),
    "blind1-opens-owners-cards": (
        "classic [503.1.b12-70]", "classic [503.1.b2-2]", "classic [503.1.b2-3]", "classic [503.1.b2-70]",
        "classic [537.1.e-80]",
    ),
    "blind1-partial-execution-fires": ("classic [113.2.p2-3]", "classic [113.2.p2-4]"),
    "blind1-participle-condition-at-declaration": ("classic [538.1.b2-2]", "classic [538.1.b2-3]"),
    "blind1-participle-effect1-despite-replacement": (
        "classic [538.1.b3-1]", "classic [538.1.b3-3]", "classic [538.1.b3-4]", "classic [538.1.b3-5]",
        "classic [538.2-80]", "classic [538.2-81]",
    ),
    "blind1-participle-effect1-replaceable": ("classic [538.1.b4-2]", "classic [538.1.b4-3]"),
    "blind1-participle-no-extra-targets": (
        "classic [536.1.1-1]", "classic [538.1.b1-1]", "classic [538.1.b1-2]", "classic [538.1.b1-3]",
        "classic [538.1.b2-2]", "classic [538.1.b3-1]", "classic [538.1.b3-2]", "classic [538.1.b3-3]",
        "classic [538.1.b3-4]", "classic [538.1.b3-5]", "classic [538.1.b4-1]", "classic [538.1.b4-2]",
        "classic [538.1.b4-3]", "classic [538.2-1]", "classic [538.2-2]", "classic [538.2-80]",
        "classic [538.2-81]", "classic [538.3-2]", "classic [538.3.ex1-1]", "classic [538.3.ex1-2]",
        "classic [538.3.ex1-4]", "classic [538.3.ex1-5]", "classic [538.3.ex1-6]",
    ),
    "blind1-participle-rule-effects-at-once": ("classic [538.2-80]", "classic [538.2-81]"),
    "blind1-previous-turn-is-own": (
        "classic [537.2.ex2-1]", "classic [537.2.ex2-2]", "classic [537.3-4]", "classic [537.3-5]",
        "classic [537.3-6]",
    ),
    "blind1-priority-to-entry-controller": (
        "classic [113.1-1201]", "classic [113.1-1206]", "classic [113.1-1212]", "classic [113.1-1213]",
        "classic [113.1-1214]", "classic [113.1-144]", "classic [113.1-145]", "classic [113.2-1405]",
        "classic [113.2-1407]", "classic [113.2-20]", "classic [113.2-25]", "classic [113.2-26]",
        "classic [113.2-2]", "classic [113.2-70]", "classic [113.2.ex1-72]", "classic [113.2.p1-143]",
        "classic [113.2.p1-144]", "classic [113.2.p1-145]", "classic [113.2.p1-146]", "classic [113.3-1401]",
        "classic [113.3-143]", "classic [503.1.b15-3]", "classic [503.1.p2-128]", "classic [536.4.ex1-1]",
        "classic [536.4.ex1-3]", "classic [537.1.e-2]", "classic [537.1.e-80]", "classic [537.2-70]",
        "classic [537.2-71]", "classic [537.2.ex2-1]", "classic [537.2.ex2-2]", "classic [537.2.ex2-3]",
        "classic [538.1.b2-1]", "heroes [113.2-1001]", "heroes [113.2-1003]", "heroes [113.4.p1-4]",
        "heroes [113.4.p1-70]",
    ),
    "blind1-resources-at-payment-only": ("classic [537.1-1]", "classic [537.1.d-1]"),
    "blind1-static-order-latest-first": (
        "heroes [115.4-1]", "heroes [115.4-2]", "heroes [115.4-3]", "heroes [115.4-4]", "heroes [115.4-5]",
        "heroes [115.4-6]",
    ),
    "blind1-static-respects-protection": ("heroes [115.1-101]", "heroes [115.1.p1-2]", "heroes [115.1.p1-3]"),
    "blind1-static-segment-every-turn": ("heroes [115.1-7]", "heroes [115.1-8]"),
    "blind1-static-segment-whole-game": ("heroes [115.1-7]", "heroes [115.1-8]"),
    "blind1-static-yours-by-owner": ("heroes [115.1-70]", "heroes [115.1-71]"),
    "blind1-strike-roll-clamped": ("classic [503.1.b13-1]", "classic [503.1.b13-3]"),
    "blind1-subject-by-owner": ("classic [113.2.ex1-70]", "heroes [113.2.ex1-70]"),
    "blind1-substitution-sticky": (
        "classic [503.1.b19-1]", "classic [503.1.b19-94]", "classic [503.1.ex1-128]",
        "classic [503.1.p2-127]", "classic [503.1.p2-128]",
    ),
    "blind1-this-turn-any-turn": ("classic [537.2-70]", "classic [537.2-71]"),
    "blind1-trigger-declarer-at-firing": (
        "classic [113.2.ex1-1]", "classic [113.2.ex1-4]", "classic [537.1.c-140]", "classic [537.1.f-1]",
    ),
    "blind1-trigger-declarer-owner": (
        "classic [113.2-29]", "classic [503.1.b15-7]", "classic [537.1.e-2]", "heroes [113.2.ex1-4]",
        "heroes [113.2.ex1-5]", "heroes [113.3-140]",
    ),
    "blind1-trigger-limit-never-reset": (
        "classic [113.2-21]", "classic [113.2-22]", "classic [113.2-26]", "heroes [113.4.p1-2]",
        "heroes [113.4.p1-3]", "heroes [113.4.p1-4]",
    ),
    "blind1-trigger-parent-dropped": (
        "classic [113.1-5]", "classic [113.2-10]", "classic [113.2-15]", "classic [113.2-17]",
        "classic [113.2-1]", "classic [113.2-8]", "classic [113.2.p1-141]", "classic [113.2.p1-142]",
        "classic [113.2.p1-143]", "classic [113.2.p1-145]", "classic [113.2.p2-141]", "classic [113.2.p2-16]",
        "classic [113.2.p2-17]", "classic [113.2.p2-1]", "classic [113.2.p2-5]", "classic [113.3-140]",
        "classic [113.3-141]", "classic [113.3-142]", "classic [113.3-143]", "classic [113.3-145]",
        "classic [113.3-146]", "classic [113.3-1]", "classic [113.3-2]", "classic [113.3-3]",
        "classic [113.3-4]", "classic [113.3-6]", "classic [113.3-7]", "classic [503.1.p2-128]",
        "classic [536.4.ex1-2]", "classic [537.1.f-1]", "classic [538.3-2]", "heroes [113.2-11]",
        "heroes [113.2-4]", "heroes [113.2-6]", "heroes [113.2-8]",
    ),
    "blind1-triggers-in-firing-order": (
        "classic [113.1-1209]", "classic [113.1-1411]", "classic [113.1-144]", "classic [113.2-19]",
        "classic [113.2.p1-141]", "classic [113.2.p1-142]", "classic [113.2.p1-144]",
        "classic [113.2.p2-1401]", "classic [113.2.p2-1402]", "classic [113.2.p2-141]",
        "classic [113.2.p2-16]", "classic [113.2.p2-2]", "classic [113.2.p2-3]", "classic [113.2.p2-4]",
        "classic [113.3-1401]", "classic [113.3-1402]", "classic [113.3-143]", "classic [113.3-145]",
        "classic [536.4.ex1-2]", "classic [537.2.ex2-1]", "classic [538.1.b2-2]", "classic [538.3.ex1-1]",
        "classic [538.3.ex1-2]", "heroes [113.3-2]", "heroes [113.3-3]", "heroes [113.4.p1-1]",
        "heroes [113.4.p1-2]", "heroes [113.6-4]", "heroes [113.6.ex1-3]", "heroes [113.7.ex1-2]",
        "heroes [115.3-100]",
    ),
    "blind1-triggers-wait-empty-stack": (
        "classic [113.1-1202]", "classic [113.1-1206]", "classic [113.1-1207]", "classic [113.1-1209]",
        "classic [113.1-1411]", "classic [113.1-144]", "classic [113.2-10]", "classic [113.2-12]",
        "classic [113.2-1402]", "classic [113.2-1403]", "classic [113.2-1404]", "classic [113.2-1407]",
        "classic [113.2-140]", "classic [113.2-141]", "classic [113.2-142]", "classic [113.2-14]",
        "classic [113.2-15]", "classic [113.2-16]", "classic [113.2-17]", "classic [113.2-18]",
        "classic [113.2-19]", "classic [113.2-21]", "classic [113.2-22]", "classic [113.2-28]",
        "classic [113.2-2]", "classic [113.2-3]", "classic [113.2-4]", "classic [113.2-5]",
        "classic [113.2-6]", "classic [113.2-7]", "classic [113.2-8]", "classic [113.2.ex1-4]",
        "classic [113.2.p1-100]", "classic [113.2.p1-141]", "classic [113.2.p1-142]",
        "classic [113.2.p1-144]", "classic [113.2.p1-145]", "classic [113.2.p2-1401]",
        "classic [113.2.p2-1402]", "classic [113.2.p2-1403]", "classic [113.2.p2-141]",
        "classic [113.2.p2-16]", "classic [113.2.p2-17]", "classic [113.2.p2-2]", "classic [113.2.p2-3]",
        "classic [113.2.p2-4]", "classic [113.3-1401]", "classic [113.3-1402]", "classic [113.3-142]",
        "classic [113.3-143]", "classic [113.3-145]", "classic [113.3-1]", "classic [113.3-4]",
        "classic [503.1.b15-2]", "classic [503.1.b5-80]", "classic [536.4-1402]", "classic [537.1.c-141]",
        "classic [537.2.ex2-1]", "classic [538.1.b1-100]", "classic [538.1.b2-2]", "classic [538.1.b2-3]",
        "classic [538.3.ex1-1]", "classic [538.3.ex1-2]", "classic [538.3.ex1-4]", "classic [538.3.ex1-5]",
        "heroes [113.2-1001]", "heroes [113.2-1004]", "heroes [113.2-11]", "heroes [113.2-3]",
        "heroes [113.2-7]", "heroes [113.2-8]", "heroes [113.2-9]", "heroes [113.3-2]", "heroes [113.3-3]",
        "heroes [113.4.p1-1]", "heroes [113.4.p1-2]", "heroes [113.4.p1-90]", "heroes [113.7.ex1-1]",
        "heroes [113.7.ex1-2]",
    ),
    "blind1-uniqueness-by-owner": (
        "classic [503.1.b11-4]", "classic [503.1.b11-5]", "classic [503.1.b11-70]", "classic [503.1.b11-71]",
        "classic [503.1.ex1-128]", "classic [503.1.p2-127]", "classic [503.1.p2-128]",
    ),
    "blind1-your-is-owner": (
        "classic [113.2.ex1-1]", "classic [113.2.ex1-4]", "classic [537.1.c-140]", "classic [537.1.e-2]",
        "classic [537.1.f-1]", "heroes [113.2.ex1-4]", "heroes [113.2.ex1-5]",
    ),
    "blind1-your-turn-is-this-turn": ("classic [113.2-2]", "heroes [115.1-8]"),
    "blind2-activate-in-opponents-turn": ("heroes [114.1.p1-1]", "heroes [114.1.p1-5]"),
    "blind2-activate-on-nonempty-queue": ("heroes [114.1.p1-2]", "heroes [114.1.p1-4]"),
    "blind2-after-at-execution": (
        "classic [113.2.p2-141]", "classic [113.3-1401]", "classic [113.3-1402]", "classic [113.3-1403]",
        "classic [113.3-140]", "classic [113.3-141]", "classic [113.3-142]", "classic [113.3-143]",
        "classic [113.3-145]", "classic [113.3-1]", "classic [113.3-2]", "classic [113.3-3]",
        "classic [113.3-4]", "classic [113.3-5]", "classic [536.2.b-11]", "classic [536.4.ex1-3]",
    ),
    "blind2-after-without-payment": ("classic [113.2.p2-141]", "classic [113.3-3]", "classic [113.3-5]"),
    "blind2-all-targets-include-protected": ("classic [113.2.p2-11]", "classic [113.2.p2-80]"),
    "blind2-answer-strike-is-an-attack": ("classic [537.2-80]", "classic [537.2-81]"),
    "blind2-any-enemy-death-counts": (
        "classic [537.2.ex1-3]", "classic [537.2.ex1-5]", "classic [537.2.ex1-6]",
    ),
    "blind2-at-most-is-less-than": (
        "classic [113.1-145]", "classic [113.1-4]", "classic [113.1-6]", "classic [113.2.ex1-2]",
        "classic [113.2.ex1-71]", "classic [113.2.ex1-72]", "heroes [113.2-1001]", "heroes [113.2-1003]",
        "heroes [113.2-4]",
    ),
    "blind2-at-most-plus-one": (
        "classic [113.1-1412]", "classic [113.1-143]", "classic [113.1-2]", "classic [113.1-6]",
        "classic [503.1.b15-3]", "classic [537.1.e-1]", "classic [537.1.e-80]", "heroes [113.2-1001]",
        "heroes [113.2-1003]", "heroes [113.2-4]",
    ),
    "blind2-attack-trigger-needs-wounds": ("classic [113.2.p1-1]", "classic [113.3-3]"),
    "blind2-attacked-in-any-turn": ("classic [537.2-70]", "classic [537.2-71]"),
    "blind2-battle-start-before-reveal": (
        "classic [503.1.b1-1]", "classic [503.1.b1-2]", "classic [503.1.b14-129]", "classic [503.1.b14-1]",
        "classic [503.1.ex1-128]", "classic [503.1.p2-127]", "classic [503.1.p2-128]",
    ),
    "blind2-becomes-is-is": (
        "classic [113.1-1412]", "classic [113.1-145]", "classic [113.1-3]", "classic [113.1-4]",
        "classic [113.2.ex1-1]", "classic [113.2.ex1-4]", "classic [537.1.e-82]",
    ),
    "blind2-before-not-for-attacks": (
        "classic [113.1-1207]", "classic [113.2-1407]", "classic [113.2-140]", "classic [113.2-15]",
        "classic [113.2-17]", "classic [113.2-18]", "classic [113.2-28]", "classic [113.2-3]",
        "classic [113.2-7]", "classic [113.2.ex1-4]", "classic [113.2.p1-100]", "classic [113.2.p1-145]",
        "classic [113.3-1401]", "classic [503.1.b15-2]", "classic [536.4-1402]",
    ),
    "blind2-both-squads-move-again": (
        "classic [503.1.b12-1]", "classic [503.1.b12-2]", "classic [503.1.b12-70]", "classic [503.1.b2-2]",
        "classic [503.1.b2-3]", "classic [503.1.b2-70]",
    ),
    "blind2-both-squads-open": (
        "classic [113.2.p1-1401]", "classic [113.2.p2-141]", "classic [113.3-144]", "classic [503.1.b12-1]",
        "classic [503.1.b12-70]", "classic [503.1.b15-2]", "classic [503.1.b19-1]", "classic [503.1.b19-94]",
        "classic [503.1.b2-1]", "classic [503.1.b2-2]", "classic [503.1.b2-3]", "classic [503.1.b2-70]",
    ),
    "blind2-classic-pays-before": (
        "classic [113.2-140]", "classic [113.2-18]", "classic [113.2-8]", "classic [113.2.p2-1]",
        "classic [113.3-2]", "classic [113.3-6]", "classic [503.1.b19-1]", "classic [503.1.b3-1]",
        "classic [503.1.b3-2]", "classic [503.1.b3-3]", "classic [536.1-1]", "classic [536.2-1]",
        "classic [536.2.a-140]", "classic [536.2.a-141]", "classic [536.2.a-1]", "classic [536.2.a-2]",
        "classic [536.2.b-10]", "classic [536.2.b-6]", "classic [536.2.c-1]", "classic [536.2.d-1]",
        "classic [536.4.ex1-1]", "classic [537.1.d-1]",
    ),
    "blind2-classic-replacement-at-once": (
        "classic [536.1.1-20]", "classic [536.1.1-2]", "classic [536.1.1-4]", "classic [536.1.1-7]",
        "classic [537.1.e-141]", "classic [538.1.b3-4]", "classic [538.2-80]", "classic [538.2-81]",
    ),
    "blind2-classic-triggers-once-a-turn": (
        "classic [113.1-1201]", "classic [113.1-1206]", "classic [113.1-1207]", "classic [113.1-1211]",
        "classic [113.1-1212]", "classic [113.1-1213]", "classic [113.1-1214]", "classic [113.1-1412]",
        "classic [113.1-142]", "classic [113.1-144]", "classic [113.2-1403]", "classic [113.2-1404]",
        "classic [113.2-1407]", "classic [113.2-142]", "classic [113.2-19]", "classic [113.2-20]",
        "classic [113.2-70]", "classic [113.2.ex2-70]", "classic [113.2.p1-1401]", "classic [113.2.p1-143]",
        "classic [113.2.p1-144]", "classic [113.2.p1-146]", "classic [113.2.p2-1401]",
        "classic [113.2.p2-141]", "classic [113.3-1401]", "classic [113.3-1402]", "classic [113.3-143]",
        "classic [113.3-145]", "classic [503.1.b5-80]", "classic [503.1.p2-128]", "classic [536.4-1402]",
        "classic [536.4.ex1-3]", "classic [538.1-1401]",
    ),
    "blind2-classic-triggers-optional": (
        "classic [113.1-1201]", "classic [113.1-1202]", "classic [113.1-1203]", "classic [113.1-1204]",
        "classic [113.1-1205]", "classic [113.1-1206]", "classic [113.1-1207]", "classic [113.1-1208]",
        "classic [113.1-1209]", "classic [113.1-1210]", "classic [113.1-1212]", "classic [113.1-1213]",
        "classic [113.1-1214]", "classic [113.1-1215]", "classic [113.1-140]", "classic [113.1-1410]",
        "classic [113.1-1411]", "classic [113.1-1412]", "classic [113.1-142]", "classic [113.1-143]",
        "classic [113.1-144]", "classic [113.1-145]", "classic [113.1-147]", "classic [113.1-1]",
        "classic [113.1-5]", "classic [113.1-6]", "classic [113.2-10]", "classic [113.2-12]",
        "classic [113.2-1401]", "classic [113.2-1402]", "classic [113.2-1403]", "classic [113.2-1404]",
        "classic [113.2-1405]", "classic [113.2-1407]", "classic [113.2-140]", "classic [113.2-141]",
        "classic [113.2-142]", "classic [113.2-14]", "classic [113.2-15]", "classic [113.2-16]",
        "classic [113.2-17]", "classic [113.2-18]", "classic [113.2-19]", "classic [113.2-1]",
        "classic [113.2-20]", "classic [113.2-21]", "classic [113.2-22]", "classic [113.2-25]",
        "classic [113.2-26]", "classic [113.2-28]", "classic [113.2-29]", "classic [113.2-30]",
        "classic [113.2-31]", "classic [113.2-3]", "classic [113.2-5]", "classic [113.2-6]",
        "classic [113.2-70]", "classic [113.2-7]", "classic [113.2-8]", "classic [113.2.ex1-1]",
        "classic [113.2.ex1-2]", "classic [113.2.ex1-4]", "classic [113.2.ex1-70]", "classic [113.2.ex1-71]",
        "classic [113.2.ex1-72]", "classic [113.2.ex2-2]", "classic [113.2.ex2-4]", "classic [113.2.ex2-5]",
        "classic [113.2.ex2-70]", "classic [113.2.p1-100]", "classic [113.2.p1-1401]",
        "classic [113.2.p1-140]", "classic [113.2.p1-141]", "classic [113.2.p1-142]",
        "classic [113.2.p1-143]", "classic [113.2.p1-144]", "classic [113.2.p1-145]",
        "classic [113.2.p1-146]", "classic [113.2.p1-1]", "classic [113.2.p1-2]", "classic [113.2.p1-4]",
        "classic [113.2.p2-1401]", "classic [113.2.p2-1402]", "classic [113.2.p2-1403]",
        "classic [113.2.p2-140]", "classic [113.2.p2-141]", "classic [113.3-1401]", "classic [113.3-1402]",
        "classic [113.3-1403]", "classic [113.3-141]", "classic [113.3-142]", "classic [113.3-143]",
        "classic [113.3-145]", "classic [113.3-146]", "classic [113.3-2]", "classic [113.3-6]",
        "classic [113.3-7]", "classic [503.1.b15-7]", "classic [503.1.b19-100]", "classic [503.1.b5-80]",
        "classic [503.1.p1-1]", "classic [503.1.p2-128]", "classic [536.2.b-11]", "classic [536.4-1402]",
        "classic [536.4.ex1-1]", "classic [536.4.ex1-2]", "classic [536.4.ex1-3]", "classic [537.1.e-2]",
        "classic [537.1.e-81]", "classic [537.1.e-82]", "classic [537.2-1402]", "classic [537.2-4]",
        "classic [537.2-80]", "classic [537.2-81]", "classic [537.2.ex1-6]", "classic [537.4-1]",
        "classic [537.4-6]", "classic [537.4-80]", "classic [538.1-1401]", "classic [538.1.b2-1]",
        "classic [538.3.ex1-1]", "classic [538.3.ex1-2]", "classic [538.3.ex1-3]", "classic [538.3.ex1-5]",
        "classic [enters-play-open-101]",
    ),
    "blind2-control-outlives-source": (
        "classic [113.2.ex1-1]", "classic [113.2.ex1-4]", "classic [503.1.b15-3]", "classic [503.1.b15-5]",
        "classic [503.1.b15-6]", "classic [503.1.ex1-128]", "classic [503.1.p2-127]",
        "classic [503.1.p2-128]", "classic [537.1.c-140]", "classic [537.1.e-2]", "classic [537.1.e-82]",
        "classic [537.1.f-1]", "classic [538.2-81]", "heroes [115.1-71]",
    ),
    "blind2-deaths-one-at-a-time": (
        "classic [503.1.b5-80]", "classic [503.1.b5-81]", "classic [503.1.ex1-128]", "classic [503.1.p2-127]",
        "classic [503.1.p2-128]",
    ),
    "blind2-declaration-by-owner": (
        "classic [536.5-140]", "classic [537.1.e-140]", "classic [537.1.e-141]", "classic [537.1.e-2]",
        "classic [537.1.e-80]",
    ),
    "blind2-declaration-without-resources": ("classic [537.1-1]", "classic [537.1.d-1]"),
    "blind2-declined-trigger-comes-back": (
        "classic [113.2-23]", "classic [113.2-24]", "heroes [113.3-2]", "heroes [113.4-140]",
        "heroes [113.4-1]", "heroes [113.4-70]", "heroes [113.4.p1-5]", "heroes [113.4.p1-6]",
        "heroes [113.4.p1-70]",
    ),
    "blind2-enemy-is-owners-enemy": (
        "classic [537.2.ex1-11]", "classic [537.2.ex1-7]", "classic [537.2.ex1-8]", "classic [537.2.ex1-9]",
    ),
    "blind2-equipment-stays-behind": (
        "classic [503.1.b9-1]", "classic [503.1.ex1-128]", "classic [503.1.p2-127]", "classic [503.1.p2-128]",
        "classic [503.1.p2-3]",
    ),
    "blind2-excess-removes-all": (
        "classic [503.1.b16-1]", "classic [503.1.b16-5]", "classic [503.1.b16-6]", "classic [503.1.b16-7]",
        "classic [503.1.b16-8]", "classic [503.1.b6-2]", "classic [503.1.ex1-128]", "classic [503.1.p2-127]",
        "classic [503.1.p2-128]",
    ),
    "blind2-first-trigger-point-only": ("heroes [113.6-4]", "heroes [113.6.ex1-3]", "heroes [115.3-100]"),
    "blind2-flyer-stays-on-battlefield": (
        "classic [503.1.b10-120]", "classic [503.1.b10-121]", "classic [503.1.b10-122]",
        "classic [503.1.b10-123]", "classic [503.1.b10-1]", "classic [503.1.b10-2]", "classic [503.1.b4-3]",
        "classic [503.1.b8-5]", "classic [503.1.b8-94]", "classic [503.1.ex1-128]", "classic [503.1.p2-127]",
        "classic [503.1.p2-128]",
    ),
    "blind2-forced-ability-paid": (
        "classic [536.2.b-10]", "classic [536.2.b-6]", "classic [536.2.b-7]", "classic [537.1.e-140]",
        "heroes [113.3.dup2.p1-92]", "heroes [113.3.dup2.p1-93]",
    ),
    "blind2-forced-execution-not-counted": ("heroes [113.3.dup2.p1-92]", "heroes [113.3.dup2.p1-93]"),
    "blind2-generated-attack-by-generator": (
        "classic [113.1-1201]", "classic [113.1-1207]", "classic [113.1-1212]", "classic [113.1-1213]",
        "classic [113.1-1214]", "classic [113.1-1215]", "classic [113.1-1411]", "classic [113.2-1407]",
        "classic [113.2-15]", "classic [113.2.p1-140]", "classic [113.2.p1-144]", "classic [113.2.p1-146]",
        "classic [113.3-1401]", "classic [113.3-143]", "classic [503.1.b19-100]", "classic [503.1.b3-2]",
        "classic [503.1.p2-128]", "classic [536.1-1]", "classic [536.2-1]", "classic [536.2.a-1202]",
        "classic [536.2.b-1]", "classic [536.2.b-3]", "classic [536.2.b-5]", "classic [536.2.b-9]",
        "classic [536.2.c-1]", "classic [536.2.d-1]", "classic [536.4-1402]", "classic [536.4-3]",
        "classic [536.4-4]", "classic [536.4-5]", "classic [536.4-6]", "classic [536.4.ex1-1]",
        "classic [536.4.ex1-2]", "classic [536.4.ex1-3]", "classic [536.5-140]", "classic [536.5-1]",
        "classic [536.5-2]", "classic [537.2-1402]",
    ),
    "blind2-generated-attack-defended": (
        "classic [113.1-1201]", "classic [113.1-1207]", "classic [113.1-1212]", "classic [113.1-1213]",
        "classic [113.1-1214]", "classic [503.1.b3-2]", "classic [536.2-1]", "classic [536.2.b-1]",
        "classic [536.2.b-3]", "classic [536.2.b-5]", "classic [536.2.b-9]", "classic [536.2.c-1]",
        "classic [536.2.d-1]", "classic [536.4-5]", "classic [536.4.ex1-1]", "classic [536.4.ex1-2]",
        "classic [536.5-1]",
    ),
    "blind2-generated-attack-fires-nothing": (
        "classic [113.1-1201]", "classic [113.1-1212]", "classic [113.1-1213]", "classic [113.1-1214]",
        "classic [113.2-1407]", "classic [113.2.p1-140]", "classic [113.2.p1-144]", "classic [113.2.p1-146]",
        "classic [113.3-1401]", "classic [113.3-143]", "classic [503.1.b19-100]", "classic [503.1.p2-128]",
        "classic [536.4.ex1-1]", "classic [536.4.ex1-2]", "classic [536.4.ex1-3]",
    ),
    "blind2-generated-attack-obliges": ("classic [536.5-2]", "classic [536.5-3]", "classic [536.5-4]"),
    "blind2-generated-attack-open-table": (
        "classic [113.1-1201]", "classic [113.1-1207]", "classic [113.1-1212]", "classic [113.1-1213]",
        "classic [113.1-1214]", "classic [113.1-1215]", "classic [113.1-1411]", "classic [113.2-15]",
        "classic [113.2.p1-140]", "classic [113.2.p1-144]", "classic [113.2.p1-146]", "classic [113.3-143]",
        "classic [503.1.b19-100]", "classic [503.1.b3-2]", "classic [503.1.p2-128]", "classic [536.1-1]",
        "classic [536.2-1]", "classic [536.2.b-3]", "classic [536.2.b-5]", "classic [536.2.b-9]",
        "classic [536.2.c-1]", "classic [536.2.d-1]", "classic [536.4-4]", "classic [536.4-5]",
        "classic [536.4.ex1-1]", "classic [536.4.ex1-2]", "classic [536.4.ex1-3]", "classic [536.5-140]",
        "classic [536.5-1]", "classic [536.5-2]", "classic [537.2-1402]",
    ),
    "blind2-generated-attack-paid": (
        "classic [113.1-1201]", "classic [113.1-1207]", "classic [113.1-1212]", "classic [113.1-1213]",
        "classic [113.1-1214]", "classic [113.1-1411]", "classic [113.2-1407]", "classic [113.2.p1-144]",
        "classic [113.2.p1-146]", "classic [113.3-1401]", "classic [113.3-143]", "classic [503.1.b19-100]",
        "classic [503.1.p2-128]", "classic [536.1-1]", "classic [536.2-1]", "classic [536.2.c-1]",
        "classic [536.4-1402]", "classic [536.4-4]", "classic [536.4.ex1-3]",
    ),
    "blind2-generated-attack-unchecked": (
        "classic [536.2.a-141]", "classic [536.2.a-1]", "classic [536.2.a-2]",
    ),
    "blind2-generated-waits-for-passes": (
        "classic [113.1-1201]", "classic [113.1-1207]", "classic [113.1-1212]", "classic [113.1-1213]",
        "classic [113.1-1214]", "classic [113.1-1215]", "classic [113.1-1411]", "classic [113.2-1407]",
        "classic [113.2-140]", "classic [113.2-15]", "classic [113.2.p1-140]", "classic [113.2.p1-144]",
        "classic [113.2.p1-146]", "classic [113.3-1401]", "classic [113.3-143]", "classic [503.1.b19-100]",
        "classic [503.1.b3-2]", "classic [503.1.p2-128]", "classic [536.1-1]", "classic [536.2-1]",
        "classic [536.2.a-1202]", "classic [536.2.b-1]", "classic [536.2.b-3]", "classic [536.2.b-5]",
        "classic [536.2.b-9]", "classic [536.2.c-1]", "classic [536.2.d-1]", "classic [536.4-1402]",
        "classic [536.4-3]", "classic [536.4-4]", "classic [536.4-5]", "classic [536.4-6]",
        "classic [536.4.ex1-1]", "classic [536.4.ex1-2]", "classic [536.4.ex1-3]", "classic [536.5-140]",
        "classic [536.5-1]", "classic [536.5-2]", "classic [537.2-1402]",
    ),
    "blind2-generating-not-paid": (
        "classic [113.2-140]", "classic [113.2-15]", "classic [113.2-16]", "classic [503.1.b3-2]",
        "classic [536.1-1]", "classic [536.2-1]", "classic [536.2.a-2]", "classic [536.2.b-6]",
        "classic [536.2.c-1]", "classic [536.2.d-1]", "classic [536.4-5]", "classic [536.4-6]",
        "classic [536.4.ex1-1]", "classic [536.4.ex1-3]", "classic [536.5-140]", "classic [536.5-2]",
        "classic [537.1.e-140]",
    ),
    "blind2-generating-paid-first": (
        "classic [113.2-140]", "classic [503.1.b3-2]", "classic [536.1-1]", "classic [536.2-1]",
        "classic [536.2.a-2]", "classic [536.2.b-6]", "classic [536.2.c-1]", "classic [536.2.d-1]",
        "classic [536.4.ex1-1]",
    ),
    "blind2-heal-2-is-more-than-2": (
        "classic [113.2.ex2-4]", "classic [113.2.ex2-5]", "classic [113.2.ex2-70]", "classic [113.2.p1-142]",
        "classic [113.2.p1-144]", "classic [113.2.p1-146]", "classic [113.2.p1-4]", "classic [113.3-141]",
        "classic [113.3-146]", "classic [113.3-7]",
    ),
    "blind2-heroes-activated-unlimited": (
        "heroes [113.3.dup2.p1-1]", "heroes [113.3.dup2.p1-3]", "heroes [113.3.dup2.p1-4]",
        "heroes [113.3.dup2.p1-5]", "heroes [113.3.dup2.p1-7]", "heroes [113.3.dup2.p1-8]",
        "heroes [113.3.dup2.p1-90]", "heroes [113.3.dup2.p1-92]", "heroes [113.3.dup2.p1-93]",
    ),
    "blind2-heroes-before-never": (
        "heroes [113.2-1001]", "heroes [113.2-1004]", "heroes [113.2-11]", "heroes [113.2-8]",
        "heroes [113.2-9]", "heroes [113.4.p1-90]",
    ),
    "blind2-heroes-loses-without-creatures": (
        "heroes [113.2.ex1-70]", "heroes [113.3.dup2.p1-7]", "heroes [113.3.dup2.p1-8]",
        "heroes [113.3.dup2.p1-90]", "heroes [115.3-1]", "heroes [115.4-4]", "heroes [115.4-5]",
    ),
    "blind2-heroes-must-is-may": (
        "heroes [113.1-1]", "heroes [113.2-1001]", "heroes [113.2-1002]", "heroes [113.2-1003]",
        "heroes [113.2-1005]", "heroes [113.2-11]", "heroes [113.2-1]", "heroes [113.2-3]",
        "heroes [113.2-4]", "heroes [113.2-5]", "heroes [113.2-6]", "heroes [113.2-7]", "heroes [113.2-8]",
        "heroes [113.2-9]", "heroes [113.2.ex1-4]", "heroes [113.2.ex1-5]", "heroes [113.2.ex1-70]",
        "heroes [113.3-140]", "heroes [113.3-1]", "heroes [113.3-2]", "heroes [113.3-3]", "heroes [113.4-3]",
        "heroes [113.4.p1-2]", "heroes [113.4.p1-3]", "heroes [113.4.p1-91]", "heroes [113.6.ex1-1]",
        "heroes [113.7-1]", "heroes [113.7.ex1-1]", "heroes [113.7.ex1-2]",
    ),
    "blind2-heroes-pays-after": (
        "heroes [113.3.dup2-1]", "heroes [114.1-1]", "heroes [114.1-3]", "heroes [114.1-4]",
        "heroes [114.1.p1-2]", "heroes [114.1.p1-4]", "heroes [115.1-3]", "heroes [115.1-6]",
    ),
    "blind2-heroes-replacement-queued": ("heroes [115.3-2]", "heroes [115.3-92]"),
    "blind2-heroes-triggers-unlimited": (
        "heroes [113.4.p1-1]", "heroes [113.4.p1-2]", "heroes [113.4.p1-70]", "heroes [113.4.p1-90]",
        "heroes [113.4.p1-91]",
    ),
    "blind2-host-left-to-graveyard-only": (
        "classic [503.1.b8-3]", "classic [503.1.b8-4]", "classic [503.1.b8-5]", "classic [503.1.b8-94]",
        "classic [503.1.ex1-128]", "classic [503.1.p2-127]", "classic [503.1.p2-128]",
    ),
    "blind2-hostless-survives": (
        "classic [503.1.b7-1]", "classic [503.1.b7-2]", "classic [503.1.b7-3]", "classic [503.1.b7-4]",
        "classic [503.1.b7-5]", "classic [503.1.ex1-128]", "classic [503.1.p2-127]", "classic [503.1.p2-128]",
        "classic [503.1.p2-80]",
    ),
    "blind2-identity-lost-in-graveyard": (
        "classic [537.1.f-2]", "classic [537.1.f-3]", "classic [537.2-81]", "classic [537.2.ex1-11]",
        "classic [537.2.ex1-1]", "classic [537.2.ex1-7]", "classic [537.4-2]", "classic [537.4-80]",
    ),
    "blind2-identity-through-deck": ("classic [537.4-3]", "classic [537.4-4]"),
    "blind2-illegal-declaration-spends-limit": (
        "heroes [113.7-1]", "heroes [113.7.ex1-1]", "heroes [113.7.ex1-2]",
    ),
    "blind2-last-trigger-point-only": ("heroes [113.6-4]", "heroes [113.6.ex1-3]", "heroes [115.3-100]"),
    "blind2-lethal-ignores-extra-lives": (
        "classic [503.1.b5-3]", "classic [503.1.b5-5]", "classic [503.1.b5-6]", "classic [503.1.b5-94]",
        "classic [503.1.ex1-128]", "classic [503.1.p2-127]", "classic [503.1.p2-128]",
    ),
    "blind2-limit-by-card-name": (
        "heroes [113.2-4]", "heroes [113.3.dup2.p1-6]", "heroes [113.3.dup2.p1-7]",
        "heroes [113.3.dup2.p1-8]", "heroes [113.3.dup2.p1-93]", "heroes [113.4-1001]", "heroes [113.4-70]",
        "heroes [113.4.p1-5]", "heroes [113.4.p1-6]", "heroes [113.4.p1-70]", "heroes [113.4.p1-91]",
        "heroes [113.7-1]", "heroes [114.1.p1-4]",
    ),
    "blind2-limit-resets-on-reentry": ("heroes [113.4.p1-90]", "heroes [113.4.p1-91]"),
    "blind2-lives-never-cancel": (
        "classic [503.1.b6-124]", "classic [503.1.b6-1]", "classic [503.1.b6-2]", "classic [503.1.b6-3]",
        "classic [503.1.ex1-128]", "classic [503.1.p2-127]", "classic [503.1.p2-128]",
    ),
    "blind2-loop-cut-stops-everything": (
        "classic [503.1.ex1-128]", "classic [503.1.p2-127]", "classic [503.1.p2-128]", "classic [503.1.p2-3]",
        "classic [503.1.p2-80]",
    ),
    "blind2-loop-never-cut": (
        "classic [503.1.ex1-128]", "classic [503.1.ex1-1]", "classic [503.1.p2-127]",
        "classic [503.1.p2-128]", "classic [503.1.p2-1]", "classic [503.1.p2-2]", "classic [503.1.p2-3]",
        "classic [503.1.p2-80]",
    ),
    "blind2-may-is-must": (
        "classic [113.1-1211]", "classic [113.2-23]", "classic [113.2-24]", "heroes [113.2-7]",
        "heroes [113.3-2]", "heroes [113.4-1001]", "heroes [113.4-140]", "heroes [113.4-1]",
        "heroes [113.4-3]", "heroes [113.4-70]", "heroes [113.4.p1-4]", "heroes [113.4.p1-5]",
        "heroes [113.4.p1-6]", "heroes [113.4.p1-70]",
    ),
    "blind2-no-previous-turn-not-moved": ("classic [537.3-2]", "classic [537.3.ex1-1]"),
    "blind2-no-shuffle-after-looking": ("classic [503.1.b17-1]", "classic [503.1.b17-3]"),
    "blind2-once-a-turn-never-resets": (
        "classic [113.2-21]", "classic [113.2-22]", "classic [113.2-26]", "heroes [113.4.p1-2]",
        "heroes [113.4.p1-3]", "heroes [113.4.p1-4]",
    ),
    "blind2-once-a-turn-round": (
        "classic [113.2-21]", "classic [113.2-26]", "heroes [113.4.p1-3]", "heroes [113.4.p1-4]",
    ),
    "blind2-partial-execution-fires": ("classic [113.2.p2-3]", "classic [113.2.p2-4]"),
    "blind2-participle-condition-at-declaration": ("classic [538.1.b2-2]", "classic [538.1.b2-3]"),
    "blind2-participle-effect1-after-replaced": (
        "classic [538.1.b3-1]", "classic [538.1.b3-3]", "classic [538.1.b3-4]", "classic [538.1.b3-5]",
        "classic [538.2-80]", "classic [538.2-81]",
    ),
    "blind2-participle-effect1-replaceable": ("classic [538.1.b4-2]", "classic [538.1.b4-3]"),
    "blind2-participle-occupied-not-targetable": (
        "classic [536.1.1-1]", "classic [538.1.b1-1]", "classic [538.1.b1-2]", "classic [538.1.b1-3]",
        "classic [538.1.b2-2]", "classic [538.1.b3-1]", "classic [538.1.b3-2]", "classic [538.1.b3-3]",
        "classic [538.1.b3-4]", "classic [538.1.b3-5]", "classic [538.1.b4-1]", "classic [538.1.b4-2]",
        "classic [538.1.b4-3]", "classic [538.2-1]", "classic [538.2-2]", "classic [538.2-80]",
        "classic [538.2-81]", "classic [538.3-2]", "classic [538.3.ex1-1]", "classic [538.3.ex1-2]",
        "classic [538.3.ex1-4]", "classic [538.3.ex1-5]", "classic [538.3.ex1-6]",
    ),
    "blind2-participle-rule-effects-at-once": ("classic [538.2-80]", "classic [538.2-81]"),
    "blind2-prevention-prevents-all": ("heroes [115.3-90]", "heroes [115.3-91]"),
    "blind2-previous-turn-is-own-turn": (
        "classic [537.2.ex2-1]", "classic [537.2.ex2-2]", "classic [537.3-4]", "classic [537.3-5]",
        "classic [537.3-6]",
    ),
    "blind2-previous-turn-is-this-turn": (
        "classic [537.2.ex2-1]", "classic [537.2.ex2-2]", "classic [537.3-2]", "classic [537.3-4]",
        "classic [537.3-5]", "classic [537.3.ex1-1]",
    ),
    "blind2-priority-to-the-bereaved": (
        "classic [113.2.ex1-1]", "classic [503.1.b5-1]", "classic [503.1.b8-1]", "classic [503.1.b8-2]",
        "classic [503.1.ex1-128]", "classic [503.1.p1-1]", "classic [503.1.p2-127]", "classic [503.1.p2-128]",
    ),
    "blind2-static-latched": (
        "classic [503.1.b4-1]", "heroes [115.1-3]", "heroes [115.1-6]", "heroes [115.1-71]",
        "heroes [115.1-7]", "heroes [115.1-8]", "heroes [115.1-9]", "heroes [115.4-6]",
    ),
    "blind2-static-order-reversed": (
        "heroes [115.4-1]", "heroes [115.4-2]", "heroes [115.4-3]", "heroes [115.4-4]", "heroes [115.4-5]",
        "heroes [115.4-6]",
    ),
    "blind2-static-outlives-lost-ability": (
        "classic [503.1.ex1-128]", "classic [503.1.ex1-1]", "classic [503.1.p2-127]",
        "classic [503.1.p2-128]", "classic [503.1.p2-1]", "classic [503.1.p2-2]", "classic [503.1.p2-3]",
        "classic [503.1.p2-80]", "heroes [115.1-5]",
    ),
    "blind2-static-outlives-source": ("heroes [115.1-4]", "heroes [115.1-90]"),
    "blind2-static-segment-every-turn": ("heroes [115.1-7]", "heroes [115.1-8]"),
    "blind2-static-segment-ignored": ("heroes [115.1-7]", "heroes [115.1-8]"),
    "blind2-static-spares-protected": ("heroes [115.1-101]", "heroes [115.1.p1-2]", "heroes [115.1.p1-3]"),
    "blind2-static-waits-a-turn": (
        "classic [503.1.b4-3]", "heroes [115.1-5]", "heroes [115.1.p1-4]", "heroes [115.4-1]",
        "heroes [115.4-20]", "heroes [115.4-2]", "heroes [115.4-3]", "heroes [115.4-4]", "heroes [115.4-5]",
    ),
    "blind2-strike-table-clamped": ("classic [503.1.b13-1]", "classic [503.1.b13-3]"),
    "blind2-substitution-ignored": (
        "classic [503.1.b19-1]", "classic [503.1.b19-2]", "classic [503.1.b19-94]", "classic [503.1.ex1-128]",
        "classic [503.1.p2-127]", "classic [503.1.p2-128]",
    ),
    "blind2-targeted-not-revealed": (
        "classic [503.1.b1-1]", "classic [503.1.b1-2]", "classic [503.1.b14-125]", "classic [503.1.b14-129]",
        "classic [503.1.b14-1]",
    ),
    "blind2-trigger-declared-by-owner": (
        "classic [113.2-29]", "classic [503.1.b15-7]", "classic [537.1.e-2]", "heroes [113.2.ex1-4]",
        "heroes [113.2.ex1-5]", "heroes [113.3-140]",
    ),
    "blind2-trigger-declarer-at-firing": (
        "classic [113.2.ex1-1]", "classic [113.2.ex1-4]", "classic [537.1.c-140]", "classic [537.1.f-1]",
    ),
    "blind2-trigger-order-flipped": (
        "classic [113.2-5]", "classic [113.2-6]", "heroes [113.2-3]", "heroes [113.2-7]",
        "heroes [113.4-140]", "heroes [113.4-3]",
    ),
    "blind2-trigger-parent-missing": (
        "classic [113.1-5]", "classic [113.2-10]", "classic [113.2-15]", "classic [113.2-17]",
        "classic [113.2-1]", "classic [113.2-8]", "classic [113.2.p1-141]", "classic [113.2.p1-142]",
        "classic [113.2.p1-143]", "classic [113.2.p1-145]", "classic [113.2.p2-141]", "classic [113.2.p2-16]",
        "classic [113.2.p2-17]", "classic [113.2.p2-1]", "classic [113.2.p2-5]", "classic [113.3-140]",
        "classic [113.3-141]", "classic [113.3-142]", "classic [113.3-143]", "classic [113.3-145]",
        "classic [113.3-146]", "classic [113.3-1]", "classic [113.3-2]", "classic [113.3-3]",
        "classic [113.3-4]", "classic [113.3-6]", "classic [113.3-7]", "classic [503.1.p2-128]",
        "classic [536.4.ex1-2]", "classic [537.1.f-1]", "classic [538.3-2]", "heroes [113.2-11]",
        "heroes [113.2-4]", "heroes [113.2-6]", "heroes [113.2-8]",
    ),
    "blind2-trigger-parent-skips-rule-effect": (
        "classic [537.1.f-1]", "classic [537.1.f-2]", "classic [537.1.f-3]",
    ),
    "blind2-triggers-before-rule-effects": (
        "classic [113.1-1206]", "classic [113.2-142]", "classic [113.2.ex1-1]", "classic [113.2.ex1-4]",
        "classic [113.3-3]", "classic [503.1-1]", "classic [503.1.b8-1]", "classic [503.1.ex1-128]",
        "classic [503.1.p2-127]", "classic [503.1.p2-128]", "classic [537.1.c-140]", "classic [537.1.e-2]",
        "classic [537.1.f-1]", "classic [538.2-1]", "heroes [113.7-1]", "heroes [113.7.ex1-1]",
        "heroes [113.7.ex1-2]",
    ),
    "blind2-uniqueness-by-owner": (
        "classic [503.1.b11-4]", "classic [503.1.b11-5]", "classic [503.1.b11-70]", "classic [503.1.b11-71]",
        "classic [503.1.ex1-128]", "classic [503.1.p2-127]", "classic [503.1.p2-128]",
    ),
    "blind2-uniqueness-earlier-returns": (
        "classic [503.1.b11-123]", "classic [503.1.b11-1]", "classic [503.1.b11-2]", "classic [503.1.b11-4]",
        "classic [503.1.b11-5]", "classic [503.1.b11-70]", "classic [503.1.ex1-128]",
        "classic [503.1.p2-127]", "classic [503.1.p2-128]",
    ),
    "blind2-until-end-of-turn-is-next-turn": (
        "classic [503.1.b15-1]", "classic [503.1.b15-2]", "classic [503.1.b15-4]",
    ),
    "blind2-when-waits-for-payment": (
        "classic [113.1-1201]", "classic [113.1-1212]", "classic [113.1-1213]", "classic [113.1-1214]",
        "classic [113.2-1407]", "classic [113.2.p1-100]", "classic [113.2.p1-140]", "classic [113.2.p1-144]",
        "classic [113.2.p1-145]", "classic [113.2.p1-146]", "classic [113.3-1401]", "classic [113.3-143]",
        "classic [113.3-3]", "classic [503.1.b19-100]", "classic [503.1.p2-128]", "classic [536.4.ex1-1]",
        "classic [536.4.ex1-2]", "classic [536.4.ex1-3]",
    ),
    "blind2-your-turn-dropped": (
        "classic [113.1-1202]", "classic [113.1-1204]", "classic [113.1-1205]", "classic [113.1-1209]",
        "classic [113.1-1210]", "classic [113.2-1401]", "classic [113.2-1]", "classic [113.2-30]",
        "classic [113.2-31]", "classic [113.2.p1-140]", "classic [113.2.p1-144]", "classic [113.2.p2-1402]",
        "classic [113.2.p2-16]", "classic [503.1.b11-130]", "heroes [113.1-2]", "heroes [113.2-6]",
        "heroes [113.2.ex1-2]",
    ),
    "blind2-your-turn-is-opponents": (
        "classic [113.1-1202]", "classic [113.1-1203]", "classic [113.1-1204]", "classic [113.1-1205]",
        "classic [113.1-1209]", "classic [113.1-1210]", "classic [113.1-5]", "classic [113.2-1401]",
        "classic [113.2-1]", "classic [113.2-26]", "classic [113.2-27]", "classic [113.2-30]",
        "classic [113.2-31]", "classic [113.2-6]", "classic [113.2.p1-140]", "classic [113.2.p1-141]",
        "classic [113.2.p1-142]", "classic [113.2.p1-144]", "classic [113.2.p2-1402]",
        "classic [113.2.p2-1403]", "classic [113.2.p2-16]", "classic [113.2.p2-17]", "classic [113.2.p2-2]",
        "classic [113.2.p2-3]", "classic [113.2.p2-4]", "classic [113.2.p2-80]", "classic [503.1.b11-130]",
        "classic [503.1.b15-4]", "classic [503.1.b15-7]", "classic [503.1.b8-3]", "classic [536.1.1-7]",
        "classic [537.2.ex2-101]", "classic [537.2.ex2-1]", "classic [537.2.ex2-2]", "classic [537.2.ex2-3]",
        "classic [537.3.ex1-1]", "classic [538.1.b1-5]", "classic [538.1.b2-2]", "classic [538.1.b2-3]",
        "classic [538.3.ex1-4]", "classic [538.3.ex1-5]", "classic [classic-main-step-144]",
        "heroes [113.1-1]", "heroes [113.1-2]", "heroes [113.2-1]", "heroes [113.2-6]", "heroes [113.2-7]",
        "heroes [113.2-9]", "heroes [113.2.ex1-2]", "heroes [113.2.ex1-4]", "heroes [113.2.ex1-5]",
        "heroes [113.2.ex1-70]", "heroes [113.3-1]", "heroes [113.3-2]", "heroes [113.3-3]",
        "heroes [113.4-3]", "heroes [113.4.p1-1]", "heroes [113.4.p1-2]",
    ),
    "blind3-activation-in-any-turn": ("heroes [114.1.p1-1]", "heroes [114.1.p1-5]"),
    "blind3-after-at-execution": (
        "classic [113.2.p2-141]", "classic [113.3-1401]", "classic [113.3-1402]", "classic [113.3-1403]",
        "classic [113.3-140]", "classic [113.3-141]", "classic [113.3-142]", "classic [113.3-143]",
        "classic [113.3-145]", "classic [113.3-1]", "classic [113.3-2]", "classic [113.3-3]",
        "classic [113.3-4]", "classic [113.3-5]", "classic [536.2.b-11]", "classic [536.4.ex1-3]",
    ),
    "blind3-after-without-payment": ("classic [113.2.p2-141]", "classic [113.3-3]", "classic [113.3-5]"),
    "blind3-attack-needs-wounds": ("classic [113.2.p1-1]", "classic [113.3-3]"),
    "blind3-attacked-in-any-turn": ("classic [537.2-70]", "classic [537.2-71]"),
    "blind3-battle-start-when-played": ("classic [503.1.b14-80]", "classic [503.1.b14-81]"),
    "blind3-becomes-fewer-than": (
        "classic [113.1-145]", "classic [113.1-4]", "classic [113.1-6]", "classic [113.2.ex1-2]",
        "classic [113.2.ex1-71]", "classic [113.2.ex1-72]", "heroes [113.2-1001]", "heroes [113.2-1003]",
        "heroes [113.2-4]",
    ),
    "blind3-before-at-execution": (
        "classic [113.1-1207]", "classic [113.2-10]", "classic [113.2-12]", "classic [113.2-1403]",
        "classic [113.2-1407]", "classic [113.2-140]", "classic [113.2-141]", "classic [113.2-14]",
        "classic [113.2-15]", "classic [113.2-16]", "classic [113.2-17]", "classic [113.2-18]",
        "classic [113.2-28]", "classic [113.2-3]", "classic [113.2-60]", "classic [113.2-7]",
        "classic [113.2-8]", "classic [113.2.ex1-4]", "classic [113.2.p1-100]", "classic [113.2.p1-145]",
        "classic [113.2.p2-1401]", "classic [113.3-1401]", "classic [503.1.b15-2]", "classic [536.4-1402]",
        "heroes [113.2-1001]", "heroes [113.2-11]", "heroes [113.2-8]", "heroes [113.2-9]",
    ),
    "blind3-clamp-low-only": (
        "classic [503.1.b13-2]", "classic [503.1.b13-5]", "classic [503.1.ex1-128]", "classic [503.1.p2-127]",
        "classic [503.1.p2-128]",
    ),
    "blind3-classic-inactive-first": ("classic [113.2-5]", "classic [113.2-6]"),
    "blind3-classic-trigger-points-merged": (
        "classic [113.1-1206]", "classic [113.2-142]", "classic [113.3-1401]", "classic [503.1.b5-80]",
    ),
    "blind3-classic-triggers-once": (
        "classic [113.1-1201]", "classic [113.1-1206]", "classic [113.1-1207]", "classic [113.1-1211]",
        "classic [113.1-1212]", "classic [113.1-1213]", "classic [113.1-1214]", "classic [113.1-1412]",
        "classic [113.1-142]", "classic [113.1-144]", "classic [113.2-1403]", "classic [113.2-1404]",
        "classic [113.2-1407]", "classic [113.2-142]", "classic [113.2-19]", "classic [113.2-20]",
        "classic [113.2-70]", "classic [113.2.ex2-70]", "classic [113.2.p1-1401]", "classic [113.2.p1-143]",
        "classic [113.2.p1-144]", "classic [113.2.p1-146]", "classic [113.2.p2-1401]",
        "classic [113.2.p2-141]", "classic [113.3-1401]", "classic [113.3-1402]", "classic [113.3-143]",
        "classic [113.3-145]", "classic [503.1.b5-80]", "classic [503.1.p2-128]", "classic [536.4-1402]",
        "classic [536.4.ex1-3]", "classic [538.1-1401]",
    ),
    "blind3-conditional-no-parent": ("classic [537.1.f-2]", "classic [537.1.f-3]"),
    "blind3-counters-no-maximum": ("classic [503.1.b16-3]", "classic [503.1.b16-5]"),
    "blind3-declarer-at-triggering": (
        "classic [113.2.ex1-1]", "classic [113.2.ex1-4]", "classic [537.1.c-140]", "classic [537.1.f-1]",
    ),
    "blind3-declined-spends-limit": (
        "heroes [113.4-70]", "heroes [113.4.p1-5]", "heroes [113.4.p1-6]", "heroes [113.4.p1-70]",
    ),
    "blind3-effect1-replaceable": ("classic [538.1.b4-2]", "classic [538.1.b4-3]"),
    "blind3-enemy-attack-by-owner": ("classic [113.1-147]", "classic [113.1-148]"),
    "blind3-first-trigger-point-only": (
        "heroes [113.6-4]", "heroes [113.6.ex1-1]", "heroes [113.6.ex1-3]", "heroes [115.3-100]",
    ),
    "blind3-flying-no-return": (
        "classic [503.1.b10-120]", "classic [503.1.b10-121]", "classic [503.1.b10-122]",
        "classic [503.1.b10-123]", "classic [503.1.b10-1]",
    ),
    "blind3-generated-after-generator": (
        "classic [113.2-140]", "classic [113.2-15]", "classic [536.2-1]", "classic [536.2.c-1]",
        "classic [536.2.d-1]",
    ),
    "blind3-generated-attack-defended": (
        "classic [113.1-1201]", "classic [113.1-1207]", "classic [113.1-1212]", "classic [113.1-1213]",
        "classic [113.1-1214]", "classic [503.1.b3-2]", "classic [536.2-1]", "classic [536.2.b-1]",
        "classic [536.2.b-3]", "classic [536.2.b-5]", "classic [536.2.b-9]", "classic [536.2.c-1]",
        "classic [536.2.d-1]", "classic [536.4-5]", "classic [536.4.ex1-1]", "classic [536.4.ex1-2]",
        "classic [536.5-1]",
    ),
    "blind3-generated-attack-open": (
        "classic [113.1-1201]", "classic [113.1-1207]", "classic [113.1-1212]", "classic [113.1-1213]",
        "classic [113.1-1214]", "classic [113.1-1215]", "classic [113.1-1411]", "classic [113.2-15]",
        "classic [113.2.p1-140]", "classic [113.2.p1-144]", "classic [113.2.p1-146]", "classic [113.3-143]",
        "classic [503.1.b19-100]", "classic [503.1.b3-2]", "classic [503.1.p2-128]", "classic [536.1-1]",
        "classic [536.2-1]", "classic [536.2.b-3]", "classic [536.2.b-5]", "classic [536.2.b-9]",
        "classic [536.2.c-1]", "classic [536.2.d-1]", "classic [536.4-4]", "classic [536.4-5]",
        "classic [536.4.ex1-1]", "classic [536.4.ex1-2]", "classic [536.4.ex1-3]", "classic [536.5-140]",
        "classic [536.5-1]", "classic [536.5-2]", "classic [537.2-1402]",
    ),
    "blind3-generated-attack-paid": (
        "classic [113.1-1201]", "classic [113.1-1207]", "classic [113.1-1212]", "classic [113.1-1213]",
        "classic [113.1-1214]", "classic [113.1-1411]", "classic [113.2-1407]", "classic [113.2.p1-144]",
        "classic [113.2.p1-146]", "classic [113.3-1401]", "classic [113.3-143]", "classic [503.1.b19-100]",
        "classic [503.1.p2-128]", "classic [536.1-1]", "classic [536.2-1]", "classic [536.2.c-1]",
        "classic [536.4-1402]", "classic [536.4-4]", "classic [536.4.ex1-3]",
    ),
    "blind3-generated-by-generator-controller": (
        "classic [113.1-1201]", "classic [113.1-1207]", "classic [113.1-1212]", "classic [113.1-1213]",
        "classic [113.1-1214]", "classic [113.1-1215]", "classic [113.1-1411]", "classic [113.2-1407]",
        "classic [113.2-15]", "classic [113.2.p1-140]", "classic [113.2.p1-144]", "classic [113.2.p1-146]",
        "classic [113.3-1401]", "classic [113.3-143]", "classic [503.1.b19-100]", "classic [503.1.b3-2]",
        "classic [503.1.p2-128]", "classic [536.1-1]", "classic [536.2-1]", "classic [536.2.a-1202]",
        "classic [536.2.b-1]", "classic [536.2.b-3]", "classic [536.2.b-5]", "classic [536.2.b-9]",
        "classic [536.2.c-1]", "classic [536.2.d-1]", "classic [536.4-1402]", "classic [536.4-3]",
        "classic [536.4-4]", "classic [536.4-5]", "classic [536.4-6]", "classic [536.4.ex1-1]",
        "classic [536.4.ex1-2]", "classic [536.4.ex1-3]", "classic [536.5-140]", "classic [536.5-1]",
        "classic [536.5-2]", "classic [537.2-1402]",
    ),
    "blind3-generated-without-legality": ("classic [536.2.a-141]", "classic [536.2.a-142]"),
    "blind3-generator-unpaid": (
        "classic [113.2-140]", "classic [113.2-15]", "classic [113.2-16]", "classic [503.1.b3-2]",
        "classic [536.1-1]", "classic [536.2-1]", "classic [536.2.a-2]", "classic [536.2.b-6]",
        "classic [536.2.c-1]", "classic [536.2.d-1]", "classic [536.4-5]", "classic [536.4-6]",
        "classic [536.4.ex1-1]", "classic [536.4.ex1-3]", "classic [536.5-140]", "classic [536.5-2]",
        "classic [537.1.e-140]",
    ),
    "blind3-healed-as-declared": ("classic [113.2.ex2-1]", "classic [113.2.ex2-7]"),
    "blind3-healed-more-than": (
        "classic [113.2.ex2-4]", "classic [113.2.ex2-5]", "classic [113.2.ex2-70]", "classic [113.2.p1-142]",
        "classic [113.2.p1-144]", "classic [113.2.p1-146]", "classic [113.2.p1-4]", "classic [113.3-141]",
        "classic [113.3-146]", "classic [113.3-7]",
    ),
    "blind3-heroes-activated-unlimited": (
        "heroes [113.3.dup2.p1-1]", "heroes [113.3.dup2.p1-3]", "heroes [113.3.dup2.p1-4]",
        "heroes [113.3.dup2.p1-5]", "heroes [113.3.dup2.p1-7]", "heroes [113.3.dup2.p1-8]",
        "heroes [113.3.dup2.p1-90]", "heroes [113.3.dup2.p1-92]", "heroes [113.3.dup2.p1-93]",
    ),
    "blind3-heroes-pays-after": (
        "heroes [113.3.dup2-1]", "heroes [114.1-1]", "heroes [114.1-3]", "heroes [114.1-4]",
        "heroes [114.1.p1-2]", "heroes [114.1.p1-4]", "heroes [115.1-3]", "heroes [115.1-6]",
    ),
    "blind3-history-owner-not-controller": (
        "classic [536.5-140]", "classic [537.1.e-140]", "classic [537.1.e-141]", "classic [537.1.e-2]",
        "classic [537.1.e-80]",
    ),
    "blind3-host-left-only-dying": (
        "classic [503.1.b8-3]", "classic [503.1.b8-4]", "classic [503.1.b8-5]", "classic [503.1.b8-94]",
    ),
    "blind3-identity-lost-in-hand": ("classic [537.4-5]", "classic [537.4-6]"),
    "blind3-identity-through-deck": ("classic [537.4-3]", "classic [537.4-4]"),
    "blind3-illegal-declaration-spends-limit": (
        "heroes [113.7-1]", "heroes [113.7.ex1-1]", "heroes [113.7.ex1-2]",
    ),
    "blind3-lethal-ignores-additional": ("classic [503.1.b5-3]", "classic [503.1.b5-94]"),
    "blind3-limit-in-own-turn": ("classic [113.2-25]", "classic [113.2.ex1-72]", "heroes [113.4.p1-70]"),
    "blind3-limit-per-game": (
        "classic [113.2-21]", "classic [113.2-22]", "classic [113.2-26]",
        "classic [classic-activated-repeat-4]", "heroes [113.3.dup2.p1-2]", "heroes [113.3.dup2.p1-90]",
        "heroes [113.3.dup2.p1-91]", "heroes [113.4.p1-2]", "heroes [113.4.p1-3]", "heroes [113.4.p1-4]",
    ),
    "blind3-limit-per-name": (
        "heroes [113.2-4]", "heroes [113.3.dup2.p1-6]", "heroes [113.3.dup2.p1-7]",
        "heroes [113.3.dup2.p1-8]", "heroes [113.3.dup2.p1-93]", "heroes [113.4-1001]", "heroes [113.4-70]",
        "heroes [113.4.p1-5]", "heroes [113.4.p1-6]", "heroes [113.4.p1-70]", "heroes [113.4.p1-91]",
        "heroes [113.7-1]", "heroes [114.1.p1-4]",
    ),
    "blind3-lives-cancel-all": ("classic [503.1.b6-124]", "classic [503.1.b6-1]", "classic [503.1.b6-3]"),
    "blind3-loop-cut-after-repetition": (
        "classic [503.1.ex1-1]", "classic [503.1.p2-1]", "classic [503.1.p2-2]",
    ),
    "blind3-marks-are-markers": ("classic [537.2-3]", "classic [537.2-4]", "classic [537.2.ex1-1]"),
    "blind3-may-is-must": (
        "classic [113.1-1211]", "classic [113.2-23]", "classic [113.2-24]", "heroes [113.2-7]",
        "heroes [113.3-2]", "heroes [113.4-1001]", "heroes [113.4-140]", "heroes [113.4-1]",
        "heroes [113.4-3]", "heroes [113.4-70]", "heroes [113.4.p1-4]", "heroes [113.4.p1-5]",
        "heroes [113.4.p1-6]", "heroes [113.4.p1-70]",
    ),
    "blind3-movement-restored-both": (
        "classic [503.1.b12-1]", "classic [503.1.b12-2]", "classic [503.1.b12-70]", "classic [503.1.b2-2]",
        "classic [503.1.b2-3]", "classic [503.1.b2-70]",
    ),
    "blind3-on-attack-after-payment": (
        "classic [113.1-1201]", "classic [113.1-1212]", "classic [113.1-1213]", "classic [113.1-1214]",
        "classic [113.2-1407]", "classic [113.2.p1-140]", "classic [113.2.p1-141]", "classic [113.2.p1-142]",
        "classic [113.2.p1-143]", "classic [113.2.p1-144]", "classic [113.2.p1-146]", "classic [113.3-1401]",
        "classic [113.3-142]", "classic [113.3-143]", "classic [113.3-145]", "classic [113.3-146]",
        "classic [113.3-1]", "classic [113.3-3]", "classic [113.3-4]", "classic [503.1.b19-100]",
        "classic [503.1.p2-128]", "classic [536.4.ex1-1]", "classic [536.4.ex1-2]", "classic [536.4.ex1-3]",
    ),
    "blind3-open-both-players": (
        "classic [113.2.p1-1401]", "classic [113.2.p2-141]", "classic [113.3-144]", "classic [503.1.b12-1]",
        "classic [503.1.b12-70]", "classic [503.1.b15-2]", "classic [503.1.b19-1]", "classic [503.1.b19-94]",
        "classic [503.1.b2-1]", "classic [503.1.b2-2]", "classic [503.1.b2-3]", "classic [503.1.b2-70]",
    ),
    "blind3-partial-execution-triggers": ("classic [113.2.p2-3]", "classic [113.2.p2-4]"),
    "blind3-participle-at-declaration": ("classic [538.1.b2-2]", "classic [538.1.b2-3]"),
    "blind3-passes-end-the-turn": (
        "classic [classic-attack-101]", "classic [empty-stack-pass-1]", "heroes [114.1-2]",
        "heroes [115.1-5]", "heroes [empty-stack-pass-2]",
    ),
    "blind3-poison-in-other-turn": (
        "heroes [113.1-1]", "heroes [113.2-1]", "heroes [113.3-140]", "heroes [113.3-1]", "heroes [113.4-1]",
        "heroes [113.4-2]", "heroes [113.4.p1-1]", "heroes [113.4.p1-2]", "heroes [113.7.ex1-1]",
        "heroes [113.7.ex1-2]",
    ),
    "blind3-previous-turn-own": (
        "classic [537.2.ex2-1]", "classic [537.2.ex2-2]", "classic [537.3-4]", "classic [537.3-5]",
        "classic [537.3-6]",
    ),
    "blind3-printed-limit-ignored": (
        "classic [classic-activated-repeat-4]", "classic [classic-activated-repeat-5]",
    ),
    "blind3-priority-to-resolved-controller": (
        "classic [113.1-1201]", "classic [113.1-1206]", "classic [113.1-1212]", "classic [113.1-1213]",
        "classic [113.1-1214]", "classic [113.1-144]", "classic [113.1-145]", "classic [113.2-1405]",
        "classic [113.2-1407]", "classic [113.2-20]", "classic [113.2-25]", "classic [113.2-26]",
        "classic [113.2-2]", "classic [113.2-70]", "classic [113.2.ex1-72]", "classic [113.2.p1-143]",
        "classic [113.2.p1-144]", "classic [113.2.p1-145]", "classic [113.2.p1-146]", "classic [113.3-1401]",
        "classic [113.3-143]", "classic [503.1.b15-3]", "classic [503.1.p2-128]", "classic [536.4.ex1-1]",
        "classic [536.4.ex1-3]", "classic [537.1.e-2]", "classic [537.1.e-80]", "classic [537.2-70]",
        "classic [537.2-71]", "classic [537.2.ex2-1]", "classic [537.2.ex2-2]", "classic [537.2.ex2-3]",
        "classic [538.1.b2-1]", "heroes [113.2-1001]", "heroes [113.2-1003]", "heroes [113.4.p1-4]",
        "heroes [113.4.p1-70]",
    ),
    "blind3-rule-effects-after-ability": (
        "classic [113.2-140]", "classic [503.1.p1-2]", "classic [503.1.p1-3]",
    ),
    "blind3-shuffle-at-turn-end": (
        "classic [503.1.b11-123]", "classic [503.1.b11-1]", "classic [503.1.b11-2]", "classic [503.1.b11-4]",
        "classic [503.1.b11-5]", "classic [503.1.b11-70]", "classic [503.1.b15-6]", "classic [503.1.b17-122]",
        "classic [503.1.b17-1]", "classic [503.1.b17-2]", "classic [503.1.b17-3]", "classic [503.1.b8-4]",
    ),
    "blind3-squad-by-owner": (
        "classic [503.1.b11-71]", "classic [503.1.b18-5]", "classic [503.1.b18-6]", "classic [536.2.b-41]",
    ),
    "blind3-static-kept-after-condition": (
        "classic [503.1.b4-1]", "heroes [115.1-3]", "heroes [115.1-6]", "heroes [115.1-71]",
        "heroes [115.1-9]", "heroes [115.4-6]",
    ),
    "blind3-static-respects-protection": ("heroes [115.1-101]", "heroes [115.1.p1-2]", "heroes [115.1.p1-3]"),
    "blind3-static-segment-ignored": ("heroes [115.1-7]", "heroes [115.1-8]"),
    "blind3-static-waits-a-turn": (
        "classic [503.1.b4-3]", "heroes [115.1-5]", "heroes [115.1.p1-4]", "heroes [115.4-1]",
        "heroes [115.4-20]", "heroes [115.4-2]", "heroes [115.4-3]", "heroes [115.4-4]", "heroes [115.4-5]",
    ),
    "blind3-statics-newest-first": (
        "heroes [115.4-1]", "heroes [115.4-2]", "heroes [115.4-3]", "heroes [115.4-4]", "heroes [115.4-5]",
        "heroes [115.4-6]",
    ),
    "blind3-substitution-sticks": ("classic [503.1.b19-1]", "classic [503.1.b19-94]"),
    "blind3-table-rolls-clamped": ("classic [503.1.b13-1]", "classic [503.1.b13-3]"),
    "blind3-turn-effects-end-early": (
        "classic [113.1-1209]", "classic [113.2-1401]", "classic [503.1.b15-4]", "classic [503.1.b15-7]",
    ),
    "blind3-uniqueness-by-owner": (
        "classic [503.1.b11-4]", "classic [503.1.b11-5]", "classic [503.1.b11-70]", "classic [503.1.b11-71]",
    ),
    "blind3-valhalla-any-attack": ("classic [537.2.ex1-4]", "classic [537.2.ex1-8]", "classic [537.2.ex1-9]"),
    "blind3-your-creature-by-owner": ("classic [113.2.ex1-70]", "heroes [113.2.ex1-70]"),
    "blind3-your-turn-by-owner": ("classic [503.1.b15-7]", "heroes [113.2.ex1-4]", "heroes [113.2.ex1-5]"),
    "bonus-needs-whole-previous-turn": ("classic [537.2.ex2-1]", "classic [537.2.ex2-3]"),
    "clamp-before-modifier": (
        "classic [503.1.b13-2]", "classic [503.1.b13-4]", "classic [503.1.b13-5]", "classic [503.1.b13-6]",
    ),
    "classic-pay-before": (
        "classic [113.2-140]", "classic [113.2-18]", "classic [113.2-8]", "classic [113.2.p2-1]",
        "classic [113.3-2]", "classic [113.3-6]", "classic [503.1.b19-1]", "classic [503.1.b3-1]",
        "classic [503.1.b3-2]", "classic [503.1.b3-3]", "classic [536.1-1]", "classic [536.2-1]",
        "classic [536.2.a-140]", "classic [536.2.a-141]", "classic [536.2.a-1]", "classic [536.2.a-2]",
        "classic [536.2.b-10]", "classic [536.2.b-6]", "classic [536.2.c-1]", "classic [536.2.d-1]",
        "classic [536.4.ex1-1]", "classic [537.1.d-1]",
    ),
    "classic-triggers-once-per-turn": (
        "classic [113.1-1201]", "classic [113.1-1206]", "classic [113.1-1207]", "classic [113.1-1211]",
        "classic [113.1-1212]", "classic [113.1-1213]", "classic [113.1-1214]", "classic [113.1-1412]",
        "classic [113.1-142]", "classic [113.1-144]", "classic [113.2-1403]", "classic [113.2-1404]",
        "classic [113.2-1407]", "classic [113.2-142]", "classic [113.2-19]", "classic [113.2-20]",
        "classic [113.2-70]", "classic [113.2.ex2-70]", "classic [113.2.p1-1401]", "classic [113.2.p1-143]",
        "classic [113.2.p1-144]", "classic [113.2.p1-146]", "classic [113.2.p2-1401]",
        "classic [113.2.p2-141]", "classic [113.3-1401]", "classic [113.3-1402]", "classic [113.3-143]",
        "classic [113.3-145]", "classic [503.1.b5-80]", "classic [503.1.p2-128]", "classic [536.4-1402]",
        "classic [536.4.ex1-3]", "classic [538.1-1401]",
    ),
    "closed-target-both-roll": (
        "classic [113.1-144]", "classic [113.2-1407]", "classic [113.2-3]", "classic [113.2.p1-1401]",
        "classic [113.2.p1-141]", "classic [113.2.p1-142]", "classic [113.2.p1-143]", "classic [113.2.p1-2]",
        "classic [113.2.p1-3]", "classic [113.2.p1-4]", "classic [113.3-141]", "classic [113.3-142]",
        "classic [113.3-144]", "classic [113.3-145]", "classic [113.3-146]", "classic [503.1-2]",
        "classic [503.1.b13-20]", "classic [503.1.b13-21]", "classic [503.1.b13-22]",
        "classic [503.1.b13-23]", "classic [503.1.b13-24]", "classic [503.1.b13-25]", "classic [503.1.b15-2]",
        "classic [503.1.p2-128]", "classic [536.4-1]", "classic [536.4-2]", "classic [536.4.ex1-3]",
        "classic [537.2.ex1-4]", "classic [537.2.ex1-8]", "classic [537.2.ex1-9]", "classic [537.2.ex2-4]",
    ),
    "closed-target-thirds": (
        "classic [113.2.p1-2]", "classic [113.2.p1-3]", "classic [113.3-146]", "classic [503.1.b13-22]",
        "classic [503.1.b13-24]",
    ),
    "compound-ends-at-a-lost-target": ("classic [536.2.b-10]", "classic [536.2.b-11]"),
    "conditional-no-parent": ("classic [537.1.f-2]", "classic [537.1.f-3]"),
    "control-forever": (
        "classic [113.2.ex1-1]", "classic [113.2.ex1-4]", "classic [503.1.b15-101]", "classic [503.1.b15-3]",
        "classic [503.1.b15-5]", "classic [503.1.b15-6]", "classic [503.1.b15-7]", "classic [503.1.b18-5]",
        "classic [537.1.c-140]", "classic [537.1.e-2]", "classic [537.1.e-82]", "classic [537.1.f-1]",
        "classic [538.2-81]", "heroes [115.1-71]", "heroes [115.1-9]",
    ),
    "death-needs-new-wounds": (
        "classic [503.1.b5-5]", "classic [503.1.b5-6]", "classic [503.1.ex1-128]", "classic [503.1.p2-127]",
        "classic [503.1.p2-128]",
    ),
    "death-trigger-needs-wounds": ("classic [538.3-2]", "classic [538.3.ex1-2]"),
    "deck-keeps-identity": ("classic [537.4-3]", "classic [537.4-4]"),
    "declined-lost-for-turn": (
        "classic [113.2-23]", "classic [113.2-24]", "heroes [113.4-70]", "heroes [113.4.p1-5]",
        "heroes [113.4.p1-6]", "heroes [113.4.p1-70]",
    ),
    "declined-spends-limit": (
        "heroes [113.4-70]", "heroes [113.4.p1-5]", "heroes [113.4.p1-6]", "heroes [113.4.p1-70]",
    ),
    "effect-bonus-on-strike": ("classic [537.2.ex2-4]", "classic [537.2.ex2-5]"),
    "effects-end-next-turn": ("classic [503.1.b15-1]", "classic [503.1.b15-2]", "classic [503.1.b15-4]"),
    "effects-never-end": (
        "classic [113.1-1206]", "classic [113.1-1209]", "classic [113.1-144]", "classic [113.1-145]",
        "classic [113.2-1401]", "classic [113.2-1404]", "classic [113.2-1405]", "classic [113.2-1407]",
        "classic [113.2-1]", "classic [113.2-21]", "classic [113.2-22]", "classic [113.2-26]",
        "classic [113.2-2]", "classic [113.2-6]", "classic [113.2.ex1-1]", "classic [113.2.ex1-4]",
        "classic [113.2.p1-1401]", "classic [113.2.p1-141]", "classic [113.2.p1-142]",
        "classic [113.2.p1-143]", "classic [113.2.p1-144]", "classic [113.2.p1-146]",
        "classic [113.2.p2-1401]", "classic [113.2.p2-141]", "classic [113.3-1401]", "classic [113.3-1402]",
        "classic [113.3-141]", "classic [113.3-142]", "classic [113.3-143]", "classic [113.3-145]",
        "classic [113.3-146]", "classic [113.3-2]", "classic [113.3-4]", "classic [503.1.b10-1]",
        "classic [503.1.b15-100]", "classic [503.1.b15-101]", "classic [503.1.b15-1201]",
        "classic [503.1.b15-126]", "classic [503.1.b15-1]", "classic [503.1.b15-2]", "classic [503.1.b15-3]",
        "classic [503.1.b15-4]", "classic [503.1.b15-5]", "classic [503.1.b15-6]", "classic [503.1.b15-7]",
        "classic [503.1.b18-5]", "classic [503.1.ex1-128]", "classic [503.1.p2-127]",
        "classic [503.1.p2-128]", "classic [536.4.ex1-1]", "classic [536.4.ex1-3]", "classic [537.1.c-140]",
        "classic [537.1.e-2]", "classic [537.1.e-82]", "classic [537.1.f-1]", "classic [538.1-1401]",
        "classic [538.2-81]", "classic [538.3.ex1-1]", "classic [538.3.ex1-2]",
        "classic [classic-activated-repeat-4]", "heroes [113.2-1001]", "heroes [113.2-1002]",
        "heroes [113.2-1003]", "heroes [113.2-1004]", "heroes [113.2-6]", "heroes [113.3.dup2.p1-2]",
        "heroes [113.4.p1-4]", "heroes [113.4.p1-90]", "heroes [113.4.p1-91]", "heroes [115.1-71]",
        "heroes [115.1-9]",
    ),
    "effects-reach-out-of-play": (
        "classic [113.2.p2-3]", "classic [113.2.p2-4]", "classic [503.1.p1-2]", "classic [503.1.p1-3]",
        "classic [538.1.b3-2]",
    ),
    "end-of-turn-after-turn-passes": (
        "classic [113.1-1208]", "classic [113.1-1209]", "classic [113.1-1215]", "classic [113.2-1401]",
        "classic [113.2-1406]", "classic [113.2-1]", "classic [113.2-5]", "classic [503.1.b15-4]",
        "classic [503.1.b15-7]", "classic [537.1.e-81]", "classic [537.1.e-82]", "classic [537.2-1402]",
        "classic [537.2-3]", "classic [537.2-4]", "classic [537.2-70]", "classic [537.2-71]",
        "classic [537.2-80]", "classic [537.2-81]", "classic [537.2.ex2-1]", "classic [537.2.ex2-2]",
        "classic [537.2.ex2-3]", "classic [537.4-1]", "classic [537.4-2]", "classic [537.4-5]",
        "classic [537.4-6]", "classic [537.4-80]", "heroes [113.2-3]", "heroes [113.4.p1-3]",
        "heroes [114.1.p1-6]", "heroes [114.1.p1-7]",
    ),
    "equipment-stays-behind": (
        "classic [503.1.b9-1]", "classic [503.1.b9-2]", "classic [503.1.b9-3]", "classic [503.1.ex1-128]",
        "classic [503.1.p2-127]", "classic [503.1.p2-128]", "classic [503.1.p2-3]",
    ),
    "excess-removes-all": (
        "classic [503.1.b16-1]", "classic [503.1.b16-5]", "classic [503.1.b16-6]", "classic [503.1.b16-7]",
        "classic [503.1.b16-8]", "classic [503.1.b6-2]", "classic [503.1.ex1-128]", "classic [503.1.p2-127]",
        "classic [503.1.p2-128]",
    ),
    "executed-fires-in-part": ("classic [113.2.p2-3]", "classic [113.2.p2-4]"),
    "flying-source-inert": ("classic [503.1.b4-1201]", "classic [503.1.b4-2]", "classic [503.1.b4-3]"),
    "flying-stays": (
        "classic [503.1.b10-120]", "classic [503.1.b10-121]", "classic [503.1.b10-122]",
        "classic [503.1.b10-123]", "classic [503.1.b10-1]", "classic [503.1.b10-2]", "classic [503.1.b4-3]",
        "classic [503.1.b8-5]", "classic [503.1.b8-94]", "classic [503.1.ex1-128]", "classic [503.1.p2-127]",
        "classic [503.1.p2-128]",
    ),
    "generated-ability-paid": (
        "classic [536.2.b-10]", "classic [536.2.b-6]", "classic [536.2.b-7]", "classic [537.1.e-140]",
        "heroes [113.3.dup2.p1-92]", "heroes [113.3.dup2.p1-93]",
    ),
    "generated-as-closed-always": (
        "classic [113.3-1401]", "classic [536.4-1402]", "classic [536.4-3]", "classic [536.4-6]",
    ),
    "generated-attack-as-open": (
        "classic [113.1-1201]", "classic [113.1-1207]", "classic [113.1-1212]", "classic [113.1-1213]",
        "classic [113.1-1214]", "classic [113.1-1215]", "classic [113.1-1411]", "classic [113.2-15]",
        "classic [113.2.p1-140]", "classic [113.2.p1-144]", "classic [113.2.p1-146]", "classic [113.3-143]",
        "classic [503.1.b19-100]", "classic [503.1.b3-2]", "classic [503.1.p2-128]", "classic [536.1-1]",
        "classic [536.2-1]", "classic [536.2.b-3]", "classic [536.2.b-5]", "classic [536.2.b-9]",
        "classic [536.2.c-1]", "classic [536.2.d-1]", "classic [536.4-4]", "classic [536.4-5]",
        "classic [536.4.ex1-1]", "classic [536.4.ex1-2]", "classic [536.4.ex1-3]", "classic [536.5-140]",
        "classic [536.5-1]", "classic [536.5-2]", "classic [537.2-1402]",
    ),
    "generated-attack-by-generator": (
        "classic [113.1-1201]", "classic [113.1-1207]", "classic [113.1-1212]", "classic [113.1-1213]",
        "classic [113.1-1214]", "classic [113.1-1215]", "classic [113.1-1411]", "classic [113.2-1407]",
        "classic [113.2-15]", "classic [113.2.p1-140]", "classic [113.2.p1-144]", "classic [113.2.p1-146]",
        "classic [113.3-1401]", "classic [113.3-143]", "classic [503.1.b19-100]", "classic [503.1.b3-2]",
        "classic [503.1.p2-128]", "classic [536.1-1]", "classic [536.2-1]", "classic [536.2.a-1202]",
        "classic [536.2.b-1]", "classic [536.2.b-3]", "classic [536.2.b-5]", "classic [536.2.b-9]",
        "classic [536.2.c-1]", "classic [536.2.d-1]", "classic [536.4-1402]", "classic [536.4-3]",
        "classic [536.4-4]", "classic [536.4-5]", "classic [536.4-6]", "classic [536.4.ex1-1]",
        "classic [536.4.ex1-2]", "classic [536.4.ex1-3]", "classic [536.5-140]", "classic [536.5-1]",
        "classic [536.5-2]", "classic [537.2-1402]",
    ),
    "generated-attack-closes-target": ("classic [536.4-4]", "classic [536.4-5]"),
    "generated-attack-defender": (
        "classic [113.1-1201]", "classic [113.1-1207]", "classic [113.1-1212]", "classic [113.1-1213]",
        "classic [113.1-1214]", "classic [503.1.b3-2]", "classic [536.2-1]", "classic [536.2.b-1]",
        "classic [536.2.b-3]", "classic [536.2.b-5]", "classic [536.2.b-9]", "classic [536.2.c-1]",
        "classic [536.2.d-1]", "classic [536.4-5]", "classic [536.4.ex1-1]", "classic [536.4.ex1-2]",
        "classic [536.5-1]",
    ),
    "generated-attack-no-triggers": (
        "classic [113.1-1201]", "classic [113.1-1212]", "classic [113.1-1213]", "classic [113.1-1214]",
        "classic [113.2-1407]", "classic [113.2.p1-140]", "classic [113.2.p1-144]", "classic [113.2.p1-146]",
        "classic [113.3-1401]", "classic [113.3-143]", "classic [503.1.b19-100]", "classic [503.1.p2-128]",
        "classic [536.4.ex1-1]", "classic [536.4.ex1-2]", "classic [536.4.ex1-3]",
    ),
    "generated-attack-paid": (
        "classic [113.1-1201]", "classic [113.1-1207]", "classic [113.1-1212]", "classic [113.1-1213]",
        "classic [113.1-1214]", "classic [113.1-1411]", "classic [113.2-1407]", "classic [113.2.p1-144]",
        "classic [113.2.p1-146]", "classic [113.3-1401]", "classic [113.3-143]", "classic [503.1.b19-100]",
        "classic [503.1.p2-128]", "classic [536.1-1]", "classic [536.2-1]", "classic [536.2.c-1]",
        "classic [536.4-1402]", "classic [536.4-4]", "classic [536.4.ex1-3]",
    ),
    "generated-attack-redirect": ("classic [536.2.b-3]", "classic [536.2.b-5]"),
    "generated-compound-first-part-only": (
        "classic [113.2-16]", "classic [536.2.b-1201]", "classic [536.2.b-6]", "classic [536.2.b-7]",
        "classic [537.1.e-140]",
    ),
    "generated-target-by-performer": (
        "classic [113.1-1411]", "classic [113.2-1407]", "classic [113.2-140]", "classic [113.2-15]",
        "classic [113.2.p1-140]", "classic [113.2.p1-144]", "classic [113.2.p1-146]", "classic [113.3-1401]",
        "classic [113.3-143]", "classic [503.1.b19-100]", "classic [503.1.b3-2]", "classic [503.1.p2-128]",
        "classic [536.1-1]", "classic [536.2-1]", "classic [536.2.a-1203]", "classic [536.2.a-1204]",
        "classic [536.2.a-1]", "classic [536.2.a-2]", "classic [536.2.b-1]", "classic [536.2.b-3]",
        "classic [536.2.b-5]", "classic [536.2.b-9]", "classic [536.2.c-1]", "classic [536.2.d-1]",
        "classic [536.3-1]", "classic [536.3-2]", "classic [536.4-1401]", "classic [536.4-1402]",
        "classic [536.4-3]", "classic [536.4-4]", "classic [536.4-5]", "classic [536.4-6]",
        "classic [536.4.ex1-1]", "classic [536.4.ex1-2]", "classic [536.4.ex1-3]", "classic [536.5-140]",
        "classic [536.5-1]", "classic [536.5-2]", "classic [536.5-4]", "classic [537.1-1]",
        "classic [537.2-1402]",
    ),
    "generated-unchecked": ("classic [536.2.a-141]", "classic [536.2.a-1]", "classic [536.2.a-2]"),
    "generating-obliges-attack": ("classic [536.5-2]", "classic [536.5-3]", "classic [536.5-4]"),
    "generator-stops-at-generated": (
        "classic [536.2-1]", "classic [536.2.c-1]", "classic [536.4-5]", "classic [536.4.ex1-1]",
        "classic [536.5-140]", "classic [536.5-2]",
    ),
    "generator-unpaid": (
        "classic [113.2-140]", "classic [113.2-15]", "classic [503.1.b3-2]", "classic [536.1-1]",
        "classic [536.2-1]", "classic [536.2.a-1203]", "classic [536.2.a-1204]", "classic [536.2.a-141]",
        "classic [536.2.a-142]", "classic [536.2.a-1]", "classic [536.2.a-2]", "classic [536.2.c-1]",
        "classic [536.2.d-1]", "classic [536.4-5]", "classic [536.4-6]", "classic [536.4.ex1-1]",
        "classic [536.4.ex1-3]", "classic [536.5-140]", "classic [536.5-2]",
    ),
    "heal-nominal": ("classic [113.2.ex2-1]", "classic [113.2.ex2-3]", "classic [113.2.ex2-7]"),
    "heroes-activate-twice-a-turn": (
        "heroes [113.3.dup2.p1-1]", "heroes [113.3.dup2.p1-3]", "heroes [113.3.dup2.p1-4]",
        "heroes [113.3.dup2.p1-5]", "heroes [113.3.dup2.p1-7]", "heroes [113.3.dup2.p1-8]",
        "heroes [113.3.dup2.p1-90]", "heroes [113.3.dup2.p1-92]", "heroes [113.3.dup2.p1-93]",
    ),
    "heroes-mandatory-declinable": (
        "heroes [113.1-1]", "heroes [113.2-1001]", "heroes [113.2-1002]", "heroes [113.2-1003]",
        "heroes [113.2-1005]", "heroes [113.2-11]", "heroes [113.2-1]", "heroes [113.2-3]",
        "heroes [113.2-4]", "heroes [113.2-5]", "heroes [113.2-6]", "heroes [113.2-7]", "heroes [113.2-8]",
        "heroes [113.2-9]", "heroes [113.2.ex1-4]", "heroes [113.2.ex1-5]", "heroes [113.2.ex1-70]",
        "heroes [113.3-140]", "heroes [113.3-1]", "heroes [113.3-2]", "heroes [113.3-3]", "heroes [113.4-3]",
        "heroes [113.4.p1-2]", "heroes [113.4.p1-3]", "heroes [113.4.p1-91]", "heroes [113.6.ex1-1]",
        "heroes [113.7-1]", "heroes [113.7.ex1-1]", "heroes [113.7.ex1-2]",
    ),
    "heroes-pay-after": (
        "heroes [113.3.dup2-1]", "heroes [114.1-1]", "heroes [114.1-3]", "heroes [114.1-4]",
        "heroes [114.1.p1-2]", "heroes [114.1.p1-4]", "heroes [115.1-3]", "heroes [115.1-6]",
    ),
    "heroes-trigger-twice-a-turn": (
        "heroes [113.4.p1-1]", "heroes [113.4.p1-2]", "heroes [113.4.p1-70]", "heroes [113.4.p1-90]",
        "heroes [113.4.p1-91]",
    ),
    "history-by-name": (
        "classic [537.1.e-81]", "classic [537.1.e-82]", "classic [537.2-71]", "classic [537.4-1]",
        "classic [537.4-2]", "classic [537.4-80]",
    ),
    "history-controller-now": ("classic [537.1.e-1]", "classic [537.1.e-2]"),
    "history-forgets-rule-effects": (
        "classic [113.2-140]", "classic [113.2.ex1-1]", "classic [503.1-1]", "classic [503.1-2]",
        "classic [503.1.b1-1]", "classic [503.1.b1-2]", "classic [503.1.b10-120]", "classic [503.1.b10-1]",
        "classic [503.1.b10-2]", "classic [503.1.b11-123]", "classic [503.1.b11-1]", "classic [503.1.b11-2]",
        "classic [503.1.b11-4]", "classic [503.1.b11-5]", "classic [503.1.b11-70]", "classic [503.1.b12-1]",
        "classic [503.1.b12-70]", "classic [503.1.b13-26]", "classic [503.1.b13-27]",
        "classic [503.1.b13-28]", "classic [503.1.b13-29]", "classic [503.1.b13-2]", "classic [503.1.b13-30]",
        "classic [503.1.b13-4]", "classic [503.1.b13-5]", "classic [503.1.b13-6]", "classic [503.1.b14-129]",
        "classic [503.1.b15-126]", "classic [503.1.b15-1]", "classic [503.1.b15-2]", "classic [503.1.b15-4]",
        "classic [503.1.b15-5]", "classic [503.1.b15-6]", "classic [503.1.b16-1]", "classic [503.1.b16-3]",
        "classic [503.1.b16-5]", "classic [503.1.b16-6]", "classic [503.1.b16-7]", "classic [503.1.b16-8]",
        "classic [503.1.b17-122]", "classic [503.1.b17-1]", "classic [503.1.b17-2]", "classic [503.1.b17-3]",
        "classic [503.1.b18-1]", "classic [503.1.b18-2]", "classic [503.1.b19-1]", "classic [503.1.b19-2]",
        "classic [503.1.b19-94]", "classic [503.1.b2-1]", "classic [503.1.b2-70]", "classic [503.1.b4-1]",
        "classic [503.1.b4-3]", "classic [503.1.b5-1]", "classic [503.1.b5-4]", "classic [503.1.b5-5]",
        "classic [503.1.b6-124]", "classic [503.1.b6-1]", "classic [503.1.b6-2]", "classic [503.1.b6-3]",
        "classic [503.1.b7-1]", "classic [503.1.b7-2]", "classic [503.1.b7-3]", "classic [503.1.b7-4]",
        "classic [503.1.b7-5]", "classic [503.1.b8-1]", "classic [503.1.b8-2]", "classic [503.1.b8-3]",
        "classic [503.1.b8-4]", "classic [503.1.b8-5]", "classic [503.1.b8-94]", "classic [503.1.b9-1]",
        "classic [503.1.b9-2]", "classic [503.1.b9-3]", "classic [503.1.ex1-1]", "classic [503.1.p1-1]",
        "classic [503.1.p1-2]", "classic [503.1.p1-3]", "classic [503.1.p2-1]", "classic [503.1.p2-2]",
        "classic [503.1.p2-80]", "classic [537.1.f-1]", "classic [537.1.f-2]", "classic [537.1.f-3]",
        "classic [537.2.ex1-11]", "classic [537.2.ex1-1]", "classic [537.2.ex1-4]", "classic [537.2.ex1-7]",
        "classic [538.2-1]", "classic [538.2-80]", "classic [538.2-81]", "heroes [113.2-1]",
    ),
    "history-from-appearance": ("classic [537.2.ex2-1]", "classic [537.2.ex2-2]"),
    "history-no-other-info": (
        "classic [113.1-1201]", "classic [113.1-1207]", "classic [113.1-1211]", "classic [113.1-1212]",
        "classic [113.1-1213]", "classic [113.1-1214]", "classic [113.1-1216]", "classic [113.2-142]",
        "classic [113.2-19]", "classic [113.2-20]", "classic [113.2-21]", "classic [113.2-25]",
        "classic [113.2-26]", "classic [113.2-27]", "classic [113.2-70]", "classic [113.2.ex1-71]",
        "classic [113.2.ex1-72]", "classic [113.2.ex2-70]", "classic [113.2.p1-143]",
        "classic [113.2.p2-1402]", "classic [113.2.p2-16]", "classic [113.2.p2-1]", "classic [113.2.p2-5]",
        "classic [113.2.p2-80]", "classic [503.1.b3-1207]", "classic [503.1.b3-1208]",
        "classic [503.1.b3-1209]", "classic [503.1.b3-1210]", "classic [503.1.b3-1]", "classic [503.1.b3-2]",
        "classic [503.1.b3-3]", "classic [536.1-1]", "classic [536.1.1-20]", "classic [536.1.1-2]",
        "classic [536.1.1-4]", "classic [536.1.1-7]", "classic [536.2.b-6]", "classic [536.2.c-1]",
        "classic [536.4.ex1-1]", "classic [536.5-140]", "classic [536.5-1]", "classic [537.1-1]",
        "classic [537.1.c-140]", "classic [537.1.c-141]", "classic [537.1.c-1]", "classic [537.1.d-1]",
        "classic [537.1.e-140]", "classic [537.1.e-141]", "classic [537.1.e-1]", "classic [537.1.e-2]",
        "classic [537.1.e-80]", "classic [537.1.f-1]", "classic [537.1.f-2]", "classic [537.1.f-3]",
        "classic [538.1.b3-4]", "classic [classic-activated-repeat-1401]",
        "classic [classic-activated-repeat-1402]", "classic [classic-activated-repeat-4]",
        "classic [classic-activated-repeat-5]", "classic [protection-1403]", "heroes [113.2-8]",
        "heroes [113.3.dup2-1]", "heroes [113.3.dup2.p1-1]", "heroes [113.3.dup2.p1-3]",
        "heroes [113.3.dup2.p1-4]", "heroes [113.3.dup2.p1-5]", "heroes [113.3.dup2.p1-6]",
        "heroes [113.3.dup2.p1-7]", "heroes [113.3.dup2.p1-8]", "heroes [113.3.dup2.p1-90]",
        "heroes [113.3.dup2.p1-92]", "heroes [113.3.dup2.p1-93]", "heroes [113.4-70]", "heroes [113.4.p1-1]",
        "heroes [113.4.p1-2]", "heroes [113.4.p1-3]", "heroes [113.4.p1-4]", "heroes [113.4.p1-5]",
        "heroes [113.4.p1-70]", "heroes [113.4.p1-90]", "heroes [113.4.p1-91]", "heroes [113.6.ex1-2]",
        "heroes [113.6.ex1-3]", "heroes [113.7-1]", "heroes [113.7.ex1-1]", "heroes [113.7.ex1-2]",
    ),
    "history-of-the-turn": (
        "classic [503.1.b12-1]", "classic [503.1.b12-70]", "classic [503.1.b15-126]", "classic [503.1.b15-1]",
        "classic [503.1.b15-2]", "classic [503.1.b15-4]", "classic [503.1.b19-1]", "classic [503.1.b19-94]",
        "classic [503.1.b2-1]", "classic [503.1.b2-70]", "classic [537.1.f-2]", "classic [537.1.f-3]",
        "classic [537.2.ex1-1]", "classic [537.2.ex2-1]", "classic [537.2.ex2-2]", "classic [537.3-4]",
        "classic [537.3-5]", "heroes [113.2-6]",
    ),
    "history-source-is-cause": (
        "classic [113.1-1211]", "classic [113.2-142]", "classic [113.2-19]", "classic [113.2-20]",
        "classic [113.2-21]", "classic [113.2-25]", "classic [113.2-26]", "classic [113.2-27]",
        "classic [113.2-70]", "classic [113.2.ex1-71]", "classic [113.2.ex1-72]", "classic [113.2.ex2-70]",
        "classic [113.2.p1-143]", "classic [537.1.c-140]", "classic [537.1.c-141]", "classic [537.1.e-2]",
        "classic [537.1.f-1]", "heroes [113.2-8]", "heroes [113.4-70]", "heroes [113.4.p1-1]",
        "heroes [113.4.p1-2]", "heroes [113.4.p1-5]", "heroes [113.4.p1-70]", "heroes [113.4.p1-91]",
        "heroes [113.6.ex1-2]", "heroes [113.6.ex1-3]", "heroes [113.7-1]", "heroes [113.7.ex1-1]",
        "heroes [113.7.ex1-2]",
    ),
    "history-targets-chosen-only": (
        "classic [113.1-1216]", "classic [113.2.p2-1402]", "classic [113.2.p2-16]", "classic [113.2.p2-5]",
        "classic [113.2.p2-80]", "classic [503.1.b3-1207]", "classic [503.1.b3-1208]",
        "classic [503.1.b3-1209]", "classic [503.1.b3-1210]", "classic [537.1.c-1]",
        "classic [protection-1403]",
    ),
    "host-leaves-only-by-death": (
        "classic [503.1.b8-3]", "classic [503.1.b8-4]", "classic [503.1.b8-5]", "classic [503.1.b8-94]",
        "classic [503.1.ex1-128]", "classic [503.1.p2-127]", "classic [503.1.p2-128]",
    ),
    "host-left-stays": (
        "classic [113.1-1206]", "classic [113.1-1411]", "classic [503.1-1]", "classic [503.1.b8-1]",
        "classic [503.1.b8-2]", "classic [503.1.b8-3]", "classic [503.1.b8-4]", "classic [503.1.b8-5]",
        "classic [503.1.b8-94]", "classic [503.1.ex1-128]", "classic [503.1.p2-127]",
        "classic [503.1.p2-128]", "classic [538.2-1]", "classic [538.2-80]",
    ),
    "hostless-stays": (
        "classic [503.1.b7-1]", "classic [503.1.b7-2]", "classic [503.1.b7-3]", "classic [503.1.b7-4]",
        "classic [503.1.b7-5]", "classic [503.1.ex1-128]", "classic [503.1.p2-127]", "classic [503.1.p2-128]",
        "classic [503.1.p2-80]",
    ),
    "hostless-symbiote-stays": (
        "classic [503.1.b7-3]", "classic [503.1.b7-4]", "classic [503.1.b7-5]", "classic [503.1.ex1-128]",
        "classic [503.1.p2-127]", "classic [503.1.p2-128]", "classic [503.1.p2-80]",
    ),
    "identity-lost-leaving-play": (
        "classic [537.1.f-2]", "classic [537.1.f-3]", "classic [537.2-81]", "classic [537.2.ex1-11]",
        "classic [537.2.ex1-1]", "classic [537.2.ex1-7]", "classic [537.4-2]", "classic [537.4-5]",
        "classic [537.4-6]", "classic [537.4-80]",
    ),
    "if-as-after": (
        "classic [113.2.ex2-2]", "classic [113.2.ex2-4]", "classic [113.2.ex2-5]", "classic [113.2.ex2-70]",
        "classic [113.3-6]", "classic [113.3-7]", "heroes [113.2-1001]", "heroes [113.2-1003]",
        "heroes [113.2-4]",
    ),
    "illegal-declaration-spends-limit": ("heroes [113.7-1]", "heroes [113.7.ex1-1]", "heroes [113.7.ex1-2]"),
    "lethal-above": (
        "classic [113.1-1206]", "classic [113.1-1411]", "classic [113.1-144]", "classic [113.2-140]",
        "classic [113.2-142]", "classic [113.2-17]", "classic [113.2-28]", "classic [113.2-7]",
        "classic [113.2.ex1-3]", "classic [113.2.ex1-4]", "classic [503.1-1]", "classic [503.1.b13-27]",
        "classic [503.1.b13-28]", "classic [503.1.b13-29]", "classic [503.1.b13-30]", "classic [503.1.b18-3]",
        "classic [503.1.b18-4]", "classic [503.1.b18-94]", "classic [503.1.b5-1]", "classic [503.1.b5-4]",
        "classic [503.1.b5-5]", "classic [503.1.b5-6]", "classic [503.1.b5-80]", "classic [503.1.b5-81]",
        "classic [503.1.b8-1]", "classic [503.1.b8-2]", "classic [503.1.ex1-128]", "classic [503.1.p1-1]",
        "classic [503.1.p1-2]", "classic [503.1.p1-3]", "classic [503.1.p2-127]", "classic [503.1.p2-128]",
        "classic [536.2.a-1202]", "classic [537.4-2]", "classic [537.4-80]", "classic [538.1.b2-1]",
        "classic [classic-activated-repeat-1]", "classic [classic-activated-repeat-2]", "heroes [113.1-1]",
        "heroes [113.1-2]", "heroes [113.2-1]", "heroes [113.2.ex1-2]", "heroes [113.2.ex1-3]",
        "heroes [113.2.ex1-4]", "heroes [113.2.ex1-5]", "heroes [113.2.ex1-70]", "heroes [113.3-140]",
        "heroes [113.3-1]", "heroes [113.3-2]", "heroes [113.3-3]", "heroes [113.3.dup2.p1-8]",
        "heroes [113.3.dup2.p1-90]", "heroes [113.3.dup2.p1-91]", "heroes [113.4-1001]", "heroes [113.4-1]",
        "heroes [113.4-2]", "heroes [113.4-70]", "heroes [113.4.p1-1]", "heroes [113.4.p1-2]",
        "heroes [113.4.p1-5]", "heroes [113.4.p1-6]", "heroes [113.4.p1-70]", "heroes [113.7-1]",
        "heroes [113.7.ex1-1]", "heroes [113.7.ex1-2]", "heroes [115.1-4]", "heroes [115.1-71]",
        "heroes [115.1-90]", "heroes [115.3-91]",
    ),
    "lethal-one-early": (
        "classic [113.1-1206]", "classic [113.1-140]", "classic [113.1-1411]", "classic [113.1-1412]",
        "classic [113.1-141]", "classic [113.1-142]", "classic [113.1-144]", "classic [113.1-147]",
        "classic [113.1-148]", "classic [113.2-140]", "classic [113.2-142]", "classic [113.2-17]",
        "classic [113.2-20]", "classic [113.2-28]", "classic [113.2-2]", "classic [113.2-4]",
        "classic [113.2-70]", "classic [113.2-7]", "classic [113.2.ex1-70]", "classic [113.2.ex2-70]",
        "classic [113.3-140]", "classic [113.3-2]", "classic [113.3-3]", "classic [113.3-4]",
        "classic [503.1-2]", "classic [503.1.b13-26]", "classic [503.1.b13-28]", "classic [503.1.b13-29]",
        "classic [503.1.b18-1]", "classic [503.1.b18-3]", "classic [503.1.b18-4]", "classic [503.1.b18-5]",
        "classic [503.1.b18-6]", "classic [503.1.b5-3]", "classic [503.1.b5-7]", "classic [503.1.b5-80]",
        "classic [503.1.b5-81]", "classic [503.1.ex1-128]", "classic [503.1.p1-4]", "classic [503.1.p2-127]",
        "classic [503.1.p2-128]", "classic [536.2.b-10]", "classic [536.2.b-11]", "classic [536.2.b-1201]",
        "classic [537.1.e-2]", "classic [537.1.e-82]", "classic [537.1.f-2]", "classic [537.1.f-3]",
        "classic [537.2-80]", "classic [537.2-81]", "classic [537.2.ex1-11]", "classic [537.2.ex1-12]",
        "classic [537.2.ex1-1]", "classic [537.2.ex1-4]", "classic [537.2.ex1-5]", "classic [537.2.ex1-7]",
        "classic [537.2.ex1-8]", "classic [537.2.ex1-9]", "classic [classic-activated-repeat-1401]",
        "classic [protection-1401]", "classic [protection-1402]", "classic [protection-1403]",
        "heroes [113.1-1]", "heroes [113.1-2]", "heroes [113.2-1001]", "heroes [113.2-1003]",
        "heroes [113.2-1]", "heroes [113.2-4]", "heroes [113.2.ex1-2]", "heroes [113.2.ex1-3]",
        "heroes [113.2.ex1-4]", "heroes [113.2.ex1-5]", "heroes [113.2.ex1-70]", "heroes [113.3-140]",
        "heroes [113.3-1]", "heroes [113.3-2]", "heroes [113.3-3]", "heroes [113.3.dup2-1]",
        "heroes [113.3.dup2.p1-8]", "heroes [113.3.dup2.p1-90]", "heroes [113.3.dup2.p1-91]",
        "heroes [113.4-1001]", "heroes [113.4-1]", "heroes [113.4-2]", "heroes [113.4-70]",
        "heroes [113.4.p1-1]", "heroes [113.4.p1-2]", "heroes [113.4.p1-5]", "heroes [113.4.p1-6]",
        "heroes [113.4.p1-70]", "heroes [113.7-1]", "heroes [113.7.ex1-2]", "heroes [114.1-1]",
        "heroes [114.1-3]", "heroes [114.1-4]", "heroes [114.1.p1-2]", "heroes [114.1.p1-3]",
        "heroes [115.1-1001]", "heroes [115.1-101]", "heroes [115.1-10]", "heroes [115.1-1]",
        "heroes [115.1-2]", "heroes [115.1-3]", "heroes [115.1-4]", "heroes [115.1-5]", "heroes [115.1-6]",
        "heroes [115.1-70]", "heroes [115.1-71]", "heroes [115.1-90]", "heroes [115.1-9]",
        "heroes [115.1.p1-1]", "heroes [115.1.p1-2]", "heroes [115.1.p1-3]", "heroes [115.1.p1-4]",
        "heroes [115.3-90]", "heroes [115.3-91]", "heroes [115.4-100]", "heroes [115.4-4]",
        "heroes [115.4-6]", "heroes [empty-stack-pass-2]",
    ),
    "lives-cancel-all": (
        "classic [503.1.b6-124]", "classic [503.1.b6-1]", "classic [503.1.b6-3]", "classic [503.1.ex1-128]",
        "classic [503.1.p2-127]", "classic [503.1.p2-128]",
    ),
    "loop-not-cut": (
        "classic [503.1.ex1-128]", "classic [503.1.ex1-1]", "classic [503.1.p2-127]",
        "classic [503.1.p2-128]", "classic [503.1.p2-1]", "classic [503.1.p2-2]", "classic [503.1.p2-3]",
        "classic [503.1.p2-80]",
    ),
    "mandatory-declinable-beside-optional": ("heroes [113.3-2]", "heroes [113.3-3]"),
    "marks-removable": (
        "classic [537.2-2]", "classic [537.2-3]", "classic [537.2-4]", "classic [537.2.ex1-1]",
    ),
    "maximum-reached-is-excess": (
        "classic [503.1.b16-1]", "classic [503.1.b16-2]", "classic [503.1.b16-3]", "classic [503.1.b16-4]",
        "classic [503.1.b16-5]", "classic [503.1.b16-6]", "classic [503.1.b16-7]", "classic [503.1.b16-8]",
        "classic [503.1.b6-2]", "classic [503.1.ex1-128]", "classic [503.1.p2-127]", "classic [503.1.p2-128]",
    ),
    "modifier-ignores-history": (
        "classic [537.2.ex2-1]", "classic [537.2.ex2-2]", "classic [537.3-2]", "classic [537.3.ex1-1]",
    ),
    "moved-as-not-not-moved": ("classic [537.3-3]", "classic [537.3.ex1-2]"),
    "moved-in-any-past-turn": ("classic [537.2.ex2-6]", "classic [537.2.ex2-7]"),
    "movement-by-owner": (
        "classic [503.1.b12-70]", "classic [503.1.b2-2]", "classic [503.1.b2-3]", "classic [503.1.b2-70]",
    ),
    "movement-every-turn": (
        "classic [503.1.b12-1]", "classic [503.1.b12-2]", "classic [503.1.b12-70]", "classic [503.1.b2-2]",
        "classic [503.1.b2-3]", "classic [503.1.b2-70]",
    ),
    "near-cell-ignored": (
        "classic [113.1-1216]", "classic [near-cell-1]", "classic [near-cell-2]", "classic [near-cell-3]",
    ),
    "near-cell-includes-cell": ("classic [near-cell-2]", "classic [near-cell-3]"),
    "near-cell-orthogonal": ("classic [near-cell-1]", "classic [near-cell-2]", "classic [near-cell-3]"),
    "negative-lives-not-lethal": (
        "classic [503.1.b5-5]", "classic [503.1.b5-6]", "classic [503.1.ex1-128]", "classic [503.1.p2-127]",
        "classic [503.1.p2-128]",
    ),
    "no-battle-start": (
        "classic [503.1.b1-1]", "classic [503.1.b1-2]", "classic [503.1.b14-125]", "classic [503.1.b14-129]",
        "classic [503.1.b14-1]", "classic [503.1.ex1-128]", "classic [503.1.p2-127]",
        "classic [503.1.p2-128]",
    ),
    "no-excess-counters": (
        "classic [503.1.b16-3]", "classic [503.1.b16-5]", "classic [503.1.ex1-128]", "classic [503.1.p2-127]",
        "classic [503.1.p2-128]",
    ),
    "no-excess-lives": (
        "classic [503.1.b16-1]", "classic [503.1.b16-5]", "classic [503.1.b16-6]", "classic [503.1.b16-7]",
        "classic [503.1.b16-8]", "classic [503.1.b6-2]", "classic [503.1.ex1-128]", "classic [503.1.p2-127]",
        "classic [503.1.p2-128]",
    ),
    "no-lives-cancel": (
        "classic [503.1.b6-124]", "classic [503.1.b6-1]", "classic [503.1.b6-2]", "classic [503.1.b6-3]",
        "classic [503.1.ex1-128]", "classic [503.1.p2-127]", "classic [503.1.p2-128]",
    ),
    "no-past-in-each-first-turn": ("classic [537.3-5]", "classic [537.3-6]"),
    "no-reveal": (
        "classic [503.1.b1-1]", "classic [503.1.b1-2]", "classic [503.1.b14-125]", "classic [503.1.b14-129]",
        "classic [503.1.b14-1]", "classic [503.1.ex1-128]", "classic [503.1.p2-127]",
        "classic [503.1.p2-128]",
    ),
    "no-shuffle-after-look": ("classic [503.1.b17-1]", "classic [503.1.b17-3]"),
    "no-shuffle-after-return": (
        "classic [503.1.b11-123]", "classic [503.1.b11-1]", "classic [503.1.b11-2]", "classic [503.1.b11-4]",
        "classic [503.1.b11-5]", "classic [503.1.b11-70]", "classic [503.1.b15-6]", "classic [503.1.b17-122]",
        "classic [503.1.b8-4]",
    ),
    "no-shuffle-after-take": ("classic [503.1.b17-2]", "classic [503.1.b17-3]"),
    "no-substitution": (
        "classic [503.1.b19-1]", "classic [503.1.b19-2]", "classic [503.1.b19-94]", "classic [503.1.ex1-128]",
        "classic [503.1.p2-127]", "classic [503.1.p2-128]",
    ),
    "nobody-loses": (
        "classic [503.1.b18-1]", "classic [503.1.b18-2]", "classic [503.1.b18-3]", "classic [503.1.b18-4]",
        "classic [503.1.b18-5]", "classic [503.1.ex1-128]", "classic [503.1.p2-127]",
        "classic [503.1.p2-128]",
    ),
    "once-per-turn-ignored": (
        "classic [113.2-19]", "classic [113.2-25]", "classic [113.2-27]", "classic [113.2.ex1-71]",
        "classic [113.2.ex1-72]",
    ),
    "once-per-turn-never-resets": (
        "classic [113.2-21]", "classic [113.2-22]", "classic [113.2-26]",
        "classic [classic-activated-repeat-4]",
    ),
    "one-loser-at-a-time": (
        "classic [503.1.b18-3]", "classic [503.1.b18-4]", "classic [503.1.ex1-128]", "classic [503.1.p2-127]",
        "classic [503.1.p2-128]",
    ),
    "opens-every-card": (
        "classic [113.2.p1-1401]", "classic [113.2.p2-141]", "classic [113.3-144]", "classic [503.1.b12-1]",
        "classic [503.1.b12-70]", "classic [503.1.b15-2]", "classic [503.1.b19-1]", "classic [503.1.b19-94]",
        "classic [503.1.b2-1]", "classic [503.1.b2-2]", "classic [503.1.b2-3]", "classic [503.1.b2-70]",
    ),
    "opens-nothing": (
        "classic [113.2-22]", "classic [113.2.p1-1401]", "classic [503.1.b12-70]", "classic [503.1.b19-1]",
        "classic [503.1.b19-94]", "classic [503.1.b2-1]", "classic [503.1.b2-2]", "classic [503.1.b2-3]",
        "classic [503.1.b2-70]", "classic [537.1.e-80]", "heroes [115.4-4]", "heroes [115.4-5]",
        "heroes [115.4-6]",
    ),
    "opens-owners-cards": (
        "classic [503.1.b12-70]", "classic [503.1.b2-2]", "classic [503.1.b2-3]", "classic [503.1.b2-70]",
        "classic [537.1.e-80]",
    ),
    "optional-as-mandatory": (
        "classic [113.1-1211]", "classic [113.2-23]", "classic [113.2-24]", "heroes [113.2-7]",
        "heroes [113.3-2]", "heroes [113.4-1001]", "heroes [113.4-140]", "heroes [113.4-1]",
        "heroes [113.4-3]", "heroes [113.4-70]", "heroes [113.4.p1-4]", "heroes [113.4.p1-5]",
        "heroes [113.4.p1-6]", "heroes [113.4.p1-70]",
    ),
    "optional-trigger-kept": (
        "classic [113.2-23]", "classic [113.2-24]", "heroes [113.3-2]", "heroes [113.4-140]",
        "heroes [113.4-1]", "heroes [113.4-3]", "heroes [113.4-70]", "heroes [113.4.p1-5]",
        "heroes [113.4.p1-6]", "heroes [113.4.p1-70]",
    ),
    "participle-always-replaces": ("classic [538.1.b2-1]", "classic [538.1.b2-2]", "classic [538.3.ex1-4]"),
    "participle-condition-at-declaration": ("classic [538.1.b2-2]", "classic [538.1.b2-3]"),
    "participle-despite-block": ("classic [538.3.ex1-4]", "classic [538.3.ex1-5]"),
    "participle-effect1-anyway": (
        "classic [538.1.b3-1]", "classic [538.1.b3-3]", "classic [538.1.b3-4]", "classic [538.1.b3-5]",
        "classic [538.2-80]", "classic [538.2-81]",
    ),
    "participle-effect1-fires-nothing": (
        "classic [538.3-2]", "classic [538.3.ex1-1]", "classic [538.3.ex1-2]",
    ),
    "participle-effect1-replaceable": ("classic [538.1.b4-2]", "classic [538.1.b4-3]"),
    "participle-effect2-fires-nothing": (
        "classic [538.3-2]", "classic [538.3.ex1-1]", "classic [538.3.ex1-2]",
    ),
    "participle-priority-between": ("classic [538.1.b4-1]", "classic [538.2-1]", "classic [538.2-2]"),
    "participle-replaced-effect2-void": (
        "classic [538.1.b3-4]", "classic [538.1.b3-5]", "classic [538.2-80]", "classic [538.2-81]",
    ),
    "participle-rule-effects-between": ("classic [538.2-1]", "classic [538.2-2]"),
    "participle-target-ignores-condition": (
        "classic [536.1.1-1]", "classic [538.1.b1-1]", "classic [538.1.b1-2]", "classic [538.1.b1-3]",
        "classic [538.1.b2-2]", "classic [538.1.b3-1]", "classic [538.1.b3-2]", "classic [538.1.b3-3]",
        "classic [538.1.b3-4]", "classic [538.1.b3-5]", "classic [538.1.b4-1]", "classic [538.1.b4-2]",
        "classic [538.1.b4-3]", "classic [538.2-1]", "classic [538.2-2]", "classic [538.2-80]",
        "classic [538.2-81]", "classic [538.3-2]", "classic [538.3.ex1-1]", "classic [538.3.ex1-2]",
        "classic [538.3.ex1-4]", "classic [538.3.ex1-5]", "classic [538.3.ex1-6]",
    ),
    "past-event-true": ("classic [537.3-2]", "classic [537.3.ex1-1]"),
    "played-as-moved": ("classic [537.2.ex2-8]", "classic [537.2.ex2-9]"),
    "prevention-always-on": (
        "classic [503.1.ex1-128]", "classic [503.1.p2-127]", "classic [503.1.p2-128]", "heroes [115.3-1]",
        "heroes [115.3-4]",
    ),
    "priority-during-rule-effects": (
        "classic [113.1-1206]", "classic [113.1-1209]", "classic [113.2-1401]", "classic [113.2-1404]",
        "classic [113.2-21]", "classic [113.2-22]", "classic [113.2-30]", "classic [113.2.ex1-1]",
        "classic [113.2.p1-1401]", "classic [113.2.p2-1401]", "classic [113.2.p2-141]",
        "classic [503.1.b1-1]", "classic [503.1.b1-2]", "classic [503.1.b15-101]", "classic [503.1.b4-3]",
        "classic [503.1.b5-1]", "classic [503.1.b8-1]", "classic [503.1.b8-2]", "classic [503.1.ex1-128]",
        "classic [503.1.p1-1]", "classic [503.1.p2-127]", "classic [503.1.p2-128]", "classic [503.1.p2-80]",
        "classic [538.1-1401]", "classic [classic-activated-repeat-4]", "heroes [113.3.dup2.p1-2]",
        "heroes [115.1-8]",
    ),
    "protection-blocks-non-targeting": ("heroes [115.1-101]", "heroes [115.1.p1-2]", "heroes [115.1.p1-3]"),
    "protection-forms-ignored": (
        "classic [536.5-2]", "classic [536.5-3]", "classic [536.5-4]",
        "classic [classic-activated-repeat-1401]", "classic [protection-1401]", "classic [protection-1402]",
        "classic [protection-1403]", "classic [protection-4]", "classic [protection-6]",
    ),
    "protection-from-anyone": (
        "classic [classic-activated-repeat-1401]", "classic [protection-1401]", "classic [protection-1402]",
        "classic [protection-1403]", "classic [protection-3]", "classic [protection-5]",
    ),
    "protection-ignored": (
        "classic [113.2.p2-11]", "classic [113.2.p2-80]", "classic [536.5-3]", "classic [536.5-4]",
        "classic [classic-activated-repeat-1]", "classic [classic-activated-repeat-2]",
        "classic [protection-10]", "classic [protection-11]", "classic [protection-1]",
        "classic [protection-2]", "classic [protection-7]", "classic [protection-8]",
        "classic [protection-9]", "heroes [113.3.dup2.p1-91]", "heroes [115.1.p1-1001]",
        "heroes [115.1.p1-3]",
    ),
    "replaced-ability-stops": ("classic [536.1.1-7]", "classic [538.1.b3-5]"),
    "replacement-action-by-replaced-player": (
        "classic [536.1.1-2]", "classic [536.1.1-4]", "classic [537.1.e-141]",
    ),
    "replacement-also-applies-original": (
        "classic [536.1.1-1201]", "classic [536.1.1-1401]", "classic [536.1.1-20]", "classic [536.1.1-2]",
        "classic [536.1.1-4]", "classic [536.1.1-7]", "classic [536.2.a-2]", "classic [537.1.e-141]",
        "classic [538.1.b3-4]", "classic [538.1.b3-5]", "classic [538.2-80]", "classic [538.2-81]",
        "heroes [115.3-2]",
    ),
    "replacement-ignores-verb": (
        "classic [536.1.1-3]", "classic [536.1.1-6]", "heroes [115.3-3]", "heroes [115.3-4]",
    ),
    "replacement-on-stack": (
        "classic [536.1.1-1201]", "classic [536.1.1-20]", "classic [536.1.1-2]", "classic [536.1.1-4]",
        "classic [536.1.1-7]", "classic [536.2.a-2]", "classic [537.1.e-141]", "classic [538.1.b3-4]",
        "classic [538.1.b3-5]", "heroes [115.3-2]", "heroes [115.3-92]",
    ),
    "replacement-without-stack": (
        "classic [536.1.1-20]", "classic [536.1.1-2]", "classic [536.1.1-4]", "classic [536.1.1-7]",
        "classic [537.1.e-141]", "classic [538.1.b3-4]", "classic [538.2-80]", "classic [538.2-81]",
    ),
    "resources-when-paid": ("classic [537.1-1]", "classic [537.1.d-1]"),
    "reveal-at-resolution": (
        "classic [503.1.b1-1]", "classic [503.1.b1-2]", "classic [503.1.b14-125]", "classic [503.1.b14-129]",
        "classic [503.1.b14-1]",
    ),
    "roll-not-clamped-down": (
        "classic [503.1.b13-4]", "classic [503.1.b13-6]", "classic [503.1.ex1-128]", "classic [503.1.p2-127]",
        "classic [503.1.p2-128]",
    ),
    "roll-not-clamped-up": (
        "classic [503.1.b13-2]", "classic [503.1.b13-5]", "classic [503.1.ex1-128]", "classic [503.1.p2-127]",
        "classic [503.1.p2-128]",
    ),
    "rule-effect-targets": ("classic [503.1-1]", "classic [503.1-2]"),
    "rule-effects-after-ability": ("classic [113.2-140]", "classic [503.1.p1-2]", "classic [503.1.p1-3]"),
    "rule-effects-after-stack": (
        "classic [113.2-140]", "classic [113.2-17]", "classic [113.2-28]", "classic [113.2-7]",
        "classic [113.3-3]", "classic [503.1.b1-1]", "classic [503.1.b1-2]", "classic [503.1.b14-125]",
        "classic [503.1.b14-129]", "classic [503.1.b14-1]", "classic [503.1.p1-2]", "classic [503.1.p1-3]",
        "classic [536.2.b-10]", "heroes [113.4.p1-1]", "heroes [113.4.p1-2]", "heroes [113.7.ex1-1]",
        "heroes [113.7.ex1-2]", "heroes [115.1-3]", "heroes [115.1-6]",
    ),
    "shuffle-controllers-deck": ("classic [503.1.b11-4]", "classic [503.1.b11-5]", "classic [503.1.b17-122]"),
    "squad-by-owner": (
        "classic [503.1.b11-71]", "classic [503.1.b18-5]", "classic [503.1.b18-6]", "classic [503.1.ex1-128]",
        "classic [503.1.p2-127]", "classic [503.1.p2-128]", "classic [536.2.b-41]",
    ),
    "squad-term-ends-only-by-death": ("classic [503.1.b15-5]", "classic [503.1.b15-6]"),
    "stack-fifo": (
        "classic [113.1-1207]", "classic [113.2-10]", "classic [113.2-12]", "classic [113.2-1403]",
        "classic [113.2-1407]", "classic [113.2-140]", "classic [113.2-141]", "classic [113.2-14]",
        "classic [113.2-15]", "classic [113.2-16]", "classic [113.2-17]", "classic [113.2-18]",
        "classic [113.2-28]", "classic [113.2-3]", "classic [113.2-4]", "classic [113.2-5]",
        "classic [113.2-6]", "classic [113.2-7]", "classic [113.2-8]", "classic [113.2.ex1-4]",
        "classic [113.2.p1-100]", "classic [113.2.p1-145]", "classic [113.2.p2-1401]",
        "classic [113.2.p2-16]", "classic [113.2.p2-17]", "classic [113.2.p2-2]", "classic [113.2.p2-3]",
        "classic [113.2.p2-4]", "classic [113.3-1401]", "classic [503.1.b15-2]", "classic [536.4-1402]",
        "classic [537.1.c-141]", "classic [538.1.b1-100]", "classic [538.1.b2-2]", "classic [538.1.b2-3]",
        "classic [538.3.ex1-4]",
    ),
    "start-step-in-previous-turn": ("classic [113.2-26]", "classic [113.2-27]"),
    "static-affects-by-owner": (
        "heroes [115.1-10]", "heroes [115.1-70]", "heroes [115.1-71]", "heroes [115.1-9]",
    ),
    "static-applied-once": (
        "classic [503.1.b4-1]", "heroes [115.1-2]", "heroes [115.1-71]", "heroes [115.1-8]",
        "heroes [115.1-9]", "heroes [115.1.p1-1]", "heroes [115.4-3]",
    ),
    "static-by-time": ("heroes [115.4-20]", "heroes [115.4-4]", "heroes [115.4-5]"),
    "static-declared": ("heroes [115.1.p1-1]", "heroes [115.1.p1-4]"),
    "static-duration-ignored": ("heroes [115.1-7]", "heroes [115.1-8]"),
    "static-outlives-source": (
        "classic [503.1.b4-1]", "classic [503.1.ex1-128]", "classic [503.1.ex1-1]", "classic [503.1.p2-127]",
        "classic [503.1.p2-128]", "classic [503.1.p2-1]", "classic [503.1.p2-2]", "classic [503.1.p2-3]",
        "classic [503.1.p2-80]", "heroes [115.1-3]", "heroes [115.1-4]", "heroes [115.1-5]",
        "heroes [115.1-6]", "heroes [115.1-71]", "heroes [115.1-7]", "heroes [115.1-8]", "heroes [115.1-90]",
        "heroes [115.1-9]", "heroes [115.4-6]",
    ),
    "static-sticks-to-target": (
        "classic [503.1.b4-1]", "heroes [115.1-6]", "heroes [115.1-71]", "heroes [115.1-7]",
        "heroes [115.1-8]", "heroes [115.1-9]",
    ),
    "static-waits-a-turn": (
        "classic [503.1.b4-3]", "heroes [115.1-5]", "heroes [115.1.p1-4]", "heroes [115.4-1]",
        "heroes [115.4-20]", "heroes [115.4-2]", "heroes [115.4-3]", "heroes [115.4-4]", "heroes [115.4-5]",
    ),
    "statics-by-card-id": ("heroes [115.4-1]", "heroes [115.4-3]", "heroes [115.4-6]"),
    "statics-by-start-of-application": ("heroes [115.4-4]", "heroes [115.4-5]"),
    "statics-latest-first": (
        "heroes [115.4-1]", "heroes [115.4-2]", "heroes [115.4-3]", "heroes [115.4-4]", "heroes [115.4-5]",
        "heroes [115.4-6]",
    ),
    "statics-set-first": ("heroes [115.4-2]", "heroes [115.4-3]", "heroes [115.4-4]", "heroes [115.4-5]"),
    "strike-no-answer": (
        "classic [113.1-144]", "classic [113.2.p1-141]", "classic [113.2.p1-145]", "classic [113.3-3]",
        "classic [503.1.b13-13]", "classic [503.1.b13-14]", "classic [503.1.b13-15]",
        "classic [503.1.b13-16]", "classic [503.1.b13-17]", "classic [503.1.b13-18]",
        "classic [503.1.b13-19]", "classic [503.1.b13-26]", "classic [503.1.b13-28]",
        "classic [503.1.b13-29]", "classic [503.1.b13-30]", "classic [503.1.b13-38]",
        "classic [503.1.b13-39]", "classic [503.1.b13-3]", "classic [503.1.b13-40]", "classic [503.1.b13-42]",
        "classic [503.1.b18-3]", "classic [503.1.b18-4]", "classic [503.1.b5-80]", "classic [503.1.b5-81]",
        "classic [536.4-3]", "classic [536.4-6]", "classic [537.2-80]", "classic [537.2-81]",
        "classic [537.2.ex1-10]", "classic [537.4-2]",
    ),
    "strike-table-off-by-one": (
        "classic [113.2.p1-141]", "classic [113.2.p1-1]", "classic [113.3-140]", "classic [113.3-4]",
        "classic [503.1.b13-11]", "classic [503.1.b13-12]", "classic [503.1.b13-13]",
        "classic [503.1.b13-14]", "classic [503.1.b13-15]", "classic [503.1.b13-16]",
        "classic [503.1.b13-17]", "classic [503.1.b13-18]", "classic [503.1.b13-1]", "classic [503.1.b13-26]",
        "classic [503.1.b13-27]", "classic [503.1.b13-28]", "classic [503.1.b13-29]",
        "classic [503.1.b13-38]", "classic [503.1.b13-39]", "classic [503.1.b13-3]", "classic [503.1.b13-40]",
        "classic [503.1.b13-41]", "classic [503.1.b13-42]", "classic [503.1.b13-43]", "classic [503.1.b13-7]",
        "classic [503.1.b13-8]", "classic [503.1.b18-3]", "classic [503.1.b18-4]", "classic [503.1.b5-80]",
        "classic [503.1.b5-81]", "classic [536.4-3]", "classic [536.4-6]", "classic [537.2.ex2-5]",
    ),
    "strike-tie-always-weak": ("classic [503.1.b13-15]", "classic [503.1.b13-16]"),
    "strike-weak-strong-swapped": (
        "classic [113.1-1411]", "classic [113.1-1]", "classic [113.1-2]", "classic [113.1-3]",
        "classic [113.2-15]", "classic [113.2-3]", "classic [113.2.ex1-1]", "classic [113.2.p1-140]",
        "classic [113.2.p1-141]", "classic [113.2.p1-142]", "classic [113.2.p1-143]",
        "classic [113.2.p1-144]", "classic [113.2.p1-146]", "classic [113.2.p1-4]", "classic [113.3-141]",
        "classic [113.3-142]", "classic [113.3-143]", "classic [113.3-144]", "classic [113.3-145]",
        "classic [113.3-146]", "classic [113.3-4]", "classic [503.1-1]", "classic [503.1.b13-10]",
        "classic [503.1.b13-11]", "classic [503.1.b13-13]", "classic [503.1.b13-14]",
        "classic [503.1.b13-15]", "classic [503.1.b13-16]", "classic [503.1.b13-17]",
        "classic [503.1.b13-18]", "classic [503.1.b13-1]", "classic [503.1.b13-20]", "classic [503.1.b13-21]",
        "classic [503.1.b13-22]", "classic [503.1.b13-25]", "classic [503.1.b13-26]",
        "classic [503.1.b13-28]", "classic [503.1.b13-29]", "classic [503.1.b13-38]",
        "classic [503.1.b13-39]", "classic [503.1.b13-3]", "classic [503.1.b13-40]", "classic [503.1.b13-42]",
        "classic [503.1.b13-43]", "classic [503.1.b13-7]", "classic [503.1.b13-9]", "classic [503.1.b14-125]",
        "classic [503.1.b18-3]", "classic [503.1.b18-4]", "classic [503.1.b5-1]", "classic [503.1.b5-2]",
        "classic [503.1.b5-3]", "classic [503.1.b5-4]", "classic [503.1.b8-1]", "classic [503.1.b8-2]",
        "classic [503.1.p1-1]", "classic [503.1.p2-128]", "classic [536.1-1]", "classic [536.2.a-1202]",
        "classic [536.2.b-12]", "classic [536.2.b-4]", "classic [536.4-3]", "classic [536.4-4]",
        "classic [536.4-6]", "classic [536.4.ex1-3]", "classic [537.1.c-140]", "classic [537.1.e-2]",
        "classic [537.1.e-81]", "classic [537.1.e-82]", "classic [537.1.f-1]", "classic [537.2-1402]",
        "classic [537.2.ex1-10]", "classic [537.2.ex2-4]", "classic [537.2.ex2-5]", "classic [538.1.b2-1]",
    ),
    "symbiote-outlives-host": (
        "classic [503.1.b8-2]", "classic [503.1.b8-3]", "classic [503.1.b8-4]", "classic [503.1.b8-5]",
        "classic [503.1.ex1-128]", "classic [503.1.p2-127]", "classic [503.1.p2-128]",
    ),
    "symbiote-stays-behind": (
        "classic [503.1.b9-2]", "classic [503.1.b9-3]", "classic [503.1.ex1-128]", "classic [503.1.p2-127]",
        "classic [503.1.p2-128]",
    ),
    "trigger-declaration-no-parent": ("classic [537.1.f-1]", "heroes [113.2-8]"),
    "trigger-declared-by-active": (
        "classic [113.1-1201]", "classic [113.1-1206]", "classic [113.1-1207]", "classic [113.1-1208]",
        "classic [113.1-1209]", "classic [113.1-1212]", "classic [113.1-1213]", "classic [113.1-1214]",
        "classic [113.1-1215]", "classic [113.1-140]", "classic [113.1-143]", "classic [113.1-144]",
        "classic [113.1-145]", "classic [113.1-147]", "classic [113.1-1]", "classic [113.1-6]",
        "classic [113.2-12]", "classic [113.2-1403]", "classic [113.2-1405]", "classic [113.2-1406]",
        "classic [113.2-1407]", "classic [113.2-140]", "classic [113.2-15]", "classic [113.2-16]",
        "classic [113.2-20]", "classic [113.2-21]", "classic [113.2-25]", "classic [113.2-26]",
        "classic [113.2-2]", "classic [113.2-4]", "classic [113.2-5]", "classic [113.2-6]",
        "classic [113.2-70]", "classic [113.2.ex1-2]", "classic [113.2.ex1-70]", "classic [113.2.ex1-72]",
        "classic [113.2.p1-140]", "classic [113.2.p1-143]", "classic [113.2.p1-144]",
        "classic [113.2.p1-145]", "classic [113.2.p1-146]", "classic [113.3-1401]", "classic [113.3-143]",
        "classic [503.1.b15-3]", "classic [503.1.b19-100]", "classic [503.1.p1-1]", "classic [503.1.p2-128]",
        "classic [536.4-1402]", "classic [536.4.ex1-1]", "classic [536.4.ex1-2]", "classic [536.4.ex1-3]",
        "classic [537.1.c-141]", "classic [537.1.e-1]", "classic [537.1.e-2]", "classic [537.1.e-80]",
        "classic [537.1.e-81]", "classic [537.1.e-82]", "classic [537.2-1402]", "classic [537.2-3]",
        "classic [537.2-4]", "classic [537.2-70]", "classic [537.2-71]", "classic [537.2-80]",
        "classic [537.2-81]", "classic [537.2.ex2-1]", "classic [537.2.ex2-2]", "classic [537.2.ex2-3]",
        "classic [537.4-1]", "classic [537.4-2]", "classic [537.4-3]", "classic [537.4-4]",
        "classic [537.4-5]", "classic [537.4-6]", "classic [537.4-80]", "classic [538.1.b1-100]",
        "classic [538.1.b2-1]", "classic [enters-play-open-101]", "heroes [113.2-1001]",
        "heroes [113.2-1003]", "heroes [113.2-3]", "heroes [113.2-4]", "heroes [113.2-7]",
        "heroes [113.4-140]", "heroes [113.4-3]", "heroes [113.4-70]", "heroes [113.4.p1-3]",
        "heroes [113.4.p1-4]", "heroes [113.4.p1-6]", "heroes [113.4.p1-70]",
    ),
    "trigger-declarer-at-firing": (
        "classic [113.2.ex1-1]", "classic [113.2.ex1-4]", "classic [537.1.c-140]", "classic [537.1.f-1]",
    ),
    "trigger-declarer-owner": (
        "classic [113.2-29]", "classic [503.1.b15-7]", "classic [537.1.e-2]", "heroes [113.2.ex1-4]",
        "heroes [113.2.ex1-5]", "heroes [113.3-140]",
    ),
    "trigger-limit-per-round": ("heroes [113.4.p1-3]", "heroes [113.4.p1-4]"),
    "trigger-point-first": ("heroes [113.6-4]", "heroes [113.6.ex1-3]", "heroes [115.3-100]"),
    "trigger-qualifiers-ignored": (
        "classic [113.1-1201]", "classic [113.1-1206]", "classic [113.1-1207]", "classic [113.1-1212]",
        "classic [113.1-1213]", "classic [113.1-1214]", "classic [113.1-1411]", "classic [113.1-144]",
        "classic [113.1-145]", "classic [113.2-11]", "classic [113.2-13]", "classic [113.2-1404]",
        "classic [113.2-1407]", "classic [113.2-16]", "classic [113.2-21]", "classic [113.2-25]",
        "classic [113.2-8]", "classic [113.2-9]", "classic [113.2.ex1-4]", "classic [113.2.ex2-6]",
        "classic [113.2.p1-1401]", "classic [113.2.p1-140]", "classic [113.2.p1-141]",
        "classic [113.2.p1-142]", "classic [113.2.p1-143]", "classic [113.2.p1-144]",
        "classic [113.2.p1-145]", "classic [113.2.p1-4]", "classic [113.2.p2-1401]", "classic [113.2.p2-141]",
        "classic [113.3-1401]", "classic [113.3-142]", "classic [113.3-143]", "classic [113.3-144]",
        "classic [113.3-146]", "classic [503.1.p2-128]", "classic [536.4.ex1-3]", "classic [538.1-1401]",
        "classic [538.3.ex1-1]", "heroes [113.2-1001]", "heroes [113.2-1002]", "heroes [113.2-1003]",
        "heroes [113.2-1006]", "heroes [113.2-12]", "heroes [113.2.ex1-3]", "heroes [113.4-1001]",
        "heroes [113.6-4]",
    ),
    "triggers-before-rule-effects": (
        "classic [113.1-1206]", "classic [113.2-142]", "classic [113.2.ex1-1]", "classic [113.2.ex1-4]",
        "classic [113.3-3]", "classic [503.1-1]", "classic [503.1.b8-1]", "classic [503.1.ex1-128]",
        "classic [503.1.p2-127]", "classic [503.1.p2-128]", "classic [537.1.c-140]", "classic [537.1.e-2]",
        "classic [537.1.f-1]", "classic [538.2-1]", "heroes [113.7-1]", "heroes [113.7.ex1-1]",
        "heroes [113.7.ex1-2]",
    ),
    "triggers-wait-for-empty-stack": (
        "classic [113.1-1202]", "classic [113.1-1206]", "classic [113.1-1207]", "classic [113.1-1209]",
        "classic [113.1-1411]", "classic [113.1-144]", "classic [113.2-10]", "classic [113.2-12]",
        "classic [113.2-1402]", "classic [113.2-1403]", "classic [113.2-1404]", "classic [113.2-1407]",
        "classic [113.2-140]", "classic [113.2-141]", "classic [113.2-142]", "classic [113.2-14]",
        "classic [113.2-15]", "classic [113.2-16]", "classic [113.2-17]", "classic [113.2-18]",
        "classic [113.2-19]", "classic [113.2-21]", "classic [113.2-22]", "classic [113.2-28]",
        "classic [113.2-2]", "classic [113.2-3]", "classic [113.2-4]", "classic [113.2-5]",
        "classic [113.2-6]", "classic [113.2-7]", "classic [113.2-8]", "classic [113.2.ex1-4]",
        "classic [113.2.p1-100]", "classic [113.2.p1-141]", "classic [113.2.p1-142]",
        "classic [113.2.p1-144]", "classic [113.2.p1-145]", "classic [113.2.p2-1401]",
        "classic [113.2.p2-1402]", "classic [113.2.p2-1403]", "classic [113.2.p2-141]",
        "classic [113.2.p2-16]", "classic [113.2.p2-17]", "classic [113.2.p2-2]", "classic [113.2.p2-3]",
        "classic [113.2.p2-4]", "classic [113.3-1401]", "classic [113.3-1402]", "classic [113.3-142]",
        "classic [113.3-143]", "classic [113.3-145]", "classic [113.3-1]", "classic [113.3-4]",
        "classic [503.1.b15-2]", "classic [503.1.b5-80]", "classic [536.4-1402]", "classic [537.1.c-141]",
        "classic [537.2.ex2-1]", "classic [538.1.b1-100]", "classic [538.1.b2-2]", "classic [538.1.b2-3]",
        "classic [538.3.ex1-1]", "classic [538.3.ex1-2]", "classic [538.3.ex1-4]", "classic [538.3.ex1-5]",
        "heroes [113.2-1001]", "heroes [113.2-1004]", "heroes [113.2-11]", "heroes [113.2-3]",
        "heroes [113.2-7]", "heroes [113.2-8]", "heroes [113.2-9]", "heroes [113.3-2]", "heroes [113.3-3]",
        "heroes [113.4.p1-1]", "heroes [113.4.p1-2]", "heroes [113.4.p1-90]", "heroes [113.7.ex1-1]",
        "heroes [113.7.ex1-2]",
    ),
    "uniqueness-keeps-later": (
        "classic [503.1.b11-123]", "classic [503.1.b11-1]", "classic [503.1.b11-2]", "classic [503.1.b11-4]",
        "classic [503.1.b11-5]", "classic [503.1.b11-70]", "classic [503.1.ex1-128]",
        "classic [503.1.p2-127]", "classic [503.1.p2-128]",
    ),
    "uniqueness-to-controllers-deck": (
        "classic [503.1.b11-4]", "classic [503.1.b11-5]", "classic [503.1.ex1-128]", "classic [503.1.p2-127]",
        "classic [503.1.p2-128]",
    ),
    "valhalla-always": (
        "classic [537.2.ex1-10]", "classic [537.2.ex1-2]", "classic [537.2.ex1-3]", "classic [537.2.ex1-4]",
        "classic [537.2.ex1-5]", "classic [537.2.ex1-6]", "classic [537.2.ex1-8]", "classic [537.2.ex1-9]",
    ),
    "valhalla-any-enemy-cause": ("classic [537.2.ex1-3]", "classic [537.2.ex1-6]"),
    "valhalla-enemy-of-owner": (
        "classic [537.2.ex1-11]", "classic [537.2.ex1-7]", "classic [537.2.ex1-8]", "classic [537.2.ex1-9]",
    ),
    "when-as-after": (
        "classic [113.1-1412]", "classic [113.1-143]", "classic [113.1-145]", "classic [113.1-1]",
        "classic [113.1-6]", "classic [113.2.ex1-2]", "classic [113.2.ex1-71]", "classic [113.2.ex1-72]",
        "classic [113.3-142]", "classic [113.3-143]", "classic [113.3-1]", "classic [503.1.b15-3]",
        "classic [537.1.e-1]", "classic [537.1.e-80]", "classic [538.1.b2-1]", "heroes [113.6-4]",
        "heroes [113.6.ex1-1]", "heroes [113.6.ex1-2]", "heroes [113.6.ex1-3]", "heroes [113.7-1]",
        "heroes [113.7.ex1-1]", "heroes [113.7.ex1-2]", "heroes [115.3-100]",
    ),
    "your-turn-by-owner": ("classic [503.1.b15-7]", "heroes [113.2.ex1-4]", "heroes [113.2.ex1-5]"),
    "your-turn-start-any-turn": (
        "classic [113.1-1202]", "classic [113.1-1204]", "classic [113.1-1205]", "classic [113.1-1210]",
        "classic [113.2-1]", "classic [113.2-30]", "classic [113.2-31]", "classic [113.2.p2-1402]",
        "classic [113.2.p2-16]", "classic [503.1.b11-130]", "heroes [113.2-6]",
    ),
}


# ------------------------------------------------------------------------------------------ sentences → mutants
# The method behind «one mutant per rule-stating sentence»: every sentence of the corpus (harness/rules/
# sentences.py numbers them: ``classic:537.2#2``) is either read by a mutant (the sentences and assumptions each
# names at its registration, harness/quality/mutants `READS`), or states no rule a wrong engine could misread
# (`NO_RULE`, with why), or is a rule still without a mutant (`NO_MUTANT_YET`, with what one would misread: a list
# that only shrinks). `berserk-rules mutants --sentences` shows the table; tests/test_mutants.py keeps it whole.
NO_RULE: dict[str, str] = {
    "classic:113.1#2": "how a triggered ability is usually printed («как правило, записывается в виде»): an engine "
                       "gets a card's definition, never parses its printed form",
    "heroes:113.1#2": "how a triggered ability is usually printed («как правило»): not read by an engine",
    "heroes:114.1#3": "how an activated ability is usually printed («как правило»): not read by an engine",
    "heroes:115.1#5": "how a static ability is usually printed («Обычно … содержит слово «Пока»»): not read by an "
                      "engine",
    "classic:538.1#1": "the printed form of a participle construction: the catalog definition carries it",
    "classic:538.1#2": "a variant of the printed form («Вместо “совершая” … деепричастие»): not read by an engine",
    "classic:536.1#3": "the words such abilities are printed with: the catalog definition carries them",
    "classic:503.1#1": "a definition; what it implies for play is stated by 503.1#2 and the bullets, which have "
                       "mutants",
    "classic:503.1#3": "the lead-in of the bullet list («К эффектам правил игры относят:»)",
    "classic:536.2#1": "the lead-in of the items a–d («в определённом порядке:»)",
    "classic:537.1#2": "the lead-in of the items a–g («Каждое игродействие содержит информацию о:»)",
    "classic:538.1#4": "the lead-in of the bullets («регламентируется следующим образом:»)",
    "classic:537.2.ex2#2": "a convenience for players at a table («могут отмечать … или не отмечать вовсе»): nothing "
                           "of the game depends on it",
    "classic:113.2.ex1#3": "the example's situation (Невтида took Мститель under control)",
    "classic:113.2.ex1#4": "the example's situation (the owner's attack leaves Невтида 0 lives)",
    "classic:503.1.ex1#1": "the example's situation (two Грибынычи side by side)",
    "classic:503.1.ex1#2": "the example's first step, 503.1.b4 applied to its cards (503.1.b4 has mutants)",
    "classic:536.4.ex1#1": "a card's printed text (Шаман-Душегрыз), quoted: the catalog card carries it",
    "classic:538.3.ex1#1": "a card's printed text (Скелетный червь), quoted: the catalog card carries it",
    "heroes:113.6.ex1#1": "the example's situation (Талитха, three creatures, Орк-арбалетчик)",
    "heroes:113.7.ex1#1": "the example's situation (Талитха, two poisoned creatures)",
}
NO_MUTANT_YET: dict[str, str] = {
}


@dataclass(frozen=True)
class SentenceRow:
    """One sentence of the corpus and what reads it: the mutants, or why none does."""

    ref: str
    text: str
    mutants: tuple[str, ...]
    no_rule: str | None
    not_yet: str | None

    @property
    def status(self) -> str:
        if self.mutants:
            return "mutant"
        if self.no_rule is not None:
            return "no rule"
        return "no mutant yet" if self.not_yet is not None else "NO MUTANT"

    def to_json(self) -> dict[str, Any]:
        return {"sentence": self.ref, "text": self.text, "mutants": list(self.mutants), "status": self.status,
                "why": self.no_rule or self.not_yet}


def reads() -> dict[str, tuple[str, ...]]:
    """Every mutant: name → the sentences (``classic:537.2#2``) and assumptions (``asm:ID``) it misreads."""
    return dict(_mutants_module_cached().READS)


def sentence_table(corpus: Any = None) -> tuple[list[SentenceRow], list[str]]:
    """Every sentence of the corpus with the mutants that read it (or why none does), and the problems of the
    method: a reference that names no sentence, a sentence declared without a rule or still without a mutant
    that has one, a sentence with neither a mutant nor a reason."""
    from harness.rules.corpus import load_corpus
    from harness.rules.sentences import parse_ref, split_sentences

    corpus = corpus if corpus is not None else load_corpus(paths.RULES, root=paths.ROOT)
    sentences = {f"{u.id}#{i}": text for u in corpus for i, text in enumerate(split_sentences(u.text), 1)}
    by_sentence: dict[str, list[str]] = {}
    problems: list[str] = []
    for name, refs in sorted(reads().items()):
        for ref in refs:
            if ref.startswith("asm:"):
                continue
            try:
                parse_ref(ref)
            except ValueError as exc:
                problems.append(f"mutant {name}: {exc}")
                continue
            if ref not in sentences:
                problems.append(f"mutant {name}: {ref} names no sentence of the corpus")
            by_sentence.setdefault(ref, []).append(name)
    for table, label in ((NO_RULE, "NO_RULE"), (NO_MUTANT_YET, "NO_MUTANT_YET")):
        for ref in table:
            if ref not in sentences:
                problems.append(f"{label}: {ref} names no sentence of the corpus")
            elif ref in by_sentence:
                problems.append(f"{label}: {ref} is read by {', '.join(by_sentence[ref])}: drop it from {label}")
    rows = [SentenceRow(ref, text, tuple(by_sentence.get(ref, ())), NO_RULE.get(ref), NO_MUTANT_YET.get(ref))
            for ref, text in sentences.items()]
    problems += [f"{r.ref}: no mutant reads it and no reason is declared (NO_RULE / NO_MUTANT_YET, "
                 f"harness/quality/mutation.py): «{r.text}»" for r in rows if r.status == "NO MUTANT"]
    return rows, problems


# ------------------------------------------------------------------------------------------ the mutants
def _mutants_module() -> Any:
    return importlib.import_module("harness.quality.mutants")


@cache
def mutants() -> dict[str, str]:
    """Every registered mutant: name → its mistake (the class docstring), sorted by name."""
    module = _mutants_module()
    return {name: module.mistake(name) for name in sorted(module.MUTANTS)}


class InProcessMutant:
    """A pytest plugin object (passed to `pytest.main`): the kit's plugin takes its `berserk_rules_adapter()`
    (harness/pytest_plugin.make_adapter), the in-process adapter with the mutant's games."""

    def __init__(self, name: str):
        self.name = name

    def berserk_rules_adapter(self) -> Any:
        from harness.engines.adapters import InProcessAdapter

        if self.name == REFERENCE:
            return InProcessAdapter()
        return InProcessAdapter(_mutants_module_cached().MUTANTS[self.name], f"mutant {self.name}")


@cache
def _mutants_module_cached() -> Any:
    return _mutants_module()


def engine_cmd(name: str) -> str:
    """The command line serving a mutant (or, for `REFERENCE`, the reference engine) over the protocol."""
    if name == REFERENCE:
        return f"{shlex.quote(sys.executable)} -m engine.serve"
    return f"{shlex.quote(sys.executable)} -m harness.quality.mutants {shlex.quote(name)}"


# ------------------------------------------------------------------------------------------ scenario names
def short_name(scenario_id: str) -> str:
    """``classic:113.2.ex1-1`` (or the old ``classic/113-…::[113.2.ex1-1] Мститель …``) → ``classic
    [113.2.ex1-1]`` (the id itself when the name has no tag)."""
    if "::" not in scenario_id and ":" in scenario_id:
        edition, _, tag = scenario_id.partition(":")
        return f"{edition} [{tag}]"
    feature, _, name = scenario_id.partition("::")
    if not name.startswith("[") or "]" not in name:
        return scenario_id
    return f"{feature.split('/')[0]} {name[:name.index(']') + 1]}"


def resolve(ref: str, scenarios: list[Any]) -> Any:
    """The one scenario (a `harness.suite.features.ScenarioInfo`) a ``"<edition> [<tag>]"`` name means: an
    outline when the name is one of its example rows' (each row's name holds its own tag)."""
    found = [s for s in scenarios if any(short_name(i) == ref or i == ref for i in s.ids)]
    if len(found) != 1:
        raise LookupError(f"{ref!r} names {len(found)} scenarios"
                          + (f": {', '.join(s.id for s in found)}" if found else ""))
    return found[0]


def resolve_id(ref: str, scenarios: list[Any]) -> str:
    """The id of the one scenario a ``"<edition> [<tag>]"`` name means, as results name it (an outline's row)."""
    return next(i for i in resolve(ref, scenarios).ids if short_name(i) == ref or i == ref)


def _scenarios() -> list[Any]:
    return scan_features(paths.FEATURES, root=paths.ROOT)


def _selects(unit: str, scenario: Any) -> bool:
    return any(u == unit or u.startswith(unit + ".") for u in scenario.units)


def declared_units(refs: tuple[str, ...] | list[str], scenarios: list[Any]) -> list[str]:
    """The `--unit` filters that run the declared scenarios: for each, the one of its units that selects
    the fewest scenarios (the unit of its `Правило:` among equals); for a scenario that names no unit, its
    assumption (``asm:<id>``) that selects the fewest."""
    units = set()
    for ref in refs:
        scenario = resolve(ref, scenarios)
        rule_unit = (scenario.rule or "").split(" ", 1)[0]
        if not scenario.units:             # a scenario of an assumption alone (ASM near-cell): its assumption
            units.add(min((f"asm:{a}" for a in scenario.assumptions),
                          key=lambda f: (sum(f[4:] in s.assumptions for s in scenarios), f)))
            continue
        units.add(min(scenario.units, key=lambda u: (sum(_selects(u, s) for s in scenarios), u != rule_unit, u)))
    return sorted(units)


# ------------------------------------------------------------------------------------------ results
@dataclass
class Killer:
    """A scenario that did not end as expected against the mutant."""

    scenario: str               # the scenario id
    status: str                 # FAIL, ERROR, CRASH, TIMEOUT, PASS (an unexpected pass)
    message: str                # the first line of the result's message
    by: str = "other"           # how it killed: "then" (a «Тогда» check failed), "driver" (a «Дано»/«Когда» step
                                # failed: the engine refused or asked for something else), or "other"
                                # (ERROR, CRASH, TIMEOUT, an unexpected pass)

    @property
    def short(self) -> str:
        return short_name(self.scenario)

    @property
    def by_check(self) -> bool:
        """Killed by a «Тогда» check: what counts for the suite's strength."""
        return self.by == "then"

    def to_json(self) -> dict[str, Any]:
        return {"scenario": self.scenario, "name": self.short, "status": self.status, "message": self.message,
                "by": self.by}


def kill_kind(result: Any) -> str:
    """How a scenario result killed a mutant: "then" when it FAILed on a «Тогда» check (an «И»/«Но» takes the
    keyword of the step before it), "driver" when it FAILed on a «Дано»/«Когда» step, "other" otherwise."""
    if result.status != "FAIL":
        return "other"
    keyword = ""
    for step in result.steps:
        if step.keyword not in ("И", "Но", "*"):
            keyword = step.keyword
        if step.status == "failed":
            return "then" if keyword == "Тогда" else "driver"
    return "other"


@dataclass
class MutantRun:
    """One engine against the scenarios."""

    name: str
    mistake: str
    units: list[str]            # the --unit filters (empty: the whole suite)
    scenarios: int = 0          # scenarios run
    killers: list[Killer] = field(default_factory=list)
    duration_s: float = 0.0
    error: str | None = None    # the scenarios could not be run at all
    declared: list[str] = field(default_factory=list)      # KILLS[name]
    route: str = "in-process"   # or "protocol"

    @property
    def killed(self) -> bool:
        return self.error is None and bool(self.killers)

    @property
    def then_killers(self) -> list[Killer]:
        """The scenarios that killed it by a «Тогда» check."""
        return [k for k in self.killers if k.by_check]

    @property
    def undeclared(self) -> list[str]:
        """Killers that the table does not declare."""
        return [k.short for k in self.killers if k.short not in self.declared]

    @property
    def missed(self) -> list[str]:
        """Declared killers that did not kill."""
        killed = {k.short for k in self.killers}
        return [ref for ref in self.declared if ref not in killed]

    @property
    def matches_table(self) -> bool:
        return self.error is None and not self.undeclared and not self.missed

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "mistake": self.mistake, "killed": self.killed, "units": list(self.units),
                "scenarios": self.scenarios, "killers": [k.to_json() for k in self.killers],
                "then_killers": [k.short for k in self.then_killers],
                "declared": list(self.declared), "undeclared": self.undeclared, "missed": self.missed,
                "duration_s": round(self.duration_s, 3), "error": self.error, "route": self.route}


@dataclass
class MutationReport:
    declared: bool              # each mutant ran on the units of its declared killers only
    jobs: int
    reference: MutantRun | None  # the control run (None in a declared run)
    runs: list[MutantRun]
    duration_s: float
    killers_only: bool = False  # a declared run of the declared killers alone (undeclared killers not looked for)
    sample: int = 0             # with killers_only: at most this many of each mutant's declared killers (0: all)

    @property
    def killed(self) -> int:
        return sum(1 for r in self.runs if r.killed)

    @property
    def survivors(self) -> list[MutantRun]:
        return [r for r in self.runs if r.error is None and not r.killers]

    @property
    def control_failed(self) -> bool:
        """The reference engine over the protocol did not pass: the kill rate means nothing."""
        return self.reference is not None and (self.reference.error is not None or bool(self.reference.killers))

    @property
    def errors(self) -> list[MutantRun]:
        """Runs that went wrong: a failed control run, mutants whose scenarios could not be run."""
        control = [self.reference] if self.reference is not None and self.control_failed else []
        return control + [r for r in self.runs if r.error is not None]

    @property
    def killed_by_checks(self) -> int:
        """Mutants killed by at least one «Тогда» check."""
        return sum(1 for r in self.runs if r.then_killers)

    @property
    def killed_by_two_checks(self) -> int:
        """Mutants killed by «Тогда» checks of at least two scenarios (the target)."""
        return sum(1 for r in self.runs if len(r.then_killers) >= 2)

    @property
    def kill_rate(self) -> float:
        return self.killed / len(self.runs) if self.runs else 0.0

    @property
    def ok(self) -> bool:
        """Every mutant killed (in a declared run: by exactly its declared scenarios) and a green control."""
        if self.errors or self.survivors:
            return False
        return all(r.matches_table for r in self.runs) if self.declared else True

    def to_json(self) -> dict[str, Any]:
        return {"mode": ("killers" if self.killers_only else "declared") if self.declared else "full", "jobs": self.jobs,
                "sample": self.sample, "mutants": len(self.runs), "killed": self.killed, "survived": [r.name for r in self.survivors],
                "killed_by_checks": self.killed_by_checks, "killed_by_two_checks": self.killed_by_two_checks,
                "kill_rate": round(self.kill_rate, 4), "duration_s": round(self.duration_s, 3), "ok": self.ok,
                "reference": self.reference.to_json() if self.reference else None,
                "runs": [r.to_json() for r in self.runs]}


# ------------------------------------------------------------------------------------------ running
KILLS_LINE = 110          # the table's line length (ruff's)


def kills_source(kills: dict[str, list[str] | tuple[str, ...]]) -> str:
    """The body of the `KILLS` table for `kills` (mutant → killers), one entry per mutant in name order, each
    line at most KILLS_LINE characters: what `berserk-rules mutants --write-kills` writes into this file."""
    lines = []
    for name in sorted(kills):
        refs = [json.dumps(r, ensure_ascii=False) for r in sorted(kills[name])]
        one = f'    "{name}": ({", ".join(refs)}{"," if len(refs) == 1 else ""}),'
        if len(one) <= KILLS_LINE:
            lines.append(one)
            continue
        lines.append(f'    "{name}": (')
        line = "       "
        for ref in refs:
            if len(line) + len(ref) + 2 > KILLS_LINE:
                lines.append(line)
                line = "       "
            line += f" {ref},"
        lines += [line, "    ),"]
    return "\n".join(lines)


def write_kills(report: MutationReport, path: Path | None = None) -> Path:
    """Rewrite `KILLS` in this file (or `path`, a copy of it) from a full run: every mutant's killers, as the run
    found them."""
    if report.declared or report.errors:
        raise ValueError("KILLS is written from a full run of every mutant without errors")
    path = path or Path(__file__).resolve()
    text = path.read_text("utf-8")
    head = "KILLS: dict[str, tuple[str, ...]] = {\n"
    start = text.index(head) + len(head)
    end = text.index("\n}\n", start)
    kills = {run.name: list(dict.fromkeys(k.short for k in run.killers)) for run in report.runs}
    if set(kills) != set(mutants()):
        raise ValueError("KILLS is written from a run of every mutant (not --only)")
    atomic_write(path, (text[:start] + kills_source(kills) + text[end:]).encode("utf-8"))
    return path


def run_one(name: str, mistake: str, units: list[str], declared: list[str], report_dir: str | None = None,
            rules: str | None = None) -> MutantRun:
    """Play the scenarios (of `units`, or all) against one mutant served over the protocol, in a pytest session of
    its own; in a worker process or in this one. The results come back in memory (`harness.run.runner`); with
    ``report_dir`` the reports are written too. (In-process mutants share sessions: `run_group`.)"""
    paths.use_rules_dir(rules)         # a worker process starts from the defaults: the rules folder in use
    expectations = paths.REFERENCE_EXPECTATIONS if paths.REFERENCE_EXPECTATIONS.is_file() else None
    run = MutantRun(name=name, mistake=mistake, units=list(units), declared=list(declared), route="protocol")
    started = time.monotonic()
    exp = str(expectations) if expectations else None
    try:
        report = Path(report_dir) if report_dir else None
        code, results = run_scenarios(report, list(units), [], exp, engine_cmd(name), quiet=True)
    except Exception as exc:  # a harness failure must not take the other mutants down
        code, results = -1, None
        run.error = f"{type(exc).__name__}: {exc}"
    run.duration_s = time.monotonic() - started
    if results is None:
        run.error = run.error or f"the scenarios could not be run (pytest exit code {code})"
        return run
    run.scenarios = len(results.results)
    if not results.results:
        run.error = "no scenario matched the unit filters"
    run.killers = [Killer(r.scenario, r.status, _first_line(r.message), kill_kind(r))
                   for r in results.results if not r.as_expected]
    return run


Task = tuple[str, str, list[str], list[str]]       # (mutant, its mistake, its --unit filters, KILLS[mutant])
_interrupted = False            # a session of this process was interrupted (`run_group`)
# s: an in-process mutant's scenario that runs longer is ended (TIMEOUT, a kill): ten times the slowest scenario
# of the reference engine (0.5 s, heroes:113.1-1, on a quiet 2-core machine); a mutant that never lets a loop
# end would otherwise cost the kit's own limit (--scenario-timeout, 60 s) per scenario
SCENARIO_TIMEOUT = 5.0


class MutantsInOneSession:
    """The pytest plugin that plays many in-process engines inside one pytest session: collection, the
    feature files and the step registry are paid once, not once per mutant (`harness.run.replay`). The
    scenarios of the union of the tasks' unit filters are collected; each task's engine then plays those its
    own filters select, in collection order, with the verdicts `check` would give. The kit's plugin asks this
    object for the adapter of every scenario (`berserk_rules_adapter`), so the engine is the current task's."""

    def __init__(self, tasks: list[Task], on_done: Any = None, killers_only: bool = False) -> None:
        self.tasks = tasks
        self.on_done = on_done
        self.killers_only = killers_only     # only each task's declared killers, not every scenario of its units
        self.current = REFERENCE
        self.runs: list[MutantRun] = []
        self.error: str | None = None

    def berserk_rules_adapter(self) -> Any:
        return InProcessMutant(self.current).berserk_rules_adapter()

    @pytest.hookimpl(tryfirst=True)
    def pytest_runtestloop(self, session: Any) -> bool:
        try:
            self._loop(session)
        except Exception as exc:  # noqa: BLE001 - reported by the caller as every unfinished run's error
            self.error = f"{type(exc).__name__}: {exc}"
        return True                # pytest's own loop does not run (a firstresult hook)

    def _loop(self, session: Any) -> None:
        from harness.run.pytest_plugin import SCENARIO_ID
        from harness.run.replay import play_again, scenario_items, spares

        items = list(session.items)
        spare = spares(items)
        session.config.option.scenario_timeout = SCENARIO_TIMEOUT
        for name, mistake, units, declared in self.tasks:
            run = MutantRun(name=name, mistake=mistake, units=list(units), declared=list(declared))
            started = time.monotonic()
            chosen = scenario_items(items, units)
            if self.killers_only:
                wanted = set(declared)
                chosen = [item for item in chosen if short_name(item.stash[SCENARIO_ID]) in wanted]
            self.current = name
            try:
                for item in chosen:
                    ok, status, sc = play_again(item, spare[item.nodeid])
                    if not ok:
                        run.killers.append(Killer(sc.id, status, _first_line(sc.message), kill_kind(sc))
                                           if sc is not None else Killer(item.nodeid, status, "it did not start"))
            finally:
                self.current = REFERENCE
            run.scenarios = len(chosen)
            if not chosen:
                run.error = "no scenario matched the unit filters"
            run.duration_s = time.monotonic() - started
            self.runs.append(run)
            if self.on_done is not None:
                self.on_done(run)


def run_group(tasks: list[Task], rules: str | None = None, on_done: Any = None,
              killers_only: bool = False) -> list[MutantRun]:
    """In-process mutants in one pytest session (`MutantsInOneSession`), in this process: a worker's share of
    `run_mutants`. A session that could not be run gives each task a run with the error."""
    global _interrupted
    if _interrupted:                   # a signal ended an earlier group here: no new session starts
        raise KeyboardInterrupt("an earlier group of this process was interrupted")
    paths.use_rules_dir(rules)         # a worker process starts from the defaults: the rules folder in use
    expectations = paths.REFERENCE_EXPECTATIONS if paths.REFERENCE_EXPECTATIONS.is_file() else None
    units = [] if any(not t[2] for t in tasks) else sorted({u for t in tasks for u in t[2]})
    loop = MutantsInOneSession(tasks, on_done, killers_only)
    try:
        code, _ = run_scenarios(None, units, [], str(expectations) if expectations else None, None, quiet=True,
                                plugins=[loop])
        problem = loop.error or (None if code in (0, 1, 5) else
                                 f"the scenarios could not be run (pytest exit code {code})")
    except Exception as exc:  # noqa: BLE001 - a harness failure must not take the other workers down
        code, problem = -1, f"{type(exc).__name__}: {exc}"
    if code == pytest.ExitCode.INTERRUPTED:
        # Ctrl-C or SIGTERM (the kit's plugin turns it into KeyboardInterrupt, and pytest ends the session): the
        # run ends here, as it would outside a session; a worker starts no further group (`_in_pool` queues some)
        _interrupted = True
        raise KeyboardInterrupt("signal")
    done = {r.name: r for r in loop.runs}
    return [done.get(name) or MutantRun(name=name, mistake=mistake, units=list(filters), declared=list(refs),
                                        error=problem or "not run")
            for name, mistake, filters, refs in tasks]


def _first_line(message: str, limit: int = 300) -> str:
    line = message.strip().splitlines()[0] if message.strip() else ""
    return line if len(line) <= limit else line[:limit - 1] + "…"


def sample_killers(refs: list[str] | tuple[str, ...], size: int) -> list[str]:
    """`size` of a mutant's declared killers, spread evenly over the sorted list (its first and last among them), so
    a sample reaches the several units a mutant is killed in; all of them when there are no more than `size`."""
    ordered = sorted(refs)
    if size <= 0 or len(ordered) <= size:
        return ordered
    if size == 1:
        return ordered[:1]
    step = (len(ordered) - 1) / (size - 1)
    return [ordered[round(i * step)] for i in range(size)]


def run_mutants(names: list[str] | None = None, jobs: int = 2, declared: bool = False,
                on_done: Any = None, route: str = "in-process", killers_only: bool = False,
                sample: int = 0) -> MutationReport:
    """Every mutant (or those named) against the suite, `jobs` worker processes at a time, with the control run
    of the reference engine by the same route ("in-process" or "protocol"); `on_done(run)` is called as each
    run ends (progress; in-process, as each group ends). In-process the mutants are dealt into a few groups
    per worker, each played inside one pytest session (`run_group`); over the protocol each mutant is a
    session and a process of its own (`run_one`). With ``declared`` and ``killers_only`` each mutant plays only
    the scenarios KILLS declares for it (in-process): each must kill it; a killer the table does not name is not
    looked for (`declared` alone also finds those). With ``sample`` (and ``killers_only``) each mutant plays only
    that many of its declared killers (`sample_killers`), each of which must kill it: the check of
    tests/test_mutants.py, a third of the plays of every killer."""
    if killers_only and not (declared and route == "in-process"):
        raise ValueError("killers_only needs declared=True and the in-process route")
    if sample and not killers_only:
        raise ValueError("sample goes with killers_only")
    known = mutants()
    names = list(known) if not names else names
    unknown = [n for n in names if n not in known]
    if unknown:
        raise KeyError(f"no mutant {', '.join(unknown)} (known: {', '.join(known)})")
    scenarios = _scenarios() if declared else []
    # the control run: the reference engine by the same route must pass (a declared run skips it: it checks
    # the table, and tests/test_scenarios.py runs the reference engine anyway)
    control: list[Task] = [] if declared else [(REFERENCE, "none: the reference engine itself", [], [])]
    tasks: list[Task] = []
    for n in names:
        refs = list(KILLS.get(n, ()))
        refs = sample_killers(refs, sample) if sample else refs
        units = declared_units(refs, scenarios) if declared and refs else []
        tasks.append((n, known[n], units, refs))
    started = time.monotonic()
    rules = str(paths.RULES)
    if route == "in-process":
        # round-robin: a family's mutants (next to each other in the registry) go to different groups
        count = max(1, min(len(tasks), jobs * GROUPS_PER_JOB))
        groups = ([control] if control else []) + [tasks[i::count] for i in range(count)]
        work = functools.partial(run_group, killers_only=killers_only) if killers_only else run_group
    else:
        groups = [[t] for t in control + tasks]
        work = _run_over_protocol
    if jobs <= 1:
        runs = [r for g in groups for r in work(g, rules, on_done)]
    else:
        runs = _in_pool(groups, jobs, rules, on_done, work)
    order = {t[0]: i for i, t in enumerate(control + tasks)}
    done = sorted(runs, key=lambda r: order[r.name])
    reference = None if declared else done.pop(0)
    return MutationReport(declared=declared, jobs=jobs, reference=reference, runs=done,
                          duration_s=time.monotonic() - started, killers_only=killers_only, sample=sample)


GROUPS_PER_JOB = 3          # in-process groups per worker: a session each; more groups balance the workers better


def _run_over_protocol(group: list[Task], rules: str, on_done: Any = None) -> list[MutantRun]:
    """Each mutant over the protocol, in a session of its own (`run_one`)."""
    runs = []
    for task in group:
        runs.append(run_one(*task, None, rules))
        if on_done is not None:
            on_done(runs[-1])
    return runs


def _in_pool(groups: list[list[Task]], jobs: int, rules: str, on_done: Any, work: Any) -> list[MutantRun]:
    """The groups, ``jobs`` worker processes at a time. Each worker sends its pid and every run as it ends
    over a queue (`_to_parent`): ``on_done`` gets each run at once, not when its group ends, and an
    interrupted run (Ctrl-C, SIGTERM) passes the signal on to the workers, whose sessions end after the scenario
    they are in (the kit's plugin turns SIGTERM into KeyboardInterrupt), so no group runs on to its end."""
    ctx = multiprocessing.get_context("spawn")
    messages = ctx.Queue()
    workers: set[int] = set()

    def relay() -> None:
        while (message := messages.get()) is not None:
            kind, value = message
            if kind == "pid":
                workers.add(value)
            elif on_done is not None:
                on_done(value)

    reader = threading.Thread(target=relay, name="mutants-progress", daemon=True)
    reader.start()
    with ProcessPoolExecutor(max_workers=jobs, mp_context=ctx, initializer=_worker_started,
                             initargs=(messages,)) as pool:
        futures = [pool.submit(work, g, rules, _to_parent) for g in groups]
        try:
            runs = [r for f in futures for r in f.result()]
        except KeyboardInterrupt:        # the groups not started are not run; the running ones are told to end
            for pid in workers:
                with contextlib.suppress(OSError):
                    os.kill(pid, signal.SIGTERM)
            pool.shutdown(wait=True, cancel_futures=True)
            raise
        finally:
            messages.put(None)
            reader.join(timeout=10)
    return runs


_QUEUE: Any = None                  # in a worker process: the queue to the parent (`_in_pool`)


def _worker_started(queue: Any) -> None:
    from harness.engines.process import die_with_parent

    global _QUEUE
    die_with_parent()                 # a worker never outlives the run (its queue would keep it waiting for good)
    _QUEUE = queue
    queue.put(("pid", os.getpid()))


def _to_parent(run: MutantRun) -> None:
    """A worker's ``on_done``: the run to the parent, for its progress."""
    _QUEUE.put(("run", run))
