"""BH-4.9: worlds drawn from a player's view (cardgames/brotherhood/worlds.py), and the objective.

A world must look to the player exactly like the real state (the same view, the same legal
actions, the same players to act) while the deck order (BH-3.3), the future dice (BH-2.6)
and the others' sealed decisions of the step under way (BH-4.4, BH-4.12.2, BH-4.14.3,
BH-4.15) are drawn again.  Seats: A = P1, B = P2, C = P3, D = P4.
"""

from __future__ import annotations

import copy
import math
import random
from collections import Counter
from itertools import permutations

import pytest

import cardgames
from cardgames.brotherhood import orders as od
from cardgames.brotherhood.board import INF, KILLER, SRC, STOCK, THUG
from cardgames.brotherhood.resolve import SUBMIT, Claim, Give, Propose, Target
from cardgames.brotherhood.rules import SEALED, TRANSFER, step_entries
from cardgames.brotherhood.worlds import part_rolls
from cardgames.core.play import rollout

from .helpers import do, game, resolve, scenario, takeover_to_divide, two_takers

A, B, C, D = 0, 1, 2, 3


def chisquare_pvalue(counts):
    """The p-value of Pearson's chi-square test of ``counts`` against equal probabilities (no scipy here).

    The statistic's tail under k - 1 degrees of freedom is the regularised upper incomplete
    gamma function Q((k - 1) / 2, statistic / 2): a series below a + 1, a continued fraction
    above it (Lentz's method), as in every numerical library.
    """
    n, k = sum(counts), len(counts)
    statistic = sum((c - n / k) ** 2 / (n / k) for c in counts)
    a, x = (k - 1) / 2, statistic / 2
    if x <= 0:
        return 1.0
    front = math.exp(-x + a * math.log(x) - math.lgamma(a))
    if x < a + 1:  # P(a, x) = x^a e^-x / Gamma(a + 1) * sum_n x^n / ((a + 1) ... (a + n))
        term = total = 1 / a
        for i in range(1, 1000):
            term *= x / (a + i)
            total += term
            if term < total * 1e-15:
                break
        return 1 - front * total
    b = x + 1 - a  # Q(a, x) by its continued fraction
    c, d = 1e300, 1 / b
    h = d
    for i in range(1, 1000):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = 1 / (d if abs(d) > 1e-300 else 1e-300)
        c = b + an / c
        c = c if abs(c) > 1e-300 else 1e-300
        h *= d * c
        if abs(d * c - 1) < 1e-15:
            break
    return front * h


def test_the_chisquare_helper_agrees_with_known_quantiles():
    """chi2 with 1 degree of freedom exceeds 3.841 with probability 0.05; with 5, 11.070 with 0.05;
    with 13, 27.688 with 0.01."""
    for df, quantile, p in ((1, 3.841459, 0.05), (5, 11.070498, 0.05), (13, 27.688250, 0.01)):
        k = df + 1  # counts whose statistic is the quantile: one cell moved by d from n / k
        n = 10_000
        d = math.sqrt(quantile * (n / k) / (1 + 1 / df)) if df > 1 else math.sqrt(quantile * n / 4)
        counts = [n / k + d] + [n / k - d / df] * df
        assert chisquare_pvalue(counts) == pytest.approx(p, abs=2e-4)
    assert chisquare_pvalue([50, 50]) == 1.0


def texts(actions):
    return [str(a) for a in actions]


def check_world(g, state, seat, seed=0, policy="greedy", play_on=True):
    """A world of ``state`` for ``seat``: it looks the same to him and can be played to the end."""
    before = copy.deepcopy(state)
    world = g.determinize(state, seat, seed=seed, policy=policy)
    assert state == before  # determinize never changes the state it was given
    assert g.view(world, seat) == g.view(state, seat)
    assert g.to_act(world) == g.to_act(state)
    if seat in g.to_act(state):
        assert texts(g.legal_actions(world, seat)) == texts(g.legal_actions(state, seat))
    if play_on:
        end = rollout(g, world, [g.agent("greedy", p) for p in range(g.players)], random.Random(seed))
        if world.stage == TRANSFER:  # a transfer is valued at the close of its window (BH-4.3)
            assert end.stage != TRANSFER or end.round != world.round
        else:
            assert g.is_over(end)
    return world


