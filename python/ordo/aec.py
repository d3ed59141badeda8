"""aec.py — a ruleset as a multi-agent environment shaped as PettingZoo's
AEC API (pettingzoo.AECEnv: agents take turns, one `step` each).
PettingZoo is not a dependency; this follows its documented semantics:

    env = ordo.aec.Env("rulesets/catan.ordo", players=4)
    env.reset(seed=42)
    for agent in env.agent_iter():
        obs, reward, termination, truncation, info = env.last()
        if termination or truncation:
            action = None
        else:
            action = env.action_space(agent).sample(obs["action_mask"])
        env.step(action)

- Agents are "player_0" .. "player_{n-1}" (seats 0-based). agent_selection
  is the seat to decide; in a simultaneous decision, the group's seats
  one after another, none seeing another's choice (the group is applied
  once the last has chosen).
- observe(agent) is {"observation": its observation_tensor, "action_mask":
  1 for each legal action id}, as PettingZoo's classic environments give.
- rewards: the last step's, for every agent (0 until the end, then each
  one's return); last() gives the selected agent's cumulative reward since
  it last stepped, as PettingZoo's _cumulative_rewards do.
- At the end every agent is terminated (truncated when `max_cycles` steps
  were taken first), and each must then step(None) once, which removes it
  from `agents`; a non-None action for a done agent raises ValueError.
- Rolls are drawn from the game's generator (chance="sampled"), seeded by
  reset(seed=).
"""
import random

from . import spiel
from .spaces import Box, Dict, Discrete


class Env:
    metadata = {"render_modes": ["ansi"], "name": "ordo_aec", "is_parallelizable": False}

    def __init__(self, path, players=None, max_cycles=None, render_mode=None, native=None,
                 int_actions=64):
        self.game = spiel.load_game(path, players=players, chance="sampled", native=native,
                                    int_actions=int_actions)
        n = self.game.num_players()
        self.possible_agents = ["player_%d" % p for p in range(n)]
        self.max_cycles, self.render_mode = max_cycles, render_mode
        na, shape = self.game.num_distinct_actions(), self.game.observation_tensor_shape()
        self._action_spaces = {a: Discrete(na) for a in self.possible_agents}
        self._observation_spaces = {
            a: Dict({"observation": Box(float("-inf"), float("inf"), shape),
                     "action_mask": Box(0, 1, [na])}) for a in self.possible_agents}
        self.agents, self.state = [], None

    def action_space(self, agent):
        return self._action_spaces[agent]

    def observation_space(self, agent):
        return self._observation_spaces[agent]

    @property
    def num_agents(self):
        return len(self.agents)

    @property
    def max_num_agents(self):
        return len(self.possible_agents)

    def reset(self, seed=None, options=None):
        if seed is not None:
            self._rng = random.Random(seed)
            for s in self._action_spaces.values():
                s.seed(seed)
        elif not hasattr(self, "_rng"):
            self._rng = random.Random()
        game_seed = seed if seed is not None else self._rng.getrandbits(63) + 1
        self.state, self._steps = self.game.new_initial_state(seed=game_seed), 0
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._group, self._chosen = [], {}
        self._select()

    def _seat(self, agent):
        return self.possible_agents.index(agent)

    def _select(self):
        """agent_selection: the seat to decide (the next of a simultaneous
        group not yet chosen), or once the game is over, a done agent."""
        s = self.state
        if s.is_terminal():
            self.agent_selection = self.agents[0] if self.agents else None
            return
        if s.is_simultaneous_node():
            if not self._group:
                self._group, self._chosen = s.simultaneous_players(), {}
            seat = next(p for p in self._group if p not in self._chosen)
        else:
            seat = s.current_player()
        self.agent_selection = self.possible_agents[seat]

    def observe(self, agent):
        seat = self._seat(agent)
        mask = [0] * self._action_spaces[agent].n
        if agent == self.agent_selection and not self.state.is_terminal():
            for a in self.state.legal_actions(seat):
                mask[a] = 1
        return {"observation": self.state.observation_tensor(seat), "action_mask": mask}

    def last(self, observe=True):
        agent = self.agent_selection
        return (self.observe(agent) if observe else None, self._cumulative_rewards[agent],
                self.terminations[agent], self.truncations[agent], self.infos[agent])

    def agent_iter(self, max_iter=2 ** 63):
        """The agent to act, step after step, until no agent is left."""
        for _ in range(max_iter):
            if not self.agents:
                return
            yield self.agent_selection

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._dead_step(agent, action)
            return
        seat = self._seat(agent)
        if action not in self.state.legal_actions(seat):
            raise ValueError("%s: action %r is not legal (the action_mask)" % (agent, action))
        self._cumulative_rewards[agent] = 0.0
        if self.state.is_simultaneous_node():
            self._chosen[seat] = action
            if len(self._chosen) == len(self._group):
                actions = [self._chosen.get(p, 0) for p in range(len(self.possible_agents))]
                self.state.apply_actions(actions)
                self._group = []
        else:
            self.state.apply_action(action)
        self._steps += 1
        self._after_step()

    def _after_step(self):
        over = self.state.is_terminal()
        cut = not over and self.max_cycles is not None and self._steps >= self.max_cycles
        returns = self.state.returns()
        for a in self.agents:
            self.rewards[a] = returns[self._seat(a)] if over else 0.0
            self._cumulative_rewards[a] += self.rewards[a]
            self.terminations[a] = over
            self.truncations[a] = cut
        if over or cut:
            self.agent_selection = self.agents[0]
        else:
            self._select()

    def _dead_step(self, agent, action):
        """A done agent's step(None): it leaves `agents`; the next done one
        is selected."""
        if action is not None:
            raise ValueError("%s is done: step(None), not %r" % (agent, action))
        self.agents.remove(agent)
        for d in (self.rewards, self._cumulative_rewards, self.terminations, self.truncations,
                  self.infos):
            del d[agent]
        self.agent_selection = self.agents[0] if self.agents else None

    def render(self):
        if self.render_mode == "ansi":
            return self.state.observation_string()
        return None

    def close(self):
        self.state = None
