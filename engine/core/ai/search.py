"""Information-set Monte Carlo tree search (ISMCTS) with determinisation, for any game through the contract.

The AI seat never looks at the true state. It asks the game for a state it cannot tell apart from the one it sees
(`Game.redeal_hidden(state, seat, rng)`) once at the start, and from then on works only on that sample: every
iteration re-deals the sample's hidden cards again (a new determinisation), walks a tree keyed by the choices made
(single-observer ISMCTS, as in Cowling, Powley and Whitehouse 2012 and OpenSpiel's `ismcts.cc`), and plays the rest
of the game with the game's own playout policy (`GameAI.playout_plan`). Since the first re-deal depends only on what
the seat sees (the conformance suite checks it), so does everything after it: two states that differ only in what
the seat may not see get the same answer for the same seed.

Choices of a node that are legal in one determinisation and not in another (an opponent's card) are handled with
availability counts: an option's exploration term counts the visits in which it was on offer, not all visits.
Each node is scored for the seat choosing there (max^n), with a reward in [0, 1] made of the win and the score
margin (`reward`); in a co-operative game every seat gets the team's reward instead (`team_reward`). Progressive
widening keeps wide nodes (a Planes airport offers dozens of drops) from spending every iteration on trying each
option once: a node with n visits has at most `1 + widen * sqrt(n)` children, and the first ones tried are those
the playout policy picks, so a thin search still plays at least as the policy does.

A rollout may stop after `horizon` choices where the game says what each seat holds so far (`GameAI.score_now`);
the reward then comes from those scores. That trades a little accuracy for many more iterations per second.

The answer is a plan, not just one choice: the most visited line of the seat's own consecutive choices (a whole
Planes move, a whole Planecrafters turn), so one search plays a whole turn. A caller follows it while each step
stays on offer and searches again when it runs out, exactly as with `GameAI.playout_plan`. A line ends at a step
that brings hidden cards into the seat's sight (`Game.in_sight`: a Planecrafters Spy's look at a hand): its next
choice (which card to take) is searched anew on a sample that keeps the cards the seat now sees.

A time limit (`Budget.seconds`) counts from the moment the AI was asked (`asked`, on the search's `Clock`), so the
set-up (the caller's, and the sights of the turn's earlier plans) spends it too. The clock is read before every
choice the search plays, inside the tree and in rollouts alike: on a busy machine an iteration can take many times
its usual time, and a limit looked at only between iterations let one plan run for ten times its limit. The search
stops when twice the longest stretch between two readings so far would end past the limit (`Search.late`), and
an iteration that stop cuts short is dropped, so under load the search answers on time with fewer iterations: it
plays weaker, never slower. Without a time limit the clock only times the search: the answer depends on the seed
alone.
"""

from __future__ import annotations

import math
import time
from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field
from typing import Any, cast

from engine.core.ai.hooks import GameAI, ai_for
from engine.core.ai.watch import Clock, Watch
from engine.core.contract import Game, GameState, Offer, Result
from engine.core.play import apply_in_place
from engine.core.play import legal as listed
from engine.core.rng import Rng

SIGHTS = 40
"""The latest states of a turn a search compares its first steps with: a way back to an older one is left to
levels.RUN_LIMIT, which bounds every turn anyway."""
SIGHT_SEED = 0x5167


MAX_DEPTH = 5_000
"""Choices a rollout plays at most without an estimate; a game longer than this is a bug (see selfplay)."""


@dataclass(frozen=True)
class Budget:
    """How hard to think about one plan. The search stops at `iterations` or `seconds` after it was asked, whichever
    comes first; with `seconds=None` only the iteration count binds, which makes the answer depend on the seed alone
    (tests, arena figures with `--seconds 0`)."""

    iterations: int
    seconds: float | None = None
    horizon: int | None = 60
    """Choices per seat a rollout plays before it is scored by `GameAI.score_now` (None: always to the end)."""
    widen: float = 1.0
    explore: float = 0.7
    follow: int = 4
    """A planned step is kept only if the search visited it at least this often; later steps are searched anew."""


@dataclass
class Edge:
    seat: int
    visits: int = 0
    value: float = 0.0
    avail: int = 0
    child: Node | None = None
    loops: bool = False
    """It led back to a state already met in the same run of this seat's choices: like a `GameAI.take_backs` option
    it only undoes something, so the search never plays it again and a plan never holds it."""
    sight: bool = False
    """A choice of the searching seat that brought hidden cards into its sight (`Game.in_sight`: a Spy's look): a
    plan ends with it, since what the tree holds below it was chosen on the samples' made-up cards."""