def positions(players, seed, agents):
    """Every state of a seeded game played by ``agents`` (one name per seat, or one for all)."""
    g = game(players)
    names = [agents] * players if isinstance(agents, str) else agents
    bots = [g.agent(n, p) for p, n in enumerate(names)]
    rng = random.Random(seed)
    state = g.new(seed=seed)
    out = []
    while g.to_act(state):
        out.append(state)
        p = g.to_act(state)[0]
        state = g.apply(state, bots[p].act(g.view(state, p), g.legal_actions(state, p), rng), p)
    return g, out


def entries_of(state, seat):
    return [a for who, a in step_entries(state) if who == seat]


# -- the view, the legal actions and the players to act are kept -------------------------------


@pytest.mark.parametrize(("players", "agents", "policy"), [(4, "random", "random"), (3, "greedy", "greedy")])
def test_bh_4_9_every_seat_sees_the_same_in_its_worlds_in_every_stage(players, agents, policy):
    stages = Counter()
    for seed in range(2):
        g, states = positions(players, seed, agents)
        for k, state in enumerate(states):
            for seat in range(players):
                if k % 3 == 0 or seat in g.to_act(state):
                    check_world(g, state, seat, seed=k, policy=policy, play_on=k % 40 == 0)
            stages[state.stage if state.question is None else state.question.kind] += 1
    assert {"transfer", "orders", "influence"} <= set(stages)


def test_bh_4_9_a_world_in_the_resolve_stage_replays_its_part_of_the_round_to_the_same_question():
    """The rules replay a part of the round from its start with the answers given (BH-4.16): the
    dice already rolled in it are stacked in the world, so the replay meets the same table."""
    seen = 0
    for seed in range(4):
        g, states = positions(4, seed, ["greedy", "random", "greedy", "random"])
        for k, state in enumerate(states):
            if state.stage == "resolve":
                world = g.determinize(state, g.to_act(state)[0], seed=k, policy="random")
                again = g._run(world.setup, world.trail, world.round, "resolve", world.base, world.part.answers, 0, [])
                assert again.table == world.table and again.question == world.question
                rolled = part_rolls(world.part.log)
                assert world.setup.get("rolls", ())[world.base.dice :] == rolled
                assert len(rolled) == world.table.dice - world.base.dice
                seen += 1
    assert seen > 20


# -- BH-3.3, BH-2.6: the deck order and the dice are drawn again -------------------------------


def test_bh_3_3_the_deck_of_a_world_holds_the_cards_left_in_a_new_order():
    g, states = positions(3, 1, "greedy")
    state = next(s for s in states if s.round == 6 and s.stage == "orders")
    left = sorted(state.table.deck)
    orders = set()
    for k in range(20):
        world = g.determinize(state, A, seed=k)
        assert sorted(world.table.deck) == left and world.base is world.table
        orders.add(world.table.deck)
    assert len(orders) == 20


def test_bh_3_3_the_order_of_the_last_four_cards_is_uniform():
    """Round 12 before its event: four cards are left; each of their 24 orders comes up about equally often."""
    g, states = positions(3, 2, "greedy")
    state = next(s for s in states if s.round == 12 and s.stage == "orders")
    assert len(state.table.deck) == 4
    counts = Counter(g.determinize(state, A, seed=k).table.deck for k in range(2400))
    assert set(counts) == set(permutations(state.table.deck))
    assert chisquare_pvalue(list(counts.values())) > 0.001


