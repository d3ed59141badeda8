"""test_spiel.py — ordo.load_game as OpenSpiel's pyspiel (python/ordo/
spiel.py): the game's facts and every State method on real rulesets —
tiny (exact values: its action table, a d6 as a chance node), dice (2d6's
odds), splendor_solo (chance, clones, a ruleset policy and displays),
catan (4 players, its own fns), hidden (what a seat sees and learns),
simultaneous (a group's seats) and pig (a tabular learner beats a fixed
policy) — and the emitted C loaded as a shared object playing the same
games. Run by `make test` through tests/tools/pytest.sh."""
import os
import random
import sys
import time

import pytest

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
BUILD = os.environ.get("ORDO_BUILD", os.path.join(ROOT, "build"))
sys.path.insert(0, os.path.join(ROOT, "python"))
os.environ.setdefault("ORDO_LIB", os.path.join(BUILD, "libordo.so"))
os.environ.setdefault("ORDO_PYLIB", os.path.join(BUILD, "python", "libordo_compile.so"))
import ordo  # noqa: E402


def path(*p):
    return os.path.join(ROOT, *p)


TINY = path("tests", "e2e", "data", "tiny.ordo")
SPLENDOR = path("rulesets", "splendor_solo.ordo")
CATAN = path("rulesets", "catan.ordo")
HIDDEN = path("examples", "language", "hidden.ordo")
SIMULTANEOUS = path("examples", "language", "simultaneous.ordo")
PIG = path("examples", "python", "pig.ordo")


def random_play(state, rng):
    """Plays to the end as OpenSpiel's example does: chance by its odds,
    a simultaneous node one action a player, else one action."""
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(outcomes, probs)[0])
        elif state.is_simultaneous_node():
            n = state.get_game().num_players()
            state.apply_actions([rng.choice(state.legal_actions(p) or [0]) for p in range(n)])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def test_tiny_facts_and_action_ids():
    g = ordo.load_game(TINY, players=2, seed=3)
    assert g.num_players() == 2
    assert g.num_distinct_actions() == 9
    assert [g.action_to_string(a) for a in range(9)] == [
        "paint red", "paint green", "paint blue", "bank", "double", "look back", "skip",
        "pass", "concede"]
    assert g.max_chance_outcomes() == 7  # totals 0..6 of a d6
    assert g.observation_tensor_shape() == [23]
    with pytest.raises(ordo.OrdoError):
        g.action_to_string(9)


def test_tiny_a_turn_through_a_chance_node():
    g = ordo.load_game(TINY, players=2, seed=3)
    s = g.new_initial_state()
    assert s.current_player() == 0 and s.is_player_node()
    assert s.legal_actions() == [0, 1, 8]  # paint red, paint green, concede
    assert s.legal_actions(1) == []
    s.apply_action(s.string_to_action("paint green"))
    assert s.current_player() == ordo.CHANCE == -1 and s.is_chance_node()
    assert s.chance_outcomes() == [(t, pytest.approx(1 / 6)) for t in range(1, 7)]
    assert s.legal_actions() == [1, 2, 3, 4, 5, 6]
    with pytest.raises(ValueError):
        s.apply_action(7)
    s.apply_action(4)
    assert s.current_player() == 0 and s.legal_actions() == [3, 4, 8]
    # active, turns[2], in_game[2], round, score[2], color[2] (green, red),
    # doubles_left[2], painted (its length, 8 elements), the decider one-hot
    assert s.observation_tensor(0) == [0, 1, 0, 1, 1, 1, 0, 0, 1, 0, 2, 2,
                                       1, 1, 0, 0, 0, 0, 0, 0, 0, 1, 0]
    assert s.observation_tensor() == s.observation_tensor(0)  # the decider's by default
    assert "roll d6 = 4" in s.information_state_string(0)
    s.apply_action(4)  # double: 8 points
    assert s.call("reached", 0) == 0
    assert "score[player 1] = 8" in s.observation_string(1)
    assert s.history() == [1, 4, 4]
    with pytest.raises(ValueError):
        s.apply_action(0)  # painting is over
    s.apply_action(s.string_to_action("concede"))
    assert s.is_terminal() and s.current_player() == ordo.TERMINAL == -4
    assert s.returns() == [0.0, 1.0] and s.rewards() == [0.0, 1.0]
    assert s.legal_actions() == []


def test_two_dice_odds():
    g = ordo.load_game(path("examples", "explore", "dice.ordo"))
    s = g.new_initial_state()
    s.apply_action(s.string_to_action("gamble"))
    odds = dict(s.chance_outcomes())
    assert sorted(odds) == list(range(2, 13))
    assert odds[7] == pytest.approx(6 / 36) and odds[2] == pytest.approx(1 / 36)
    assert sum(odds.values()) == pytest.approx(1.0)
    assert g.max_chance_outcomes() == 13