@dataclass
class Node:
    edges: dict[str, Edge] = field(default_factory=dict)
    visits: int = 0


class OutOfTime(Exception):
    """The plan's time ran out in the middle of an iteration: the iteration is dropped and the search answers."""


@dataclass
class Stats:
    """What a search did, for benchmarks and tests."""

    iterations: int = 0
    seconds: float = 0.0
    root_visits: dict[str, int] = field(default_factory=dict)


def reward(scores: list[float], winners: list[int] | None) -> list[float]:
    """Each seat's reward in [0, 1]: half from winning (a shared win split; None: the leaders by `scores`), half
    from the margin over the best other seat, scaled by the two scores so that it never leaves [-1, 1]."""
    n = len(scores)
    if winners is None:
        best = max(scores)
        winners = [s for s in range(n) if scores[s] == best]
    out = []
    for s in range(n):
        others = [scores[t] for t in range(n) if t != s]
        rival = max(others) if others else 0.0
        margin = (scores[s] - rival) / (abs(scores[s]) + abs(rival) + 1.0)
        win = 1.0 / len(winners) if s in winners else 0.0
        out.append(0.5 * win + 0.25 * (1.0 + margin))
    return out


def team_reward(won: bool, figure: float | None, players: int) -> list[float]:
    """Every seat's reward in a co-operative game (`GameInfo.cooperative`): half from the team's win, half from the
    team's figure in [0, 1] (`GameAI.score_now`; None: a neutral 0.5). A game still going counts as not won yet, so a
    win in hand beats any position, and a position the team stands well in beats a loss it stood badly in."""
    share = 0.5 if figure is None else min(1.0, max(0.0, figure))
    return [0.5 * won + 0.5 * share] * players


def result_reward(result: Result, players: int) -> list[float]:
    scores = [0.0] * players
    for standing in result.standings:
        scores[standing.seat] = float(standing.score)
    if not result.winners:  # a lost co-operative game: nobody wins, the scores still rank the attempt
        return [0.25 * (1.0 + s / (abs(s) + 1.0)) * 0.5 for s in scores]
    return reward(scores, result.winners)