def test_bh_3_3_the_next_event_card_is_uniform_over_the_cards_left():
    g, states = positions(4, 3, "greedy")
    state = next(s for s in states if s.round == 2 and s.stage == "orders")
    counts = Counter(g.determinize(state, B, seed=k).table.deck[0] for k in range(1400))
    assert set(counts) == set(state.table.deck) and len(counts) == 14
    assert chisquare_pvalue(list(counts.values())) > 0.001


def test_bh_4_10_the_card_drawn_in_this_part_stays_on_top_of_the_parts_table():
    g, states = positions(4, 0, "random")
    state = next(s for s in states if s.stage == "resolve" and s.question is not None)
    drawn = state.table.event[0]
    for k in range(5):
        world = g.determinize(state, g.to_act(state)[0], seed=k)
        assert world.base.deck == (drawn, *world.table.deck)


def test_bh_2_6_future_dice_come_from_a_fresh_seed_and_are_uniform():
    """The district die of the next event (BH-4.10) over 1,200 worlds: every face about as often."""
    g, states = positions(4, 4, "greedy")
    state = next(s for s in states if s.round == 3 and s.stage == "orders" and not s.acting[1:])
    seat = state.acting[0]
    faces = Counter()
    seeds = set()
    for k in range(1200):
        world = g.determinize(state, seat, seed=k)
        seeds.add(world.setup.seed)
        after = g.apply(world, g.legal_actions(world, seat)[0], seat)  # submit: the round is resolved
        faces[next(e for e in after.news if e[0] == "event")[2]] += 1
    assert len(seeds) == 1200 and len(faces) == 6
    assert chisquare_pvalue(list(faces.values())) > 0.001


# -- BH-4.4: the others' sealed order sets ----------------------------------------------------------


def test_bh_4_4_greedy_order_sets_are_drawn_exactly_by_the_greedy_policy():
    """Greedy writes its set from the public snapshot alone: the world has the very sets it wrote."""
    g, states = positions(4, 5, "greedy")
    checked = 0
    for state in states:
        if state.stage == "orders" and state.acting[0] == D:
            world = check_world(g, state, D, play_on=False)
            assert world.partial[:3] == state.partial[:3] and world.trail == state.trail
            checked += 1
    assert checked >= 10


def test_bh_4_4_a_set_written_in_one_line_stays_one_line_holding_the_policys_set():
    g, s = scenario(3, round=2, ge=20)
    s = do(g, s, A, "build_source e 1; deploy e thug 2")  # A's whole set in one line
    world = check_world(g, s, B)
    (line,) = entries_of(world, A)
    assert isinstance(line, od.OrderSet) and line != entries_of(s, A)[0]
    greedy = g.agent("greedy", A)
    assert list(line.orders) == greedy.plan(world.base, 2, A)
    assert g.view(s, B).trail == g.view(world, B).trail and entries_of(g.view(s, B), A) == [SEALED]


@pytest.mark.parametrize("submitted", [False, True])
def test_bh_4_4_more_orders_written_than_the_policy_writes_are_matched_by_valid_ones(submitted):
    """A wrote eight single orders: the world's A wrote eight too, each valid (BH-4.5)."""
    g, s = scenario(3, round=2, ge=20)
    for _ in range(8):
        s = do(g, s, A, "deploy f thug 1")
    if submitted:
        s = do(g, s, A, "submit")
    for seed in range(5):
        world = check_world(g, s, C, seed=seed, policy="greedy", play_on=seed == 0)
        lines = entries_of(world, A)
        assert len(lines) == len(entries_of(s, A))
        written = [a for a in lines if isinstance(a, od.Order)]
        assert len(written) == 8 and not od.set_errors(world.base, 2, A, tuple(written), complete=False)
        if submitted:  # the whole set of the policy, written last, replaces the eight (BH-4.4)
            assert isinstance(lines[-1], od.OrderSet) and world.partial[A] == lines[-1].orders
            assert A not in g.to_act(world)
        else:
            assert A in g.to_act(world) and world.partial[A] == tuple(written)


