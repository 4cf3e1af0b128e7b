#!/usr/bin/env node
// A starter engine for the berserk-rules protocol 1.0 in JavaScript (Node), written from scratch as an
// outside author would: it uses nothing of the kit. Classic edition only: creatures with lives and a simple
// strike, attacks on the stack, priority, dice asked of the players, the strike table, wounds, death, a lost
// game and the end of a turn (the active player's closed cards open). Cards with abilities: `unsupported`.
//
//   berserk-rules check --engine-cmd "node examples/engines/starter.js"
"use strict";
const readline = require("readline");

const PROTOCOL = "1.0.0";
const FEATURES = ["inline_cards", "battle_history", "rule_effects"];

class Refused extends Error {
  constructor(code, message) { super(message); this.code = code; }
}

const STRIKES = ["weak", "medium", "strong"];

// [attacker's strike, answer strike]: 0 weak, 1 medium, 2 strong, null no strike (classic table)
function strikeDealt(a, d, closed) {
  if (closed) return [a <= 3 ? 0 : a <= 5 ? 1 : 2, null];
  const diff = a - d;
  if (diff >= 5) return [2, null];
  if (diff <= -5) return [null, 1];
  if (diff === 0) return a <= 4 ? [0, null] : [null, 0];
  return {4: [2, 0], 3: [1, null], 2: [1, 0], 1: [0, null], "-1": [0, null], "-2": [null, null],
          "-3": [null, 0], "-4": [0, 1]}[diff];
}

function adjacent(a, b) {
  if (!a || !b) return false;
  return Math.max(Math.abs(a.charCodeAt(0) - b.charCodeAt(0)), Math.abs(+a.slice(1) - +b.slice(1))) === 1;
}

class Game {
  constructor(board, definitions) {
    if (board.edition !== "classic") throw new Refused("unsupported", "this engine plays the classic edition only");
    this.turn = board.turn ?? 1;
    this.players = board.players ?? ["А", "Б"];
    this.lost = new Set();
    this.active = board.active ?? this.players[0];
    this.priority = board.priority ?? this.active;
    this.passes = 0;                                   // passes in succession (two: the top entry resolves)
    this.stack = []; this.pending = null; this.history = [];
    this.cards = new Map();
    for (const c of board.cards ?? []) {
      const d = definitions[c.card] ?? {};
      if ((d.abilities ?? []).length || d.type !== "creature" || (c.zone ?? "battlefield") !== "battlefield")
        throw new Refused("unsupported", `${c.card}: only creatures without abilities, in play`);
      this.cards.set(c.id, {id: c.id, name: c.card, owner: c.owner, controller: c.controller ?? c.owner,
        zone: c.zone ?? "battlefield", cell: c.cell ?? null, open: !c.closed, wounds: c.wounds ?? 0,
        lives: d.lives, strike: d.strike, lastHit: null});
    }
    this.ruleEffects();                                // a board may start with a lethal wound or no creature
  }

  sorted() { return [...this.cards.values()].sort((x, y) => (x.id < y.id ? -1 : x.id > y.id ? 1 : 0)); }

  state() {
    return {
      turn: this.turn, active_player: this.active, priority: this.priority,
      players: this.players.map((p) => ({name: p, lost: this.lost.has(p)})),
      cards: this.sorted().map((c) => ({id: c.id, name: c.name, owner: c.owner, controller: c.controller,
        zone: c.zone, cell: c.cell, open: c.open, wounds: c.wounds, current_lives: c.lives - c.wounds,
        strike: {base: c.strike, value: c.strike}})),
      stack: this.stack.map((s) => ({id: s.id, kind: s.kind, source: s.source, ability: null,
        controller: s.controller, targets: s.targets})),
      pending: this.pending, history: this.history,
    };
  }

  log(kind, source = null, targets = [], controller = null, parent = null, info = {}) {
    const id = `h${this.history.length + 1}`;
    this.history.push({id, turn: this.turn, kind, source, targets, resources: [], controller, parent, info});
    return id;
  }

  // classic 503.1: a rule effect has neither source nor target; the cards it applies to are other
  // information (537.1.g: info.cards)
  logRuleEffect(effect, cards = [], controller = null, parent = null) {
    return this.log("rule_effect", null, [], controller, parent, cards.length ? {effect, cards} : {effect});
  }

  other(p) { return this.players.find((q) => q !== p); }

  act(player, action) {
    const kind = action.type;
    if (this.lost.size) throw new Refused("game_over", "the game is over");
    if (!this.players.includes(player)) throw new Refused("unknown_player", `no player ${player}`);
    if (this.pending) throw new Refused("decision_pending", `a ${this.pending.kind} decision is pending`);
    if (player !== this.priority) throw new Refused("no_priority", `player ${player} does not have priority`);
    if (!["pass", "attack", "end_turn"].includes(kind)) throw new Refused("unknown_action", `unknown action ${kind}`);
    if (kind === "pass") {
      this.log("pass", null, [], player);
      this.passes += 1;
      if (this.passes < 2) { this.priority = this.other(player); return; }  // the other player gets priority
      this.passes = 0;                                 // both passed in succession:
      if (this.stack.length) this.resolve();           // the top entry resolves
      else this.priority = this.active;                // on an empty stack nothing happens: back to the active
      return;
    }
    if (kind === "end_turn") {
      if (player !== this.active || this.stack.length) throw new Refused("not_now", "only the active player ends the turn");
      return this.endTurn();
    }
    const a = this.cards.get(action.attacker), t = this.cards.get(action.target);
    if (!a || !t) throw new Refused("unknown_card", "no such card");
    if (player !== this.active || this.stack.length)
      throw new Refused("not_now", "only the active player attacks, with an empty stack");
    if (a.controller !== player || a.zone !== "battlefield")
      throw new Refused("not_your_card", `${a.id} is not a creature of player ${player} on the battlefield`);
    if (!a.open) throw new Refused("closed", `${a.id} is closed`);
    if (!adjacent(a.cell, t.cell) || t.zone !== "battlefield")         // diagonals included
      throw new Refused("not_adjacent", `${t.id} does not stand next to ${a.id}`);
    const declared = this.log("declare", a.id, [t.id], player, null, {action: "attack"});
    this.passes = 0;                                   // the attacker's player keeps priority
    this.stack.push({id: `s${this.history.length}`, kind: "attack", source: a.id, controller: player,
      targets: [t.id], declared, rolls: {}});
  }

