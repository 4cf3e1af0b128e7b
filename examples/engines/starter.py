#!/usr/bin/env python3
"""A starter engine for the berserk-rules protocol 1.0, written from scratch as an outside author would:
it imports nothing of the kit. Classic edition only; creatures with lives and a simple strike, attacks on
the stack, priority, dice asked of the players, the strike table, wounds, death, a lost game and the end of
a turn (the active player's closed cards open). Cards with abilities are answered `unsupported`.

    berserk-rules check --engine-cmd "python examples/engines/starter.py"

It plays the first-contact scenarios of docs/PROTOCOL.md for real. Read it top to bottom: ~200 lines."""

import json
import sys

PROTOCOL = "1.0.0"
FEATURES = ["inline_cards", "battle_history", "rule_effects"]


# ---------------------------------------------------------------------------------------- the strike table
STRIKES = ("weak", "medium", "strong")


def strike_dealt(attacker_roll, defender_roll, closed):
    """(attacker's strike, answer strike): 0 weak, 1 medium, 2 strong, None no strike (classic table)."""
    if closed:                                     # only the attacker rolls: 1-3 weak, 4-5 medium, 6 strong
        return (0 if attacker_roll <= 3 else 1 if attacker_roll <= 5 else 2), None
    d = attacker_roll - defender_roll
    if d >= 5:
        return 2, None
    if d <= -5:
        return None, 1
    if d == 0:
        return (0, None) if attacker_roll <= 4 else (None, 0)
    return {4: (2, 0), 3: (1, None), 2: (1, 0), 1: (0, None), -1: (0, None), -2: (None, None),
            -3: (None, 0), -4: (0, 1)}[d]


def adjacent(a, b):
    return a and b and max(abs(ord(a[0]) - ord(b[0])), abs(int(a[1:]) - int(b[1:]))) == 1


class Refused(Exception):
    def __init__(self, code, message):
        super().__init__(message)
        self.code, self.message = code, message