def test_bh_4_4_who_has_submitted_is_kept_with_a_random_policy():
    g, s = scenario(4, round=2, ge=30)
    s = do(g, s, A, "build_source f 1")
    s = do(g, s, A, "submit")
    s = do(g, s, C, "deploy e thug 1")
    s = do(g, s, C, "deploy e thug 1")
    for seed in range(30):
        world = check_world(g, s, B, seed=seed, policy="random", play_on=False)
        assert g.to_act(world) == (B, C, D)
        assert len(entries_of(world, A)) == 2 and len(entries_of(world, C)) == 2
        assert world.partial[D] == () and len(world.partial[C]) == 2


# -- BH-4.12.2, BH-4.14.3, BH-4.15: the other sealed decisions -----------------------------------------


def three_way_shootout():
    """c: A 3 thugs, B 3 thugs, C's lone godfather: A and B assign targets (BH-4.12.2)."""
    return resolve(
        3,
        [6] * 6,
        godfathers={C: "c"},
        markers={(A, "c"): (0, 0, 3, 0), (B, "c"): (0, 0, 3, 0), (C, "a"): (1, 0, 0, 0)},
    )


def test_bh_4_12_2_targets_written_in_one_line_are_matched_in_one_line():
    g, s = three_way_shootout()
    assert s.question.kind == "targets" and g.to_act(s) == (A, B)
    s = do(g, s, A, "target P3 thug 3")
    for policy in ("greedy", "random"):
        for seed in range(10):
            world = check_world(g, s, B, seed=seed, policy=policy, play_on=seed == 0)
            (line,) = entries_of(world, A)
            assert isinstance(line, Target) and line.kind == THUG and line.n == 3


def test_bh_4_12_2_an_open_assignment_stays_open():
    g, s = three_way_shootout()
    s = do(g, s, A, "target P2 thug 1")
    for seed in range(10):
        world = check_world(g, s, C, seed=seed, policy="random", play_on=seed == 0)
        (line,) = entries_of(world, A)
        assert isinstance(line, Target) and line.n == 1 and A in g.to_act(world)


def test_bh_4_12_2_unit_targets_are_split_to_the_number_of_lines_shown():
    g, s = three_way_shootout()
    s = do(g, s, B, "target P1 thug 2")
    s = do(g, s, B, "target P3 thug 1")
    world = check_world(g, s, A, policy="greedy")
    lines = entries_of(world, B)
    assert len(lines) == 2 and sum(t.n for t in lines) == 3 and B not in g.to_act(world)


def worlds_after(situation, lines):
    """``situation()`` after A writes ``lines``: the game, and each world P2 draws (four seeds each for the greedy
    and the random policy) with its policy."""
    g, s = situation()
    for text in lines:
        s = do(g, s, A, text)
    for policy in ("greedy", "random"):
        for seed in range(4):
            yield g, policy, check_world(g, s, B, seed=seed, policy=policy, play_on=seed == 0)


@pytest.mark.parametrize(
    ("lines", "claimed"),
    [(["claim P3 2", "submit"], 2), (["submit"], 0), (["claim P3 1", "claim P3 1", "submit"], 2), (["claim P3 1"], 1)],
)
def test_bh_4_14_3_claims_have_the_number_of_lines_shown(lines, claimed):
    for _, policy, world in worlds_after(two_takers, lines):
        written = entries_of(world, A)
        assert len(written) == len(lines) and (written[-1] == SUBMIT) == (lines[-1] == "submit")
        assert sum(c.n for c in written if isinstance(c, Claim)) >= (claimed if policy == "greedy" else 0)


@pytest.mark.parametrize(
    "lines", [["give P1 1", "give P2 1", "submit"], ["propose P2"], ["submit"], ["give P1 1"], ["give P1 2", "submit"]]
)
def test_bh_4_15_1_takeover_proposals_have_the_number_of_lines_shown(lines):
    for g, _, world in worlds_after(lambda: takeover_to_divide("claim P3 2"), lines):
        assert len(entries_of(world, A)) == len(lines)
        assert (A in g.to_act(world)) == (lines[-1] == "give P1 1")