class Search:
    """One search for one seat. Use `plan` (or the module function `plan`)."""

    def __init__(self, game: Game, seat: int, rng: Rng, budget: Budget, history: Sequence[GameState] = (),
                 clock: Clock = time.perf_counter, asked: float | None = None, ai: GameAI | None = None) -> None:
        self.game = game
        self.ai = ai_for(game) if ai is None else ai
        """The game's AI hooks: its playout policy, its scores, its take-backs (as OpenSpiel's MCTS takes an
        evaluator beside the game)."""
        self.seat = seat
        self.rng = rng
        self.budget = budget
        self.root = Node()
        self.stats = Stats()
        self.clock = clock
        self.asked = clock() if asked is None else asked
        self.watch = Watch(budget.seconds, clock, started=self.asked)
        self.met: set[Hashable] = set()
        """What the seat saw at its latest choices earlier in this run of them (see `plan`): a first step that leads
        back to one of those sights undoes the last plans, so the search never takes it. Newest first, and only
        while time is left: each is a re-deal, and a long turn's forty of them cost a busy machine a good part of
        a second. Those left out only leave a way back open; levels.RUN_LIMIT still ends the turn."""
        for state in reversed(history[-SIGHTS:]):
            if self.late():
                break
            self.met.add(self._sight(state))

    def late(self) -> bool:
        """Whether the time limit might pass before the clock is next read (engine/core/ai/watch.py: the next stretch
        between two readings is taken to be up to `SPARE` times as long as the longest so far)."""
        return self.watch.late()

    def _sight(self, state: GameState) -> Hashable:
        """What the seat sees of `state`: its re-deal from a fixed seed, which depends on that alone (the contract's
        rule for `redeal_hidden`, checked by the conformance suite), so the true state of an earlier plan and this
        search's samples of a later one compare. Cheaper than the view, and still a re-deal: it is worked out once
        per first step, never inside the tree. Taken with every dict's keys sorted: a Planecrafters part moved to
        another slot and back leaves an equal plane whose slots are in another order, and that must count as the
        same sight (the tree's own fingerprints, taken at every step, keep the faster JSON dump)."""
        return _sorted(self.game.redeal_hidden(state, self.seat, Rng.seeded(SIGHT_SEED)).model_dump(
            exclude={"version"}))

    # ---- playing on a determinisation (a private copy, changed in place) ------------------------------------------

    def _apply(self, state: GameState, seat: int, choice: str, offers: list[Offer]) -> list[Offer]:
        """Play `choice` (one of the options just listed in `offers`) on the private determinisation and return
        the decisions open afterwards. No copy per choice (engine.core.play.apply's), no labels (`play.legal`) and
        no second listing of the options (the listed ones go to the game's `apply`, which may hand back the next)
        are what make rollouts affordable."""
        if self.late():
            raise OutOfTime
        after: list[Offer] = []
        apply_in_place(self.game, state, seat, choice, offers, after)
        return after or listed(self.game, state)

    def _rollout(self, state: GameState, decisions: list[Offer]) -> list[float]:
        game, ai, rng = self.game, self.ai, self.rng
        horizon = None if self.budget.horizon is None else self.budget.horizon * state.players
        queued: list[str] = []
        queued_seat = -1
        for depth in range(MAX_DEPTH):
            if not decisions:
                break
            if horizon is not None and depth >= horizon:
                scores = ai.score_now(state)
                if scores is not None:
                    if game.info.cooperative:
                        return team_reward(False, scores[0], state.players)
                    return reward(scores, None)
                horizon = None
            ahead = next((d for d in decisions if d.seat == queued_seat), None)
            if queued and ahead is not None and queued[0] in ahead.ids:
                seat, choice = queued_seat, queued.pop(0)
            else:
                decision = decisions[0] if len(decisions) == 1 else rng.choice(decisions)
                steps = ai.playout_plan(state, decision, rng)
                if not steps or steps[0] not in decision.ids:
                    steps = [rng.choice(decision.ids)]
                seat, choice = decision.seat, steps[0]
                queued, queued_seat = steps[1:], seat
            decisions = self._apply(state, seat, choice, decisions)
        return self._final(state)

    def _final(self, state: GameState) -> list[float]:
        """The rewards of a rollout that ended: the result's, or the game's figures if it was cut off unfinished."""
        game = self.game
        result = game.result(state)
        if game.info.cooperative:
            scores = self.ai.score_now(state)
            return team_reward(bool(result and result.winners), scores[0] if scores else None, state.players)
        if result is None:
            scores = self.ai.score_now(state)
            return reward(scores, None) if scores is not None else [0.5] * state.players
        return result_reward(result, state.players)

    # ---- the tree --------------------------------------------------------------------------------------------------

    def _expand_choice(self, state: GameState, decision: Offer, node: Node, legal: list[str]) -> str | None:
        """An option not yet in the tree: the playout policy's pick if it is new, else a random new one."""
        untried = [c for c in legal if c not in node.edges]
        if not untried:
            return None
        steps = self.ai.playout_plan(state, decision, self.rng)
        if steps and steps[0] in untried:
            return steps[0]
        return self.rng.choice(untried)

    def _select(self, node: Node, legal: list[str]) -> str:
        log_terms = self.budget.explore
        best, best_score = legal[0], -math.inf
        for choice in legal:
            edge = node.edges[choice]
            if not edge.visits:
                return choice
            score = edge.value / edge.visits + log_terms * math.sqrt(math.log(edge.avail) / edge.visits)
            if score > best_score:
                best, best_score = choice, score
        return best

    def iterate(self, sample: GameState) -> None:
        state = self.game.redeal_hidden(sample, self.seat, self.rng)
        node = self.root
        path: list[Edge] = []
        rewards: list[float] | None = None
        run_seat, seen = -1, set[str]()  # states met in the current run of one seat's choices
        decisions = listed(self.game, state)
        while True:
            if not decisions:
                rewards = self._final(state)
                break
            # At the root the seat's own decision (several seats may choose at once); below it, the first open one.
            decision = decisions[0] if path else next(d for d in decisions if d.seat == self.seat)
            if decision.seat != run_seat:
                run_seat, seen = decision.seat, set()
            seen.add(_fingerprint(state))
            legal = decision.ids
            live = [c for c in legal if c not in self.ai.take_backs
                    and (c not in node.edges or not node.edges[c].loops)]
            legal = live or legal
            tried = [c for c in legal if c in node.edges]
            for c in tried:
                node.edges[c].avail += 1
            allowed = 1 + int(self.budget.widen * math.sqrt(node.visits))
            new = self._expand_choice(state, decision, node, legal) if len(tried) < allowed else None
            node.visits += 1
            if new is not None:
                edge = Edge(seat=decision.seat, avail=1)
                node.edges[new] = edge
                path.append(edge)
                seen_before = self.game.in_sight(state, self.seat) if decision.seat == self.seat else None
                decisions = self._apply(state, decision.seat, new, decisions)
                edge.sight = seen_before is not None and bool(self.game.in_sight(state, self.seat) - seen_before)
                edge.child = Node()
                first = len(path) == 1  # a first step: compared with the sights of the turn's earlier plans too
                back = _fingerprint(state) in seen or (first and bool(self.met) and self._sight(state) in self.met)
                if back and live:
                    edge.loops = True  # a take-back: never worth a rollout
                    node.visits -= 1
                    return
                rewards = self._rollout(state, decisions)
                break
            choice = self._select(node, tried)
            edge = node.edges[choice]
            path.append(edge)
            decisions = self._apply(state, decision.seat, choice, decisions)
            if edge.child is None:
                edge.child = Node()
            node = edge.child
        for edge in path:
            edge.visits += 1
            edge.value += rewards[edge.seat]

    def run(self, state: GameState) -> list[str]:
        sample = self.game.redeal_hidden(state, self.seat, self.rng)
        mine = [o for o in listed(self.game, sample) if o.seat == self.seat]
        if not mine:
            raise ValueError(f"seat {self.seat} has nothing to choose")
        if len(mine[0].ids) == 1:
            return [mine[0].ids[0]]
        try:
            for _ in range(max(1, self.budget.iterations)):
                if self.late():
                    break
                self.iterate(sample)
                self.stats.iterations += 1
        except OutOfTime:
            pass  # the cut iteration's visits never reached its edges, so the tree holds the finished ones only
        self.stats.seconds = self.clock() - self.asked
        self.stats.root_visits = {c: e.visits for c, e in self.root.edges.items()}
        return self._best_line() or [self._fallback(sample, mine[0].seat)]

    def _fallback(self, sample: GameState, seat: int) -> str:
        """A first step when no iteration got past the root (a tiny budget whose iterations all met sights of the
        turn so far): the policy's pick, unless it only goes back; then the first option that does not."""
        decision = next(o for o in listed(self.game, sample) if o.seat == seat)
        edges = self.root.edges
        forward = [c for c in decision.ids if c not in self.ai.take_backs and not (c in edges and edges[c].loops)]
        steps = self.ai.playout_plan(sample, decision, self.rng)
        if steps and steps[0] in forward:
            return steps[0]
        return forward[0] if forward else decision.ids[0]

    def _best_line(self) -> list[str]:
        """The most visited line of the seat's own consecutive choices from the root."""
        line: list[str] = []
        node: Node | None = self.root
        while node is not None and node.edges:
            # Most visits, then best mean, then the id: a fixed order, so ties never depend on dict order.
            live = {c: e for c, e in node.edges.items() if not e.loops and c not in self.ai.take_backs}
            if not live:
                break
            choice, edge = max(live.items(), key=lambda ce: (ce[1].visits, ce[1].value / max(ce[1].visits, 1),
                                                                   ce[0]))
            if not edge.visits or edge.seat != self.seat or (line and edge.visits < self.budget.follow):
                break
            line.append(choice)
            if edge.sight:
                break  # what it shows is seen once it is played: the next plan is made on the real cards
            node = edge.child
        return line


