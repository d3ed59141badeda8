"""test_wrappers.py — the Gymnasium- and PettingZoo-shaped wrappers
(python/ordo/gym.py, aec.py, spaces.py) held to those APIs' documented
semantics: reset/step's tuples, spaces that sample and contain, a seed
that replays the same episode, illegal actions refused, the reward only
at the end; AEC's agent order, last(), observe's action mask, step(None)
for a done agent, cumulative rewards and a simultaneous group asked seat
by seat. Run by `make test` through tests/tools/pytest.sh."""
import os
import sys

import pytest

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
BUILD = os.environ.get("ORDO_BUILD", os.path.join(ROOT, "build"))
sys.path.insert(0, os.path.join(ROOT, "python"))
os.environ.setdefault("ORDO_LIB", os.path.join(BUILD, "libordo.so"))
os.environ.setdefault("ORDO_PYLIB", os.path.join(BUILD, "python", "libordo_compile.so"))
import ordo  # noqa: E402
from ordo.spaces import Box, Dict, Discrete  # noqa: E402

SPLENDOR = os.path.join(ROOT, "rulesets", "splendor_solo.ordo")
CATAN = os.path.join(ROOT, "rulesets", "catan.ordo")
TINY = os.path.join(ROOT, "tests", "e2e", "data", "tiny.ordo")
SIMULTANEOUS = os.path.join(ROOT, "examples", "language", "simultaneous.ordo")


def test_spaces():
    d = Discrete(5)
    d.seed(3)
    assert all(d.contains(d.sample()) for _ in range(50))
    assert not d.contains(5) and not d.contains(-1) and not d.contains(True) and 4 in d
    assert d.sample([0, 0, 1, 0, 0]) == 2 and d.sample([0] * 5) is None
    b = Box(0, 1, [3])
    assert b.contains(b.sample()) and not b.contains([0, 2, 0]) and not b.contains([0, 0])
    both = Dict({"observation": b, "action_mask": Box(0, 1, [5])})
    assert both.contains(both.sample()) and both["observation"] is b


def episode(env, seed):
    obs, info = env.reset(seed=seed)
    trail, total = [], 0.0
    while True:
        assert env.observation_space.contains(obs)
        assert info["legal_actions"] and all(info["action_mask"][a] for a in info["legal_actions"])
        assert sum(info["action_mask"]) == len(set(info["legal_actions"]))
        action = env.action_space.sample(info["action_mask"])
        trail.append(action)
        obs, reward, terminated, truncated, info = env.step(action)
        assert reward == 0.0 or terminated
        total += reward
        if terminated or truncated:
            return trail, total, terminated


def test_gym_env_episodes_replay_by_seed():
    env = ordo.gym.Env(SPLENDOR)
    assert env.action_space.n == env.game.num_distinct_actions()
    assert list(env.observation_space.shape) == env.game.observation_tensor_shape()
    a, b = episode(env, 4), episode(env, 4)
    assert a == b and a[2]
    assert episode(env, 5)[0] != a[0]
    with pytest.raises(RuntimeError):
        env.step(a[0][0])  # the episode is over
    obs, info = env.reset(seed=4)
    bad = next(x for x in range(env.action_space.n) if x not in info["legal_actions"])
    with pytest.raises(ValueError):
        env.step(bad)


def test_gym_env_opponents_and_truncation():
    env = ordo.gym.Env(CATAN, players=4, seat=1, opponents="greedy", max_steps=5)
    obs, info = env.reset(seed=2)
    assert env.state.current_player() == 1 or env.state.is_simultaneous_node()
    steps = 0
    while True:
        obs, reward, terminated, truncated, info = env.step(info["legal_actions"][0])
        steps += 1
        if terminated or truncated:
            break
    assert truncated and not terminated and steps == 5
    with pytest.raises(ordo.OrdoError):
        ordo.gym.Env(CATAN, players=4, opponents="no_such_policy")
    with pytest.raises(ValueError):
        ordo.gym.Env(CATAN, players=4, seat=4)
    shown = ordo.gym.Env(TINY, players=2, render_mode="ansi")
    shown.reset(seed=1)
    assert "decider = player 1" in shown.render()


def aec_run(env, seed):
    env.reset(seed=seed)
    order, done_steps = [], 0
    for agent in env.agent_iter():
        obs, reward, termination, truncation, info = env.last()
        assert env.observation_space(agent).contains(obs)
        if termination or truncation:
            action = None
            done_steps += 1
        else:
            action = env.action_space(agent).sample(obs["action_mask"])
            assert obs["action_mask"][action] == 1
        order.append((agent, action))
        env.step(action)
    return order, done_steps


def test_aec_turns_and_the_end():
    env = ordo.aec.Env(TINY, players=3)
    assert env.possible_agents == ["player_0", "player_1", "player_2"]
    assert env.agents == []
    env.reset(seed=9)
    assert env.agents == env.possible_agents and env.num_agents == 3
    assert env.agent_selection == "player_0"
    assert env.rewards == {a: 0.0 for a in env.agents}
    order, done_steps = aec_run(env, 9)
    assert order == aec_run(env, 9)[0]
    assert done_steps == 3 and env.agents == [] and env.agent_selection is None
    # each agent's cumulative reward at the end is its return
    env.reset(seed=9)
    s = None
    for agent in env.agent_iter():
        obs, reward, termination, truncation, info = env.last()
        if termination:
            s = s or env.state.returns()
            assert reward == s[env.possible_agents.index(agent)]
            with pytest.raises(ValueError):
                env.step(0)  # a done agent steps with None
            env.step(None)
        else:
            env.step(env.action_space(agent).sample(obs["action_mask"]))
    assert sum(s) == 1.0


def test_aec_illegal_action_and_mask_of_others():
    env = ordo.aec.Env(TINY, players=2)
    env.reset(seed=1)
    mask = env.observe("player_0")["action_mask"]
    assert sum(mask) == 3 and sum(env.observe("player_1")["action_mask"]) == 0
    with pytest.raises(ValueError):
        env.step(mask.index(0))


def test_aec_simultaneous_group_seat_by_seat():
    env = ordo.aec.Env(SIMULTANEOUS, players=3)
    env.reset(seed=1)
    asked = []
    for _ in range(3):
        agent = env.agent_selection
        asked.append(agent)
        before = env.state.history()
        env.step(env.action_space(agent).sample(env.observe(agent)["action_mask"]))
        if len(asked) < 3:
            assert env.state.history() == before  # nothing applied before the last
    assert asked == ["player_0", "player_1", "player_2"]
    assert len(env.state.history()) == 3


def test_aec_truncation():
    env = ordo.aec.Env(CATAN, players=4, max_cycles=7)
    order, done_steps = aec_run(env, 3)
    assert done_steps == 4 and len(order) == 7 + 4


def test_gym_env_in_a_simultaneous_group():
    """The agent's seat answers its part of a group; the other seats' are
    drawn; the agent never waits on a decision that is not its own."""
    env = ordo.gym.Env(SIMULTANEOUS, players=3, seat=1)
    obs, info = env.reset(seed=2)
    steps = 0
    while True:
        s = env.state
        assert s.is_simultaneous_node() and 1 in s.simultaneous_players() or \
            s.current_player() == 1
        assert info["legal_actions"] == s.legal_actions(1)
        obs, reward, terminated, truncated, info = env.step(info["legal_actions"][-1])
        steps += 1
        if terminated:
            break
    assert steps >= 1 and reward in (0.0, 1.0) and env.state.is_terminal()