def test_bh_4_15_2_fight_or_concede_is_drawn_by_the_policy():
    g, s = takeover_to_divide("claim P3 2")
    s = do(g, s, A, "propose P1")
    s = do(g, s, B, "propose P2")
    assert s.question.kind == "fight"
    s = do(g, s, A, "concede")
    drawn = {str(entries_of(check_world(g, s, B, seed=k, policy="random"), A)[0]) for k in range(12)}
    assert drawn == {"fight", "concede"}
    greedy = {str(entries_of(check_world(g, s, B, seed=k), A)[0]) for k in range(3)}
    assert greedy == {"fight"}  # greedy fights when not outgunned (2 thugs against 2)


def estate_of_c():
    """BH-8.8: f: A 2 thugs at B and C, B's killer at C; C's lone godfather falls; A and B divide his estate."""
    g, s = resolve(3, [2, 1, 6], godfathers={C: "f"}, markers={(A, "f"): (0, 0, 2, 0), (B, "f"): (0, 0, 0, 1)})
    s = do(g, s, A, "target P2 thug 1")
    s = do(g, s, A, "target P3 thug 1")
    s = do(g, s, B, "target P3 killer 1")
    assert s.question.kind == "propose" and s.question.info[:2] == ("estate", C)
    return g, s


def test_bh_4_15_1_an_estate_division_keeps_its_number_of_lines():
    g, s = estate_of_c()
    assert s.question.info[2] == ((STOCK, SRC, 12), (STOCK, INF, 5), (STOCK, THUG, 12), (STOCK, KILLER, 2))
    lines = ["give P1 stock source 12", "give P2 stock influence 5", "give P1 stock thug 12", "give P2 stock killer 2"]
    for text in lines[:2]:
        s = do(g, s, A, text)
    for seed in range(4):  # two lines written, the division still open
        world = check_world(g, s, B, seed=seed, policy="greedy" if seed % 2 else "random", play_on=seed == 0)
        assert len(entries_of(world, A)) == 2 and A in g.to_act(world)
    for text in lines[2:]:
        s = do(g, s, A, text)
    assert A not in g.to_act(s)
    for seed in range(6):  # four lines, complete
        world = check_world(g, s, B, seed=seed, policy="greedy" if seed % 2 else "random", play_on=seed == 0)
        written = entries_of(world, A)
        assert len(written) == 4 and all(isinstance(a, Give) for a in written) and A not in g.to_act(world)


def test_bh_4_15_1_an_estate_line_by_line_where_the_policy_proposes_one_heir():
    g, s = estate_of_c()
    for text in ("give P1 stock source 6", "give P2 stock source 6", "give P1 stock influence 5"):
        s = do(g, s, A, text)
    s = do(g, s, A, "give P1 stock thug 12")
    s = do(g, s, A, "give P1 stock killer 2")
    world = check_world(g, s, B, policy="greedy")  # greedy proposes itself: rewritten into five lines
    written = entries_of(world, A)
    assert len(written) == 5 and {a.to for a in written} == {A}
    s = do(g, estate_of_c()[1], A, "propose P2")
    world = check_world(g, s, B, policy="random")
    assert isinstance(entries_of(world, A)[0], Propose)


# -- determinism -------------------------------------------------------------------------------------------


def test_bh_4_9_the_same_seed_draws_the_same_world_and_only_the_view_counts():
    g, s = scenario(4, round=3, ge=25, markers={(A, "e"): (2, 0, 1, 0), (C, "d"): (1, 1, 0, 0)})
    s = do(g, s, A, "build_source e 1")
    s = do(g, s, A, "submit")
    s = do(g, s, B, "deploy d thug 1")
    world = g.determinize(s, C, seed=7, policy="random")
    assert g.determinize(s, C, seed=7, policy="random") == world
    assert g.determinize(s, C, seed=8, policy="random") != world
    # another state with the same view for C (A wrote another set, the deck lies otherwise): the same worlds
    other = g.determinize(s, C, seed=99, policy="random")
    assert other != s and g.view(other, C) == g.view(s, C)
    for k in range(5):
        assert g.determinize(other, C, seed=k, policy="random") == g.determinize(s, C, seed=k, policy="random")


