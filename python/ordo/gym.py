"""gym.py — one seat of a ruleset as a single-agent environment shaped as
Gymnasium's `Env` (gymnasium.Env: reset, step, action_space,
observation_space, render, close). Gymnasium is not a dependency; this
follows its documented semantics:

    env = ordo.gym.Env("rulesets/splendor_solo.ordo")
    obs, info = env.reset(seed=1)
    while True:
        action = env.action_space.sample(info["action_mask"])
        obs, reward, terminated, truncated, info = env.step(action)
        if terminated or truncated:
            break

- The agent plays `seat`; the other seats are played by `opponents`: a
  ruleset policy's name, or "random" (uniform over the legal actions). In
  a simultaneous group the agent answers its own part and the other
  seats' are drawn at random (a ruleset policy answers only the seat the
  runtime asks first).
- Actions are the game's stable ids (spiel.py), Discrete(num_distinct_
  actions); most are illegal in a given state: info["action_mask"] (1 for
  a legal id) and info["legal_actions"] say which are not. An illegal one
  raises ValueError.
- Observations are observation_tensor(seat), a Box of its fixed shape.
- The reward is 0 until the end, then the seat's return (1.0 for a win).
  terminated: the game is over; truncated: `max_steps` of the agent's
  were taken first (None: no limit).
- Rolls are drawn from the game's generator (chance="sampled"), seeded by
  reset(seed=): a seed plays the same game for the same actions.
"""
import random

from . import spiel
from .spaces import Box, Discrete


def opponent_action(state, seat, opponents, rng):
    """What `opponents` (a ruleset policy's name, or "random") takes for
    `seat` in `state`."""
    if opponents != "random" and state.current_player() == seat:
        return state.policy_action(opponents, rng.getrandbits(63) + 1)
    return rng.choice(state.legal_actions(seat))


class Env:
    metadata = {"render_modes": ["ansi"]}

    def __init__(self, path, players=None, seat=0, opponents="random", max_steps=None,
                 render_mode=None, native=None, int_actions=64):
        self.game = spiel.load_game(path, players=players, chance="sampled", native=native,
                                    int_actions=int_actions)
        if not 0 <= seat < self.game.num_players():
            raise ValueError("seat %d: the game has %d players" % (seat, self.game.num_players()))
        if opponents != "random":
            self.game.policy_index(opponents)  # a name the ruleset has, or OrdoError now
        self.seat, self.opponents, self.max_steps = seat, opponents, max_steps
        self.render_mode = render_mode
        self.action_space = Discrete(self.game.num_distinct_actions())
        self.observation_space = Box(float("-inf"), float("inf"),
                                     self.game.observation_tensor_shape())
        self.reward_range = (0.0, 1.0)
        self.state, self._rng, self._steps = None, random.Random(), 0

    def reset(self, seed=None, options=None):
        """A new game (of `seed`, else of a seed drawn from the env's
        generator), played on to the agent's first decision: (obs, info)."""
        if seed is not None:
            self._rng = random.Random(seed)
            self.action_space.seed(seed)
        game_seed = seed if seed is not None else self._rng.getrandbits(63) + 1
        self.state, self._steps = self.game.new_initial_state(seed=game_seed), 0
        self._play_others()
        return self._obs(), self._info()

    def step(self, action):
        """The agent's action, then the others' until the agent's next
        decision or the end: (obs, reward, terminated, truncated, info)."""
        if self.state is None or self.state.is_terminal():
            raise RuntimeError("step() after the end: call reset()")
        legal = self.state.legal_actions(self.seat)
        if action not in legal:
            raise ValueError("action %r is not legal (info['legal_actions'])" % (action,))
        if self.state.is_simultaneous_node():
            self._apply_group({self.seat: action})
        else:
            self.state.apply_action(action)
        self._steps += 1
        self._play_others()
        terminated = self.state.is_terminal()
        truncated = not terminated and self.max_steps is not None and self._steps >= self.max_steps
        reward = self.state.returns()[self.seat] if terminated else 0.0
        return self._obs(), reward, terminated, truncated, self._info()

    def _apply_group(self, chosen):
        actions = [0] * self.game.num_players()
        for seat in self.state.simultaneous_players():
            actions[seat] = chosen[seat] if seat in chosen else \
                opponent_action(self.state, seat, "random", self._rng)
        self.state.apply_actions(actions)

    def _agent_acts(self):
        s = self.state
        return s.current_player() == self.seat or (s.is_simultaneous_node() and
                                                   self.seat in s.simultaneous_players())

    def _play_others(self):
        s = self.state
        while not s.is_terminal() and not self._agent_acts():
            if s.is_simultaneous_node():
                self._apply_group({})
            else:
                s.apply_action(opponent_action(s, s.current_player(), self.opponents, self._rng))

    def _obs(self):
        return self.state.observation_tensor(self.seat)

    def _info(self):
        legal = self.state.legal_actions(self.seat) if not self.state.is_terminal() else []
        mask = [0] * self.action_space.n
        for a in legal:
            mask[a] = 1
        return {"action_mask": mask, "legal_actions": legal}

    def render(self):
        if self.render_mode == "ansi":
            return self.state.observation_string(self.seat)
        return None

    def close(self):
        self.state = None