  answer(player, choice) {
    const p = this.pending;
    if (!p) throw new Refused("no_decision", "nothing to answer");
    if (player !== p.player) throw new Refused("not_your_decision", `the decision is player ${p.player}'s`);
    if (!p.options.includes(choice)) throw new Refused("illegal_choice", `${choice} is not one of the options`);
    const entry = this.stack[this.stack.length - 1];
    entry.rolls[p.role] = choice;
    this.log("roll", null, [], player, entry.declared, {role: p.role, value: choice});
    this.pending = null;
    this.resolve();
  }

  resolve() {
    const entry = this.stack[this.stack.length - 1];
    const a = this.cards.get(entry.source), t = this.cards.get(entry.targets[0]);
    this.priority = null;
    const closed = !t.open;
    if (!("attacker" in entry.rolls)) {
      this.pending = {kind: "roll", player: entry.controller, role: "attacker", options: [1, 2, 3, 4, 5, 6]};
      return;
    }
    if (!closed && !("defender" in entry.rolls)) {
      this.pending = {kind: "roll", player: t.controller, role: "defender", options: [1, 2, 3, 4, 5, 6]};
      return;
    }
    const [dealt, answer] = strikeDealt(entry.rolls.attacker, entry.rolls.defender ?? 0, closed);
    const hid = this.log("strike", a.id, [t.id], entry.controller, entry.declared,
                         {attack: "simple", strike: STRIKES[dealt] ?? null});
    this.wound(t, dealt !== null ? a.strike[dealt] : 0, hid);
    if (answer !== null)                                   // the answer strike is a strike of its own
      this.wound(a, t.strike[answer], this.log("strike", t.id, [a.id], t.controller, hid,
                                               {attack: "answer", strike: STRIKES[answer]}));
    this.ruleEffects();
    if (this.lost.size) return;                            // the game is over: nothing more happens
    if (a.zone === "battlefield" && a.open) {              // the payment stage (503.1.b3): the attacker closes
      a.open = false;
      this.log("payment", a.id, [], entry.controller, entry.declared);
    }
    this.stack.pop();
    this.log("resolved", a.id);
    this.priority = this.active;
  }

  wound(card, amount, cause) {
    if (amount > 0) { card.wounds += amount; card.lastHit = cause; }
  }

  // classic 503.1: outside the stack, before anyone gets priority; no source, no target
  ruleEffects() {
    for (const c of this.sorted()) {
      if (c.zone === "battlefield" && c.wounds >= c.lives) {                 // 503.1.b5: death
        c.zone = "graveyard"; c.cell = null;
        this.logRuleEffect("death", [c.id], c.controller, c.lastHit);
      }
    }
    for (const p of this.players) {                                          // 503.1.b18: a player loses
      if (!this.lost.has(p) && !this.sorted().some((c) => c.zone === "battlefield" && c.controller === p)) {
        this.lost.add(p);
        this.logRuleEffect("player_loses", [], p);
      }
    }
  }

  endTurn() {
    this.log("turn_end", null, [], this.active);
    this.active = this.other(this.active); this.turn += 1;
    this.log("turn_start", null, [], this.active);
    for (const c of this.sorted()) {
      if (c.zone === "battlefield" && c.controller === this.active && !c.open) {
        c.open = true;                                                       // 503.1.b2: opening
        this.logRuleEffect("open", [c.id]);
      }
    }
    this.priority = this.active;
  }
}

let game = null;
function handle(request) {
  const kind = request.request;
  if (kind === "hello") return {protocol: PROTOCOL, engine: {name: "starter (node)", version: "1.0"},
    capabilities: {editions: ["classic"], features: FEATURES, vocabulary: []}};
  if (kind === "quit") return {};
  if (kind === "setup") { game = null; game = new Game(request.board, request.definitions ?? {}); }
  else if (["act", "answer", "state"].includes(kind)) {
    if (!game) throw new Refused("no_game", "send setup first");
    if (kind === "act") game.act(request.player, request.action ?? {});
    if (kind === "answer") game.answer(request.player, request.choice);
  } else throw new Refused("bad_request", `unknown request ${kind}`);
  return {state: game.state()};
}

const rl = readline.createInterface({input: process.stdin});
rl.on("line", (line) => {
  if (!line.trim()) return;
  const request = JSON.parse(line);
  let reply;
  try {
    reply = {id: request.id, ok: true, ...handle(request)};
  } catch (e) {
    if (!(e instanceof Refused)) process.stderr.write(`internal error: ${e.stack}\n`);
    reply = {id: request.id, ok: false, error: {code: e instanceof Refused ? e.code : "internal_error", message: e.message}};
  }
  process.stdout.write(JSON.stringify(reply) + "\n");
  if (request.request === "quit") rl.close();
});