# ---------------------------------------------------------------------------------------- the game
class Game:
    def __init__(self, board, definitions):
        if board.get("edition") != "classic":
            raise Refused("unsupported", "this engine plays the classic edition only")
        self.turn = board.get("turn", 1)
        self.players = list(board.get("players", ["А", "Б"]))
        self.lost = set()
        self.active = board.get("active", self.players[0])
        self.priority = board.get("priority") or self.active
        self.passes = 0                                    # passes in succession (two: the top entry resolves)
        self.stack, self.pending, self.history = [], None, []
        self.cards = {}
        for c in board.get("cards", []):
            d = definitions.get(c["card"], {})
            if d.get("abilities") or d.get("type") != "creature" or c.get("zone", "battlefield") != "battlefield":
                raise Refused("unsupported", f"{c['card']}: only creatures without abilities, in play")
            self.cards[c["id"]] = {
                "id": c["id"], "name": c["card"], "owner": c["owner"], "controller": c.get("controller") or c["owner"],
                "zone": c.get("zone", "battlefield"), "cell": c.get("cell"), "open": not c.get("closed", False),
                "wounds": c.get("wounds", 0), "lives": d["lives"], "strike": list(d["strike"]), "last_hit": None}
        self.rule_effects()                                # a board may start with a lethal wound or no creature

    # -- the state, as the protocol wants it
    def state(self):
        cards = []
        for c in sorted(self.cards.values(), key=lambda c: c["id"]):
            cards.append({k: c[k] for k in ("id", "name", "owner", "controller", "zone", "cell", "open", "wounds")}
                         | {"current_lives": c["lives"] - c["wounds"], "strike": {"base": c["strike"], "value": c["strike"]}})
        return {"turn": self.turn, "active_player": self.active, "priority": self.priority,
                "players": [{"name": p, "lost": p in self.lost} for p in self.players], "cards": cards,
                "stack": [dict(s) for s in self.stack], "pending": self.pending, "history": self.history}

    def log(self, kind, source=None, targets=(), controller=None, parent=None, **info):
        entry = {"id": f"h{len(self.history) + 1}", "turn": self.turn, "kind": kind, "source": source,
                 "targets": list(targets), "resources": [], "controller": controller, "parent": parent, "info": info}
        self.history.append(entry)
        return entry["id"]

    def log_rule_effect(self, effect, cards=(), controller=None, parent=None):
        """Classic 503.1: a rule effect has neither source nor target; the cards it applies to are other
        information (537.1.g: info.cards)."""
        info = {"effect": effect, "cards": list(cards)} if cards else {"effect": effect}
        return self.log("rule_effect", None, [], controller, parent, **info)

    def other(self, player):
        return next(p for p in self.players if p != player)

    # -- requests
    def act(self, player, action):
        kind = action.get("type")
        if self.lost:
            raise Refused("game_over", "the game is over")
        if player not in self.players:
            raise Refused("unknown_player", f"no player {player!r}")
        if self.pending:
            raise Refused("decision_pending", f"a {self.pending['kind']} decision is pending")
        if player != self.priority:
            raise Refused("no_priority", f"player {player} does not have priority")
        if kind not in ("pass", "attack", "end_turn"):
            raise Refused("unknown_action", f"this engine does not know the action {kind!r}")
        if kind == "pass":
            self.log("pass", controller=player)
            self.passes += 1
            if self.passes < 2:                            # the other player gets priority
                self.priority = self.other(player)
                return
            self.passes = 0                                # both passed in succession:
            if self.stack:
                self.resolve()                             # the top entry resolves
            else:
                self.priority = self.active                # on an empty stack nothing happens: back to the active
            return
        if kind == "end_turn":
            if player != self.active or self.stack:
                raise Refused("not_now", "only the active player ends the turn, with an empty stack")
            return self.end_turn()
        a, t = self.cards.get(action.get("attacker")), self.cards.get(action.get("target"))
        if not a or not t:
            raise Refused("unknown_card", "no such card")
        if player != self.active or self.stack:
            raise Refused("not_now", "only the active player attacks, with an empty stack")
        if a["controller"] != player or a["zone"] != "battlefield":
            raise Refused("not_your_card", f"{a['id']} is not a creature of player {player} on the battlefield")
        if not a["open"]:
            raise Refused("closed", f"{a['id']} is closed")
        if not adjacent(a["cell"], t["cell"]) or t["zone"] != "battlefield":     # diagonals included
            raise Refused("not_adjacent", f"{t['id']} does not stand next to {a['id']}")
        hid = self.log("declare", a["id"], [t["id"]], player, action="attack")
        self.passes = 0                                    # the attacker's player keeps priority
        self.stack.append({"id": f"s{len(self.history)}", "kind": "attack", "source": a["id"], "ability": None,
                           "controller": player, "targets": [t["id"]], "declared": hid, "rolls": {}})

    def answer(self, player, choice):
        p = self.pending
        if not p:
            raise Refused("no_decision", "nothing to answer")
        if player != p["player"]:
            raise Refused("not_your_decision", f"the decision is player {p['player']}'s")
        if choice not in p["options"]:
            raise Refused("illegal_choice", f"{choice!r} is not one of {p['options']}")
        entry = self.stack[-1]
        entry["rolls"][p["role"]] = choice
        self.log("roll", controller=player, parent=entry["declared"], role=p["role"], value=choice)
        self.pending = None
        self.resolve()

    # -- the rules
    def resolve(self):
        entry = self.stack[-1]
        a, t = self.cards[entry["source"]], self.cards[entry["targets"][0]]
        self.priority = None
        closed = not t["open"]
        if "attacker" not in entry["rolls"]:
            self.pending = {"kind": "roll", "player": entry["controller"], "role": "attacker", "options": [1, 2, 3, 4, 5, 6]}
            return
        if not closed and "defender" not in entry["rolls"]:
            self.pending = {"kind": "roll", "player": t["controller"], "role": "defender", "options": [1, 2, 3, 4, 5, 6]}
            return
        dealt, answer = strike_dealt(entry["rolls"]["attacker"], entry["rolls"].get("defender", 0), closed)
        hid = self.log("strike", a["id"], [t["id"]], entry["controller"], entry["declared"],
                       attack="simple", strike=STRIKES[dealt] if dealt is not None else None)
        self.wound(t, a["strike"][dealt] if dealt is not None else 0, hid)
        if answer is not None:                                # the answer strike is a strike of its own
            self.wound(a, t["strike"][answer], self.log("strike", t["id"], [a["id"]], t["controller"], hid,
                                                        attack="answer", strike=STRIKES[answer]))
        self.rule_effects()
        if self.lost:                                         # the game is over: nothing more happens
            return
        if a["zone"] == "battlefield" and a["open"]:          # the payment stage (503.1.b3): the attacker closes
            a["open"] = False
            self.log("payment", a["id"], [], entry["controller"], entry["declared"])
        self.stack.pop()
        self.log("resolved", a["id"])
        self.priority = self.active

    def wound(self, card, amount, cause):
        if amount > 0:
            card["wounds"] += amount
            card["last_hit"] = cause

    def rule_effects(self):
        """Classic 503.1: outside the stack, before anyone gets priority; no source, no target."""
        for c in sorted(self.cards.values(), key=lambda c: c["id"]):
            if c["zone"] == "battlefield" and c["wounds"] >= c["lives"]:      # 503.1.b5: death
                c["zone"], c["cell"] = "graveyard", None
                self.log_rule_effect("death", [c["id"]], controller=c["controller"], parent=c["last_hit"])
        for p in self.players:                                                # 503.1.b18: a player loses
            if p not in self.lost and not any(c["zone"] == "battlefield" and c["controller"] == p
                                              for c in self.cards.values()):
                self.lost.add(p)
                self.log_rule_effect("player_loses", controller=p)

    def end_turn(self):
        self.log("turn_end", controller=self.active)
        self.active, self.turn = self.other(self.active), self.turn + 1
        self.log("turn_start", controller=self.active)
        for c in sorted(self.cards.values(), key=lambda c: c["id"]):
            if c["zone"] == "battlefield" and c["controller"] == self.active and not c["open"]:
                c["open"] = True                                              # 503.1.b2: opening
                self.log_rule_effect("open", [c["id"]])
        self.priority = self.active


