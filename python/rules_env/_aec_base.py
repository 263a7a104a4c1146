"""The part of ``pettingzoo.AECEnv`` the envs rely on, for machines without pettingzoo: the same attributes
and the same bookkeeping (agent_iter, last, dead steps, reward accumulation) as PettingZoo 1.24's AECEnv."""

__all__ = ["AECEnv"]


class _AgentIter:
    def __init__(self, env, max_iter):
        self.env, self.left = env, max_iter

    def __iter__(self):
        return self

    def __next__(self):
        if not self.env.agents or self.left <= 0:
            raise StopIteration
        self.left -= 1
        return self.env.agent_selection


class AECEnv:
    metadata = {}
    possible_agents = []
    agents = []

    def agent_iter(self, max_iter=2**63):
        """Yields the agent to act until every agent is done."""
        return _AgentIter(self, max_iter)

    def last(self, observe=True):
        """(observation, cumulative reward, termination, truncation, info) of the agent to act."""
        agent = self.agent_selection
        observation = self.observe(agent) if observe else None
        return observation, self._cumulative_rewards[agent], self.terminations[agent], self.truncations[agent], self.infos[agent]

    @property
    def num_agents(self):
        return len(self.agents)

    @property
    def max_num_agents(self):
        return len(self.possible_agents)

    @property
    def unwrapped(self):
        return self

    def _clear_rewards(self):
        for agent in self.rewards:
            self.rewards[agent] = 0.0

    def _accumulate_rewards(self):
        for agent, reward in self.rewards.items():
            self._cumulative_rewards[agent] += reward

    def _was_dead_step(self, action):
        """Step a terminated or truncated agent (``action`` must be None): it leaves ``agents``."""
        if action is not None:
            raise ValueError("when an agent is dead, the only valid action is None")
        agent = self.agent_selection
        for table in (self.terminations, self.truncations, self.rewards, self._cumulative_rewards, self.infos):
            del table[agent]
        self.agents.remove(agent)
        dead = [a for a in self.agents if self.terminations[a] or self.truncations[a]]
        if dead:
            if getattr(self, "_skip_agent_selection", None) is None:
                self._skip_agent_selection = self.agent_selection
            self.agent_selection = dead[0]
        else:
            if getattr(self, "_skip_agent_selection", None) is not None:
                self.agent_selection = self._skip_agent_selection
            self._skip_agent_selection = None
        self._clear_rewards()

    def __str__(self):
        return self.metadata.get("name", type(self).__name__)