def _fingerprint(state: GameState) -> str:
    return state.model_dump_json(exclude={"version"})


def _sorted(value: Any) -> Hashable:
    """A dumped state as nested tuples, each dict's items in key order: equal states give equal values."""
    if isinstance(value, dict):
        return tuple(sorted((k, _sorted(v)) for k, v in value.items()))
    if isinstance(value, list):
        return tuple(_sorted(v) for v in value)
    return cast(Hashable, value)  # a leaf of dumped JSON: a string, number, bool or None


def plan(game: Game, state: GameState, seat: int, rng: Rng, budget: Budget, stats: Stats | None = None,
         history: Sequence[GameState] = (), clock: Clock = time.perf_counter, asked: float | None = None,
         ai: GameAI | None = None) -> list[str]:
    """The choices `seat` should make from `state`, first one first (see the module note). `state` is only read
    through `game.redeal_hidden(state, seat, rng)`, so nothing hidden from the seat can change the answer.
    `stats`, if given, adds up the iterations and seconds spent (the arena prints them).
    `history`: the states at the seat's earlier choices in the run of them that leads to `state` (its turn so far),
    oldest first. One search only sees its own tree, so without them a turn could go round in circles over several
    plans (a Planecrafters part moved to another slot, then back, for ever); only what the seat sees of them is
    read (`Search._sight`).
    `asked`: when the AI was asked, on `clock` (default: now); the time limit counts from then.
    `ai`: the game's AI hooks (default: those its manifest names, engine.core.ai.hooks.ai_for)."""
    search = Search(game, seat, rng, budget, history, clock, asked, ai)
    line = search.run(state)
    if stats is not None:
        stats.iterations += search.stats.iterations
        stats.seconds += search.stats.seconds
    return line