# ---------------------------------------------------------------------------------------- the protocol
def handle(game, request):
    kind = request.get("request")
    if kind == "hello":
        return game, {"protocol": PROTOCOL, "engine": {"name": "starter (python)", "version": "1.0"},
                      "capabilities": {"editions": ["classic"], "features": FEATURES, "vocabulary": []}}
    if kind == "quit":
        return game, {}
    if kind == "setup":
        game = None
        game = Game(request["board"], request.get("definitions", {}))
    elif kind in ("act", "answer", "state"):
        if game is None:
            raise Refused("no_game", "send setup first")
        if kind == "act":
            game.act(request.get("player"), request.get("action") or {})
        elif kind == "answer":
            game.answer(request.get("player"), request.get("choice"))
    else:
        raise Refused("bad_request", f"unknown request {kind!r}")
    return game, {"state": game.state()}


def main():
    game = None
    for line in sys.stdin:
        if not line.strip():
            continue
        request = json.loads(line)
        try:
            game, reply = handle(game, request)
            reply = {"id": request.get("id"), "ok": True, **reply}
        except Refused as exc:
            reply = {"id": request.get("id"), "ok": False, "error": {"code": exc.code, "message": exc.message}}
        except Exception as exc:                            # a bug of ours: say so, keep serving
            print(f"internal error: {exc!r}", file=sys.stderr)
            reply = {"id": request.get("id"), "ok": False, "error": {"code": "internal_error", "message": repr(exc)}}
        sys.stdout.write(json.dumps(reply, ensure_ascii=False) + "\n")
        sys.stdout.flush()
        if request.get("request") == "quit":
            return


if __name__ == "__main__":
    main()