def test_bh_4_9_a_finished_game_has_no_world():
    g = game(3)
    final = cardgames.playout(g, ["greedy"] * 3, seed=2)
    with pytest.raises(ValueError, match="over"):
        g.determinize(final, A)


# -- the objective: GE gained by the end of the game (BH-5.2, BH-5.3) ----------------------------------------


def test_bh_5_2_the_objective_is_ge_gained_and_the_horizon_the_end_of_the_game():
    g, s = scenario(2, round=12, ge=(30, 10), godfathers={A: "a", B: "b"}, markers={(A, "a"): (1, 0, 0, 0)})
    end = do(g, do(g, s, A, "submit"), B, "submit")
    assert g.is_over(end) and not g._horizon(s, s) and g._horizon(s, end)
    assert g._score(s, end, A) == 0.0 and g._score(s, end, B) == 0.0  # round 12: no income left (BH-4.2)
    start = g.new(seed=1)
    final = cardgames.playout(g, ["greedy", "greedy"], seed=1)
    for p in (A, B):
        assert g._score(start, final, p) == final.table.ge[p] - 20  # everybody starts with 20 GE (BH-3.2)
    assert g.objective.wins and g.objective.higher_is_better


def test_bh_5_3_an_eliminated_players_ge_count_as_lost():
    g, s = estate_of_c()
    start = resolve(3, [], ge=50)[1]
    assert s.table.elim[C] and s.table.ge[C] == 50
    assert g._score(start, s, C) == -50.0 and g._score(start, s, A) == 0.0


@pytest.mark.parametrize(
    ("ge", "elim", "won"),
    [
        ((30, 50, 20), (0, 0, 0), (0.0, 1.0, 0.0)),
        ((50, 50, 20), (0, 0, 0), (0.5, 0.5, 0.0)),
        ((90, 50, 20), (3, 0, 0), (0.0, 1.0, 0.0)),
        ((9, 9, 9), (3, 3, 3), (0.0, 0.0, 0.0)),
    ],
)
def test_bh_5_2_and_6_2_who_won_at_the_end(ge, elim, won):
    g = game(3)
    t = g.new(seed=1).table.replace(ge=ge, elim=elim, gf=tuple(8 if e else 0 for e in elim))
    start = g.scenario(t, round=12, stage="orders")
    end = g.scenario(t, round=12, stage="resolve", rolls=[2])
    assert g.is_over(end)
    assert tuple(g._won(start, end, p) for p in range(3)) == won
    assert all(math.isnan(g._won(start, start, p)) for p in range(3))  # no winner before the end


# -- analyse on a position of The Brotherhood ------------------------------------------------------------------


def test_analyse_the_first_orders_of_a_game():
    g = game(3)
    s = g.new(seed=4)
    while s.stage != "orders":
        p = g.to_act(s)[0]
        s = g.apply(s, g.legal_actions(s, p)[0], p)
    table = cardgames.analyse(g, s, A, worlds=2, seed=3)
    assert sorted(table["action"]) == sorted(texts(g.legal_actions(s, A)))
    assert list(table["value"]) == sorted(table["value"], reverse=True)
    assert table.attrs["objective"] == "GE gained" and (table["worlds"] == 2).all()
    assert table.equals(cardgames.analyse(g, s, A, worlds=2, seed=3))
    other = g.determinize(s, A, seed=11)  # the same view for A, another deck
    assert other.table.deck != s.table.deck
    assert table.equals(cardgames.analyse(g, other, A, worlds=2, seed=3))
    assert set(table["win"]) <= {0.0, 0.25, 0.5, 0.75, 1.0}