def test_sampled_chance_has_no_chance_nodes():
    g = ordo.load_game(TINY, players=2, seed=3, chance="sampled")
    s = random_play(g.new_initial_state(), random.Random(1))
    assert all(a <= 8 for a in s.history()) and g.max_chance_outcomes() == 0
    with pytest.raises(ValueError):
        ordo.load_game(TINY, chance="sometimes")
    for bad in (0, -3, 1 << 40, True, 2.5):
        with pytest.raises(ValueError):
            ordo.load_game(TINY, int_actions=bad)
    with pytest.raises(ordo.OrdoError):
        ordo.load_game(TINY, players=9)
    with pytest.raises(ordo.CompileError):
        ordo.load_game(path("tests", "diagnostics", "recursion.ordo"))


def test_ids_mean_the_same_in_every_state():
    g = ordo.load_game(SPLENDOR, seed=5)
    rng, seen = random.Random(2), {}
    for seed in range(1, 6):
        s = g.new_initial_state(seed=seed)
        while not s.is_terminal():
            if s.is_chance_node():
                s.apply_action(rng.choice(s.legal_actions()))
                continue
            for a in s.legal_actions():
                label = s.action_to_string(a)
                assert seen.setdefault(a, label) == label
                assert s.string_to_action(label) == a
            s.apply_action(rng.choice(s.legal_actions()))
    assert len(seen) > 30 and max(seen) < g.num_distinct_actions()


def test_clone_is_independent_and_fast():
    g = ordo.load_game(SPLENDOR, seed=9)
    s = g.new_initial_state()
    for _ in range(12):
        s.apply_action(s.legal_actions()[-1])
    c = s.clone()
    assert c.history() == s.history() and c.serialize() == s.serialize()
    random_play(c, random.Random(3))
    assert c.is_terminal() and not s.is_terminal()
    assert random_play(s.clone(), random.Random(3)).history() == c.history()
    # at most 5 us a clone (the best of five batches: the machine is shared)
    best = min(_clone_seconds(s, 20000) for _ in range(5))
    assert best < 5e-6, "a clone took %.2f us" % (best * 1e6)


def _clone_seconds(s, n):
    t = time.perf_counter()
    for _ in range(n):
        s.clone()
    return (time.perf_counter() - t) / n


def test_serialize_round_trip_also_at_a_chance_node():
    g = ordo.load_game(TINY, players=3, seed=4)
    s = g.new_initial_state()
    s.apply_action(0)
    assert s.is_chance_node()
    t = g.deserialize_state(s.serialize())
    assert t.is_chance_node() and t.history() == s.history()
    assert t.chance_outcomes() == s.chance_outcomes()
    t.apply_action(6)
    s.apply_action(6)
    assert t.observation_tensor() == s.observation_tensor()
    assert t.information_state_string(1) == s.information_state_string(1)
    data = bytearray(s.serialize())
    data[-9] ^= 0x55  # a damaged save is refused, never played
    with pytest.raises(ordo.OrdoError):
        g.deserialize_state(bytes(data))
    other = ordo.load_game(SPLENDOR)
    with pytest.raises(ordo.OrdoError):
        other.deserialize_state(s.serialize())
    # any bytes: a state, or refused; never a crash (the trace's events
    # are formatted by the runtime, which checks their ids)
    rng, good = random.Random(6), s.serialize()
    for _ in range(3000):
        bad = bytearray(good)
        for _ in range(rng.randint(1, 12)):
            bad[rng.randrange(len(bad))] = rng.randrange(256)
        try:
            t = g.deserialize_state(bytes(bad[:rng.randrange(len(bad) + 1)])
                                    if rng.random() < 0.2 else bytes(bad))
            t.information_state_string(rng.choice([ordo.SPECTATOR, ordo.OMNISCIENT, 0, 2]))
            t.observation_string(1)
        except (ordo.OrdoError, ValueError):
            pass


def test_catan_four_players_fns_policy_and_displays():
    g = ordo.load_game(CATAN, players=4, seed=2)
    assert g.num_players() == 4
    s = g.new_initial_state()
    shape = g.observation_tensor_shape()
    rng = random.Random(5)
    for _ in range(300):
        if s.is_terminal():
            break
        for seat in range(4):
            assert len(s.observation_tensor(seat)) == shape[0]
        if s.is_chance_node():
            s.apply_action(rng.choice(s.legal_actions()))
        elif s.is_simultaneous_node():
            s.apply_actions([rng.choice(s.legal_actions(p) or [0]) for p in range(4)])
        else:
            a = s.policy_action("greedy")
            assert a in s.legal_actions()
            s.apply_action(a)
    assert [s.call("points", p) for p in range(4)] == \
        [s.clone().call("points", p) for p in range(4)]
    assert max(s.call("points", p) for p in range(4)) >= 2  # two settlements each at least
    assert "The players" in g.display_titles()
    assert s.display("The players").strip() and s.display() .count("\n") >= 4
    with pytest.raises(ordo.OrdoError):
        s.call("no_such_fn")
    with pytest.raises(TypeError):
        s.call("points")
    with pytest.raises(ordo.OrdoError):
        s.policy_action("no_such_policy")


def test_a_seat_sees_and_learns_only_its_own():
    g = ordo.load_game(HIDDEN, players=2, seed=5)
    s = g.new_initial_state()
    mine, theirs = s.information_state_string(1), s.information_state_string(0)
    assert "drew(player 1, ?)" in mine and "drew(player 2, onyx)" in mine
    assert "drew(player 1, onyx)" in theirs and "drew(player 2, ?)" in theirs
    assert "hand[player 1][onyx] = 0" in s.observation_string(1)
    assert "hand[player 1][onyx] = 1" in s.observation_string(0)
    t0, t1, everything = (s.observation_tensor(0), s.observation_tensor(1),
                          s.observation_tensor(ordo.OMNISCIENT))
    assert len(t0) == len(t1) == len(everything) and t0 != t1 != everything
    with pytest.raises(ValueError):
        s.observation_tensor(7)


def test_a_simultaneous_group():
    g = ordo.load_game(SIMULTANEOUS, players=3, seed=1)
    s = g.new_initial_state()
    assert s.current_player() == ordo.SIMULTANEOUS == -2
    assert s.simultaneous_players() == [0, 1, 2]
    legal = [s.legal_actions(p) for p in range(3)]
    assert all(legal)
    with pytest.raises(ordo.OrdoError):
        s.legal_actions()
    with pytest.raises(ordo.OrdoError):
        s.apply_action(legal[0][0])
    s.apply_actions([legal[0][-1], legal[1][0], legal[2][0]])
    assert s.history() == [legal[0][-1], legal[1][0], legal[2][0]]
    random_play(s, random.Random(4))
    assert s.is_terminal() and sum(s.returns()) <= 1.0


def test_emitted_c_plays_the_same_games():
    so = os.path.join(BUILD, "python", "native", "tiny.so")
    interpreted = ordo.load_game(TINY, players=3, seed=8)
    native = ordo.load_game(TINY, players=3, seed=8, native=so)
    assert native.num_distinct_actions() == interpreted.num_distinct_actions()
    for seed in range(1, 30):
        a = random_play(interpreted.new_initial_state(seed=seed), random.Random(seed))
        b = random_play(native.new_initial_state(seed=seed), random.Random(seed))
        assert a.history() == b.history() and a.returns() == b.returns()
        assert a.information_state_string(2) == b.information_state_string(2)
    with pytest.raises(ordo.OrdoError):
        ordo.load_game(SPLENDOR, native=so)  # no splendor_solo_program in it


def q_learn(game, episodes, rng):
    """A table of action values keyed on the observation string, each
    moved towards the game's return (Monte Carlo control, as doc/python.md
    shows it)."""
    q = {}
    for ep in range(episodes):
        s = game.new_initial_state(seed=ep + 1)
        trail = []
        while not s.is_terminal():
            if s.is_chance_node():
                outcomes, probs = zip(*s.chance_outcomes())
                s.apply_action(rng.choices(outcomes, probs)[0])
                continue
            key, legal = s.observation_string(0), s.legal_actions()
            row = q.setdefault(key, {a: 0.0 for a in legal})
            a = rng.choice(legal) if rng.random() < 0.1 else max(legal, key=row.get)
            trail.append((row, a))
            s.apply_action(a)
        g = s.returns()[0]
        for row, a in reversed(trail):
            row[a] += 0.1 * (g - row[a])
    return q


def win_rate(game, choose, games, rng):
    wins = 0
    for ep in range(games):
        s = game.new_initial_state(seed=10**6 + ep)
        while not s.is_terminal():
            if s.is_chance_node():
                outcomes, probs = zip(*s.chance_outcomes())
                s.apply_action(rng.choices(outcomes, probs)[0])
            else:
                s.apply_action(choose(s))
        wins += s.returns()[0]
    return wins / games


def test_a_tabular_learner_beats_a_fixed_policy_at_pig():
    game = ordo.load_game(PIG)
    q = q_learn(game, 3000, random.Random(1))

    def greedy(s):
        row = q.get(s.observation_string(0))
        return max(s.legal_actions(), key=row.get) if row else s.legal_actions()[-1]

    def roll_once(s):  # roll once a turn, then hold
        return s.string_to_action("hold") if "pot = 0" not in s.observation_string(0) \
            else s.legal_actions()[0]

    learnt = win_rate(game, greedy, 1000, random.Random(7))
    fixed = win_rate(game, roll_once, 1000, random.Random(7))
    assert learnt > fixed + 0.1, (learnt, fixed)
